//go:build !linux

package store

import "time"

// serverCPU is not measured here.
func serverCPU() time.Duration { return 0 }

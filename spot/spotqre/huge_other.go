//go:build !linux

package spotqre

import "unsafe"

// adviseHuge does nothing off Linux (see huge_linux.go).
func adviseHuge(unsafe.Pointer, uintptr) {}

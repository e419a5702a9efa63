//go:build !linux

package sysmem

func total() (int64, bool) { return 0, false }

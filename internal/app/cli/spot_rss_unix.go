//go:build unix

package cli

import "syscall"

// peakRSS returns the process's peak resident set in bytes (0 if unknown).
func peakRSS() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return int64(ru.Maxrss) * 1024 // Linux reports KiB
}

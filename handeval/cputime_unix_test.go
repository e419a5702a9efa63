//go:build unix

package handeval

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time used by this process so far.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

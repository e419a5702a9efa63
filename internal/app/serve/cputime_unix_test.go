//go:build unix

package serve

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system) used by this process so far:
// on a shared machine the hands per CPU-second of the load test are
// steadier than its hands per second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

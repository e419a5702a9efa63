// Package sysmem reports the machine's physical memory, for the default
// memory limits of the command line.
//
// On Linux it asks the kernel (sysinfo(2): total RAM × memory unit, the
// figure /proc/meminfo shows as MemTotal); elsewhere it reports that it
// does not know, and callers fall back to a fixed default.
package sysmem

// Total returns the physical memory in bytes and whether it is known.
func Total() (int64, bool) { return total() }

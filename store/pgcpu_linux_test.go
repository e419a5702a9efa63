//go:build linux

package store

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"time"
)

// serverCPU is the CPU time (user and system) used so far by the
// processes named postgres on this machine (the test server's backends
// and its background processes; other clients of the same server are
// counted too). The benchmarks report it beside their own CPU time:
// PostgreSQL's work is in the server, not in the importing process.
func serverCPU() time.Duration {
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	var ticks int64
	for _, f := range stats {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ... utime stime: fields 14 and 15.
		open, close := bytes.IndexByte(b, '('), bytes.LastIndexByte(b, ')')
		if open < 0 || close < open || !bytes.HasPrefix(b[open+1:close], []byte("postgres")) {
			continue
		}
		fields := bytes.Fields(b[close+1:])
		if len(fields) < 13 {
			continue
		}
		u, _ := strconv.ParseInt(string(fields[11]), 10, 64)
		s, _ := strconv.ParseInt(string(fields[12]), 10, 64)
		ticks += u + s
	}
	// USER_HZ is 100 on Linux.
	return time.Duration(ticks) * 10 * time.Millisecond
}

//go:build pgoprofile

package main

import (
	"fmt"
	"os"
	"runtime/pprof"
)

// A build with -tags pgoprofile writes a CPU profile of its run to the file
// named by POKERLAB_CPUPROFILE: scripts/pgo-profile runs such a build on
// representative work and merges the profiles into default.pgo, the profile
// go build uses for profile-guided optimisation of this command. Ordinary
// builds leave this file out, so they do not link runtime/pprof.
func init() {
	path := os.Getenv("POKERLAB_CPUPROFILE")
	if path == "" {
		return
	}
	f, err := os.Create(path)
	if err == nil {
		err = pprof.StartCPUProfile(f)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "pokerlab: POKERLAB_CPUPROFILE:", err)
		os.Exit(1)
	}
	stopProfile = func() {
		pprof.StopCPUProfile()
		f.Close()
	}
}

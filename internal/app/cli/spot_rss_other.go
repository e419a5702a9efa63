//go:build !unix

package cli

// peakRSS returns 0: the peak resident set is not known on this system.
func peakRSS() int64 { return 0 }

// Command pokerlab is the command-line interface of the pokerlab module; run
// "pokerlab help" for the commands. See docs/cli.md.
package main

import (
	"os"

	"pokerlab/internal/app/cli"
)

func main() {
	code := cli.Main()
	stopProfile()
	os.Exit(code)
}

// stopProfile ends the CPU profile of a build with -tags pgoprofile
// (profile.go); in an ordinary build it does nothing.
var stopProfile = func() {}

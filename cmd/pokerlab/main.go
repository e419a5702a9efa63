// Command pokerlab is the command-line interface of the pokerlab module; run
// "pokerlab help" for the commands. See docs/cli.md.
package main

import (
	"os"

	"pokerlab/internal/cli"
)

func main() {
	os.Exit(cli.Main())
}

package cli

import (
	"fmt"

	"github.com/spf13/cobra"
)

func newHHCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "hh",
		Short: "Replay and convert hand histories (PHH, PokerStars and GGPoker text)",
		Long: `Hand histories of No-Limit Texas Hold'em in the Poker Hand History format (PHH:
TOML, .phh for one hand, .phhs for [1], [2], ... tables) or as the sites write
them (PokerStars and GGPoker text); the format of each file is told from its
content. Arguments are files, directories (read recursively: .phh, .phhs, .txt
and files without an extension) and - for standard input. Amounts may be
decimals (0.50, 200.30): they are converted to integer units exactly; unknown
cards are written ????.`,
	}
	cmd.AddCommand(newHHReplayCmd(f, nil))
	cmd.AddCommand(newHHConvertCmd(f, nil))
	return cmd
}

// noHandsError is the error for an input file without a single hand (empty,
// or only comments): a mistake in the input, not a run that found nothing.
func noHandsError(file string) error {
	return fmt.Errorf("%s: no hands in the file (it is empty or holds only comments)", file)
}

// errNoHandInputs is the usage error of a command that reads hand histories
// given none; or names another source (" (or --db URL)").
func errNoHandInputs(or string) error {
	return flagErrorf("give at least one hand-history file (PHH, PokerStars or GGPoker), directory, or - for standard input%s", or)
}

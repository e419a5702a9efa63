package cli

import (
	"os"

	"github.com/spf13/cobra"

	"pokerlab/efg"
)

func newGameCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "game",
		Short: "Inspect, export and solve extensive-form games",
	}
	cmd.AddCommand(newGameListCmd(f, nil))
	cmd.AddCommand(newGameInfoCmd(f, nil))
	cmd.AddCommand(newGameExportCmd(f, nil))
	cmd.AddCommand(newGameValueCmd(f, nil))
	return cmd
}

// readStrategy loads a strategy file for t.
func readStrategy(t *efg.Tree, path string) ([]float64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return efg.ReadProfile(f, t, path)
}

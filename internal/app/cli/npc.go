package cli

import (
	"github.com/spf13/cobra"
)

func newNPCCmd(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "npc",
		Short: "Computer players configured by HUD stats: profiles, strength tables, calibration, cloning, validation",
	}
	tables := &cobra.Command{Use: "tables", Short: "Build the strength tables φ_n(p | h)"}
	tables.AddCommand(newNPCTablesBuildCmd(f, nil))
	cmd.AddCommand(tables)
	cmd.AddCommand(newNPCCalibrateCmd(f, nil))
	cmd.AddCommand(newNPCCloneCmd(f, nil))
	cmd.AddCommand(newNPCValidateCmd(f, nil))

	cmd.AddCommand(newNPCShowCmd(f, nil))
	return cmd
}

package cli

import (
	"fmt"

	"github.com/spf13/cobra"

	"pokerlab/qre/qreplot"
)

type qreFiguresOptions struct {
	IO  *IOStreams
	Out string
}

func newQREFiguresCmd(f *Factory, runF func(*qreFiguresOptions) error) *cobra.Command {
	opts := &qreFiguresOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "figures --out DIR",
		Short: "Write the QRE note's Figures 1, 2 and 4 (SVG and PNG)",
		Long: `Draw the three figures of the QRE note (README: Sources) for bet sizes
B = 1/3, 1/2, 1, 2, 3:
Figure 1, p_A, p_Q and p_K against λ (log axis) with the Nash values dotted;
Figure 2, player 1's exploitability against λ (log–log) with the large-λ
asymptotes dashed; Figure 4, the internal energy, entropy and free energy of
each hand against λ. Each is written as .svg and .png into DIR (created if
needed), named akq-fig1-probabilities, akq-fig2-exploitability and
akq-fig4-thermo as in the report.`,
		Example: `  pokerlab qre figures --out figures/`,
		Args:    cobra.NoArgs,
		RunE: func(*cobra.Command, []string) error {
			if runF != nil {
				return runF(opts)
			}
			return qreFiguresRun(opts)
		},
	}
	outputDirVar(cmd.Flags(), &opts.Out, "out", "o", "", "directory to write the figures into")
	markRequired(cmd.Flags(), "out")
	return cmd
}

func qreFiguresRun(opts *qreFiguresOptions) error {
	files, err := qreplot.WriteAKQFigures(opts.Out)
	if err != nil {
		return err
	}
	for _, f := range files {
		fmt.Fprintln(opts.IO.Out, f)
	}
	return nil
}

package cli

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"
)

type spotBatchCancelOptions struct {
	IO *IOStreams
	ID string
	DB string
}

func newSpotBatchCancelCmd(f *Factory, runF func(*spotBatchCancelOptions) error) *cobra.Command {
	opts := &spotBatchCancelOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "cancel ID [--db URL]",
		Short: "Cancel a batch: no more flops are solved, running ones stop",
		Long: `Mark a batch cancelled: its queued flops are not solved, and running solves
stop within a few seconds (their jobs end cancelled). The results already
stored stay.`,
		Example: `  pokerlab spot batch cancel 3f2a9c01d4e5b6a7`,
		Args:    cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.ID = args[0]
			if runF != nil {
				return runF(opts)
			}
			return spotBatchCancelRun(opts)
		},
	}
	dbFlag(cmd, &opts.DB)
	return cmd
}

func spotBatchCancelRun(o *spotBatchCancelOptions) error {
	db, err := openDB(o.DB, false)
	if err != nil {
		return err
	}
	defer db.Close()
	ok, err := db.CancelBatch(context.Background(), o.ID)
	if err != nil {
		return err
	}
	if !ok {
		return inputErrorf("no batch %q in %s", o.ID, db.Where())
	}
	fmt.Fprintf(o.IO.Out, "batch %s cancelled\n", o.ID)
	return nil
}

package cli

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// flagCase is one command line of a flag table test: the options it must
// produce (check) or the error it must give.
type flagCase[O any] struct {
	argv    string
	wantErr string
	check   func(*O) bool
}

// checkFlagCases runs each command line through the command newCmd builds,
// with a run function that only captures the options.
func checkFlagCases[O any](t *testing.T, newCmd func(*Factory, func(*O) error) *cobra.Command, cases []flagCase[O]) {
	t.Helper()
	for _, tt := range cases {
		io, _, _ := TestStreams("", false, false)
		var got *O
		cmd := newCmd(&Factory{IO: io}, func(o *O) error { got = o; return nil })
		cmd.SetArgs(strings.Fields(tt.argv))
		cmd.SetOut(io.Out)
		cmd.SetErr(io.ErrOut)
		cmd.SetFlagErrorFunc(flagError)
		err := cmd.Execute()
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(userMessage(err.Error()), tt.wantErr) {
				t.Errorf("%q: error %v, want %q", tt.argv, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got == nil || !tt.check(got) {
			t.Errorf("%q: options %+v, error %v", tt.argv, got, err)
		}
	}
}

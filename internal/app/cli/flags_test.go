package cli

import (
	"math"
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
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

// Whole numbers are read exactly in the forms counts are written in; what
// is not a whole number, or not one of the flag's type, is refused with
// what is wanted.
func TestWholeNumberFlagForms(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    int64
		wantErr string
	}{
		{"1000000", 1000000, ""},
		{"1_000_000", 1000000, ""},
		{"1e6", 1000000, ""},
		{"1E6", 1000000, ""},
		{"1.5e3", 1500, ""},
		{"15e-1", 0, "want a whole number, not a fraction"},
		{"1500e-3", 0, "want a whole number, not a fraction"},
		{"1000e-3", 1, ""},
		{"+7", 7, ""},
		{" 42 ", 42, ""},
		{"010", 10, ""}, // decimal, not octal
		{"-3", -3, ""},
		{"-0", 0, ""},
		{"0e999999999", 0, ""},
		{"9007199254740993", 9007199254740993, ""}, // 2⁵³+1: no rounding through float64
		{"9223372036854775807", 9223372036854775807, ""},
		{"-9223372036854775808", -9223372036854775808, ""},
		{"9223372036854775808", 0, "want a whole number of at most 9223372036854775807"},
		{"-9223372036854775809", 0, "want a whole number of at least -9223372036854775808"},
		{"1e30", 0, "want a whole number of at most 9223372036854775807"},
		{"1e999999999", 0, "want a whole number of at most 9223372036854775807"},
		{"1.5", 0, "want a whole number, not a fraction"},
		{"1e-999999999", 0, "want a whole number, not a fraction"},
		{"ten", 0, "want a whole number (1000000, 1_000_000 or 1e6)"},
		{"", 0, "want a whole number (1000000, 1_000_000 or 1e6)"},
		{"1__000", 0, "want a whole number"},
		{"_1", 0, "want a whole number"},
		{"1_", 0, "want a whole number"},
		{"0x10", 0, "want a whole number"},
		{"1e", 0, "want a whole number"},
		{"e6", 0, "want a whole number"},
		{".", 0, "want a whole number"},
		{"Inf", 0, "want a whole number"},
		{"NaN", 0, "want a whole number"},
		{"1/2", 0, "want a whole number"},
	} {
		var x int64
		err := wholeValue(&x, nil).Set(tc.in)
		switch {
		case tc.wantErr == "" && (err != nil || x != tc.want):
			t.Errorf("%q: %d, %v; want %d", tc.in, x, err, tc.want)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("%q: %d, %v; want the error %q", tc.in, x, err, tc.wantErr)
		}
	}
	// The unsigned type (seeds): its own range, no negatives.
	for in, want := range map[string]string{"18446744073709551615": "", "18446744073709551616": "want a whole number of at most 18446744073709551615",
		"-1": "want 0 or more", "-0": "", "1e19": ""} {
		var x uint64
		err := wholeValue(&x, nil).Set(in)
		if (want == "") != (err == nil) || err != nil && err.Error() != want {
			t.Errorf("uint64 %q: %d, %v; want %q", in, x, err, want)
		}
	}
	// int on this platform: the range of int.
	var n int
	if err := wholeValue(&n, nil).Set("9223372036854775807"); err != nil || n != math.MaxInt {
		t.Errorf("int: %d, %v", n, err)
	}
}

// Every integer flag of every command is read by the one whole-number type:
// 1_000, 1e3 and 1000 are the same value, 1.5 and 1e30 are refused with
// the flag's name and what it wants, and the help names no Go type.
func TestEveryIntegerFlagReadsWholeNumbers(t *testing.T) {
	seen := 0
	walkTree(func(c *cobra.Command) {
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			switch f.Value.Type() {
			case "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "count":
			default:
				return
			}
			name := c.CommandPath() + " --" + f.Name
			if _, ok := f.Value.(interface{ wholeNumber() }); !ok {
				t.Errorf("%s is a %T, not a whole-number flag of flagvalues.go", name, f.Value)
				return
			}
			seen++
			var got []string
			for _, v := range []string{"1000", "1_000", "1e3", "1.0e3"} {
				if err := f.Value.Set(v); err != nil {
					t.Errorf("%s %s: %v", name, v, err)
				}
				got = append(got, f.Value.String())
			}
			if got[0] != "1000" || got[1] != got[0] || got[2] != got[0] || got[3] != got[0] {
				t.Errorf("%s: 1000, 1_000, 1e3, 1.0e3 read as %v", name, got)
			}
			for v, want := range map[string]string{"1.5": "want a whole number, not a fraction", "1e30": "want a whole number of at most "} {
				io, _, errOut := TestStreams("", false, false)
				args := append(words(c.CommandPath()), "--"+f.Name+"="+v)
				code := Run(&Factory{IO: io}, args)
				msg := "pokerlab: --" + f.Name + " " + v + ": " + want
				if code != ExitUsage || !strings.HasPrefix(errOut.String(), msg) {
					t.Errorf("%s: exit %d, %q; want exit 2 and %q…", strings.Join(args, " "), code, errOut, msg)
				}
			}
		})
	})
	if seen < 25 {
		t.Errorf("only %d integer flags found", seen)
	}
}

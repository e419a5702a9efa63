package cli

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Flags whose values have a valid range are declared with the helpers of
// this file: the value is checked while the command line is parsed, so an
// invalid value is a usage error (exit 2) on every command alike, worded
// "--name value: want …", before any work starts.

// valueError is why a flag's value is refused.
type valueError struct{ msg string }

func (e *valueError) Error() string { return e.msg }

func wantf(format string, args ...any) error { return &valueError{fmt.Sprintf(format, args...)} }

// checkedValue is a pflag.Value that parses and checks its text.
type checkedValue[T any] struct {
	p     *T
	parse func(string) (T, error)
	check func(T) error
	typ   string
	show  func(T) string
}

func (v *checkedValue[T]) Set(s string) error {
	x, err := v.parse(s)
	if err != nil {
		return err
	}
	if v.check != nil {
		if err := v.check(x); err != nil {
			return err
		}
	}
	*v.p = x
	return nil
}

func (v *checkedValue[T]) String() string {
	if v.p == nil {
		return ""
	}
	return v.show(*v.p)
}

func (v *checkedValue[T]) Type() string { return v.typ }

// parseInt reads a whole number, also in exponent form (1e6).
func parseInt(s string) (int64, error) {
	t := strings.TrimSpace(s)
	x, err := strconv.ParseInt(t, 0, 64)
	if err == nil {
		return x, nil
	}
	if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
		return 0, wantf("too large")
	}
	if f, ferr := strconv.ParseFloat(t, 64); ferr == nil && f == math.Trunc(f) && !math.IsInf(f, 0) {
		if math.Abs(f) >= 1<<63 {
			return 0, wantf("too large")
		}
		return int64(f), nil
	}
	return 0, wantf("not a whole number")
}

// parseFloat reads a number; NaN and infinities parse, and are refused by
// the flag's check or, without one, by finiteCheck.
func parseFloat(s string) (float64, error) {
	x, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		if ne, ok := err.(*strconv.NumError); ok && ne.Err == strconv.ErrRange {
			return 0, wantf("out of the range of numbers")
		}
		return 0, wantf("not a number")
	}
	return x, nil
}

// finiteCheck wraps a float check so that NaN and ±∞, which no pokerlab flag
// means, are refused after it (its own message first: "--stderr NaN: want
// a number between 0 and 1").
func finiteCheck(check func(float64) error) func(float64) error {
	return func(x float64) error {
		if check != nil {
			if err := check(x); err != nil {
				return err
			}
		}
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return wantf("want a finite number")
		}
		return nil
	}
}

// intVar defines an int flag whose values must pass check.
func intVar(fl *pflag.FlagSet, p *int, name string, def int, usage string, check func(int) error) {
	intVarP(fl, p, name, "", def, usage, check)
}

// intVarP is intVar with a one-letter shorthand.
func intVarP(fl *pflag.FlagSet, p *int, name, short string, def int, usage string, check func(int) error) {
	*p = def
	fl.VarP(&checkedValue[int]{p: p, typ: "int", check: check, show: strconv.Itoa,
		parse: func(s string) (int, error) {
			x, err := parseInt(s)
			if err == nil && (x > math.MaxInt || x < math.MinInt) {
				return 0, wantf("too large")
			}
			return int(x), err
		}}, name, short, usage)
}

// int64Var defines an int64 flag whose values must pass check.
func int64Var(fl *pflag.FlagSet, p *int64, name string, def int64, usage string, check func(int64) error) {
	*p = def
	fl.Var(&checkedValue[int64]{p: p, typ: "int", check: check, parse: parseInt,
		show: func(x int64) string { return strconv.FormatInt(x, 10) }}, name, usage)
}

// floatVar defines a float64 flag whose values must pass check.
func floatVar(fl *pflag.FlagSet, p *float64, name string, def float64, usage string, check func(float64) error) {
	*p = def
	fl.Var(&checkedValue[float64]{p: p, typ: "number", check: finiteCheck(check), parse: parseFloat,
		show: func(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }}, name, usage)
}

// floatsVar defines a list of numbers (comma-separated or repeated), each
// checked; its help shows no default when the list is empty.
func floatsVar(fl *pflag.FlagSet, p *[]float64, name, usage string, check func(float64) error) {
	v := &floatList{p: p, check: finiteCheck(check)}
	fl.Var(v, name, usage)
}

type floatList struct {
	p       *[]float64
	check   func(float64) error
	changed bool
}

func (v *floatList) Set(s string) error {
	var xs []float64
	for _, part := range strings.Split(s, ",") {
		x, err := parseFloat(part)
		if err != nil {
			if len(strings.Split(s, ",")) > 1 {
				return wantf("%q: %v", strings.TrimSpace(part), err)
			}
			return err
		}
		if v.check != nil {
			if err := v.check(x); err != nil {
				if len(strings.Split(s, ",")) > 1 {
					return wantf("%g: %v", x, err)
				}
				return err
			}
		}
		xs = append(xs, x)
	}
	if !v.changed {
		*v.p = nil
		v.changed = true
	}
	*v.p = append(*v.p, xs...)
	return nil
}

func (v *floatList) String() string {
	if v.p == nil || len(*v.p) == 0 {
		return ""
	}
	parts := make([]string, len(*v.p))
	for i, x := range *v.p {
		parts[i] = strconv.FormatFloat(x, 'g', -1, 64)
	}
	return strings.Join(parts, ",")
}

func (v *floatList) Type() string { return "numbers" }

// Common checks.

// atLeast accepts integers ≥ lo; want says what is wanted ("a positive
// number", "0 (all CPUs) or more").
func atLeast[T int | int64](lo T, want string) func(T) error {
	return func(x T) error {
		if x < lo {
			return wantf("want %s", want)
		}
		return nil
	}
}

// between accepts integers in [lo, hi].
func between[T int | int64](lo, hi T) func(T) error {
	return func(x T) error {
		if x < lo || x > hi {
			return wantf("want %d to %d", lo, hi)
		}
		return nil
	}
}

// threadsVar defines the --threads flag every parallel command shares: 0
// means all CPUs; negative numbers are refused.
func threadsVar(fl *pflag.FlagSet, p *int, def int, usage string) {
	if usage == "" {
		usage = "goroutines to use (0: all CPUs)"
	}
	intVar(fl, p, "threads", def, usage, atLeast(0, "0 (all CPUs) or more"))
}

// markRequired makes flags required: cobra refuses a command line without
// them (exit 2), and the help text says so.
func markRequired(fl *pflag.FlagSet, names ...string) {
	for _, n := range names {
		f := fl.Lookup(n)
		if f == nil {
			panic("cli: markRequired: no flag " + n)
		}
		if !strings.HasSuffix(f.Usage, "(required)") {
			f.Usage += " (required)"
		}
		if err := cobra.MarkFlagRequired(fl, n); err != nil {
			panic(err)
		}
	}
}

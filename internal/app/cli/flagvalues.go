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

// parseWhole reads a whole number exactly, in the forms a count is written
// in: 1000000, 1_000_000 (underscores between digits), 1e6, 1.5e3 (an
// exponent, with or without a fraction, as long as the value is whole).
// Decimal only: a leading 0 is not octal and there is no 0x. It returns the
// sign and the magnitude; a magnitude beyond 2⁶⁴−1 is too large. No
// floating point is involved, so 9007199254740993 (2⁵³+1) is itself.
func parseWhole(s string) (neg bool, mag uint64, err error) {
	syntax := wantf("want a whole number (1000000, 1_000_000 or 1e6)")
	t := strings.TrimSpace(s)
	if t != "" && (t[0] == '+' || t[0] == '-') {
		neg = t[0] == '-'
		t = t[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(t), "e")
	intPart, frac, hasPoint := strings.Cut(mant, ".")
	digits, ok := digitsOf(intPart)
	if !ok && !(hasPoint && intPart == "") { // ".5" has no integer digits
		return false, 0, syntax
	}
	fracDigits, ok := digitsOf(frac)
	if hasPoint && !ok || digits+fracDigits == "" {
		return false, 0, syntax
	}
	e := 0
	if hasExp {
		es := exp
		if es != "" && (es[0] == '+' || es[0] == '-') {
			es = es[1:]
		}
		if es == "" || strings.Trim(es, "0123456789") != "" {
			return false, 0, syntax
		}
		if len(es) > 6 { // beyond 10^±999999 nothing is both whole and in range
			es = "999999"
		}
		e, _ = strconv.Atoi(es)
		if exp[0] == '-' {
			e = -e
		}
	}
	// value = D × 10^(e − len(fraction)), D the digits without leading or
	// trailing zeros (trailing ones move into the exponent).
	d := strings.TrimLeft(digits+fracDigits, "0")
	e -= len(fracDigits)
	for strings.HasSuffix(d, "0") {
		d = d[:len(d)-1]
		e++
	}
	switch {
	case d == "":
		return neg, 0, nil
	case e < 0:
		return false, 0, wantf("want a whole number, not a fraction")
	case len(d)+e > 20: // at least 10²⁰ > 2⁶⁴
		return neg, math.MaxUint64, errTooLarge
	}
	mag, err = strconv.ParseUint(d+strings.Repeat("0", e), 10, 64)
	if err != nil {
		return neg, math.MaxUint64, errTooLarge
	}
	return neg, mag, nil
}

// errTooLarge marks a whole number beyond 2⁶⁴−1; the flag's type words the
// message (wholeValue.Set).
var errTooLarge = &valueError{"too large"}

// digitsOf returns s without its underscores if s is digits with single
// underscores between them ("1_000"), and whether it is; "" is.
func digitsOf(s string) (string, bool) {
	if s == "" {
		return "", true
	}
	if s[0] == '_' || s[len(s)-1] == '_' || strings.Contains(s, "__") {
		return "", false
	}
	d := strings.ReplaceAll(s, "_", "")
	return d, strings.Trim(d, "0123456789") == ""
}

// whole is the Go types of whole-number flags.
type whole interface{ ~int | ~int64 | ~uint64 }

// wholeFlag is the pflag.Value of every whole-number flag (counts, sizes in
// units, seeds): parseWhole's forms, the range of T, then the flag's check.
type wholeFlag[T whole] struct{ checkedValue[T] }

// wholeNumber marks the whole-number flags (a test checks that every
// integer flag is one).
func (*wholeFlag[T]) wholeNumber() {}

// wholeValue returns the value of a whole-number flag stored in *p.
func wholeValue[T whole](p *T, check func(T) error) *wholeFlag[T] {
	var zero T
	signed := zero-1 < zero
	lo, hi := wholeRange[T]()
	typ := "int"
	if !signed {
		typ = "uint"
	}
	return &wholeFlag[T]{checkedValue[T]{p: p, typ: typ, check: check, show: func(x T) string { return fmt.Sprint(x) },
		parse: func(s string) (T, error) {
			neg, mag, err := parseWhole(s)
			switch {
			case err == errTooLarge && neg && signed:
				return 0, wantf("want a whole number of at least %d", lo)
			case err == errTooLarge:
				return 0, wantf("want a whole number of at most %d", hi)
			case err != nil:
				return 0, err
			case neg && mag > 0 && !signed:
				return 0, wantf("want 0 or more")
			case neg && mag > uint64(-(lo+1))+1:
				return 0, wantf("want a whole number of at least %d", lo)
			case !neg && mag > uint64(hi):
				return 0, wantf("want a whole number of at most %d", hi)
			case neg && mag > 0:
				return -T(mag-1) - 1, nil // -T(mag) would overflow at the minimum
			}
			return T(mag), nil
		}}}
}

// wholeRange returns the smallest and largest values of T.
func wholeRange[T whole]() (lo, hi T) {
	var zero T
	if zero-1 > zero { // unsigned
		return 0, zero - 1
	}
	hi = T(1)
	for hi<<1 > hi { // up to the largest power of two
		hi <<= 1
	}
	hi = hi - 1 + hi
	return -hi - 1, hi
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

// intVar defines an int flag whose values must pass check (all whole-number
// flags read their value with parseWhole: 1000000, 1_000_000, 1e6).
func intVar(fl *pflag.FlagSet, p *int, name string, def int, usage string, check func(int) error) {
	intVarP(fl, p, name, "", def, usage, check)
}

// intVarP is intVar with a one-letter shorthand.
func intVarP(fl *pflag.FlagSet, p *int, name, short string, def int, usage string, check func(int) error) {
	*p = def
	fl.VarP(wholeValue(p, check), name, short, usage)
}

// int64Var defines an int64 flag whose values must pass check.
func int64Var(fl *pflag.FlagSet, p *int64, name string, def int64, usage string, check func(int64) error) {
	*p = def
	fl.Var(wholeValue(p, check), name, usage)
}

// uint64Var defines a uint64 flag (seeds); negative values are refused.
func uint64Var(fl *pflag.FlagSet, p *uint64, name string, def uint64, usage string) {
	*p = def
	fl.Var(wholeValue(p, nil), name, usage)
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

// notNegative accepts numbers ≥ 0.
func notNegative(x float64) error {
	if x < 0 {
		return wantf("want a number ≥ 0")
	}
	return nil
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

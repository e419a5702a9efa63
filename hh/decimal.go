package hh

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

func sprintf(format string, args ...any) string { return fmt.Sprintf(format, args...) }

// maxDecimals bounds the fraction digits of amounts (10^9 units per chip
// still leaves 9·10^9 chips in an int64).
const maxDecimals = 9

var pow10 = [...]int64{1, 10, 100, 1000, 10000, 100000, 1000000, 10000000, 100000000, 1000000000,
	10000000000, 100000000000, 1000000000000, 10000000000000, 100000000000000, 1000000000000000,
	10000000000000000, 100000000000000000, 1000000000000000000}

// decimal is an exact non-negative decimal number mant·10^exp read from the
// text of a TOML integer or float. frac is the number of fraction digits as
// written ("2.50" has 2), which sets the unit of a hand's amounts.
type decimal struct {
	mant uint64
	exp  int
	frac int
}

var errNegative = errors.New("negative amount")

// errTooLarge is an amount whose units do not fit the reader's int64 range.
var errTooLarge = errors.New("amount too large")

// parseDecimal reads a TOML integer or float text exactly (one pass, no
// allocation).
func parseDecimal(raw string) (decimal, error) {
	s := raw
	neg := false
	if s != "" && (s[0] == '+' || s[0] == '-') {
		neg = s[0] == '-'
		s = s[1:]
	}
	if s == "inf" || s == "nan" {
		return decimal{}, fmt.Errorf("%s is not an amount", raw)
	}
	if len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'o' || s[1] == 'b') {
		v, err := parseTOMLInt(s)
		if err != nil {
			return decimal{}, err
		}
		if neg && v != 0 {
			return decimal{}, errNegative
		}
		return decimal{mant: uint64(v)}, nil
	}
	var d decimal
	seenDot, digits := false, 0
	i := 0
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '_':
			continue
		case c == '.':
			if seenDot {
				return decimal{}, fmt.Errorf("invalid number %s", raw)
			}
			seenDot = true
			continue
		case c == 'e' || c == 'E':
		case c >= '0' && c <= '9':
			hi, lo := bits.Mul64(d.mant, 10)
			lo, carry := bits.Add64(lo, uint64(c-'0'), 0)
			if hi != 0 || carry != 0 {
				return decimal{}, fmt.Errorf("number %s has too many digits", raw)
			}
			d.mant = lo
			digits++
			if seenDot {
				d.exp--
				d.frac++
			}
			continue
		default:
			return decimal{}, fmt.Errorf("invalid number %s", raw)
		}
		break
	}
	if digits == 0 {
		return decimal{}, fmt.Errorf("invalid number %s", raw)
	}
	if i < len(s) { // the exponent
		e, err := strconv.Atoi(strings.ReplaceAll(s[i+1:], "_", ""))
		if err != nil || e > 40 || e < -40 {
			return decimal{}, fmt.Errorf("invalid exponent in %s", raw)
		}
		d.exp += e
		d.frac = max(0, -d.exp)
	}
	if neg && d.mant != 0 {
		return decimal{}, errNegative
	}
	return d, nil
}

// units converts d to an integer number of 10^-decimals units, exactly.
func (d decimal) units(decimals int) (int64, error) {
	e := d.exp + decimals
	if e < 0 {
		// Only possible if the hand's unit is coarser than the number's.
		q := pow10[-e]
		if d.mant%uint64(q) != 0 {
			return 0, fmt.Errorf("not a whole number of 10^-%d units", decimals)
		}
		return int64(d.mant / uint64(q)), nil
	}
	if d.mant == 0 {
		return 0, nil
	}
	if e >= len(pow10) {
		return 0, errTooLarge
	}
	hi, lo := bits.Mul64(d.mant, uint64(pow10[e]))
	if hi != 0 || lo > 1<<62 {
		return 0, errTooLarge
	}
	return int64(lo), nil
}

// formatUnits writes an amount of 10^-decimals units: an integer when it
// is whole, else with exactly `decimals` fraction digits ("2.50").
func formatUnits(v int64, decimals int) string {
	if decimals == 0 {
		return strconv.FormatInt(v, 10)
	}
	q := pow10[decimals]
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	if v%q == 0 {
		return sign + strconv.FormatInt(v/q, 10)
	}
	frac := strconv.FormatInt(v%q, 10)
	return sign + strconv.FormatInt(v/q, 10) + "." + strings.Repeat("0", decimals-len(frac)) + frac
}

// text writes d in plain decimal notation ("12.50", "3000"), for messages.
func (d decimal) text() string {
	digits := strconv.FormatUint(d.mant, 10)
	if d.exp >= 0 {
		return digits + strings.Repeat("0", d.exp)
	}
	if k := -d.exp; len(digits) <= k {
		digits = strings.Repeat("0", k-len(digits)+1) + digits
	}
	i := len(digits) + d.exp
	return digits[:i] + "." + digits[i:]
}

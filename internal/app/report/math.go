package report

import (
	"html/template"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"pokerlab/internal/figure/plotx"
)

// Displayed equations are MathML, which browsers render natively
// (Chromium since version 109, Firefox, Safari); these helpers write its
// elements. Inline symbols stay Unicode in the text (λ, σ, ε, p<sub>A</sub>).

// mi is an identifier (italic when one letter, upright otherwise: "exp").
func mi(s string) string { return "<mi>" + template.HTMLEscapeString(s) + "</mi>" }

// mo is an operator or a fence.
func mo(s string) string { return "<mo>" + template.HTMLEscapeString(s) + "</mo>" }

// fence is a parenthesis at the size of the text: MathML stretches fences
// around tall content (a fraction) unless told not to.
func fence(s string) string { return `<mo stretchy="false">` + s + "</mo>" }

// mn is a number.
func mn(s string) string { return "<mn>" + s + "</mn>" }

func row(parts ...string) string { return "<mrow>" + strings.Join(parts, "") + "</mrow>" }

func frac(num, den string) string { return "<mfrac>" + num + den + "</mfrac>" }

func sub(base, s string) string { return "<msub>" + base + s + "</msub>" }

func sup(base, s string) string { return "<msup>" + base + s + "</msup>" }

func subsup(base, b, t string) string { return "<msubsup>" + base + b + t + "</msubsup>" }

// under is base with s below it (the index of a sum).
func under(base, s string) string { return "<munder>" + base + s + "</munder>" }

// over is base with a mark above it (σ̄).
func over(base, mark string) string { return `<mover accent="true">` + base + mo(mark) + "</mover>" }

// call is f(args…), the arguments separated by commas.
func call(f string, args ...string) string {
	return row(f, fence("("), strings.Join(args, mo(",")), fence(")"))
}

// cond is "a|I": an action given an information set.
func cond(a, given string) string {
	return row(a, `<mo stretchy="false" lspace="0.15em" rspace="0.15em">|</mo>`, given)
}

// display is a displayed equation.
func display(parts ...string) template.HTML {
	return template.HTML(`<math display="block">` + row(parts...) + "</math>")
}

// logitResponse is the logit response at information set I: the
// probability of a is proportional to exp(λ·u), u the value of the action
// conditional on reaching I; value names u (with its arguments).
func logitResponse(sigma string, value func(action string) string) template.HTML {
	a, b := mi("a"), mi("b")
	e := func(x string) string { return call(mi("exp"), row(mi("λ"), mo("·"), value(x))) }
	return display(sigma, mo("="), frac(e(a), row(under(mo("∑"), b), e(b))))
}

// The equations are written when a page is, not at start-up (every
// pokerlab command would pay for them otherwise).

// freeEnergy is F = E − S/λ with E and S written out.
func freeEnergy() template.HTML {
	return display(
		mi("F"), mo("="), mi("E"), mo("−"), frac(mi("S"), mi("λ")), mo(","), mspace(),
		mi("E"), mo("="), neg, under(mo("∑"), mi("a")), call(mi("σ"), mi("a")), call(mi("u"), mi("a")), mo(","), mspace(),
		mi("S"), mo("="), neg, under(mo("∑"), mi("a")), call(mi("σ"), mi("a")), function("ln"), call(mi("σ"), mi("a")),
	)
}

// function is a named function applied to what follows (ln σ): its name
// upright, then the thin space TeX puts after \ln (MathML's invisible
// function application adds none in Chromium).
func function(name string) string {
	return mi(name) + mo("\u2061") + `<mspace width="0.1667em"></mspace>`
}

// limitOp is an operator with its limit below (max over σ′ᵢ), spaced from
// its argument as TeX spaces \max.
func limitOp(name, below string) string {
	return under(`<mo movablelimits="true" lspace="0" rspace="0.1667em">`+name+"</mo>", below)
}

// neg is a minus sign in front of a term (no space between them, as after
// "= −" in print), not the binary operator.
const neg = `<mo form="prefix">−</mo>`

// mspace separates the parts of a displayed line.
func mspace() string { return `<mspace width="1.5em"></mspace>` }

// deviation is σ′ᵢ, player i's alternative strategy: an italic σ, its
// prime at full size (a prime set as a superscript is drawn twice
// reduced) and the index.
func deviation() string { return sub(row(mi("σ"), `<mo lspace="0" rspace="0">′</mo>`), mi("i")) }

// Definitions of the CFR section: regret matching, the reach-weighted
// average and NashConv.
func regretMatching() template.HTML {
	R := func(x string) string { return call(subsup(mi("R"), mi("t"), mo("+")), cond(x, mi("I"))) }
	return display(call(sup(mi("σ"), row(mi("t"), mo("+"), mn("1"))), cond(mi("a"), mi("I"))), mo("="),
		frac(R(mi("a")), row(under(mo("∑"), mi("b")), R(mi("b")))))
}

func averageStrategy() template.HTML {
	reach := call(subsup(mi("π"), mi("i"), mi("t")), mi("I"))
	sum := under(mo("∑"), row(mi("t"), mo("≤"), mi("T")))
	return display(call(sup(over(mi("σ"), "¯"), mi("T")), cond(mi("a"), mi("I"))), mo("="),
		frac(row(sum, reach, call(sup(mi("σ"), mi("t")), cond(mi("a"), mi("I")))), row(sum, reach)))
}

func nashConv() template.HTML {
	dev := deviation()
	return display(mi("NashConv"), call("", mi("σ")), mo("="), under(mo("∑"), mi("i")),
		row(fence("("), limitOp("max", dev), call(sub(mi("u"), mi("i")), dev, sub(mi("σ"), row(mo("−"), mi("i")))),
			mo("−"), call(sub(mi("u"), mi("i")), mi("σ")), fence(")")))
}

// fixed writes x with prec decimals and a minus sign (−), without the
// sign of a value that rounds to zero ("0.00000", not "−0.00000").
func fixed(x float64, prec int) string {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	return strings.Replace(s, "-", "−", 1)
}

// seconds writes a duration for the page: milliseconds below a second
// ("4.3 ms"), seconds with one decimal above.
func seconds(s float64) string {
	if s < 1 {
		return num(1000*s, 2) + " ms"
	}
	return strconv.FormatFloat(s, 'f', 1, 64) + " s"
}

// The notations typeset rewrites in table cells.
var (
	hyphenMinusRE = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`(^|[\s(/])-(\d)`) })
	exponentRE    = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`\b(\d+(?:\.\d+)?)e([-+]\d+)\b`) })
)

// typeset writes the numbers in a table cell as the prose writes them: a
// minus sign for the hyphen before a number ("-0.38" → "−0.38") and m·10ⁿ
// for Go's exponent notation ("8.60e-05" → "8.60·10⁻⁵", a zero mantissa
// "0"). Cells are formatted where they are computed, with Go's verbs; the
// page applies this to every cell.
func typeset(cell string) string {
	cell = exponentRE().ReplaceAllStringFunc(cell, func(m string) string {
		sub := exponentRE().FindStringSubmatch(m)
		if strings.Trim(sub[1], "0.") == "" {
			return "0"
		}
		e, _ := strconv.Atoi(sub[2])
		return sub[1] + "·10" + plotx.Superscript(e)
	})
	return hyphenMinusRE().ReplaceAllString(cell, "${1}−${2}")
}

// num writes x with sig significant digits for the page's prose: plain
// when %g would be, otherwise as m·10<sup>e</sup> (HTML) rather than "1.2e-04".
func num(x float64, sig int) string {
	s := strconv.FormatFloat(x, 'g', sig, 64)
	m, e, ok := strings.Cut(s, "e")
	if !ok {
		return s
	}
	exp, _ := strconv.Atoi(e)
	return strings.Replace(m, "-", "−", 1) + "·10<sup>" + strings.Replace(strconv.Itoa(exp), "-", "−", 1) + "</sup>"
}

// Package cfrplot draws the convergence of CFR runs (NashConv of the average
// profile against iterations, log–log), for `pokerlab solve` and the report.
// It is separate from package cfr so that the solvers do not import the
// plotting libraries.
package cfrplot

import (
	"pokerlab/cfr"
	"pokerlab/internal/figure/loglog"
)

// YLabel is the y axis of Convergence: NashConv is a sum of best-response
// gains, in the game's payoff unit (chips in Kuhn poker and Leduc Hold'em,
// pots in the AKQ game). Callers that know the unit may name it.
const YLabel = "NashConv (payoff units)"

// Convergence returns the chart of the traces' NashConv histories, one line
// per algorithm, against iterations (log–log).
func Convergence(title string, traces []cfr.Trace) loglog.Chart {
	c := loglog.Chart{Title: title, XLabel: "iterations", YLabel: YLabel}
	for _, tr := range traces {
		s := loglog.Series{Name: tr.Algorithm.String()}
		for _, p := range tr.History {
			s.X = append(s.X, float64(p.Iteration))
			s.Y = append(s.Y, p.NashConv)
		}
		c.Series = append(c.Series, s)
	}
	return c
}

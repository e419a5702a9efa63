package lab

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"pokerlab/internal/figure/plotx"
	"pokerlab/spot/spotplot"
	"pokerlab/spot/spotqre"
)

// Export writes a node of spot id in format csv (one row per hand: the
// strategy, EVs and equity), svg or png (the 13×13 grid, spotplot's).
func (l *Lab) Export(id string, q NodeRequest, format string, w io.Writer) error {
	switch format {
	case "csv":
		v, err := l.Node(id, q)
		if err != nil {
			return err
		}
		return writeCSV(w, v)
	case "svg", "png":
	default:
		return errorf(ErrInvalid, "format %q: want csv, json, svg or png", format)
	}
	e, err := l.lookup(id)
	if err != nil {
		return err
	}
	l.mu.Lock()
	g := e.g
	sol, _, err := e.strategyOf(q.View, q.Lambda)
	l.mu.Unlock()
	if err != nil {
		return err
	}
	line, err := parseLine(g, q.Line)
	if err != nil {
		return err
	}
	r := g.Report(sol.σ, line)
	if r.Player < 0 {
		return errorf(ErrInvalid, "line %q is a %s node; the grid shows a decision", line.String(), r.Kind.String())
	}
	title := strings.TrimSpace(boardText(line.Board) + " " + line.String())
	if q.View == "qre" {
		title += fmt.Sprintf(" (QRE λ = %.4g)", sol.lambda)
	}
	p, err := spotplot.Grid(r, title, spotplot.Options{})
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := plotx.Render(&buf, format, spotplot.Width, spotplot.Height, p.Draw); err != nil {
		return err
	}
	_, err = w.Write(buf.Bytes())
	return err
}

func num(x *float64) string {
	if x == nil {
		return ""
	}
	return strconv.FormatFloat(*x, 'g', 8, 64)
}

func writeCSV(w io.Writer, v *NodeView) error {
	cw := csv.NewWriter(w)
	head := []string{"hand", "class", "group", "reach"}
	for _, a := range v.Actions {
		head = append(head, a.Action)
	}
	head = append(head, "ev", "equity")
	for _, a := range v.Actions {
		head = append(head, "ev "+a.Action)
	}
	cw.Write(head)
	for _, h := range v.Hands {
		row := []string{h.Hand, h.Class, h.Group, strconv.FormatFloat(h.Reach, 'g', 8, 64)}
		for _, s := range h.Strategy {
			row = append(row, strconv.FormatFloat(s, 'g', 8, 64))
		}
		row = append(row, num(h.EV), num(h.Equity))
		for _, x := range h.ActionEV {
			row = append(row, num(x))
		}
		cw.Write(row)
	}
	cw.Flush()
	return cw.Error()
}

// Comparison is a QRE against the Nash solution of a spot: how far apart
// they are, the ghost lines, and the exploitability along λ.
type Comparison struct {
	Lambda float64 `json:"lambda"`
	// MeanTV is the QRE-reach-weighted mean total variation.
	MeanTV float64 `json:"mean_tv"`
	// Ghosts are the decision nodes Nash play reaches with probability
	// below GhostReach, by the Nash strategy's loss; GhostCount all.
	GhostReach float64     `json:"ghost_reach"`
	Ghosts     []GhostLine `json:"ghosts"`
	GhostCount int         `json:"ghost_count"`
	// Path is the exploitability at each λ solved (and on the way to λ*);
	// FitC and FitSlope the c/λ fit (exploitability/pot ≈ c/λ).
	Path     []PathPoint `json:"path"`
	FitC     float64     `json:"fit_c"`
	FitSlope float64     `json:"fit_slope"`
	Nash     float64     `json:"nash_percent"`
}

// GhostLine is a node Nash play (almost) never reaches.
type GhostLine struct {
	Line      string  `json:"line"`
	Player    string  `json:"player"`
	NashReach float64 `json:"nash_reach"`
	QREReach  float64 `json:"qre_reach"`
	TV        float64 `json:"tv"`
	NashLoss  float64 `json:"nash_loss"`
	QRELoss   float64 `json:"qre_loss"`
}

// Compare compares the QRE at λ (0: λ*) with the Nash solution.
func (l *Lab) Compare(id string, lambda float64) (*Comparison, error) {
	e, err := l.lookup(id)
	if err != nil {
		return nil, err
	}
	l.mu.Lock()
	g := e.g
	nash, _, err1 := e.strategyOf("nash", 0)
	qre, _, err2 := e.strategyOf("qre", lambda)
	path := append([]PathPoint(nil), e.path...)
	l.mu.Unlock()
	if err1 != nil {
		return nil, err1
	}
	if err2 != nil {
		return nil, err2
	}
	// The float64 copies and profiles are kept with the solutions: a
	// slider over λ compares again and again.
	prof := func(s *solution) ([]float64, *spotqre.Profile) {
		l.mu.Lock()
		σ, p := s.σ64, s.prof
		l.mu.Unlock()
		if p == nil {
			σ = spotqre.Normalize(g, s.σ)
			p = spotqre.Analyze(g, σ)
			l.mu.Lock()
			s.σ64, s.prof = σ, p
			l.mu.Unlock()
		}
		return σ, p
	}
	nσ, np := prof(nash)
	qσ, qp := prof(qre)
	c := spotqre.Compare(g, nσ, qσ, qre.lambda, np, qp, spotqre.CompareOptions{Top: 50})
	out := &Comparison{Lambda: qre.lambda, MeanTV: c.MeanTV, GhostReach: c.GhostReach, GhostCount: c.GhostCount,
		Ghosts: []GhostLine{}, Path: path, Nash: nash.eval.Percent}
	if out.Path == nil {
		out.Path = []PathPoint{}
	}
	for _, n := range c.Ghosts {
		out.Ghosts = append(out.Ghosts, GhostLine{Line: n.Line, Player: playerName(n.Player), NashReach: n.NashReach, QREReach: n.QREReach,
			TV: n.TV, NashLoss: n.NashLoss, QRELoss: n.QRELoss})
	}
	pts := make([]spotqre.PathPoint, len(path))
	for i, p := range path {
		pts[i] = spotqre.PathPoint{Lambda: p.Lambda, Exploitability: p.Exploitability}
	}
	if cc, slope, n := spotqre.FitInverse(pts, float64(g.Spot.Pot), 0); n >= 2 && !math.IsNaN(cc) {
		out.FitC, out.FitSlope = cc, slope
	}
	return out, nil
}

package qre

import (
	"fmt"

	"pokerlab/efg"
)

// bimatrix is a two-player normal-form game written as an extensive game:
// player 2 moves without seeing player 1's move.
type bimatrix struct {
	name string
	u    [][][2]float64 // u[i][j] = payoffs
}

func (g bimatrix) Name() string          { return g.name }
func (g bimatrix) PlayerNames() []string { return []string{"P1", "P2"} }
func (g bimatrix) Root() efg.State       { return bmState{g: &g, i: -1} }

type bmState struct {
	g    *bimatrix
	i, j int
}

func (s bmState) Player() int {
	if s.i < 0 {
		return 0
	}
	if s.j < 0 {
		return 1
	}
	return efg.Terminal
}
func (s bmState) Actions() []string {
	n := len(s.g.u)
	if s.i >= 0 {
		n = len(s.g.u[0])
	}
	out := make([]string, n)
	for k := range out {
		out[k] = fmt.Sprint(k)
	}
	return out
}
func (s bmState) ChanceProbs() []float64 { return nil }
func (s bmState) Next(a int) efg.State {
	if s.i < 0 {
		return bmState{g: s.g, i: a, j: -1}
	}
	return bmState{g: s.g, i: s.i, j: a}
}
func (s bmState) InfoSet() string {
	if s.i < 0 {
		return "row"
	}
	return "col"
}
func (s bmState) Utilities() []float64 { u := s.g.u[s.i][s.j]; return []float64{u[0], u[1]} }

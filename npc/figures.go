package npc

import (
	"fmt"
)

// StrengthCurves returns φ_n(p) on the flop, turn and river for a range
// (class weights, nil: every hand) as densities over bins of width 1/bins
// (bins must divide the tables' resolution; 0 means 50): the NPC design note's figure
// of the 3-way distribution is StrengthCurves(t, 3, nil, 0).
func StrengthCurves(t *Tables, n int, classWeights *[numClasses]float64, bins int) (centers []float64, dens [numPostflop][]float64, err error) {
	if bins == 0 {
		bins = 50
	}
	if bins <= 0 || t.Bins%bins != 0 {
		return nil, dens, fmt.Errorf("npc: %d bins do not divide the tables' %d", bins, t.Bins)
	}
	group := t.Bins / bins
	for b := range bins {
		centers = append(centers, (float64(b)+0.5)/float64(bins))
	}
	for street := range numPostflop {
		m, err := t.Mixture(street, n, classWeights)
		if err != nil {
			return nil, dens, err
		}
		d := m.Density()
		out := make([]float64, bins)
		for b := range bins {
			for k := range group {
				out[b] += d[b*group+k]
			}
			out[b] *= float64(bins) // probability density on [0, 1]
		}
		dens[street] = out
	}
	return centers, dens, nil
}

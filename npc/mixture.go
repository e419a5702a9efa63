package npc

import (
	"fmt"

	"pokerlab/cards"
	"pokerlab/equity"
)

// Mixture is the strength distribution of a range on one street with n
// players: the combo-weighted mixture Σ_h w_h·φ_n(p | h) / Σ_h w_h of the
// classes' histograms (the NPC design note:
// "プリフロップにおけるハンドレンジに対応する範囲だけ集計して分位点を推定する").
type Mixture struct {
	cdf []float64 // Bins+1 values, cdf[b] = P(p < b/Bins)
}

// Mixture returns the distribution of p on street (FlopIdx, TurnIdx,
// RiverIdx) with n players (2..9) for a range given as a weight per class
// (0..1 of its combinations; nil means every hand).
func (t *Tables) Mixture(street, n int, classWeights *[numClasses]float64) (*Mixture, error) {
	if street < 0 || street >= numPostflop {
		return nil, fmt.Errorf("npc: street index %d: want 0 (flop), 1 (turn) or 2 (river)", street)
	}
	if n < MinPlayers || n > MaxPlayers {
		return nil, fmt.Errorf("npc: %d players: want %d to %d", n, MinPlayers, MaxPlayers)
	}
	m := &Mixture{cdf: make([]float64, t.Bins+1)}
	var total float64
	for h := range cards.StartingHand(numClasses) {
		w := 1.0
		if classWeights != nil {
			w = classWeights[h]
		}
		w *= float64(h.NumCombos())
		if w <= 0 || t.traj[h] == 0 {
			continue
		}
		total += w
		for b, c := range t.cdf(street, n, h) {
			m.cdf[b] += w * float64(c)
		}
	}
	if total == 0 {
		return nil, fmt.Errorf("npc: the range is empty")
	}
	for b := range m.cdf {
		m.cdf[b] /= total
	}
	return m, nil
}

// RangeMixture returns the distribution of p for a range in the usual
// notation (equity.Range), each combination weighted by its weight.
func (t *Tables) RangeMixture(street, n int, r *equity.Range) (*Mixture, error) {
	var w [numClasses]float64
	for _, c := range r.Combos() {
		h := c.Hole.Class()
		w[h] += c.Weight / float64(h.NumCombos())
	}
	return t.Mixture(street, n, &w)
}

// Bins returns the number of histogram bins.
func (m *Mixture) Bins() int { return len(m.cdf) - 1 }

// CDF returns P(p ≤ x), linear within bins.
func (m *Mixture) CDF(x float64) float64 {
	nb := float64(m.Bins())
	if x <= 0 {
		return 0
	}
	if x >= 1 {
		return 1
	}
	f := x * nb
	b := int(f)
	return m.cdf[b] + (f-float64(b))*(m.cdf[b+1]-m.cdf[b])
}

// Quantile returns the q-quantile of p (0 ≤ q ≤ 1), linear within bins:
// the threshold above which a share 1−q of the range lies.
func (m *Mixture) Quantile(q float64) float64 {
	nb := m.Bins()
	if q <= 0 {
		for b := range nb {
			if m.cdf[b+1] > 0 {
				return float64(b) / float64(nb)
			}
		}
		return 0
	}
	// first bin whose upper cdf reaches q
	lo, hi := 0, nb
	for lo < hi {
		mid := (lo + hi) / 2
		if m.cdf[mid+1] >= q {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	b := min(lo, nb-1)
	mass := m.cdf[b+1] - m.cdf[b]
	f := 0.0
	if mass > 0 {
		f = (q - m.cdf[b]) / mass
	}
	return (float64(b) + min(max(f, 0), 1)) / float64(nb)
}

// Density returns the probability mass of each bin.
func (m *Mixture) Density() []float64 {
	d := make([]float64, m.Bins())
	for b := range d {
		d[b] = m.cdf[b+1] - m.cdf[b]
	}
	return d
}

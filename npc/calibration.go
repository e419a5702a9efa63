package npc

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strings"
)

// Calibration holds what simulation learned about a profile at a table (see
// Calibrate):
//
//   - OpenRate, the share of hands raised first in (or isolating limpers)
//     where no steal stat applies, and ColdCall, the share of hands that call
//     one raise (other than the blinds facing a steal). With the stats fixed,
//     these two free rates are what sets VPIP and PFR. NaN: not calibrated,
//     the policy starts from an estimate.
//   - Maps: for a postflop decision situation (Situation.Key), a monotone map
//     from the model quantile u of the hand (its place in the strength
//     distribution of the range the NPC design note's model says reaches
//     the decision) to its place ũ in the hands that actually reach it in
//     play. Given as MapKnots values u(ũ = i/(MapKnots−1)); linear in
//     between.
type Calibration struct {
	OpenRate float64
	ColdCall float64
	Maps     map[string][]float64
	// RaiseScale: per situation key, the factor 1/q by which the aggressive
	// share is raised, q the share of its decisions where raising was legal.
	RaiseScale map[string]float64
}

// MapKnots is the number of points of a calibration map.
const MapKnots = 21

func (c *Calibration) reset() {
	c.OpenRate, c.ColdCall = math.NaN(), math.NaN()
	c.Maps = nil
}

// Calibrated reports whether the calibration holds anything.
func (c *Calibration) Calibrated() bool {
	return !math.IsNaN(c.OpenRate) || !math.IsNaN(c.ColdCall) || len(c.Maps) > 0 || len(c.RaiseScale) > 0
}

// mapFor returns the map of situation s: its own, else the one pooled over
// the position variants, else nil (the identity).
func (c *Calibration) mapFor(s Situation) []float64 {
	if len(c.Maps) == 0 {
		return nil
	}
	if m, ok := c.Maps[s.Key()]; ok {
		return m
	}
	s.Variant = allVariants
	return c.Maps[s.Key()]
}

// apply maps a model quantile u to the calibrated quantile ũ by map m
// (identity if nil).
func applyMap(m []float64, u float64) float64 {
	if len(m) < 2 {
		return u
	}
	// m is increasing: find i with m[i] <= u < m[i+1].
	if u <= m[0] {
		return 0
	}
	last := len(m) - 1
	if u >= m[last] {
		return 1
	}
	i := sort.SearchFloat64s(m, u) // first m[i] >= u
	if i == 0 {
		return 0
	}
	lo, hi := m[i-1], m[i]
	f := 0.0
	if hi > lo {
		f = (u - lo) / (hi - lo)
	}
	return (float64(i-1) + f) / float64(last)
}

func (c *Calibration) decode(tab map[string]any, errAt func(key, format string, args ...any) error) error {
	for _, k := range slices.Sorted(maps.Keys(tab)) {
		v := tab[k]
		switch k {
		case "open_rate", "cold_call":
			x, ok := number(v)
			if !ok || !(x >= 0 && x <= 100) {
				return errAt(k, "want a percentage from 0 to 100")
			}
			if k == "open_rate" {
				c.OpenRate = x / 100
			} else {
				c.ColdCall = x / 100
			}
		case "maps":
			tab, ok := v.(map[string]any)
			if !ok {
				return errAt(k, "want a table of arrays")
			}
			for _, mk := range slices.Sorted(maps.Keys(tab)) {
				if _, err := ParseSituationKey(mk); err != nil {
					return errAt("maps."+mk, "%v", err)
				}
				arr, ok := tab[mk].([]any)
				if !ok || len(arr) != MapKnots {
					return errAt("maps."+mk, "want an array of %d numbers", MapKnots)
				}
				m := make([]float64, MapKnots)
				for i, x := range arr {
					f, ok := number(x)
					if !ok || !(f >= 0 && f <= 1) || (i > 0 && f < m[i-1]) {
						return errAt("maps."+mk, "want %d increasing numbers in [0, 1]", MapKnots)
					}
					m[i] = f
				}
				if c.Maps == nil {
					c.Maps = map[string][]float64{}
				}
				c.Maps[mk] = m
			}
		case "raise_scale":
			tab, ok := v.(map[string]any)
			if !ok {
				return errAt(k, "want a table of numbers")
			}
			for _, mk := range slices.Sorted(maps.Keys(tab)) {
				if _, err := ParseSituationKey(mk); err != nil {
					return errAt("raise_scale."+mk, "%v", err)
				}
				x, ok := number(tab[mk])
				if !ok || !(x >= 1 && x <= 100) {
					return errAt("raise_scale."+mk, "want a factor from 1 to 100")
				}
				if c.RaiseScale == nil {
					c.RaiseScale = map[string]float64{}
				}
				c.RaiseScale[mk] = x
			}
		default:
			return errAt(k, "unknown calibration setting; want open_rate, cold_call, maps, raise_scale")
		}
	}
	return nil
}

func (c *Calibration) writeTOML(b *strings.Builder) {
	if !c.Calibrated() {
		return
	}
	b.WriteString("\n[calibration]\n")
	if !math.IsNaN(c.OpenRate) {
		fmt.Fprintf(b, "open_rate = %.3f\n", c.OpenRate*100)
	}
	if !math.IsNaN(c.ColdCall) {
		fmt.Fprintf(b, "cold_call = %.3f\n", c.ColdCall*100)
	}
	if len(c.RaiseScale) > 0 {
		b.WriteString("\n[calibration.raise_scale]\n")
		for _, k := range slices.Sorted(maps.Keys(c.RaiseScale)) {
			fmt.Fprintf(b, "%q = %.4f\n", k, c.RaiseScale[k])
		}
	}
	if len(c.Maps) == 0 {
		return
	}
	b.WriteString("\n[calibration.maps]\n")
	for _, k := range slices.Sorted(maps.Keys(c.Maps)) {
		fmt.Fprintf(b, "%q = [", k)
		for i, x := range c.Maps[k] {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "%.4f", x)
		}
		b.WriteString("]\n")
	}
}

// clone returns a deep copy.
func (c Calibration) clone() Calibration {
	out := c
	if c.RaiseScale != nil {
		out.RaiseScale = make(map[string]float64, len(c.RaiseScale))
		for k, v := range c.RaiseScale {
			out.RaiseScale[k] = v
		}
	}
	if c.Maps != nil {
		out.Maps = make(map[string][]float64, len(c.Maps))
		for k, v := range c.Maps {
			out.Maps[k] = append([]float64(nil), v...)
		}
	}
	return out
}

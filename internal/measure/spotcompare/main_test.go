package main

import "testing"

func TestStatGivesTheMinimumAndTheMedian(t *testing.T) {
	cpu := func(r run) float64 { return r.cpu }
	for _, c := range []struct {
		name     string
		cpus     []float64
		min, med float64
	}{
		{"one run", []float64{1.5}, 1.5, 1.5},
		{"odd count", []float64{3, 1, 2}, 1, 2},
		{"even count: the mean of the middle two", []float64{4, 1, 3, 2}, 1, 2.5},
	} {
		rs := make([]run, len(c.cpus))
		for i, x := range c.cpus {
			rs[i].cpu = x
		}
		if lo, med := stat(rs, cpu); lo != c.min || med != c.med {
			t.Errorf("%s: stat = %g, %g, want %g, %g", c.name, lo, med, c.min, c.med)
		}
	}
}

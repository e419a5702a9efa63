package spotqre

import (
	"math"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pokerlab/spot"
)

// TestZeroParamsSolveAsTheDefaults: a solver with the zero Params and one
// with DefaultParams give the same results to the bit — strategy,
// residual, logit regret, evaluation and the work counted — along the
// ladder (Solve) and along the plain continuation (Auto), on a river and a
// turn spot.
func TestZeroParamsSolveAsTheDefaults(t *testing.T) {
	for _, c := range []struct {
		name, src string
		lambdas   []float64
	}{{"river", riverTiny, []float64{2, 8, 40}}, {"turn", turnTiny, []float64{8, 12}}} {
		t.Run(c.name, func(t *testing.T) {
			g := mustGame(t, c.src, spot.Options{})
			solve := func(par Params) []*Result {
				s, err := NewSolver(g, Options{Params: par})
				if err != nil {
					t.Fatal(err)
				}
				rs, err := s.Solve(c.lambdas)
				if err != nil {
					t.Fatal(err)
				}
				a, err := s.Auto(0.03)
				if err != nil {
					t.Fatal(err)
				}
				return append(rs, a.Result)
			}
			zero, def := solve(Params{}), solve(DefaultParams())
			for i, z := range zero {
				d := def[i]
				z.Stats.Seconds, d.Stats.Seconds = 0, 0
				if z.Lambda != d.Lambda || !slices.Equal(z.Sigma, d.Sigma) || z.Residual != d.Residual ||
					z.LogitRegret != d.LogitRegret || z.Evaluation != d.Evaluation || z.Stats != d.Stats {
					t.Errorf("λ = %v (default λ = %v): the zero Params give residual %v, stats %+v; the defaults %v, %+v",
						z.Lambda, d.Lambda, z.Residual, z.Stats, d.Residual, d.Stats)
				}
			}
		})
	}
}

// TestZeroParamFieldsTakeTheirDefaults: every zero number of a Params is
// replaced by DefaultParams' value, and a number set is kept.
func TestZeroParamFieldsTakeTheirDefaults(t *testing.T) {
	got, err := Params{}.resolve()
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got, DefaultParams()) {
		t.Errorf("the zero Params resolve to %+v, want %+v", got, DefaultParams())
	}
	set := Params{AndersonDepth: 7, ForcingShare: 0.05, BackStep: -1}
	got, err = set.resolve()
	if err != nil {
		t.Fatal(err)
	}
	if got.AndersonDepth != 7 || got.ForcingShare != 0.05 || got.BackStep != -1 || got.Restart != DefaultParams().Restart {
		t.Errorf("%+v resolve to %+v", set, got)
	}
}

// TestParamOutOfRangeIsRefused: a negative, NaN or infinite number in
// Params is an error of NewSolver naming the field (a negative BackStep
// is allowed: no back point).
func TestParamOutOfRangeIsRefused(t *testing.T) {
	g := tinyRiver(t)
	for _, c := range []struct {
		field string
		par   Params
	}{
		{"PathTolerance", Params{PathTolerance: -1e-5}},
		{"PathMax", Params{PathMax: math.NaN()}},
		{"HandOver", Params{HandOver: math.Inf(1)}},
		{"AndersonDepth", Params{AndersonDepth: -1}},
		{"RungEvaluations", Params{RungEvaluations: -300}},
		{"ForcingShare", Params{ForcingShare: -0.3}},
		{"Restart", Params{Restart: -1}},
		{"BackStep", Params{BackStep: math.NaN()}},
	} {
		_, err := NewSolver(g, Options{Params: c.par})
		if err == nil || !strings.Contains(err.Error(), c.field) {
			t.Errorf("%s: got %v, want an error naming the field", c.field, err)
		}
	}
	if _, err := NewSolver(g, Options{Params: Params{BackStep: -1}}); err != nil {
		t.Errorf("BackStep −1: %v", err)
	}
}

// TestStudyPassesItsParamsToTheSolver: the Params of StudyOptions are the
// QRE solver's (here a refused one: Run's error names it).
func TestStudyPassesItsParamsToTheSolver(t *testing.T) {
	_, err := Run(tinyRiver(t), StudyOptions{Params: Params{AndersonDepth: -1}})
	if err == nil || !strings.Contains(err.Error(), "AndersonDepth") {
		t.Fatalf("got %v, want the solver's error naming AndersonDepth", err)
	}
}

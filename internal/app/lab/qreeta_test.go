package lab

import (
	"context"
	"math"
	"testing"

	"pokerlab/spot/spotqre"
)

// TestQREETAExtrapolatesThePath: on a path whose exploitability is exactly
// c·pot/λ and whose time grows by k seconds per unit of log λ, the λ*
// search aims at c·pot/target and its ETA is k·log(λ*/λ) from the second
// point on; unknown at the first point and once the path is below the
// target (the refinement).
func TestQREETAExtrapolatesThePath(t *testing.T) {
	const pot, c, k, target = 200.0, 0.05, 3.0, 0.2 // λ* = c·pot/target = 50
	q := &qreETA{pot: pot, target: target}
	for i, lam := range []float64{2, 3, 4.5, 6.75, 10, 15, 22.5, 33.75, 50.625, 60} {
		e := c * pot / lam
		eta, aim := q.add(spotqre.PathPoint{Lambda: lam, Exploitability: e, Percent: 100 * e / pot, Seconds: k * math.Log(lam)})
		switch {
		case i == 0:
			if eta != -1 {
				t.Errorf("λ %v: one point, ETA %v, want -1", lam, eta)
			}
		case e <= target:
			if eta != -1 || aim != 0 {
				t.Errorf("λ %v: below the target, ETA %v aim %v, want unknown", lam, eta, aim)
			}
		default:
			if want := k * math.Log(50/lam); math.Abs(eta-want) > 1e-9 || math.Abs(aim-50) > 1e-9 {
				t.Errorf("λ %v: ETA %v aim %v, want %v and 50", lam, eta, aim, want)
			}
		}
	}
}

// TestQREETAOfAListUsesTheLargestLambda: a list's ETA aims at its largest
// λ at the pace measured between the values solved; 0 once it is reached;
// unknown before two values are solved.
func TestQREETAOfAListUsesTheLargestLambda(t *testing.T) {
	q := &qreETA{pot: 100, lambdas: []float64{10, 30, 100}}
	cases := []struct {
		lambda, seconds, eta float64
	}{
		{10, 2, -1},
		{30, 2 + 4*math.Log(3), 4 * math.Log(100.0/30)},
		{100, 9, 0},
	}
	for _, c := range cases {
		eta, aim := q.add(spotqre.PathPoint{Lambda: c.lambda, Exploitability: math.NaN(), Percent: math.NaN(), Seconds: c.seconds})
		if math.Abs(eta-c.eta) > 1e-12 || aim != 100 {
			t.Errorf("λ %v: ETA %v aim %v, want %v and 100", c.lambda, eta, aim, c.eta)
		}
	}
}

// TestQREETAUnknownWhenTheFitLooksBack: a fit whose λ* lies behind the
// path (the exploitability not yet falling like c/λ) gives no ETA, and
// neither does a path without measured exploitabilities.
func TestQREETAUnknownWhenTheFitLooksBack(t *testing.T) {
	q := &qreETA{pot: 100, target: 1}
	// An exploitability that does not fall: the fit's λ* = c·pot/target
	// (c the mean of λ·e/pot) lands behind the λ reached.
	for i, lam := range []float64{5, 6, 7} {
		eta, _ := q.add(spotqre.PathPoint{Lambda: lam, Exploitability: 1.01 + 0.001*float64(i), Seconds: float64(i)})
		if eta != -1 {
			t.Errorf("λ %v: ETA %v, want -1", lam, eta)
		}
	}
	q = &qreETA{pot: 100, target: 1}
	for i, lam := range []float64{5, 6, 7} {
		if eta, _ := q.add(spotqre.PathPoint{Lambda: lam, Exploitability: math.NaN(), Seconds: float64(i)}); eta != -1 {
			t.Errorf("unmeasured λ %v: ETA %v, want -1", lam, eta)
		}
	}
}

// TestQREProgressShowsLambdaAndExploitability: a QRE solve of the narrow
// turn spot (λ* at 1 % of the pot, then the list 2, 5, 20) reports every
// λ reached; each λ of the list with the exploitability the kept result
// has, aiming at the list's largest λ; the λ* search with measured
// exploitabilities and, before the crossing, an aim within a factor 2 of
// the λ* found. Every ETA is -1 or a finite number of seconds.
func TestQREProgressShowsLambdaAndExploitability(t *testing.T) {
	l := New(Config{Workers: 1})
	defer l.Close()
	info, err := l.Add(readSpot(t), "narrow.toml", "me")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := l.Solve(info.ID, SolveRequest{QRE: &QRERequest{Auto: true, AutoPct: 1, Lambdas: []float64{20, 2, 5}}}, "me", false); err != nil {
		t.Fatal(err)
	}
	if ev := wait(t, l, info.ID); ev.Type != "done" {
		t.Fatalf("last event %+v", ev)
	}
	got, _ := l.Get(info.ID)
	evs, _, _ := l.Events(context.Background(), info.ID, 0)
	exp := map[float64]float64{}
	for _, q := range got.QRE {
		exp[q.Lambda] = q.Exploitability
	}
	var aims []float64
	listed := map[float64]bool{}
	for _, ev := range evs {
		if ev.Type != "progress" {
			continue
		}
		if ev.Phase != "qre" || !(ev.Lambda > 0) || !(ev.ETA == -1 || ev.ETA >= 0 && !math.IsInf(ev.ETA, 0)) {
			t.Errorf("event %+v", ev)
		}
		if ev.LambdaTarget == 20 && ev.Exploitability != nil {
			if x, ok := exp[ev.Lambda]; !ok || x != *ev.Exploitability {
				t.Errorf("list λ %v: exploitability %v, the result has %v", ev.Lambda, *ev.Exploitability, x)
			}
			listed[ev.Lambda] = true
		} else if ev.LambdaTarget > 0 && ev.LambdaTarget != 20 {
			aims = append(aims, ev.LambdaTarget)
		}
	}
	if len(listed) != 3 {
		t.Errorf("the list's λ reported with their exploitability: %v", listed)
	}
	if len(aims) == 0 {
		t.Fatal("the λ* search never aimed")
	}
	if last := aims[len(aims)-1]; last < got.LambdaStar/2 || last > 2*got.LambdaStar {
		t.Errorf("the λ* search aimed last at %v; λ* is %v", last, got.LambdaStar)
	}
	t.Logf("λ* %v; aims %v", got.LambdaStar, aims)
}

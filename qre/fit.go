package qre

import (
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"sort"

	"pokerlab/efg"
)

// CountsFile is the JSON form of observed action counts (documented in
// docs/cli.md): for each observed information set, how often each action
// was taken. Information sets are matched by player and label, or by player
// and id; unlisted information sets and actions count 0.
type CountsFile struct {
	Game     string          `json:"game,omitempty"`
	InfoSets []CountsInfoSet `json:"infosets"`
}

// CountsInfoSet is one information set's observations.
type CountsInfoSet struct {
	Player  int       `json:"player"` // 1-based
	ID      int       `json:"id,omitempty"`
	Label   string    `json:"label,omitempty"`
	Actions []string  `json:"actions"`
	Counts  []float64 `json:"counts"`
}

// ReadCounts reads a counts file for t and returns the counts per global
// action. Errors name the file, the entry and what does not match the game.
func ReadCounts(r io.Reader, t *efg.Tree, name string) ([]float64, error) {
	var f CountsFile
	locate, err := efg.DecodeJSON(r, name, &f)
	if err != nil {
		return nil, err
	}
	return countsFromFile(t, &f, name, locate)
}

func countsFromFile(t *efg.Tree, f *CountsFile, name string, locate func(path string) string) ([]float64, error) {
	if len(f.InfoSets) == 0 {
		return nil, fmt.Errorf("%s: no information sets given (the file must list observed counts under \"infosets\")", name)
	}
	counts := make([]float64, t.NumActions())
	seen := make([]bool, t.NumInfoSets())
	total := 0.0
	for e, s := range f.InfoSets {
		where := fmt.Sprintf("%s (player %d, id %d, label %q)", locate(fmt.Sprintf("infosets[%d]", e)), s.Player, s.ID, s.Label)
		if s.Player < 1 || s.Player > t.NumPlayers() {
			return nil, fmt.Errorf("%s: player must be 1…%d in game %q", where, t.NumPlayers(), t.Title)
		}
		I, err := findInfoSet(t, s.Player-1, s.ID, s.Label)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", where, err)
		}
		if seen[I] {
			return nil, fmt.Errorf("%s: information set given twice", where)
		}
		seen[I] = true
		if len(s.Actions) != len(s.Counts) {
			return nil, fmt.Errorf("%s: %d actions but %d counts", where, len(s.Actions), len(s.Counts))
		}
		for j, label := range s.Actions {
			a, err := t.ActionIndex(I, label)
			if err != nil {
				return nil, fmt.Errorf("%s: %v", where, err)
			}
			n := s.Counts[j]
			if !(n >= 0) || math.IsInf(n, 0) {
				return nil, fmt.Errorf("%s: count of %q is %v; counts must be finite and ≥ 0", where, label, n)
			}
			if counts[a] != 0 {
				return nil, fmt.Errorf("%s: action %q given twice", where, label)
			}
			counts[a] = n
			total += n
			if math.IsInf(total, 0) {
				return nil, fmt.Errorf("%s: the counts add up to more than %.3g (the largest number) at the count of %q; give counts of a sensible size",
					locate(fmt.Sprintf("infosets[%d].counts[%d]", e, j)), math.MaxFloat64, label)
			}
		}
	}
	if total == 0 {
		return nil, fmt.Errorf("%s: all counts are 0: there is nothing to fit", name)
	}
	return counts, nil
}

// findInfoSet locates player pl's information set by label (preferred,
// when unique) or id.
func findInfoSet(t *efg.Tree, pl, id int, label string) (int, error) {
	byLabel, byID := -1, -1
	nLabel := 0
	for I := 0; I < t.NumInfoSets(); I++ {
		if int(t.InfoSetPlayer[I]) != pl {
			continue
		}
		if label != "" && t.InfoSetLabel[I] == label {
			byLabel = I
			nLabel++
		}
		if id != 0 && int(t.InfoSetID[I]) == id {
			byID = I
		}
	}
	switch {
	case nLabel == 1:
		if id != 0 && int(t.InfoSetID[byLabel]) != id {
			return -1, fmt.Errorf("the game's information set %q has id %d", label, t.InfoSetID[byLabel])
		}
		return byLabel, nil
	case byID >= 0:
		if label != "" && t.InfoSetLabel[byID] != label {
			return -1, fmt.Errorf("the game's information set %d is labelled %q", id, t.InfoSetLabel[byID])
		}
		return byID, nil
	case nLabel > 1:
		return -1, fmt.Errorf("label %q names %d information sets of the player; give the id", label, nLabel)
	}
	return -1, fmt.Errorf("no such information set in game %q", t.Title)
}

// NewCountsFile converts counts per global action into the file form
// (information sets without observations are left out).
func NewCountsFile(t *efg.Tree, game string, counts []float64) *CountsFile {
	f := &CountsFile{Game: game}
	for I := 0; I < t.NumInfoSets(); I++ {
		lo, hi := t.Actions(I)
		sum := 0.0
		for a := lo; a < hi; a++ {
			sum += counts[a]
		}
		if sum == 0 {
			continue
		}
		f.InfoSets = append(f.InfoSets, CountsInfoSet{
			Player: int(t.InfoSetPlayer[I]) + 1, ID: int(t.InfoSetID[I]), Label: t.InfoSetLabel[I],
			Actions: append([]string(nil), t.ActionLabel[lo:hi]...),
			Counts:  append([]float64(nil), counts[lo:hi]...),
		})
	}
	return f
}

// SampleCounts plays hands of t with every player following profile, from
// the root, and counts the actions taken until n actions are observed
// (stopping within a hand if need be). The same rng state gives the same
// counts.
func SampleCounts(t *efg.Tree, profile []float64, n int, rng *rand.Rand) []float64 {
	counts := make([]float64, t.NumActions())
	if t.NumInfoSets() == 0 {
		return counts
	}
	for taken := 0; taken < n; {
		node := 0
		for t.Player[node] != efg.Terminal && taken < n {
			f, k := int(t.FirstChild[node]), int(t.NumChildren[node])
			var probs []float64
			lo := 0
			if t.Player[node] == efg.Chance {
				c := t.InfoSet[node]
				probs = t.ChanceProb[t.ChanceStart[c]:t.ChanceStart[c+1]]
			} else {
				lo = int(t.ActionStart[t.InfoSet[node]])
				probs = profile[lo : lo+k]
			}
			a := sampleIndex(probs, rng.Float64())
			if t.Player[node] != efg.Chance {
				counts[lo+a]++
				taken++
			}
			node = f + a
		}
	}
	return counts
}

func sampleIndex(probs []float64, r float64) int {
	for a, q := range probs {
		r -= q
		if r < 0 {
			return a
		}
	}
	// Rounding left r ≥ 0: the last action with positive probability.
	for a := len(probs) - 1; a > 0; a-- {
		if probs[a] > 0 {
			return a
		}
	}
	return 0
}

// LogLikelihood returns Σ_a counts[a] ln σ(a) for a profile given by its
// logarithm.
func LogLikelihood(counts, logProfile []float64) float64 {
	l := 0.0
	for a, n := range counts {
		if n != 0 {
			l += n * logProfile[a]
		}
	}
	return l
}

// LikelihoodPoint is the log-likelihood of the counts at one QRE of the path.
type LikelihoodPoint struct {
	Lambda, LogLikelihood float64
}

// FitResult is the maximum-likelihood λ of observed counts.
type FitResult struct {
	// Lambda maximises the likelihood of the counts along the principal
	// branch; LogLikelihood is the maximum.
	Lambda, LogLikelihood float64
	// StdErr is 1/√(−ℓ''(λ̂)) from the curvature at the maximum (NaN at a
	// boundary); CI95 is the likelihood-ratio interval {λ: ℓ ≥ ℓ̂ − 1.92}
	// read off the traced points (NaN where the trace does not reach it).
	StdErr float64
	CI95   [2]float64
	// AtBoundary reports that the likelihood still increased at the end of
	// the trace (the data are at least as rational as the last λ traced).
	AtBoundary bool
	// Observations is the total count; LogLikelihoodUniform is ℓ at λ = 0.
	Observations, LogLikelihoodUniform float64
	// QRE is the profile at λ̂.
	QRE *Point
	// Profile is ℓ along the traced path and at the points landed on
	// around the maximum, in increasing λ.
	Profile []LikelihoodPoint
}

// FitOptions configures Fit. MaxLambda (0: 10^4) and MaxRegret (0: 1e-6)
// bound the trace over which the likelihood is maximised.
type FitOptions struct {
	MaxLambda, MaxRegret float64
	Trace                Options // Step, MaxSteps, OnPoint
}

// Fit returns the maximum-likelihood λ for counts (per global action) along
// the principal branch of t's agent logit QRE: ℓ(λ) = Σ_a n(a) ln σ_λ(a),
// maximised over the traced path, then refined twice by landing on 24
// values of λ around the best point and a parabola through the best three.
func Fit(t *efg.Tree, counts []float64, opt FitOptions) (*FitResult, error) {
	if len(counts) != t.NumActions() {
		return nil, fmt.Errorf("qre: %d counts for %d actions", len(counts), t.NumActions())
	}
	total := 0.0
	for a, n := range counts {
		if !(n >= 0) || math.IsInf(n, 0) {
			return nil, fmt.Errorf("qre: count of action %q is %v", t.ActionLabel[a], n)
		}
		total += n
	}
	if total == 0 {
		return nil, errors.New("qre: all counts are 0: there is nothing to fit")
	}
	if opt.MaxLambda == 0 {
		opt.MaxLambda = 1e4
	}
	if opt.MaxRegret == 0 {
		opt.MaxRegret = 1e-6
	}
	to := opt.Trace
	to.Lambdas, to.KeepPath = nil, true
	to.MaxLambda, to.MaxRegret = opt.MaxLambda, opt.MaxRegret
	path, err := Trace(t, to)
	if err != nil {
		return nil, err
	}
	res := &FitResult{Observations: total, StdErr: math.NaN(), CI95: [2]float64{math.NaN(), math.NaN()}}
	best := 0
	for k, pt := range path.Points {
		l := LogLikelihood(counts, pt.LogProfile)
		res.Profile = append(res.Profile, LikelihoodPoint{pt.Lambda, l})
		if l > res.Profile[best].LogLikelihood {
			best = k
		}
	}
	res.LogLikelihoodUniform = res.Profile[0].LogLikelihood
	last := len(path.Points) - 1
	if best == last {
		res.AtBoundary = true
		p := path.Points[best]
		res.Lambda, res.LogLikelihood, res.QRE = p.Lambda, res.Profile[best].LogLikelihood, &p
		res.CI95 = likelihoodInterval(res.Profile, res.LogLikelihood)
		return res, nil
	}
	lo := path.Points[max(best-1, 0)].Lambda
	hi := path.Points[best+1].Lambda
	if lo > hi {
		lo, hi = hi, lo
	}
	var bestPt *Point
	var xs, ys [3]float64
	for round := 0; round < 2; round++ {
		const k = 24
		ls := make([]float64, k)
		for i := range ls {
			ls[i] = lo + (hi-lo)*float64(i+1)/float64(k+1)
		}
		p, err := Trace(t, Options{Lambdas: ls, MaxSteps: to.MaxSteps, Step: to.Step})
		if err != nil {
			return nil, err
		}
		var pts []Point
		for _, pt := range p.Points {
			if pt.Requested {
				pts = append(pts, pt)
			}
		}
		sort.SliceStable(pts, func(i, j int) bool { return pts[i].Lambda < pts[j].Lambda })
		if len(pts) < 3 {
			return nil, fmt.Errorf("qre: refining the maximum of the likelihood: only %d points landed", len(pts))
		}
		b := 1
		for i := 1; i < len(pts)-1; i++ {
			if LogLikelihood(counts, pts[i].LogProfile) > LogLikelihood(counts, pts[b].LogProfile) {
				b = i
			}
		}
		for j := 0; j < 3; j++ {
			xs[j] = pts[b-1+j].Lambda
			ys[j] = LogLikelihood(counts, pts[b-1+j].LogProfile)
		}
		lo, hi = xs[0], xs[2]
		bp := pts[b]
		bestPt = &bp
	}
	// Parabola through the three best points.
	x0, x1, x2 := xs[0], xs[1], xs[2]
	d1 := (ys[1] - ys[0]) / (x1 - x0)
	d2 := (ys[2] - ys[1]) / (x2 - x1)
	curv := 2 * (d2 - d1) / (x2 - x0) // ℓ''
	res.Lambda = x1
	res.LogLikelihood = ys[1]
	if curv < 0 {
		// Vertex of the parabola (stays within the bracket).
		slope := d1 + curv/2*(x1-x0) // ℓ'(x1)
		v := x1 - slope/curv
		if v > x0 && v < x2 {
			res.Lambda = v
			res.LogLikelihood = ys[1] - slope*slope/(2*curv)
		}
		res.StdErr = 1 / math.Sqrt(-curv)
	}
	res.QRE = bestPt
	if math.Abs(res.Lambda-bestPt.Lambda) > 0 {
		if p, err := Trace(t, Options{Lambdas: []float64{res.Lambda}, MaxSteps: to.MaxSteps, Step: to.Step}); err == nil {
			for i := range p.Points {
				if p.Points[i].Requested {
					res.QRE = &p.Points[i]
					res.LogLikelihood = LogLikelihood(counts, p.Points[i].LogProfile)
					break
				}
			}
		}
	}
	// Land around the maximum to read the likelihood-ratio interval, and
	// keep every landed point in the profile.
	if res.StdErr > 0 {
		var ls []float64
		for _, k := range []float64{-4, -3, -2.5, -2, -1.5, -1, 1, 1.5, 2, 2.5, 3, 4} {
			if l := res.Lambda + k*res.StdErr; l > 0 {
				ls = append(ls, l)
			}
		}
		if p, err := Trace(t, Options{Lambdas: ls, MaxSteps: to.MaxSteps, Step: to.Step}); err == nil {
			for _, pt := range p.Points {
				if pt.Requested {
					res.Profile = append(res.Profile, LikelihoodPoint{pt.Lambda, LogLikelihood(counts, pt.LogProfile)})
				}
			}
		}
	}
	res.Profile = append(res.Profile, LikelihoodPoint{res.Lambda, res.LogLikelihood})
	sort.SliceStable(res.Profile, func(i, j int) bool { return res.Profile[i].Lambda < res.Profile[j].Lambda })
	res.CI95 = likelihoodInterval(res.Profile, res.LogLikelihood)
	return res, nil
}

// likelihoodInterval returns the λ where ℓ falls to max − 1.92 (χ²₁ 95 %)
// on either side of the maximum, interpolating linearly between path points.
func likelihoodInterval(prof []LikelihoodPoint, lmax float64) [2]float64 {
	cut := lmax - 1.920729410347062 // χ²₁(0.95)/2
	out := [2]float64{math.NaN(), math.NaN()}
	best := 0
	for k := range prof {
		if prof[k].LogLikelihood > prof[best].LogLikelihood {
			best = k
		}
	}
	for k := best; k > 0; k-- {
		if prof[k-1].LogLikelihood < cut && prof[k].LogLikelihood >= cut {
			out[0] = interp(prof[k-1], prof[k], cut)
			break
		}
	}
	for k := best; k+1 < len(prof); k++ {
		if prof[k+1].LogLikelihood < cut && prof[k].LogLikelihood >= cut {
			out[1] = interp(prof[k], prof[k+1], cut)
			break
		}
	}
	return out
}

func interp(a, b LikelihoodPoint, y float64) float64 {
	return a.Lambda + (b.Lambda-a.Lambda)*(y-a.LogLikelihood)/(b.LogLikelihood-a.LogLikelihood)
}

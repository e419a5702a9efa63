package equity

import (
	"math"
	"math/bits"
	"math/rand/v2"
	"sync"
	"sync/atomic"

	"pokerlab/cards"
	"pokerlab/handeval"
)

// chunkSize is the number of deals in one Monte Carlo chunk. Chunk i draws
// from its own PCG stream seeded (Seed, i), and chunks are summed in index
// order, so the numbers depend on the seed and the sample count, not on the
// number of threads or their timing.
const chunkSize = 8192

// mcAcc sums Monte Carlo deals in integers (pot shares in units of
// 1/shareUnit), so sums are exact and independent of order.
type mcAcc struct {
	n      uint64
	share  [MaxPlayers]uint64
	share2 [MaxPlayers]uint64 // Σ share², for the variance
	win    [MaxPlayers]uint64
	tie    [MaxPlayers]uint64
}

func (a *mcAcc) add(b *mcAcc) {
	a.n += b.n
	for i := range a.share {
		a.share[i] += b.share[i]
		a.share2[i] += b.share2[i]
		a.win[i] += b.win[i]
		a.tie[i] += b.tie[i]
	}
}

// stdErr returns the standard error of player i's mean share.
func (a *mcAcc) stdErr(i int) float64 {
	if a.n < 2 {
		return math.Inf(1)
	}
	n := float64(a.n)
	mean := float64(a.share[i]) / n / shareUnit
	meanSq := float64(a.share2[i]) / n / (shareUnit * shareUnit)
	v := max(meanSq-mean*mean, 0) * n / (n - 1)
	return math.Sqrt(v / n)
}

func (a *mcAcc) maxStdErr(players int) float64 {
	m := 0.0
	for i := range players {
		m = max(m, a.stdErr(i))
	}
	return m
}

// book records one showdown: vals are the players' hand values.
func (a *mcAcc) book(vals []handeval.Value) {
	best, nbest := bestOf(vals)
	a.n++
	unit := shareUnit / uint64(nbest)
	for i, x := range vals {
		if x != best {
			continue
		}
		a.share[i] += unit
		a.share2[i] += unit * unit
		if nbest == 1 {
			a.win[i]++
		} else {
			a.tie[i]++
		}
	}
}

// book2 is book for two players.
func (a *mcAcc) book2(x, y handeval.Value) {
	a.n++
	switch {
	case x > y:
		a.share[0] += shareUnit
		a.share2[0] += shareUnit * shareUnit
		a.win[0]++
	case y > x:
		a.share[1] += shareUnit
		a.share2[1] += shareUnit * shareUnit
		a.win[1]++
	default:
		const half = shareUnit / 2
		a.share[0] += half
		a.share[1] += half
		a.share2[0] += half * half
		a.share2[1] += half * half
		a.tie[0]++
		a.tie[1]++
	}
}

// aliasTable draws an index with probability proportional to its weight in
// O(1) (Walker 1977, Vose 1991): pick a column uniformly, keep it if the
// fractional part of the draw is below its threshold, else take its alias.
type aliasTable struct {
	thresh []uint64
	alias  []int32
}

func newAliasTable(w []float64) aliasTable {
	n := len(w)
	t := aliasTable{thresh: make([]uint64, n), alias: make([]int32, n)}
	sum := 0.0
	for _, x := range w {
		sum += x
	}
	scaled := make([]float64, n)
	var small, large []int
	for i, x := range w {
		scaled[i] = x * float64(n) / sum
		t.alias[i] = int32(i)
		if scaled[i] < 1 {
			small = append(small, i)
		} else {
			large = append(large, i)
		}
	}
	for len(small) > 0 && len(large) > 0 {
		s, l := small[len(small)-1], large[len(large)-1]
		small = small[:len(small)-1]
		t.thresh[s] = probToThresh(scaled[s])
		t.alias[s] = int32(l)
		scaled[l] -= 1 - scaled[s]
		if scaled[l] < 1 {
			large = large[:len(large)-1]
			small = append(small, l)
		}
	}
	for _, i := range append(small, large...) {
		t.thresh[i] = math.MaxUint64 // probability 1 (rounding leftovers)
	}
	return t
}

func probToThresh(p float64) uint64 {
	if p >= 1 {
		return math.MaxUint64
	}
	return uint64(p * (1 << 63) * 2)
}

// draw maps one 64-bit random number to an index: the high half of x·n is
// the column (uniform up to a bias below n/2⁶⁴), the low half the fraction.
func (t *aliasTable) draw(x uint64) int {
	hi, lo := bits.Mul64(x, uint64(len(t.thresh)))
	if lo < t.thresh[hi] || t.thresh[hi] == math.MaxUint64 {
		return int(hi)
	}
	return int(t.alias[hi])
}

// sampler draws deals of a problem; one per goroutine.
type sampler struct {
	p       *problem
	ranged  []int // players drawn from their weighted range
	uniform []int // players whose range is every combination left: dealt two cards
	alias   []aliasTable
	known   cards.Set // board, dead and the cards of players with one combination
	board   handeval.Hand
	hands   [MaxPlayers]handeval.Hand
	vals    [MaxPlayers]handeval.Value
	// numDrawn cards come per deal: two per uniform player and the board.
	numDrawn   int
	numPlayers int
	cardSource
}

// cardSource draws uniform cards from a PCG stream.
type cardSource struct {
	rng rand.PCG
	// x holds random bits for card draws, good for left more draws.
	x    uint64
	left int
}

func (s *cardSource) seed(a, b uint64) {
	s.rng.Seed(a, b)
	s.left = 0
}

func newSampler(p *problem) *sampler {
	s := &sampler{p: p, known: p.board | p.dead, board: handeval.NewHand(p.board), numPlayers: len(p.players)}
	// Ranges were cut to the combinations avoiding board and dead cards.
	free := cards.NumCards - s.known.Count()
	for _, pl := range p.players {
		if len(pl.combos) == 1 {
			s.known |= pl.combos[0].set
		}
	}
	s.alias = make([]aliasTable, len(p.players))
	for i, pl := range p.players {
		if len(pl.combos) == 1 {
			s.hands[i] = pl.combos[0].hand // fixed for every deal
			continue
		}
		w := make([]float64, len(pl.combos))
		uniform := len(pl.combos) == free*(free-1)/2
		for j, c := range pl.combos {
			w[j] = c.weight
			if c.weight != pl.combos[0].weight {
				uniform = false
			}
		}
		s.alias[i] = newAliasTable(w)
		if uniform {
			// Every combination of the cards left, equally weighted: dealing
			// two cards from what the ranged players leave is the same
			// distribution (the number of ways to deal them does not depend
			// on which combinations the ranged players hold).
			s.uniform = append(s.uniform, i)
		} else {
			s.ranged = append(s.ranged, i)
		}
	}
	s.numDrawn = 2*len(s.uniform) + p.toCome
	return s
}

// drawsPerWord is how many card numbers one 64-bit random word yields: each
// draw takes the high half of x·52 as the card and keeps the low half as the
// next x. After k draws x is uniform on a grid of about 52^k points, so the
// next draw's bias is below 52^(k+1)/2⁶⁴; after five it is under 10⁻⁹.
const drawsPerWord = 5

// draw fills dst with distinct cards not in used, uniformly (rejecting
// used cards), and returns used with them added.
func (s *cardSource) draw(used cards.Set, dst []cards.Card) cards.Set {
	x, left := s.x, s.left
	for k := 0; k < len(dst); {
		if left == 0 {
			x, left = s.rng.Uint64(), drawsPerWord
		}
		hi, lo := bits.Mul64(x, cards.NumCards)
		x = lo
		left--
		if used>>hi&1 != 0 {
			continue
		}
		used |= 1 << hi
		dst[k] = cards.Card(hi)
		k++
	}
	s.x, s.left = x, left
	return used
}

// one draws and books one deal.
func (s *sampler) one(acc *mcAcc) {
	var used cards.Set
restart:
	used = s.known
	for _, i := range s.ranged {
		c := &s.p.players[i].combos[s.alias[i].draw(s.rng.Uint64())]
		if c.set&used != 0 {
			goto restart // reject the whole deal: keeps P ∝ Π weights
		}
		used |= c.set
		s.hands[i] = c.hand
	}
	// The uniform players' cards and the board come in one draw.
	var drawn [2*MaxPlayers + 5]cards.Card
	s.draw(used, drawn[:s.numDrawn])
	board := s.board
	for _, c := range drawn[2*len(s.uniform) : s.numDrawn] {
		board = board.Add(c)
	}
	for j, i := range s.uniform {
		s.hands[i] = handeval.Hand{}.Add(drawn[2*j]).Add(drawn[2*j+1])
	}
	if s.numPlayers == 2 {
		acc.book2(board.Union(s.hands[0]).Eval(), board.Union(s.hands[1]).Eval())
		return
	}
	for i := range s.numPlayers {
		s.vals[i] = board.Union(s.hands[i]).Eval()
	}
	acc.book(s.vals[:s.numPlayers])
}

func (s *sampler) chunk(seed, index uint64, n int, acc *mcAcc) {
	s.seed(seed, index)
	for range n {
		s.one(acc)
	}
}

// expectedDeals is Progress's total for Monte Carlo: the deals planned, or
// with a standard-error target the deals needed at the current error se
// (the error falls like 1/√n, so n·(se/target)²), between done and the cap.
func expectedDeals(done int64, se, target float64, planned int64) int64 {
	if target <= 0 || se < 0 {
		return planned
	}
	need := float64(done) * (se / target) * (se / target)
	return max(done, min(planned, int64(min(need, float64(planned)))))
}

// monteCarlo samples deals in chunks over threads and stops at the first
// chunk count that meets the stopping rule (checked on chunk-ordered prefix
// sums, so the stop does not depend on timing).
func (p *problem) monteCarlo(opt Options, threads int) (Result, error) {
	n := len(p.players)
	maxSamples := opt.MaxSamples
	if maxSamples == 0 {
		maxSamples = 1e9
	}
	target := opt.StdErr
	total := opt.Samples
	if total == 0 {
		if target == 0 {
			target = DefaultStdErr
		}
		total = maxSamples
	}
	total = min(total, maxSamples)
	numChunks := (total + chunkSize - 1) / chunkSize
	chunkLen := func(i int64) int {
		return int(min(chunkSize, total-i*chunkSize))
	}
	var (
		mu      sync.Mutex
		done    = map[int64]*mcAcc{}
		prefix  mcAcc
		nPrefix int64
		stop    atomic.Bool
		next    atomic.Int64
		wg      sync.WaitGroup
	)
	for range max(threads, 1) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s := newSampler(p)
			for !stop.Load() {
				i := next.Add(1) - 1
				if i >= numChunks {
					return
				}
				acc := new(mcAcc)
				s.chunk(opt.Seed, uint64(i), chunkLen(i), acc)
				mu.Lock()
				done[i] = acc
				for !stop.Load() {
					a, ok := done[nPrefix]
					if !ok {
						break
					}
					delete(done, nPrefix)
					prefix.add(a)
					nPrefix++
					se := -1.0
					if target > 0 && nPrefix >= 2 {
						se = prefix.maxStdErr(n)
					}
					if nPrefix == numChunks || (se >= 0 && se <= target) {
						stop.Store(true)
					}
					if opt.Progress != nil {
						opt.Progress(int64(prefix.n), expectedDeals(int64(prefix.n), se, target, total))
					}
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	res := Result{Method: MonteCarlo, Samples: int64(prefix.n), Players: make([]PlayerResult, n)}
	t := float64(prefix.n)
	for i := range n {
		se := prefix.stdErr(i)
		res.Players[i] = PlayerResult{
			Equity: float64(prefix.share[i]) / (shareUnit * t),
			Win:    float64(prefix.win[i]) / t,
			Tie:    float64(prefix.tie[i]) / t,
			StdErr: se,
		}
		res.StdErr = max(res.StdErr, se)
	}
	return res, nil
}

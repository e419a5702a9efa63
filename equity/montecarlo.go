package equity

import (
	"math"
	"math/bits"
	"slices"
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

// book2 is book for two players, without branches: the outcome depends
// on two table lookups, and a mispredicted branch on them costs more than
// the few multiplications.
func (a *mcAcc) book2(x, y handeval.Value) {
	const half = shareUnit / 2
	w0, w1, t := b2u(x > y), b2u(y > x), b2u(x == y)
	a.n++
	a.share[0] += w0*shareUnit + t*half
	a.share[1] += w1*shareUnit + t*half
	a.share2[0] += w0*(shareUnit*shareUnit) + t*(half*half)
	a.share2[1] += w1*(shareUnit*shareUnit) + t*(half*half)
	a.win[0] += w0
	a.win[1] += w1
	a.tie[0] += t
	a.tie[1] += t
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
	ranged  []rangedDraw // players drawn from their weighted range, in seat order
	uniform []int        // players whose range is every combination left: dealt two cards
	known   cards.Set    // board, dead and the cards of players with one combination
	board   handeval.Hand
	hands   [MaxPlayers]handeval.Hand
	hu      [2]handeval.Hand // deal2's hands
	pairs   *pairDraw        // two ranged players drawn together, or nil
	vals    [MaxPlayers]handeval.Value
	// numDrawn cards come per deal: two per uniform player and the board.
	numDrawn   int
	numPlayers int
	cardSource
}

// rangedDraw is what drawing one ranged player's combination needs, laid
// out flat: the alias table and the combinations' cards.
type rangedDraw struct {
	seat  int
	alias aliasTable
	combo []drawnCombo // indexed like the player's combinations
}

type drawnCombo struct {
	set  cards.Set
	hand handeval.Hand
}

// draw returns the combination the random word x picks.
func (r *rangedDraw) draw(x uint64) *drawnCombo {
	return &r.combo[r.alias.draw(x)]
}

// cardSource draws uniform cards from a PCG stream.
type cardSource struct {
	rng pcg
	// x holds random bits for card draws, good for left more draws.
	x    uint64
	left int
}

func (s *cardSource) seed(a, b uint64) {
	s.rng.seed(a, b)
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
		if uniform {
			// Every combination of the cards left, equally weighted: dealing
			// two cards from what the ranged players leave is the same
			// distribution (the number of ways to deal them does not depend
			// on which combinations the ranged players hold).
			s.uniform = append(s.uniform, i)
		} else {
			r := rangedDraw{seat: i, alias: newAliasTable(w)}
			for _, c := range pl.combos {
				r.combo = append(r.combo, drawnCombo{c.set, c.hand})
			}
			s.ranged = append(s.ranged, r)
		}
	}
	s.numDrawn = 2*len(s.uniform) + p.toCome
	if len(p.players) == 2 && len(s.ranged) == 2 {
		s.pairs = newPairDraw(s.ranged[0].combo, s.ranged[1].combo, p.players[0].combos, p.players[1].combos)
	}
	return s
}

// maxPairs caps the pairs of a pairDraw (its tables take 28 bytes a pair).
const maxPairs = 1 << 16

// pairDraw draws the combinations of two players with weighted ranges
// together, from one alias table over the pairs that share no card, with
// weight the product of the two weights: the distribution of drawing them
// one after the other and redrawing both on a clash, with one random word
// per deal and no redraws (OMPEval joins ranges the same way).
type pairDraw struct {
	alias aliasTable
	pair  []drawnPair
	// uniform: every pair weighs the same, so a pair is a uniform index,
	// drawn like a card from the card words (see chunkPairs), where it
	// counts as units draws: the smallest units with 52^units ≥ the number
	// of pairs.
	uniform bool
	units   int
}

type drawnPair struct {
	set  cards.Set // both combinations' cards
	i, j uint32    // the combinations of the first and the second player
}

// newPairDraw returns the pair table of two players' combinations, or nil
// if they have more than maxPairs pairs.
func newPairDraw(c0, c1 []drawnCombo, w0, w1 []combo) *pairDraw {
	if len(c0)*len(c1) > maxPairs {
		return nil
	}
	d := new(pairDraw)
	var w []float64
	for i, a := range c0 {
		for j, b := range c1 {
			if a.set&b.set != 0 {
				continue
			}
			d.pair = append(d.pair, drawnPair{a.set | b.set, uint32(i), uint32(j)})
			w = append(w, w0[i].weight*w1[j].weight)
		}
	}
	d.alias = newAliasTable(w)
	d.uniform = !slices.ContainsFunc(w, func(x float64) bool { return x != w[0] })
	for n := 1; n < len(d.pair); n *= cards.NumCards {
		d.units++
	}
	d.units = max(d.units, 1)
	return d
}

// drawsPerWord is how many card numbers one 64-bit random word yields: each
// draw takes the high half of x·52 as the card and keeps the low half as the
// next x. After k draws x is uniform on a grid of about 52^k points, so the
// next draw's bias is below 52^(k+1)/2⁶⁴; after five it is under 10⁻⁹.
const drawsPerWord = 5

// draw fills dst with distinct cards not in used, uniformly (rejecting
// used cards), and returns used with them added.
//
// The loops are nested so that the inner one, over the draws left in the
// current random word, stays small; the stream is that of one loop that
// refills the word whenever it runs out and a card is still wanted.
func (s *cardSource) draw(used cards.Set, dst []cards.Card) cards.Set {
	x, left := s.x, s.left
	k := 0
	for {
		for ; left > 0 && k < len(dst); left-- {
			hi, lo := bits.Mul64(x, cards.NumCards)
			x = lo
			if bit := cards.Set(1) << (hi & 63); used&bit == 0 {
				used |= bit
				dst[k] = cards.Card(hi)
				k++
			}
		}
		if k == len(dst) {
			break
		}
		x, left = s.rng.Uint64(), drawsPerWord
	}
	s.x, s.left = x, left
	return used
}

// drawHand is draw adding the n cards to h instead of listing them: the
// same stream of cards.
func (s *cardSource) drawHand(used cards.Set, n int, h handeval.Hand) (cards.Set, handeval.Hand) {
	x, left := s.x, s.left
	k := 0
	for {
		for ; left > 0 && k < n; left-- {
			hi, lo := bits.Mul64(x, cards.NumCards)
			x = lo
			if bit := cards.Set(1) << (hi & 63); used&bit == 0 {
				used |= bit
				h = h.Add(cards.Card(hi))
				k++
			}
		}
		if k == n {
			break
		}
		x, left = s.rng.Uint64(), drawsPerWord
	}
	s.x, s.left = x, left
	return used, h
}

// deal2 draws one deal of two players, none of them dealt uniformly, and
// returns their values: one's draws, in a function of its own that calls
// nothing, so that the compiler keeps its variables in registers.
func (s *sampler) deal2() (handeval.Value, handeval.Value) {
	var used cards.Set
	hi, lo, r := s.rng.hi, s.rng.lo, uint64(0)
	// The ranged players' draws, unrolled for one and two of them (the
	// same draws and checks as the loop in one); players drawn together
	// (pairDraw) go through chunkPairs instead.
	switch rs := s.ranged; {
	case len(rs) == 0:
		used = s.known
	case len(rs) == 1:
		rd := &rs[0]
		hi, lo, r = pcgStep(hi, lo)
		c := rd.draw(r)
		for c.set&s.known != 0 {
			hi, lo, r = pcgStep(hi, lo)
			c = rd.draw(r)
		}
		used = s.known | c.set
		s.hu[rd.seat&1] = c.hand
	default:
		r0, r1 := &rs[0], &rs[1]
		for {
			hi, lo, r = pcgStep(hi, lo)
			c0 := r0.draw(r)
			if c0.set&s.known != 0 {
				continue // reject the whole deal: keeps P ∝ Π weights
			}
			hi, lo, r = pcgStep(hi, lo)
			c1 := r1.draw(r)
			if c1.set&(s.known|c0.set) != 0 {
				continue
			}
			used = s.known | c0.set | c1.set
			s.hu[0], s.hu[1] = c0.hand, c1.hand
			break
		}
	}
	board := s.board
	x, left := s.x, s.left
	for k := s.p.toCome; ; {
		for ; left > 0 && k > 0; left-- {
			h, l := bits.Mul64(x, cards.NumCards)
			x = l
			if bit := cards.Set(1) << (h & 63); used&bit == 0 {
				used |= bit
				board = board.Add(cards.Card(h))
				k--
			}
		}
		if k == 0 {
			break
		}
		hi, lo, x = pcgStep(hi, lo)
		left = drawsPerWord
	}
	s.rng.hi, s.rng.lo = hi, lo
	s.x, s.left = x, left
	return board.Union(s.hu[0]).Eval(), board.Union(s.hu[1]).Eval()
}

// chunkPairs is n deals of deal2 for players drawn together (pairDraw),
// in one loop that keeps the generator's state in registers, returning the
// packed outcome counts of chunk2.
func (s *sampler) chunkPairs(n int) (counts uint64) {
	pd := s.pairs
	c0, c1 := s.ranged[0].combo, s.ranged[1].combo
	hi, lo, x, left := s.rng.hi, s.rng.lo, s.x, s.left
	nPairs := uint64(len(pd.pair))
	for ; n > 0; n-- {
		var e *drawnPair
		if pd.uniform {
			// A uniform pair is drawn like a card, from the card words:
			// the high half of x·nPairs. It counts as units draws (as
			// much of x as units cards use), so every draw keeps
			// drawsPerWord's bias bound.
			if left < pd.units {
				hi, lo, x = pcgStep(hi, lo)
				left = drawsPerWord
			}
			h, l := bits.Mul64(x, nPairs)
			x = l
			left -= pd.units
			e = &pd.pair[h]
		} else {
			var r uint64
			hi, lo, r = pcgStep(hi, lo)
			e = &pd.pair[pd.alias.draw(r)]
		}
		used := s.known | e.set
		board := s.board
		// deal2's board loop, written out again: a call would send the
		// generator's state through memory.
		for k := s.p.toCome; ; {
			for ; left > 0 && k > 0; left-- {
				h, l := bits.Mul64(x, cards.NumCards)
				x = l
				if bit := cards.Set(1) << (h & 63); used&bit == 0 {
					used |= bit
					board = board.Add(cards.Card(h))
					k--
				}
			}
			if k == 0 {
				break
			}
			hi, lo, x = pcgStep(hi, lo)
			left = drawsPerWord
		}
		a, b := board.Union(c0[e.i].hand).Eval(), board.Union(c1[e.j].hand).Eval()
		counts += b2u(a > b) | b2u(b > a)<<21 | b2u(a == b)<<42
	}
	s.rng.hi, s.rng.lo, s.x, s.left = hi, lo, x, left
	return counts
}

// one draws and books one deal.
func (s *sampler) one(acc *mcAcc) {
	var used cards.Set
restart:
	used = s.known
	for k := range s.ranged {
		r := &s.ranged[k]
		c := r.draw(s.rng.Uint64())
		if c.set&used != 0 {
			goto restart // reject the whole deal: keeps P ∝ Π weights
		}
		used |= c.set
		s.hands[r.seat] = c.hand
	}
	// The uniform players' cards, then the board, from one stream.
	if len(s.uniform) > 0 {
		var drawn [2 * MaxPlayers]cards.Card
		used = s.draw(used, drawn[:2*len(s.uniform)])
		for j, i := range s.uniform {
			s.hands[i] = handeval.Hand{}.Add(drawn[2*j]).Add(drawn[2*j+1])
		}
	}
	_, board := s.drawHand(used, s.p.toCome, s.board)
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
	if s.numPlayers == 2 && len(s.uniform) == 0 {
		s.hu = [2]handeval.Hand{s.hands[0], s.hands[1]}
		s.chunk2(n, acc)
		return
	}
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

// chunk2 is chunk for two players, none of them dealt uniformly: the same
// deals as one, with the outcomes counted in a register and booked at the
// end (the same integers as booking each deal).
func (s *sampler) chunk2(n int, acc *mcAcc) {
	// Outcome counts packed in 21-bit fields of one word (a chunk has at
	// most 8192 deals): wins of player 0, wins of player 1, ties.
	var counts uint64
	if s.pairs != nil {
		counts = s.chunkPairs(n)
	} else {
		for range n {
			a, b := s.deal2()
			counts += b2u(a > b) | b2u(b > a)<<21 | b2u(a == b)<<42
		}
	}
	won0, won1, tied := counts&(1<<21-1), counts>>21&(1<<21-1), counts>>42
	const half = shareUnit / 2
	acc.n += won0 + won1 + tied
	acc.share[0] += won0*shareUnit + tied*half
	acc.share[1] += won1*shareUnit + tied*half
	acc.share2[0] += won0*(shareUnit*shareUnit) + tied*(half*half)
	acc.share2[1] += won1*(shareUnit*shareUnit) + tied*(half*half)
	acc.win[0] += won0
	acc.win[1] += won1
	acc.tie[0] += tied
	acc.tie[1] += tied
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

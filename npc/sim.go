package npc

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"
	"time"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// SimOptions configures Simulate.
type SimOptions struct {
	// Hands is the number of hands to play (the button moves every hand,
	// stacks are reset every hand).
	Hands int
	// Seed fixes every card and every decision; the same seed gives the
	// same hands for any number of threads.
	Seed uint64
	// Threads is the number of goroutines (0: 1; negative: all CPUs).
	Threads int
	// Tables are the strength tables (nil: the embedded ones).
	Tables *Tables
	// Quantiles collects the model quantiles of every postflop decision per
	// seat and situation (for Calibrate).
	Quantiles bool
	// HandSink, if non-nil, receives every finished hand, in hand order,
	// from one goroutine (hand histories and HUD statistics are built from
	// it). index is the hand's number from 0.
	HandSink func(index int, h *holdem.Hand)
	// Progress, if non-nil, is called with the hands done so far.
	Progress func(done int)
	// Interrupt, if non-nil, is asked before each block of hands starts,
	// with the hands started so far; when it answers true no block starts
	// any more, the blocks being played are finished, and Simulate returns
	// the hands done (SimResult.Interrupted), a multiple of the block size.
	// It is called from the simulation's goroutines, one at a time.
	Interrupt func(hands int) bool
	// Resume, if non-nil, continues the simulation whose state it is
	// (SimResult.State, after an interruption or to play more hands) at
	// the same table with the same Seed: the result, the hands handed to
	// HandSink from Resume.Hands on and the Progress counts are those of a
	// simulation that had never stopped. Not with Quantiles.
	Resume *SimState
}

// numSitIdx is the number of situation indexes (kind × street × variant)
// for calibration maps and quantile collection.
const numSitIdx = int(numKinds) * holdem.NumStreets * int(NumVariants)

func sitIndex(s Situation) int {
	return (int(s.Kind)*holdem.NumStreets+int(s.Street))*int(NumVariants) + int(s.Variant)
}

func sitFromIndex(i int) Situation {
	v := Variant(i % int(NumVariants))
	i /= int(NumVariants)
	return Situation{Kind: Kind(i / holdem.NumStreets), Street: holdem.Street(i % holdem.NumStreets), Variant: v}
}

// valid reports whether the situation can occur: preflop kinds preflop
// (variant multiway), postflop kinds after the flop.
func (s Situation) valid() bool {
	if s.Street == holdem.Preflop {
		return !s.Kind.Postflop() && s.Variant == Multiway
	}
	return s.Kind.Postflop()
}

// quantileBins is the resolution of the collected quantile histograms.
const quantileBins = 1000

// SeatSim is what a simulation measured for one seat from the policy's own
// decisions.
type SeatSim struct {
	// Policy are the stats as the policy classified its decisions.
	Policy Counts
	// ByVariant counts the opportunities of each postflop stat per
	// position variant (for the targets of profiles with variants).
	ByVariant [NumVariants][NumStats]int64
	// Kinds counts decisions by kind and action (fold, check/call,
	// bet/raise), preflop kinds by their Kind, postflop ones summed over
	// streets and variants.
	Kinds [numKinds][3]int64
	// EquitySum and EquityN add up the hand strength of the decisions by
	// kind, street and action, for the monotonicity check.
	EquitySum [numKinds][holdem.NumStreets][3]float64
	EquityN   [numKinds][holdem.NumStreets][3]int64
	// Quantiles[i] is the histogram of model quantiles of the postflop
	// decisions in situation index i (with SimOptions.Quantiles).
	Quantiles [][quantileBins]uint32
	// Decisions[i] and NoRaise[i] count the decisions in situation index i
	// and those where raising was not legal.
	Decisions, NoRaise [numSitIdx]int64
}

func (s *SeatSim) add(o *SeatSim) {
	s.Policy.add(&o.Policy)
	for v := range s.ByVariant {
		for i := range s.ByVariant[v] {
			s.ByVariant[v][i] += o.ByVariant[v][i]
		}
	}
	for i := range s.Decisions {
		s.Decisions[i] += o.Decisions[i]
		s.NoRaise[i] += o.NoRaise[i]
	}
	for k := range s.Kinds {
		for a := range 3 {
			s.Kinds[k][a] += o.Kinds[k][a]
			for st := range holdem.NumStreets {
				s.EquitySum[k][st][a] += o.EquitySum[k][st][a]
				s.EquityN[k][st][a] += o.EquityN[k][st][a]
			}
		}
	}
	if o.Quantiles != nil {
		if s.Quantiles == nil {
			s.Quantiles = make([][quantileBins]uint32, numSitIdx)
		}
		for i := range o.Quantiles {
			for b := range quantileBins {
				s.Quantiles[i][b] += o.Quantiles[i][b]
			}
		}
	}
}

// SimResult is the outcome of Simulate.
type SimResult struct {
	Hands   int
	Elapsed time.Duration
	Seats   []SeatSim
	// Interrupted: SimOptions.Interrupt stopped the simulation after Hands
	// hands, before SimOptions.Hands.
	Interrupted bool

	// The state to continue from (State): the seed, the per-seat sums
	// over the whole blocks and over the last, partial one.
	seed         uint64
	blocks, open []SeatSim
}

// MaxSeats is the largest NPC table: the strength tables and the pot-share
// sampler cover one to eight opponents, so NPCs play 2 to 9 players (the
// engine itself deals up to holdem.MaxSeats = 10, for recorded 10-max hands).
const MaxSeats = 9

// simChunk is the number of hands per unit of work; chunk i is seeded by
// (Seed, i) alone.
const simChunk = 256

// Simulate plays opt.Hands hands of NPCs at table t (from
// opt.Resume.Hands on, when resuming).
func Simulate(t *Table, opt SimOptions) (*SimResult, error) {
	if opt.Hands < 0 {
		return nil, fmt.Errorf("npc: simulate: %d hands", opt.Hands)
	}
	if len(t.Seats) < holdem.MinSeats || len(t.Seats) > MaxSeats {
		return nil, fmt.Errorf("npc: simulate: %d seats: a table has %d to %d", len(t.Seats), holdem.MinSeats, MaxSeats)
	}
	res := &SimResult{Hands: opt.Hands, seed: opt.Seed, blocks: make([]SeatSim, len(t.Seats))}
	first := 0 // the first hand to play
	var open []SeatSim
	if r := opt.Resume; r != nil {
		if err := r.check(t, opt); err != nil {
			return nil, err
		}
		first, res.Elapsed = r.Hands, r.Elapsed
		for s := range res.blocks {
			res.blocks[s] = r.Blocks[s].clone()
		}
		if r.Open != nil {
			open = make([]SeatSim, len(r.Open))
			for s := range open {
				open[s] = r.Open[s].clone()
			}
		}
	}
	tab := opt.Tables
	if tab == nil {
		tab = DefaultTables()
	}
	bots := make([]*Bot, len(t.Seats))
	for i, s := range t.Seats {
		b, err := NewBot(s.Profile, tab)
		if err != nil {
			return nil, fmt.Errorf("seat %d (%s): %w", i+1, s.Name, err)
		}
		bots[i] = b
	}
	threads := opt.Threads
	if threads < 0 {
		threads = runtime.GOMAXPROCS(0)
	}
	threads = max(threads, 1)
	start := time.Now()
	chunks := (opt.Hands + simChunk - 1) / simChunk

	type chunkOut struct {
		lo, hi int // the hands played, [lo, hi)
		seats  []SeatSim
		hands  []*holdem.Hand // kept only with a HandSink
	}
	var (
		mu      sync.Mutex
		cond    = sync.NewCond(&mu)
		next    = first / simChunk
		done    = map[int]*chunkOut{}
		emitted = next
		stopped bool
		// openTaken: the partial block a resumed simulation continues
		// has been started.
		openTaken bool
	)
	var workers []*simWorker
	worker := func() {
		w := newSimWorker(t, bots, opt)
		mu.Lock()
		workers = append(workers, w)
		mu.Unlock()
		for {
			mu.Lock()
			if next >= chunks || stopped {
				mu.Unlock()
				return
			}
			c := next
			lo, hi := max(c*simChunk, first), min((c+1)*simChunk, opt.Hands)
			if opt.Interrupt != nil && lo < hi && opt.Interrupt(lo) {
				stopped = true
				res.Hands, res.Interrupted = lo, true
				mu.Unlock()
				return
			}
			next++
			if lo > c*simChunk {
				openTaken = true
			}
			// Bound the chunks held for ordered output.
			for opt.HandSink != nil && c-emitted > 4*threads {
				cond.Wait()
			}
			mu.Unlock()
			out := &chunkOut{lo: lo, hi: hi}
			if lo > c*simChunk {
				// The partial block a resumed simulation stopped in:
				// continue its sums, so they add up in the same order.
				out.seats = open
			} else {
				out.seats = make([]SeatSim, len(t.Seats))
			}
			w.out = out.seats
			for i := lo; i < hi; i++ {
				w.play(i)
				if opt.HandSink != nil {
					out.hands = append(out.hands, w.hand.Clone())
				}
			}
			mu.Lock()
			done[c] = out
			for {
				o, ok := done[emitted]
				if !ok {
					break
				}
				delete(done, emitted)
				if o.hi == (emitted+1)*simChunk {
					for s := range res.blocks {
						res.blocks[s].add(&o.seats[s])
					}
				} else {
					res.open = o.seats // the last block, cut short by opt.Hands
				}
				if opt.HandSink != nil {
					for j, h := range o.hands {
						opt.HandSink(o.lo+j, h)
					}
				}
				emitted++
				if opt.Progress != nil {
					opt.Progress(o.hi)
				}
			}
			cond.Broadcast()
			mu.Unlock()
		}
	}
	var wg sync.WaitGroup
	for range threads {
		wg.Add(1)
		go func() {
			defer wg.Done()
			worker()
		}()
	}
	wg.Wait()
	if open != nil && !openTaken {
		res.open = open // stopped before the resumed partial block: keep it as it was
	}
	res.Seats = make([]SeatSim, len(t.Seats))
	for s := range res.Seats {
		res.Seats[s] = res.blocks[s].clone()
		if res.open != nil {
			res.Seats[s].add(&res.open[s])
		}
	}
	if opt.Quantiles {
		// Integer sums: the order of the workers does not matter.
		for s := range res.Seats {
			res.Seats[s].Quantiles = make([][quantileBins]uint32, numSitIdx)
			for _, w := range workers {
				for i := range w.quant[s] {
					for b, c := range w.quant[s][i] {
						res.Seats[s].Quantiles[i][b] += c
					}
				}
			}
		}
	}
	res.Elapsed += time.Since(start)
	return res, nil
}

// simWorker plays hands on one goroutine.
type simWorker struct {
	table   *Table
	bots    []*Bot
	opt     SimOptions
	cfg     holdem.Config
	hand    holdem.Hand
	pcg     rand.PCG
	deck    *cards.Deck
	tr      tracker
	players [holdem.MaxSeats]Player
	stats   [holdem.MaxSeats]decisionStats
	vpip    [holdem.MaxSeats]bool
	pfr     [holdem.MaxSeats]bool
	acted   [holdem.MaxSeats]bool
	raised  [holdem.MaxSeats]holdem.Street // street+1 of the seat's last raise
	out     []SeatSim
	quant   [][][quantileBins]uint32 // per seat, per situation index
}

func newSimWorker(t *Table, bots []*Bot, opt SimOptions) *simWorker {
	w := &simWorker{table: t, bots: bots, opt: opt, cfg: t.Config(0)}
	w.deck = cards.NewDeckRand(rand.New(&w.pcg))
	for s := range w.players {
		seat := s
		w.players[s].Record = func(r DecisionRecord) { w.record(seat, &r) }
	}
	return w
}

func (w *simWorker) record(seat int, r *DecisionRecord) {
	out := &w.out[seat]
	sit := r.Situation
	w.stats[seat].record(r, isSmallBlind(&w.tr, seat), w.raised[seat] == sit.Street+1)
	out.Kinds[sit.Kind][r.Action]++
	out.Decisions[sitIndex(sit)]++
	if !r.CanRaise {
		out.NoRaise[sitIndex(sit)]++
	}
	out.EquitySum[sit.Kind][sit.Street][r.Action] += r.Equity
	out.EquityN[sit.Kind][sit.Street][r.Action]++
	if sit.Street == holdem.Preflop {
		if r.Action == 2 || (r.Action == 1 && sit.Kind != PreOption) {
			w.vpip[seat] = true
		}
		if r.Action == 2 {
			w.pfr[seat] = true
		}
		w.acted[seat] = true
	}
	if w.opt.Quantiles {
		if w.quant == nil {
			w.quant = make([][][quantileBins]uint32, len(w.table.Seats))
			for s := range w.quant {
				w.quant[s] = make([][quantileBins]uint32, numSitIdx)
			}
		}
		b := min(max(int(r.Quantile*quantileBins), 0), quantileBins-1)
		w.quant[seat][sitIndex(sit)][b]++
	}
}

// deal starts hand number i: the button at seat i mod n, the cards from
// the stream (Seed, i), the players seeded with handSeed.
func (w *simWorker) deal(i int, handSeed uint64) {
	n := len(w.table.Seats)
	w.cfg.Button = i % n
	w.pcg.Seed(mix(w.opt.Seed^0x5851F42D4C957F2D), uint64(i))
	if err := w.hand.Reset(&w.cfg, w.deck); err != nil {
		panic("npc: simulate: " + err.Error()) // the table was validated
	}
	w.tr.reset(n, w.cfg.Button, w.table.BigBlind)
	for s := range n {
		hole := w.hand.Hole(s)
		w.players[s].Reset(w.bots[s], s, cards.NewHole(hole[0], hole[1]), handSeed)
	}
}

// sync passes the hand's events from index *seen on to the players (their
// own actions narrow their ranges) and to the tracker.
func (w *simWorker) sync(seen *int) {
	evs := w.hand.Events()
	for ; *seen < len(evs); *seen++ {
		e := &evs[*seen]
		if e.Kind.IsAction() {
			s := int(e.Seat)
			w.players[s].observeOwn(&w.tr, e)
			if e.Kind == holdem.EvBet || e.Kind == holdem.EvRaise {
				w.raised[s] = e.Street + 1
			}
		}
		w.tr.observe(e)
	}
}

// play plays hand number i.
func (w *simWorker) play(i int) {
	n := len(w.table.Seats)
	w.deal(i, mix(w.opt.Seed+uint64(i)*0x9E3779B97F4A7C15))
	for s := range n {
		w.stats[s].cnt = &w.out[s].Policy
		w.stats[s].byVariant = &w.out[s].ByVariant
		w.vpip[s], w.pfr[s], w.acted[s], w.raised[s] = false, false, false, 0
	}
	seen := 0
	for {
		w.sync(&seen)
		if w.hand.Over() {
			break
		}
		if w.hand.Phase() != holdem.PhaseBetting {
			panic("npc: simulate: hand waits for " + w.hand.Phase().String())
		}
		s := w.hand.Actor()
		st := w.hand.Public(s)
		a := w.players[s].decide(&w.tr, &st)
		if _, err := w.hand.Apply(s, a); err != nil {
			panic(fmt.Sprintf("npc: simulate: seat %d: %v: %v", s, a, err))
		}
	}
	for s := range n {
		w.stats[s].handEnd(w.vpip[s], w.pfr[s], w.acted[s])
	}
}

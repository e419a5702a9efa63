package table

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"sync"
	"time"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
	"pokerlab/npc"
)

// Action is a human's action as the API takes it: fold, check, call, bet or
// raise; Amount is the "to" total of the street for bet and raise (PHH
// cbr).
type Action struct {
	Kind      string
	Amount    int64
	HasAmount bool
	// Keyed actions name the decision they answer (State.Hand and
	// State.Decision): a retry of an answered decision gets the first
	// answer again, and one for any other decision ErrStale, so that a
	// resent request cannot land on the next decision.
	Keyed    bool
	Hand     int64
	Decision int
}

// answer is a human seat's last keyed action and the state it answered.
type answer struct {
	hand     int64
	decision int
	act      Action
	st       *State
}

// FinishedHand is a hand to store, with the table's state after it.
type FinishedHand struct {
	TableID string
	Number  int64 // the hand's number at the table, from 1
	Epoch   uint64
	// PHH is the whole hand (every hole card) with players, table and hand
	// fields set.
	PHH *hh.Hand
	// Engine is the finished engine hand; it is valid only during SaveHand.
	Engine   *holdem.Hand
	Names    []string
	Button   int     // engine seat of the button
	Stacks   []int64 // by engine seat, for the next hand (after rebuys)
	BuyIns   []int64
	Net      []int64 // session result by seat
	Started  time.Time
	Finished time.Time
}

// Store keeps the hands a table finishes. SaveHand stores the hand and the
// table's state after it in one transaction; the table deals its next hand
// only after SaveHand returns nil. An error wrapping ErrNotOwner means that
// another server owns the table now: the table stops at once.
type Store interface {
	SaveHand(ctx context.Context, h *FinishedHand) error
}

// Observer is told what tables do (metrics). All methods must be safe for
// concurrent use.
type Observer interface {
	HandDealt()
	HandFinished(d time.Duration)
	HandVoided()
	Decision(human bool, d time.Duration)
	Timeout()
	StoreError()
}

type nopObserver struct{}

func (nopObserver) HandDealt()                   {}
func (nopObserver) HandFinished(time.Duration)   {}
func (nopObserver) HandVoided()                  {}
func (nopObserver) Decision(bool, time.Duration) {}
func (nopObserver) Timeout()                     {}
func (nopObserver) StoreError()                  {}

// Resume is the stored state a table continues from after a restart or a
// takeover: the last finished hand and the stacks after it.
type Resume struct {
	LastHand int64
	Stacks   []int64
	BuyIns   []int64
	Net      []int64
	Epoch    uint64 // a new epoch: the previous one's deals and events are void
}

type cmdKind uint8

const (
	cmdState cmdKind = iota + 1
	cmdAct
)

type command struct {
	kind   cmdKind
	viewer int
	act    Action
	reply  chan reply
}

type reply struct {
	st  *State
	err error
}

// Table is one running table: a goroutine that owns the engine hand, deals
// continuously, asks the NPCs for their actions and waits for the humans.
// Other goroutines talk to it through State and Act (messages) and read
// its events through Subscribe.
type Table struct {
	ID     string
	cfg    Config
	opt    Options
	bots   []*npc.Bot
	tokens [][sha256.Size]byte // SHA-256 of each human seat's token; zero for NPCs
	owner  [sha256.Size]byte   // SHA-256 of the owner token
	names  []string
	store  Store
	obs    Observer
	log    *slog.Logger
	humans int

	cmds   chan command
	quit   chan struct{}
	done   chan struct{}
	events *eventLog
	ctx    context.Context // ended when the table stops
	cancel context.CancelFunc

	// Owned by the table goroutine.
	h        holdem.Hand
	hcfg     holdem.Config
	pcg      *rand.PCG
	deck     *cards.Deck
	handNo   int64
	button   int
	stacks   []int64
	buyIns   []int64
	net      []int64
	epoch    uint64
	status   string
	deadline time.Time
	started  time.Time
	results  []Result
	seen     int    // engine events already turned into records
	decision int    // decisions taken in the hand so far: the index of the next
	notice   string // what the players should know (State.Notice)
	holding  bool   // the table holds a compute slot (Options.CPU)
	answers  []*answer
	stopMsg  string
	stopOnce sync.Once
}

// newTable builds a table; Start runs it.
func newTable(id string, cfg Config, opt Options, tokens [][sha256.Size]byte, res *Resume, store Store, obs Observer, log *slog.Logger) (*Table, error) {
	n := len(cfg.Seats)
	t := &Table{ID: id, cfg: cfg, opt: opt.withDefaults(), tokens: tokens, store: store, obs: obs, log: log,
		cmds: make(chan command), quit: make(chan struct{}), done: make(chan struct{}),
		bots: make([]*npc.Bot, n), names: make([]string, n), status: StatusStarting, answers: make([]*answer, n),
		stacks: make([]int64, n), buyIns: make([]int64, n), net: make([]int64, n)}
	if t.obs == nil {
		t.obs = nopObserver{}
	}
	if t.log == nil {
		t.log = slog.New(slog.DiscardHandler)
	}
	for s, seat := range cfg.Seats {
		t.names[s] = seat.Name
		if seat.Human {
			t.humans++
			continue
		}
		b, err := npc.NewBot(seat.Profile, nil)
		if err != nil {
			return nil, fieldErr(fmt.Sprintf("seats[%d].profile", s), "%v", err)
		}
		t.bots[s] = b
	}
	for s := range n {
		t.stacks[s], t.buyIns[s] = cfg.Stack, 1
	}
	if res != nil {
		t.handNo, t.epoch = res.LastHand, res.Epoch
		if len(res.Stacks) == n {
			copy(t.stacks, res.Stacks)
			copy(t.buyIns, res.BuyIns)
			copy(t.net, res.Net)
		}
		if t.handNo > 0 {
			t.button = int((t.handNo - 1) % int64(n))
		}
	}
	t.events = newEventLog(t.opt.EventBuffer, t.epoch, t.names)
	t.pcg = rand.NewPCG(0, 0)
	t.deck = cards.NewDeckRand(rand.New(t.pcg))
	t.hcfg = cfg.engineConfig(make([]int64, n), 0)
	t.ctx, t.cancel = context.WithCancel(context.Background())
	return t, nil
}

// Config returns the table's configuration.
func (t *Table) Config() Config { return t.cfg }

// Names returns the seat names by engine seat.
func (t *Table) Names() []string { return t.names }

// Epoch returns the table's epoch (it grows with every restart or takeover).
func (t *Table) Epoch() uint64 { return t.epoch }

// Start runs the table's goroutine.
func (t *Table) Start() { go t.run() }

// Stop makes the table void its hand in progress and stop; it returns when
// the goroutine has ended or ctx ends.
func (t *Table) Stop(ctx context.Context, why string) error {
	t.signal(why)
	select {
	case <-t.done:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// signal asks the table to stop, without waiting.
func (t *Table) signal(why string) {
	t.stopOnce.Do(func() {
		t.stopMsg = why
		close(t.quit)
		t.cancel()
	})
}

// Done is closed when the table's goroutine has ended.
func (t *Table) Done() <-chan struct{} { return t.done }

// Authenticate returns the seat (engine numbering) of the human whose token
// this is. The token's hash is compared with every seat's in constant time.
func (t *Table) Authenticate(token string) (int, error) {
	sum := sha256.Sum256([]byte(token))
	seat := -1
	for s := range t.tokens {
		if t.cfg.Seats[s].Human && subtle.ConstantTimeCompare(sum[:], t.tokens[s][:]) == 1 {
			seat = s
		}
	}
	if seat < 0 {
		return -1, kindErr(ErrBadToken, "the token is not a seat's token at table %s", t.ID)
	}
	return seat, nil
}

// AuthenticateOwner checks the owner token (given at creation), in
// constant time.
func (t *Table) AuthenticateOwner(token string) error {
	sum := sha256.Sum256([]byte(token))
	if token == "" || subtle.ConstantTimeCompare(sum[:], t.owner[:]) != 1 {
		return kindErr(ErrBadToken, "closing table %s needs its owner token: Authorization: Bearer OWNER_TOKEN", t.ID)
	}
	return nil
}

// State returns the state as viewer (engine seat, -1: spectator) sees it.
func (t *Table) State(ctx context.Context, viewer int) (*State, error) {
	return t.send(ctx, command{kind: cmdState, viewer: viewer})
}

// Act makes seat's human take action a; it returns the state after it.
func (t *Table) Act(ctx context.Context, seat int, a Action) (*State, error) {
	return t.send(ctx, command{kind: cmdAct, viewer: seat, act: a})
}

func (t *Table) send(ctx context.Context, c command) (*State, error) {
	c.reply = make(chan reply, 1)
	select {
	case t.cmds <- c:
	case <-t.done:
		return nil, kindErr(ErrClosed, "table %s is closed", t.ID)
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	select {
	case r := <-c.reply:
		return r.st, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// Subscribe returns a reader of the events viewer may see, starting after
// the event with id lastID ("" starts at the current hand's first event).
// A lastID of another epoch or older than the kept events starts with a
// resync event.
func (t *Table) Subscribe(viewer int, lastID string) (*Subscription, error) {
	s := &Subscription{log: t.events, viewer: viewer}
	l := t.events
	l.mu.Lock()
	defer l.mu.Unlock()
	if lastID == "" {
		// From the current hand's start, so that a new client sees it all.
		s.after = l.next - 1
		for seq := l.next - 1; seq >= l.oldest() && seq > 0; seq-- {
			if l.buf[seq%uint64(len(l.buf))].kind == recHandStart {
				s.after = seq - 1
				break
			}
		}
		return s, nil
	}
	epoch, seq, err := ParseEventID(lastID)
	if err != nil {
		return nil, fieldErr("Last-Event-ID", "%v", err)
	}
	switch {
	case epoch != l.epoch || seq >= l.next:
		s.after, s.resync = l.next-1, true
	default:
		s.after = seq
	}
	return s, nil
}

func (t *Table) run() {
	defer close(t.done)
	defer t.cancel()
	msg := "table stopped"
	for {
		if t.cfg.Hands > 0 && t.handNo >= t.cfg.Hands {
			t.status = StatusFinished
			msg = fmt.Sprintf("the table dealt its %d hands", t.cfg.Hands)
			break
		}
		if !t.playHand() {
			break
		}
		if t.humans > 0 && t.opt.HandPause > 0 {
			if !t.wait(t.opt.HandPause, -1) {
				break
			}
		}
	}
	if t.status == StatusFinished {
		t.events.append(record{kind: recClosed, hand: t.handNo, only: -1, msg: msg})
		// A finished table still answers until it is stopped.
		for t.wait(time.Hour, -1) {
		}
		return
	}
	if t.stopMsg != "" {
		msg = t.stopMsg
	}
	t.status = StatusClosed
	t.events.append(record{kind: recClosed, hand: t.handNo, only: -1, msg: msg})
}

// quitting reports whether Stop was called, without waiting.
func (t *Table) quitting() bool {
	select {
	case <-t.quit:
		return true
	default:
		return false
	}
}

// wait answers commands for d (d <= 0: only those already waiting);
// waiting is the human seat whose action is awaited (-1: none). It returns
// false when the table must stop; acted reports an action of waiting.
func (t *Table) wait(d time.Duration, waiting int) bool {
	ok, _ := t.waitAct(d, waiting)
	return ok
}

func (t *Table) waitAct(d time.Duration, waiting int) (ok, acted bool) {
	if d <= 0 {
		for {
			select {
			case <-t.quit:
				return false, false
			case c := <-t.cmds:
				if t.serve(c, waiting) {
					return true, true
				}
			default:
				return true, false
			}
		}
	}
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		select {
		case <-t.quit:
			return false, false
		case <-timer.C:
			return true, false
		case c := <-t.cmds:
			if t.serve(c, waiting) {
				return true, true
			}
		}
	}
}

// serve answers one command; it returns true if it applied the awaited
// human's action.
func (t *Table) serve(c command, waiting int) bool {
	switch c.kind {
	case cmdState:
		c.reply <- reply{st: t.state(c.viewer)}
	case cmdAct:
		if c.act.Keyed {
			if a := t.answers[c.viewer]; a != nil && a.hand == c.act.Hand && a.decision == c.act.Decision {
				if a.act.Kind == c.act.Kind && a.act.Amount == c.act.Amount && a.act.HasAmount == c.act.HasAmount {
					c.reply <- reply{st: a.st} // a retry: the first answer again
				} else {
					c.reply <- reply{err: t.stale(c.act, fmt.Sprintf("hand %d decision %d was answered already, with %s", a.hand, a.decision, a.act.Kind))}
				}
				return false
			}
			if c.act.Hand != t.handNo || c.act.Decision != t.decision || t.status != StatusPlaying {
				c.reply <- reply{err: t.stale(c.act, fmt.Sprintf("hand %d decision %d is not the current decision", c.act.Hand, c.act.Decision))}
				return false
			}
		}
		if waiting < 0 || c.viewer != waiting {
			c.reply <- reply{err: t.notYourTurn(c.viewer)}
			return false
		}
		a, err := t.engineAction(c.viewer, c.act)
		if err == nil {
			_, err = t.h.Apply(c.viewer, a)
			if err != nil {
				err = t.illegal(err)
			}
		}
		if err != nil {
			c.reply <- reply{err: err}
			return false
		}
		t.decision++
		t.flush()
		st := t.state(c.viewer)
		if c.act.Keyed {
			t.answers[c.viewer] = &answer{hand: c.act.Hand, decision: c.act.Decision, act: c.act, st: st}
		}
		c.reply <- reply{st: st}
		return true
	}
	return false
}

// stale is the ErrStale answer to a keyed action, with the current
// decision.
func (t *Table) stale(a Action, why string) error {
	cur := fmt.Sprintf("hand %d decision %d", t.handNo, t.decision)
	switch {
	case t.status != StatusPlaying:
		cur = fmt.Sprintf("no hand in progress (hand %d is over)", t.handNo)
	case t.h.Actor() >= 0:
		cur += fmt.Sprintf(", %s to act", t.names[t.h.Actor()])
	}
	return &Error{Kind: ErrStale, Msg: why + "; the current one is " + cur, Hand: t.handNo, Decision: t.decision}
}

func (t *Table) notYourTurn(seat int) error {
	switch {
	case t.status != StatusPlaying:
		return kindErr(ErrNotYourTurn, "no hand in progress: wait for hand %d", t.handNo+1)
	case t.h.Actor() >= 0:
		return kindErr(ErrNotYourTurn, "it is %s's turn (seat %d), not %s's", t.names[t.h.Actor()], t.h.Actor()+1, t.names[seat])
	}
	return kindErr(ErrNotYourTurn, "nobody is to act now")
}

// illegal turns an engine error into an ErrIllegal with the rule text,
// naming seats by their names.
func (t *Table) illegal(err error) error {
	var ae *holdem.ActionError
	if errors.As(err, &ae) {
		msg := ae.Describe(func(s int) string {
			if s >= 0 && s < len(t.names) {
				return t.names[s]
			}
			return fmt.Sprintf("seat %d", s+1)
		}, func(c int64) string { return fmt.Sprint(c) })
		return kindErr(ErrIllegal, "%s", msg)
	}
	return kindErr(ErrIllegal, "%v", err)
}

// engineAction maps an API action of seat (the actor) to the engine's,
// rejecting what the words do not fit (a check facing a bet, a bet where
// there is one to raise) with the legal alternatives.
func (t *Table) engineAction(seat int, a Action) (holdem.Action, error) {
	l := t.h.Legal()
	legal := func() string { return describeLegal(legalActions(l, t.h.CurrentBet())) }
	if a.HasAmount && a.Kind != "bet" && a.Kind != "raise" {
		return holdem.Action{}, kindErr(ErrIllegal, "%s takes no amount (legal: %s)", a.Kind, legal())
	}
	switch a.Kind {
	case "fold":
		return holdem.Action{Kind: holdem.Fold}, nil
	case "check":
		if l.ToCall > 0 {
			return holdem.Action{}, kindErr(ErrIllegal, "cannot check: %d to call (legal: %s)", l.ToCall, legal())
		}
		return holdem.Action{Kind: holdem.CheckCall}, nil
	case "call":
		if l.ToCall == 0 {
			return holdem.Action{}, kindErr(ErrIllegal, "nothing to call: check (legal: %s)", legal())
		}
		return holdem.Action{Kind: holdem.CheckCall}, nil
	case "bet", "raise":
		if !a.HasAmount {
			return holdem.Action{}, kindErr(ErrIllegal, "%s needs an amount: the street total to %s to (legal: %s)", a.Kind, a.Kind, legal())
		}
		if a.Amount <= 0 {
			return holdem.Action{}, kindErr(ErrIllegal, "%s to %d: the amount must be positive (legal: %s)", a.Kind, a.Amount, legal())
		}
		cur := t.h.CurrentBet()
		if a.Kind == "bet" && cur > 0 {
			return holdem.Action{}, kindErr(ErrIllegal, "cannot bet: there is a bet of %d to raise (legal: %s)", cur, legal())
		}
		if a.Kind == "raise" && cur == 0 {
			return holdem.Action{}, kindErr(ErrIllegal, "cannot raise: there is no bet; bet instead (legal: %s)", legal())
		}
		if err := t.h.VerifyBetRaise(seat, a.Amount); err != nil {
			return holdem.Action{}, kindErr(ErrIllegal, "%s (legal: %s)", t.illegal(err).Error(), legal())
		}
		return holdem.Action{Kind: holdem.BetRaise, To: a.Amount}, nil
	}
	return holdem.Action{}, kindErr(ErrIllegal, "unknown action %q: want fold, check, call, bet or raise", a.Kind)
}

func describeLegal(ls []LegalAction) string {
	s := ""
	for i, l := range ls {
		if i > 0 {
			s += ", "
		}
		switch {
		case l.Action == "call":
			s += fmt.Sprintf("call %d", l.Amount)
		case l.Min > 0:
			s += fmt.Sprintf("%s to %d–%d", l.Action, l.Min, l.Max)
		default:
			s += l.Action
		}
	}
	return s
}

// flush turns the engine's new events into records.
func (t *Table) flush() {
	evs := t.h.Events()
	n := int8(len(t.names))
	for ; t.seen < len(evs); t.seen++ {
		e := evs[t.seen]
		only := int8(-1)
		if e.Kind == holdem.EvDeal {
			only = e.Seat
		}
		rec := record{kind: recEngine, hand: t.handNo, only: only, n: n, button: int8(t.button), e: e}
		if e.Kind == holdem.EvShow {
			rec.rank = handRank([2]cards.Card{e.Cards[0], e.Cards[1]}, t.h.Board())
		}
		t.events.append(rec)
	}
}

// mix is SplitMix64's finaliser: independent streams from related seeds.
func mix(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xBF58476D1CE4E5B9
	x ^= x >> 27
	x *= 0x94D049BB133111EB
	return x ^ x>>31
}

// playHand deals and plays one hand; false means the table must stop (the
// hand, if any, was voided).
func (t *Table) playHand() bool {
	n := len(t.names)
	t.handNo++
	t.button = int((t.handNo - 1) % int64(n))
	for s := range n {
		if !t.cfg.KeepStacks {
			t.stacks[s] = t.cfg.Stack
		} else if t.stacks[s] == 0 {
			t.stacks[s] = t.cfg.Stack
			t.buyIns[s]++
		}
	}
	copy(t.hcfg.Stacks, t.stacks)
	t.hcfg.Button = t.button
	// The deal of hand k in epoch e: a stream of its own, so that a hand
	// voided by a restart is not dealt again with the same cards.
	t.pcg.Seed(mix(t.cfg.Seed^mix(t.epoch+0x632BE59BD9B4E019)), uint64(t.handNo))
	t.deck.Reset()
	if err := t.h.Reset(&t.hcfg, t.deck); err != nil {
		// The config was validated and the stacks are positive.
		panic("table: " + err.Error())
	}
	t.started = time.Now()
	t.status, t.seen, t.results, t.decision = StatusPlaying, 0, nil, 0
	t.obs.HandDealt()
	t.events.append(record{kind: recHandStart, hand: t.handNo, only: -1, n: int8(n), button: int8(t.button),
		info: &handInfo{stacks: append([]int64(nil), t.stacks...)}})
	t.flush()
	decideSeed := mix(t.cfg.Seed ^ 0x5851F42D4C957F2D ^ mix(uint64(t.handNo)))
	for !t.h.Over() {
		s := t.h.Actor()
		if s < 0 {
			panic("table: hand waits for " + t.h.Phase().String())
		}
		l := t.h.Legal()
		if bot := t.bots[s]; bot != nil {
			t.events.append(record{kind: recTurn, hand: t.handNo, only: -1, legal: l, curBet: t.h.CurrentBet()})
			d := time.Duration(0)
			if t.humans > 0 {
				d = t.opt.NPCDelay
			}
			if d > 0 {
				t.release() // not held through a pause
			}
			if !t.wait(d, -1) {
				return t.void()
			}
			// A compute slot from the first NPC decision of a stretch to the
			// next human's turn or the hand's end: per decision the handoffs
			// cost more than they bound.
			if !t.holding && !t.acquire() {
				return t.void()
			}
			t.holding = true
			start := time.Now()
			a, err := bot.DecideHand(&t.h, decideSeed)
			t.obs.Decision(false, time.Since(start))
			if err == nil {
				_, err = t.h.Apply(s, a)
			}
			if err != nil {
				// The bot always answers a legal action; this is a bug, and
				// the seat checks or folds rather than stopping the table.
				t.log.Error("npc action failed", "table", t.ID, "seat", s+1, "err", err)
				t.passive(s)
			}
			t.decision++
		} else {
			t.release()
			t.deadline = time.Now().Add(t.opt.ActionTimeout)
			t.events.append(record{kind: recTurn, hand: t.handNo, only: -1, legal: l, curBet: t.h.CurrentBet(),
				deadline: t.deadline.UnixMilli()})
			start := time.Now()
			ok, acted := t.waitAct(t.opt.ActionTimeout, s)
			t.deadline = time.Time{}
			if !ok {
				return t.void()
			}
			if acted {
				t.obs.Decision(true, time.Since(start))
			} else {
				t.obs.Timeout()
				t.passive(s)
				t.decision++
			}
		}
		t.flush()
	}
	t.release()
	return t.finishHand()
}

// acquire takes a compute slot (Options.CPU), answering the table's
// clients while it waits; it returns false if the table must stop.
func (t *Table) acquire() bool {
	if t.opt.CPU == nil {
		return true
	}
	for {
		select {
		case t.opt.CPU <- struct{}{}:
			return true
		case c := <-t.cmds:
			t.serve(c, -1)
		case <-t.quit:
			return false
		}
	}
}

// release gives the compute slot back, if the table holds it.
func (t *Table) release() {
	if t.holding && t.opt.CPU != nil {
		<-t.opt.CPU
		t.holding = false
	}
}

// save stores a finished hand, answering the table's clients while the
// database works: a state read does not wait for a commit. The hand is
// over, so nothing a client sends changes it (an action is "not your
// turn"), and the engine is only read meanwhile. Once handed over the
// hand is committed or not as a whole, so save waits for the answer even
// when the table stops.
func (t *Table) save(fh *FinishedHand) error {
	done := make(chan error, 1)
	go func() { done <- t.store.SaveHand(t.ctx, fh) }()
	for {
		select {
		case err := <-done:
			return err
		case c := <-t.cmds:
			t.serve(c, -1)
		}
	}
}

// passive checks for seat if it can, else folds (an action timeout).
func (t *Table) passive(s int) {
	if t.h.Legal().ToCall == 0 {
		t.h.CheckCall(s)
	} else {
		t.h.Fold(s)
	}
}

// void cancels the hand in progress: the stacks stay as they were before
// it (nothing of it was stored).
func (t *Table) void() bool {
	t.release()
	t.obs.HandVoided()
	t.events.append(record{kind: recVoid, hand: t.handNo, only: -1,
		msg: fmt.Sprintf("hand %d is void: every chip goes back to where it was at its start", t.handNo)})
	t.handNo--
	t.status = StatusClosed
	return false
}

// finishHand stores the hand, then updates the stacks and announces the
// results. It returns false if the table must stop.
func (t *Table) finishHand() bool {
	n := len(t.names)
	results := make([]Result, n)
	next := append([]int64(nil), t.stacks...)
	net := append([]int64(nil), t.net...)
	buyIns := append([]int64(nil), t.buyIns...)
	for s := range n {
		results[s] = Result{Seat: s + 1, Name: t.names[s], Net: t.h.Net(s), Won: t.h.Won(s), Stack: t.h.Stack(s)}
		net[s] += t.h.Net(s)
		next[s] = t.h.Stack(s)
		if !t.cfg.KeepStacks {
			next[s] = t.cfg.Stack
		}
	}
	setShownRanks(&t.h, results)
	fh := &FinishedHand{TableID: t.ID, Number: t.handNo, Epoch: t.epoch, Engine: &t.h, Names: t.names,
		Button: t.button, Stacks: next, BuyIns: buyIns, Net: net, Started: t.started, Finished: time.Now()}
	fh.PHH = hh.FromEngine(&t.h, t.names, 0)
	fh.PHH.SetField("table", t.ID)
	fh.PHH.SetField("hand", t.handNo)
	if t.store != nil {
		for attempt := 0; ; attempt++ {
			err := t.save(fh)
			if err == nil {
				break
			}
			if errors.Is(err, ErrNotOwner) || t.quitting() {
				t.log.Warn("hand not stored: the table stops", "table", t.ID, "hand", t.handNo, "err", err)
				return t.void()
			}
			t.obs.StoreError()
			t.notice = fmt.Sprintf("hand %d is over and waits to be stored (the database does not answer); the next hand is dealt once it is", t.handNo)
			t.log.Error("storing a hand failed; retrying", "table", t.ID, "hand", t.handNo, "attempt", attempt+1, "err", err)
			if !t.wait(min(time.Duration(attempt+1)*200*time.Millisecond, 5*time.Second), -1) {
				return t.void()
			}
		}
	}
	t.notice = ""
	t.stacks, t.net = next, net
	t.results = results
	t.status = StatusHandOver
	t.obs.HandFinished(time.Since(t.started))
	t.events.append(record{kind: recHandEnd, hand: t.handNo, only: -1, info: &handInfo{results: results}})
	return true
}

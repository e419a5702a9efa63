package table

import (
	"bytes"
	"context"
	"errors"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/cards"
	"pokerlab/handeval"
	"pokerlab/hh"
	"pokerlab/npc"
)

// sink collects the stored hands as PHH text (what a database would
// store), written through hh.Write.
type sink struct {
	mu    sync.Mutex
	texts []string
	last  *FinishedHand
	sums  []int64 // Σ stacks after each hand
}

func (s *sink) SaveHand(_ context.Context, h *FinishedHand) error {
	var b bytes.Buffer
	if err := hh.Write(&b, []*hh.Hand{h.PHH}); err != nil {
		return err
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.texts = append(s.texts, b.String())
	var sum int64
	for _, x := range h.Stacks {
		sum += x
	}
	s.sums = append(s.sums, sum)
	cp := *h
	cp.Engine = nil
	s.last = &cp
	return nil
}

func profile(t *testing.T, name string) *npc.Profile {
	t.Helper()
	p, err := npc.Archetype(name)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func npcConfig(t *testing.T, seed uint64, hands int64, keep bool, archetypes ...string) Config {
	cfg := Config{SmallBlind: 1, BigBlind: 2, Stack: 100, Seed: seed, Hands: hands, KeepStacks: keep}
	for i, a := range archetypes {
		cfg.Seats = append(cfg.Seats, Seat{Name: a + string(rune('A'+i)), ProfileRef: a, Profile: profile(t, a)})
	}
	return cfg
}

func waitDone(t *testing.T, tab *Table) {
	t.Helper()
	for {
		st, err := tab.State(context.Background(), -1)
		if err != nil {
			t.Fatal(err)
		}
		if st.Status == StatusFinished {
			return
		}
		time.Sleep(2 * time.Millisecond)
	}
}

// TestKeepStacksConservesChips plays an NPC table with stacks carried over
// and rebuys: after every hand Σ stacks = stack · Σ buy-ins, and every
// stored hand replays through the engine from its PHH text to the stored
// finishing stacks (hh's replay is the independent check of the table's
// bookkeeping).
func TestKeepStacksConservesChips(t *testing.T) {
	s := &sink{}
	m := NewManager(Options{}, s, nil, nil, nil)
	cfg := npcConfig(t, 11, 150, true, "maniac", "calling-station", "lag", "nit")
	c, err := m.Create(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	waitDone(t, c.Table)
	defer m.Shutdown(context.Background())
	if len(s.texts) != 150 {
		t.Fatalf("%d hands stored, want 150", len(s.texts))
	}
	var buyIns int64
	for _, b := range s.last.BuyIns {
		buyIns += b
	}
	if got, want := s.sums[len(s.sums)-1], cfg.Stack*buyIns; got != want {
		t.Errorf("Σ stacks %d, want stack × buy-ins = %d", got, want)
	}
	if buyIns == int64(len(cfg.Seats)) {
		t.Errorf("no rebuy in 150 hands with a maniac at 50 big blinds: the test does not test rebuys")
	}
	var r hh.Replayer
	prev := []int64{100, 100, 100, 100}
	for i, text := range s.texts {
		hands, err := hh.Parse("stored", []byte(text))
		if err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
		h := hands[0]
		if err := r.Replay(h); err != nil {
			t.Fatalf("hand %d: %v", i+1, err)
		}
		for k, st := range r.FinishingStacks() {
			if st != h.FinishingStacks[k] {
				t.Fatalf("hand %d: p%d finishes with %d on replay, %d stored", i+1, k+1, st, h.FinishingStacks[k])
			}
		}
		// The starting stacks are the previous finishing stacks (by seat
		// name), or the buy-in after a bust.
		for k, name := range h.Players {
			seat := int(name[len(name)-1] - 'A')
			want := prev[seat]
			if want == 0 {
				want = cfg.Stack
			}
			if h.StartingStacks[k] != want {
				t.Fatalf("hand %d: %s starts with %d, want %d", i+1, name, h.StartingStacks[k], want)
			}
		}
		for k, name := range h.Players {
			prev[int(name[len(name)-1]-'A')] = h.FinishingStacks[k]
		}
	}
}

// TestSameSeedSameHands: two tables with the same seed store the same
// hands, byte for byte; another seed deals others.
func TestSameSeedSameHands(t *testing.T) {
	run := func(seed uint64) []string {
		s := &sink{}
		m := NewManager(Options{}, s, nil, nil, nil)
		defer m.Shutdown(context.Background())
		c, err := m.Create(context.Background(), npcConfig(t, seed, 40, false, "tag", "lag", "regular"))
		if err != nil {
			t.Fatal(err)
		}
		waitDone(t, c.Table)
		return s.texts
	}
	// The hands differ only in the table id.
	strip := func(texts []string) string {
		var b strings.Builder
		for _, x := range texts {
			for _, line := range strings.Split(x, "\n") {
				if !strings.HasPrefix(line, "table = ") {
					b.WriteString(line + "\n")
				}
			}
		}
		return b.String()
	}
	a, b, c := strip(run(5)), strip(run(5)), strip(run(6))
	if a != b {
		t.Error("seed 5 played twice gives different hands")
	}
	if a == c {
		t.Error("seeds 5 and 6 give the same hands")
	}
}

func humanConfig(t *testing.T, opt Options) (*Manager, *Created) {
	t.Helper()
	m := NewManager(opt, &sink{}, nil, nil, nil)
	cfg := npcConfig(t, 3, 0, false, "nit", "calling-station")
	cfg.Seats = append(cfg.Seats, Seat{Name: "me", Human: true})
	c, err := m.Create(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Shutdown(context.Background()) })
	return m, c
}

// myTurn waits until seat (engine numbering) is to act and returns the
// state.
func myTurn(t *testing.T, tab *Table, seat int) *State {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		st, err := tab.State(context.Background(), seat)
		if err != nil {
			t.Fatal(err)
		}
		if st.Status == StatusPlaying && st.ToAct == seat+1 {
			return st
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the human's turn never came")
	return nil
}

// TestActionErrors: an action out of turn is ErrNotYourTurn, an action the
// rules forbid is ErrIllegal naming the legal ones, and a legal one is
// applied.
func TestActionErrors(t *testing.T) {
	// The NPCs think for 100 ms, so that right after the human's raise it
	// is somebody else's turn.
	_, c := humanConfig(t, Options{NPCDelay: 100 * time.Millisecond})
	tab := c.Table
	me, err := tab.Authenticate(c.Tokens["me"])
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tab.Authenticate("x" + c.Tokens["me"]); !errors.Is(err, ErrBadToken) {
		t.Errorf("a wrong token: %v, want ErrBadToken", err)
	}
	st := myTurn(t, tab, me)
	var raise LegalAction
	for _, l := range st.Legal {
		if l.Action == "raise" || l.Action == "bet" {
			raise = l
		}
	}
	if raise.Min == 0 {
		t.Fatalf("no raise among the legal actions %+v", st.Legal)
	}
	for _, c := range []struct {
		a    Action
		kind error
		msg  string
	}{
		{Action{Kind: "raise", Amount: raise.Min - 1, HasAmount: true}, ErrIllegal, "minimum"},
		{Action{Kind: "raise", Amount: raise.Max + 1, HasAmount: true}, ErrIllegal, "legal:"},
		{Action{Kind: "raise", Amount: -4, HasAmount: true}, ErrIllegal, "positive"},
		{Action{Kind: "raise"}, ErrIllegal, "needs an amount"},
		{Action{Kind: "fold", Amount: 3, HasAmount: true}, ErrIllegal, "takes no amount"},
		{Action{Kind: "jump"}, ErrIllegal, "unknown action"},
	} {
		_, err := tab.Act(context.Background(), me, c.a)
		if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%+v: %v, want %v containing %q", c.a, err, c.kind, c.msg)
		}
	}
	if st.Legal[1].Action == "call" {
		if _, err := tab.Act(context.Background(), me, Action{Kind: "check"}); !errors.Is(err, ErrIllegal) {
			t.Errorf("check facing a bet: %v", err)
		}
	}
	// A legal raise is applied; right after it is not the human's turn.
	after, err := tab.Act(context.Background(), me, Action{Kind: raise.Action, Amount: raise.Min, HasAmount: true})
	if err != nil {
		t.Fatal(err)
	}
	if got := after.Seats[me].Bet; got != raise.Min {
		t.Errorf("bet after raising to %d: %d", raise.Min, got)
	}
	if _, err := tab.Act(context.Background(), me, Action{Kind: "fold"}); !errors.Is(err, ErrNotYourTurn) {
		t.Errorf("acting twice: %v, want ErrNotYourTurn", err)
	}
}

// TestActionTimeout: a human who does not act checks or folds when the
// timeout passes, and the table goes on.
func TestActionTimeout(t *testing.T) {
	_, c := humanConfig(t, Options{ActionTimeout: 5 * time.Millisecond})
	deadline := time.Now().Add(5 * time.Second)
	for time.Now().Before(deadline) {
		st, err := c.Table.State(context.Background(), -1)
		if err != nil {
			t.Fatal(err)
		}
		if st.Hand >= 6 {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
	t.Fatal("the table did not get to hand 6 with a human who never acts")
}

// TestHoleCardsOnlyToTheirSeat: the human's event stream has its own hole
// cards and no other seat's; a spectator's has none.
func TestHoleCardsOnlyToTheirSeat(t *testing.T) {
	_, c := humanConfig(t, Options{ActionTimeout: time.Millisecond})
	me, _ := c.Table.Authenticate(c.Tokens["me"])
	for _, viewer := range []int{me, -1} {
		sub, err := c.Table.Subscribe(viewer, "")
		if err != nil {
			t.Fatal(err)
		}
		holes, ends := 0, 0
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		for ends < 3 {
			evs, _, err := sub.Next(ctx, nil)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range evs {
				switch e.Type {
				case "hole":
					holes++
					if e.Seat != viewer+1 {
						t.Fatalf("viewer %d got seat %d's hole cards", viewer+1, e.Seat)
					}
				case "hand_end":
					ends++
				}
			}
		}
		cancel()
		if viewer >= 0 && holes < 3 {
			t.Errorf("the human saw %d hole events in 3 hands", holes)
		}
	}
}

// TestResumeAfterLastEvent: a subscriber that comes back with the last id
// it saw continues with the next event; an id of another epoch gets a
// resync.
func TestResumeAfterLastEvent(t *testing.T) {
	s := &sink{}
	m := NewManager(Options{}, s, nil, nil, nil)
	defer m.Shutdown(context.Background())
	c, err := m.Create(context.Background(), npcConfig(t, 1, 20, false, "tag", "nit"))
	if err != nil {
		t.Fatal(err)
	}
	waitDone(t, c.Table)
	sub, _ := c.Table.Subscribe(-1, "0:0")
	all, _, err := sub.Next(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	all = append([]Event(nil), all...)
	mid := all[len(all)/2]
	sub2, err := c.Table.Subscribe(-1, mid.ID)
	if err != nil {
		t.Fatal(err)
	}
	rest, _, _ := sub2.Next(context.Background(), nil)
	if len(rest) == 0 || rest[0].ID != all[len(all)/2+1].ID {
		t.Fatalf("resumed after %s at %v", mid.ID, rest[:min(1, len(rest))])
	}
	sub3, _ := c.Table.Subscribe(-1, "7:3")
	ev, _, _ := sub3.Next(context.Background(), nil)
	if len(ev) == 0 || ev[0].Type != "resync" {
		t.Errorf("an id of another epoch: %v, want resync first", ev[:min(1, len(ev))])
	}
	if _, err := c.Table.Subscribe(-1, "abc"); !errors.Is(err, ErrInvalid) {
		t.Errorf("a malformed id: %v", err)
	}
}

// TestConfigValidation names the field at fault.
func TestConfigValidation(t *testing.T) {
	good := func() Config { return npcConfig(t, 1, 0, false, "tag", "nit") }
	for _, c := range []struct {
		edit func(*Config)
		msg  string
	}{
		{func(c *Config) { c.Seats = c.Seats[:1] }, "seats: 1 seats"},
		{func(c *Config) { c.BigBlind = 0 }, "big_blind"},
		{func(c *Config) { c.SmallBlind = 3 }, "small_blind: 3 is larger"},
		{func(c *Config) { c.Stack = -1 }, "stack"},
		{func(c *Config) { c.Ante = -1 }, "ante"},
		{func(c *Config) { c.Seats[1].Name = c.Seats[0].Name }, "seats[1].name"},
		{func(c *Config) { c.Seats[1].Name = "" }, "seats[1].name: empty"},
		{func(c *Config) { c.Seats[1].Name = " x" }, "leading"},
		{func(c *Config) { c.Seats[1].Profile = nil }, "seats[1].profile"},
		{func(c *Config) { c.Seats[1].Human = true }, "seats[1]: a human seat takes no profile"},
		{func(c *Config) { c.Stack = MaxChips + 1 }, "above"},
	} {
		cfg := good()
		c.edit(&cfg)
		err := cfg.Validate()
		if !errors.Is(err, ErrInvalid) || !strings.Contains(err.Error(), c.msg) {
			t.Errorf("%v, want ErrInvalid with %q", err, c.msg)
		}
	}
	g := good()
	if err := g.Validate(); err != nil {
		t.Error(err)
	}
}

// TestConfigRoundTrip: a stored configuration reads back to the same
// profiles (every stat) and fields.
func TestConfigRoundTrip(t *testing.T) {
	cfg := npcConfig(t, 9, 7, true, "maniac", "regular")
	cfg.Seats = append(cfg.Seats, Seat{Name: "me", Human: true})
	data, err := EncodeConfig(&cfg)
	if err != nil {
		t.Fatal(err)
	}
	got, err := DecodeConfig(data)
	if err != nil {
		t.Fatal(err)
	}
	if got.Seed != 9 || got.Hands != 7 || !got.KeepStacks || len(got.Seats) != 3 || !got.Seats[2].Human {
		t.Fatalf("decoded %+v", got)
	}
	for i := range 2 {
		if got.Seats[i].Profile.Stats != cfg.Seats[i].Profile.Stats {
			t.Errorf("seat %d: stats changed through the stored form", i)
		}
	}
}

// TestShowsCarryTheirRank: every show event names the rank of the shown
// cards on the hand's final board, and the hand_end results carry the
// same rank for exactly the seats that showed.
func TestShowsCarryTheirRank(t *testing.T) {
	m := NewManager(Options{EventBuffer: 1 << 14}, &sink{}, nil, nil, nil) // every event of the 60 hands kept
	defer m.Shutdown(context.Background())
	c, err := m.Create(context.Background(), npcConfig(t, 5, 60, false, "calling-station", "calling-station", "lag"))
	if err != nil {
		t.Fatal(err)
	}
	waitDone(t, c.Table)
	sub, _ := c.Table.Subscribe(-1, "0:0")
	evs, _, err := sub.Next(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	var board []string
	shown := map[int]string{}
	shows := 0
	for _, e := range evs {
		switch e.Type {
		case "hand_start":
			board, shown = nil, map[int]string{}
		case "board":
			board = append(board, e.Cards...)
		case "show":
			shows++
			set, err := cards.ParseSet(strings.Join(append(slices.Clone(board), e.Cards...), " "))
			if err != nil {
				t.Fatal(err)
			}
			if want := handeval.Eval(set).Describe(); e.Rank != want || want == "" {
				t.Fatalf("hand %d: %s shows %v on %v as %q, want %q", e.Hand, e.Name, e.Cards, board, e.Rank, want)
			}
			shown[e.Seat] = e.Rank
		case "hand_end":
			for _, r := range e.Results {
				if r.Rank != shown[r.Seat] {
					t.Fatalf("hand %d: result of seat %d has rank %q, its show %q", e.Hand, r.Seat, r.Rank, shown[r.Seat])
				}
			}
		}
	}
	if shows < 20 {
		t.Errorf("%d shows in 60 hands of calling stations: the test tests little", shows)
	}
}

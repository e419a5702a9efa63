package table

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"pokerlab/cards"
	"pokerlab/hh"
	"pokerlab/holdem"
)

// Event is one message of a table's event stream (GET
// /api/tables/{id}/events), as JSON. Type says which fields are set:
//
//   - hand_start: hand, button, seats (every seat's name and stack)
//   - post: a blind or ante (action "blind" or "ante", amount)
//   - hole: the receiving seat's own cards, sent only to that seat
//   - action: seat, action (fold, check, call, bet, raise), amount (chips
//     put in), to (the street total for bet and raise), all_in, phh
//   - board: street and the new cards
//   - return: an uncalled bet (amount) goes back to seat
//   - show: seat shows cards at showdown, with the hand's rank ("flush,
//     ace high"); muck: seat mucks (no cards)
//   - win: seat collects amount from pot (0 = main pot, 1.. side pots)
//   - turn: seat is to act, with the legal actions and, for a human, the
//     deadline
//   - hand_end: results per seat; the hand is in the database
//   - void: the hand was cancelled (shutdown, restart): every chip goes
//     back to where it was at hand_start
//   - closed: the table stopped dealing
//   - resync: events were missed (the last-event id is too old or from
//     before a restart); fetch the state
type Event struct {
	ID       string        `json:"id"`
	Type     string        `json:"type"`
	Hand     int64         `json:"hand"`
	Seat     int           `json:"seat,omitempty"`
	Name     string        `json:"name,omitempty"`
	Action   string        `json:"action,omitempty"`
	Amount   int64         `json:"amount,omitempty"`
	To       int64         `json:"to,omitempty"`
	AllIn    bool          `json:"all_in,omitempty"`
	Street   string        `json:"street,omitempty"`
	Cards    []string      `json:"cards,omitempty"`
	Rank     string        `json:"rank,omitempty"`
	PHH      string        `json:"phh,omitempty"`
	Pot      *int          `json:"pot,omitempty"`
	Legal    []LegalAction `json:"legal,omitempty"`
	Deadline *time.Time    `json:"deadline,omitempty"`
	Button   int           `json:"button,omitempty"`
	Seats    []SeatStart   `json:"seats,omitempty"`
	Results  []Result      `json:"results,omitempty"`
	Message  string        `json:"message,omitempty"`
}

// SeatStart is a seat at the start of a hand.
type SeatStart struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Stack int64  `json:"stack"`
}

// Result is one seat's outcome of a hand.
type Result struct {
	Seat  int    `json:"seat"`
	Name  string `json:"name"`
	Net   int64  `json:"net"`   // chips won minus chips put in
	Won   int64  `json:"won"`   // chips collected from the pots
	Stack int64  `json:"stack"` // after the hand (before any rebuy)
	// Rank names the hand the seat showed at the showdown ("full house,
	// queens full of fours"); empty if it did not show.
	Rank string `json:"rank,omitempty"`
}

// LegalAction is one action the player to act may take. Amount is the
// chips a call puts in; Min and Max bound the "to" total of a bet or raise.
type LegalAction struct {
	Action string `json:"action"`
	Amount int64  `json:"amount,omitempty"`
	Min    int64  `json:"min,omitempty"`
	Max    int64  `json:"max,omitempty"`
}

type recKind uint8

const (
	recHandStart recKind = iota + 1
	recEngine
	recTurn
	recHandEnd
	recVoid
	recClosed
)

// record is an event as the table keeps it: plain values, turned into an
// Event only when a client reads it.
type record struct {
	seq       uint64
	hand      int64
	kind      recKind
	only      int8 // -1: everyone may see it; else only this engine seat
	n, button int8
	e         holdem.Event
	legal     holdem.Legal
	curBet    int64
	deadline  int64 // unix milliseconds, 0: none
	info      *handInfo
	msg       string
	rank      string // a show's hand rank
}

// handInfo is what hand_start and hand_end carry.
type handInfo struct {
	stacks  []int64
	results []Result
}

// slot is a record as the ring keeps it, without its pointers: the ring
// of slots holds no pointer, so the garbage collector does not scan it (300
// tables' rings are most of a busy server's heap), and the few records
// with a pointer keep it in a small ring beside.
type slot struct {
	seq       uint64
	hand      int64
	kind      recKind
	only      int8
	n, button int8
	e         holdem.Event
	legal     holdem.Legal
	curBet    int64
	deadline  int64
}

// refs are a record's pointers.
type refs struct {
	info      *handInfo
	msg, rank string
}

// eventLog is a table's ring of recent events with a broadcast for waiting
// readers. The table goroutine appends; any goroutine reads.
type eventLog struct {
	mu     sync.Mutex
	epoch  uint64
	buf    []slot
	refs   []refs
	next   uint64 // sequence number of the next event (the first is 1)
	notify chan struct{}
	names  []string
	closed bool
}

func newEventLog(capacity int, epoch uint64, names []string) *eventLog {
	return &eventLog{buf: make([]slot, capacity), refs: make([]refs, capacity), next: 1, epoch: epoch, notify: make(chan struct{}), names: names}
}

// at returns the record of sequence number seq (kept: l.oldest() ≤ seq <
// l.next); l.mu is held.
func (l *eventLog) at(seq uint64) record {
	i := seq % uint64(len(l.buf))
	sl, rf := &l.buf[i], &l.refs[i]
	return record{seq: sl.seq, hand: sl.hand, kind: sl.kind, only: sl.only, n: sl.n, button: sl.button, e: sl.e,
		legal: sl.legal, curBet: sl.curBet, deadline: sl.deadline, info: rf.info, msg: rf.msg, rank: rf.rank}
}

func (l *eventLog) append(r record) {
	l.mu.Lock()
	r.seq = l.next
	i := r.seq % uint64(len(l.buf))
	l.buf[i] = slot{seq: r.seq, hand: r.hand, kind: r.kind, only: r.only, n: r.n, button: r.button, e: r.e,
		legal: r.legal, curBet: r.curBet, deadline: r.deadline}
	l.refs[i] = refs{info: r.info, msg: r.msg, rank: r.rank}
	l.next++
	ch := l.notify
	l.notify = make(chan struct{})
	if r.kind == recClosed {
		l.closed = true
	}
	l.mu.Unlock()
	close(ch)
}

// lastID is the id of the last event.
func (l *eventLog) lastID() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.id(l.next - 1)
}

func (l *eventLog) id(seq uint64) string {
	return strconv.FormatUint(l.epoch, 10) + ":" + strconv.FormatUint(seq, 10)
}

// oldest is the sequence number of the oldest event still kept.
func (l *eventLog) oldest() uint64 {
	if l.next > uint64(len(l.buf)) {
		return l.next - uint64(len(l.buf))
	}
	return 1
}

// ParseEventID splits an event id "epoch:seq".
func ParseEventID(id string) (epoch, seq uint64, err error) {
	a, b, ok := strings.Cut(id, ":")
	if ok {
		epoch, err = strconv.ParseUint(a, 10, 64)
		if err == nil {
			seq, err = strconv.ParseUint(b, 10, 64)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("event id %q: want EPOCH:SEQ as sent in the id field", id)
	}
	return epoch, seq, nil
}

// Subscription reads a table's events as one seat (or a spectator) sees
// them.
type Subscription struct {
	log    *eventLog
	viewer int
	after  uint64 // the last sequence number delivered
	resync bool
}

// Next returns the next events for the subscriber, waiting until there is
// at least one or ctx ends. done is true after the closed event.
func (s *Subscription) Next(ctx context.Context, dst []Event) (out []Event, done bool, err error) {
	for {
		l := s.log
		l.mu.Lock()
		out = dst[:0]
		if s.resync {
			s.resync = false
			out = append(out, Event{ID: l.id(s.after), Type: "resync", Message: "events were missed: fetch the state"})
		}
		if s.after+1 < l.oldest() {
			s.after = l.oldest() - 1
			out = append(out, Event{ID: l.id(s.after), Type: "resync", Message: "events were missed: fetch the state"})
		}
		for seq := s.after + 1; seq < l.next; seq++ {
			if sl := &l.buf[seq%uint64(len(l.buf))]; sl.only >= 0 && int(sl.only) != s.viewer {
				s.after = seq
				continue
			}
			rec := l.at(seq)
			r := &rec
			s.after = seq
			if r.only >= 0 && int(r.only) != s.viewer {
				continue
			}
			if r.kind == recClosed {
				done = true
			}
			out = append(out, l.event(r))
		}
		wait := l.notify
		closed := l.closed && s.after+1 >= l.next
		l.mu.Unlock()
		if len(out) > 0 || closed {
			return out, done || closed, nil
		}
		select {
		case <-ctx.Done():
			return out, false, ctx.Err()
		case <-wait:
		}
	}
}

var streetNames = [...]string{"preflop", "flop", "turn", "river"}

func cardStrings(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

// event renders a record; l.mu is held.
func (l *eventLog) event(r *record) Event {
	ev := Event{ID: l.id(r.seq), Hand: r.hand}
	n, button := int(r.n), int(r.button)
	seatOf := func(s int) {
		ev.Seat = s + 1
		if s >= 0 && s < len(l.names) {
			ev.Name = l.names[s]
		}
	}
	switch r.kind {
	case recHandStart:
		ev.Type, ev.Button = "hand_start", button+1
		for s, st := range r.info.stacks {
			ev.Seats = append(ev.Seats, SeatStart{Seat: s + 1, Name: l.names[s], Stack: st})
		}
	case recTurn:
		ev.Type = "turn"
		seatOf(r.legal.Seat)
		ev.Legal = legalActions(r.legal, r.curBet)
		if r.deadline > 0 {
			t := time.UnixMilli(r.deadline).UTC()
			ev.Deadline = &t
		}
	case recHandEnd:
		ev.Type, ev.Results = "hand_end", r.info.results
	case recVoid:
		ev.Type, ev.Message = "void", r.msg
	case recClosed:
		ev.Type, ev.Message = "closed", r.msg
	case recEngine:
		e := &r.e
		seatOf(int(e.Seat))
		ev.Street = streetNames[e.Street]
		if a, ok := hh.EventAction(e, hh.PlayerOf(int(e.Seat), button, n)); ok {
			ev.PHH = a.Notation(0)
		}
		switch e.Kind {
		case holdem.EvAnte, holdem.EvBlind:
			ev.Type, ev.Amount, ev.AllIn = "post", e.Amount, e.AllIn
			ev.Action = "blind"
			if e.Kind == holdem.EvAnte {
				ev.Action = "ante"
			}
		case holdem.EvDeal:
			ev.Type, ev.Cards = "hole", cardStrings(e.Cards[:2])
		case holdem.EvBoard:
			ev.Type, ev.Seat, ev.Name, ev.Cards = "board", 0, "", cardStrings(e.CardSlice())
		case holdem.EvFold:
			ev.Type, ev.Action = "action", "fold"
		case holdem.EvCheck:
			ev.Type, ev.Action = "action", "check"
		case holdem.EvCall:
			ev.Type, ev.Action, ev.Amount, ev.To, ev.AllIn = "action", "call", e.Amount, e.To, e.AllIn
		case holdem.EvBet, holdem.EvRaise:
			ev.Type, ev.Action, ev.Amount, ev.To, ev.AllIn = "action", "bet", e.Amount, e.To, e.AllIn
			if e.Kind == holdem.EvRaise {
				ev.Action = "raise"
			}
		case holdem.EvReturn:
			ev.Type, ev.Amount = "return", e.Amount
		case holdem.EvShow:
			ev.Type, ev.Cards, ev.Rank = "show", cardStrings(e.Cards[:2]), r.rank
		case holdem.EvMuck:
			ev.Type = "muck"
		case holdem.EvWin:
			pot := int(e.Pot)
			ev.Type, ev.Amount, ev.Pot = "win", e.Amount, &pot
		}
	}
	return ev
}

// legalActions lists the legal actions of l; curBet is the street's
// current bet (a raise if positive, else a bet).
func legalActions(l holdem.Legal, curBet int64) []LegalAction {
	if l.Seat < 0 {
		return nil
	}
	out := make([]LegalAction, 0, 3)
	out = append(out, LegalAction{Action: "fold"})
	if l.ToCall == 0 {
		out = append(out, LegalAction{Action: "check"})
	} else {
		out = append(out, LegalAction{Action: "call", Amount: l.ToCall})
	}
	if l.CanRaise {
		kind := "raise"
		if curBet == 0 {
			kind = "bet"
		}
		out = append(out, LegalAction{Action: kind, Min: l.MinRaiseTo, Max: l.MaxRaiseTo})
	}
	return out
}

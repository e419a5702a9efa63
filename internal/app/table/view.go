package table

import (
	"time"

	"pokerlab/cards"
	"pokerlab/handeval"
	"pokerlab/hh"
	"pokerlab/holdem"
)

// State is a table as one viewer sees it (GET /api/tables/{id}): public
// information, plus the viewer's own hole cards. Other seats' cards appear
// only once they are shown at a showdown.
type State struct {
	TableID    string        `json:"table_id"`
	Hand       int64         `json:"hand"`
	Decision   int           `json:"decision"`
	Status     string        `json:"status"`
	Street     string        `json:"street"`
	SmallBlind int64         `json:"small_blind"`
	BigBlind   int64         `json:"big_blind"`
	Ante       int64         `json:"ante"`
	KeepStacks bool          `json:"keep_stacks"`
	Button     int           `json:"button"`
	Seats      []SeatState   `json:"seats"`
	Board      []string      `json:"board"`
	Pots       []PotState    `json:"pots"`
	Pot        int64         `json:"pot"`
	ToAct      int           `json:"to_act"`
	Deadline   *time.Time    `json:"deadline,omitempty"`
	Legal      []LegalAction `json:"legal"`
	Actions    []string      `json:"actions"`
	PHHSeats   []int         `json:"phh_seats"`
	You        int           `json:"you,omitempty"`
	Hole       []string      `json:"hole,omitempty"`
	Results    []Result      `json:"results,omitempty"`
	LastEvent  string        `json:"last_event_id"`
	// Notice says what holds the table up, if anything (a hand waiting
	// for the database).
	Notice string `json:"notice,omitempty"`
}

// SeatState is one seat in a State.
type SeatState struct {
	Seat    int      `json:"seat"`
	Name    string   `json:"name"`
	Human   bool     `json:"human"`
	Profile string   `json:"profile,omitempty"`
	Stack   int64    `json:"stack"`
	Bet     int64    `json:"bet"`
	Folded  bool     `json:"folded"`
	AllIn   bool     `json:"all_in"`
	Button  bool     `json:"button"`
	ToAct   bool     `json:"to_act"`
	Cards   []string `json:"cards,omitempty"`
	Rank    string   `json:"rank,omitempty"`
	BuyIns  int64    `json:"buy_ins"`
	Net     int64    `json:"net"`
}

// PotState is a pot and the seats that can win it.
type PotState struct {
	Amount   int64 `json:"amount"`
	Eligible []int `json:"eligible"`
}

// The table statuses of State.Status.
const (
	StatusStarting = "starting"  // no hand dealt yet
	StatusPlaying  = "playing"   // a hand is in progress
	StatusHandOver = "hand_over" // between hands: the last hand's board, shows and results
	StatusFinished = "finished"  // the table dealt its number of hands
	StatusClosed   = "closed"    // closed or the server stopped
)

// state builds the view of viewer (engine seat, -1 for a spectator). It
// runs on the table goroutine.
func (t *Table) state(viewer int) *State {
	n := len(t.cfg.Seats)
	st := &State{
		TableID: t.ID, Hand: t.handNo, Decision: t.decision, Status: t.status, Notice: t.notice, SmallBlind: t.cfg.SmallBlind, BigBlind: t.cfg.BigBlind,
		Ante: t.cfg.Ante, KeepStacks: t.cfg.KeepStacks, Board: []string{}, Pots: []PotState{}, Legal: []LegalAction{},
		Actions: []string{}, PHHSeats: make([]int, n), LastEvent: t.events.lastID(), Street: "preflop",
	}
	if viewer >= 0 {
		st.You = viewer + 1
	}
	dealt := t.status == StatusPlaying || t.status == StatusHandOver
	h := &t.h
	button := t.button
	var shown [holdem.MaxSeats]bool
	var shownCards [holdem.MaxSeats][2]cards.Card
	if dealt {
		st.Street = streetNames[h.Street()]
		for _, c := range h.Board() {
			st.Board = append(st.Board, c.String())
		}
		var acts []hh.Action
		for _, e := range h.Events() {
			if a, ok := hh.EventAction(&e, hh.PlayerOf(int(e.Seat), button, n)); ok {
				acts = append(acts, a)
			}
			if e.Kind == holdem.EvShow {
				shown[e.Seat] = true
				shownCards[e.Seat] = [2]cards.Card{e.Cards[0], e.Cards[1]}
			}
		}
		// Other seats' deals stay hidden even once shown: the show itself
		// carries the cards.
		me := 0
		if viewer >= 0 {
			me = hh.PlayerOf(viewer, button, n)
		}
		hh.HideHoleCards(acts, me, false)
		for i := range acts {
			st.Actions = append(st.Actions, acts[i].Notation(0))
		}
		for _, p := range h.AppendPots(nil) {
			ps := PotState{Amount: p.Amount, Eligible: []int{}}
			for s := range n {
				if p.CanWin(s) {
					ps.Eligible = append(ps.Eligible, s+1)
				}
			}
			st.Pots = append(st.Pots, ps)
		}
		st.Pot = h.Pot()
		if t.status == StatusPlaying {
			if a := h.Actor(); a >= 0 {
				st.ToAct = a + 1
				st.Legal = legalActions(h.Legal(), h.CurrentBet())
				if !t.deadline.IsZero() {
					d := t.deadline.UTC()
					st.Deadline = &d
				}
			}
		} else {
			st.Results = t.results
		}
		if viewer >= 0 {
			hole := h.Hole(viewer)
			st.Hole = []string{hole[0].String(), hole[1].String()}
		}
	}
	if dealt || t.handNo > 0 {
		st.Button = button + 1
	}
	for s := range n {
		st.PHHSeats[hh.PlayerOf(s, button, n)-1] = s + 1
		seat := &t.cfg.Seats[s]
		ss := SeatState{Seat: s + 1, Name: seat.Name, Human: seat.Human, Profile: seat.ProfileRef,
			Stack: t.stacks[s], BuyIns: t.buyIns[s], Net: t.net[s], Button: (dealt || t.handNo > 0) && s == button}
		if !seat.Human && ss.Profile == "" {
			ss.Profile = "inline:" + seat.Profile.Name
		}
		if dealt {
			ss.Stack, ss.Bet, ss.Folded, ss.AllIn = h.Stack(s), h.Bet(s), h.Folded(s), h.AllIn(s)
			ss.ToAct = t.status == StatusPlaying && h.Actor() == s
			switch {
			case s == viewer:
				hole := h.Hole(s)
				ss.Cards = []string{hole[0].String(), hole[1].String()}
				if !ss.Folded {
					ss.Rank = handRank(hole, h.Board())
				}
			case shown[s]:
				ss.Cards = []string{shownCards[s][0].String(), shownCards[s][1].String()}
				ss.Rank = handRank(shownCards[s], h.Board())
			}
		}
		st.Seats = append(st.Seats, ss)
	}
	return st
}

// handRank names the best five-card hand of hole and board ("two pair,
// kings and sevens", handeval's Describe), or "" before the flop or when a
// card is unknown.
func handRank(hole [2]cards.Card, board []cards.Card) string {
	if len(board) < 3 || hole[0] == holdem.Unknown || hole[1] == holdem.Unknown {
		return ""
	}
	s := cards.SetOf(hole[0], hole[1])
	for _, c := range board {
		if c == holdem.Unknown {
			return ""
		}
		s = s.Add(c)
	}
	return handeval.Eval(s).Describe()
}

// setShownRanks sets the rank of each result whose seat showed its cards
// at the showdown (the hand is over).
func setShownRanks(h *holdem.Hand, results []Result) {
	for _, e := range h.Events() {
		if e.Kind == holdem.EvShow && int(e.Seat) < len(results) {
			results[e.Seat].Rank = handRank([2]cards.Card{e.Cards[0], e.Cards[1]}, h.Board())
		}
	}
}

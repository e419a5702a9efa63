package hh

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// WritePokerStars writes hands as PokerStars-style text hand histories (the
// format HUD trackers import): header, seats, posts, "*** HOLE CARDS ***",
// the actions ("raises $x to $y", "and is all-in"), the streets,
// "Uncalled bet ($x) returned to", "*** SHOW DOWN ***", "collected", and a
// "*** SUMMARY ***" with the main and side pots. Each hand is replayed
// through the engine first; a hand that does not replay is an error.
func WritePokerStars(w io.Writer, hands []*Hand) error {
	var r Replayer
	var b strings.Builder
	for i, h := range hands {
		if err := r.Replay(h); err != nil {
			return err
		}
		if i > 0 {
			b.WriteString("\n\n")
		}
		pokerStarsHand(&b, h, &r.Hand)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// psWriter renders one hand.
type psWriter struct {
	b        *strings.Builder
	h        *Hand
	g        *holdem.Hand
	sym      string
	names    []string
	seatNums []int64
	bb       int64
}

func (p *psWriter) amt(v int64) string { return p.sym + formatUnits(v, p.h.Decimals) }

func (p *psWriter) line(format string, args ...any) {
	fmt.Fprintf(p.b, format, args...)
	p.b.WriteByte('\n')
}

func psCards(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		if c == holdem.Unknown {
			parts[i] = "??"
		} else {
			parts[i] = c.String()
		}
	}
	return "[" + strings.Join(parts, " ") + "]"
}

func pokerStarsHand(b *strings.Builder, h *Hand, g *holdem.Hand) {
	n := g.Players()
	p := &psWriter{b: b, h: h, g: g, names: make([]string, n), seatNums: make([]int64, n), bb: h.MinBet}
	for s := range n {
		p.names[s] = "p" + strconv.Itoa(s+1)
		if h.Players != nil && h.Players[s] != "" {
			p.names[s] = h.Players[s]
		}
		p.seatNums[s] = int64(s + 1)
		if h.Seats != nil {
			p.seatNums[s] = h.Seats[s]
		}
	}
	p.sym, _ = h.Field("currency_symbol")
	code, _ := h.Field("currency")
	if code == "" && p.sym == "$" {
		code = "USD"
	}
	sb := p.bb / 2
	for _, x := range h.Blinds {
		if x > 0 && x < p.bb {
			sb = x
			break
		}
	}
	id, ok := h.Field("hand")
	if !ok {
		id = h.Name
	}
	if id == "" {
		id = "1"
	}
	stakes := p.amt(sb) + "/" + p.amt(p.bb)
	if code != "" {
		stakes += " " + code
	}
	header := fmt.Sprintf("PokerStars Hand #%s:  Hold'em No Limit (%s)", id, stakes)
	if date := psDate(h); date != "" {
		header += " - " + date
	}
	p.line("%s", header)
	table, ok := h.Field("table")
	if !ok {
		table = "pokerlab"
	}
	maxSeats := int64(n)
	if sc, ok := h.Field("seat_count"); ok {
		v, _ := strconv.ParseInt(sc, 10, 64)
		maxSeats = max(maxSeats, v)
	}
	for _, s := range p.seatNums {
		maxSeats = max(maxSeats, s)
	}
	p.line("Table '%s' %d-max Seat #%d is the button", table, maxSeats, p.seatNums[g.Button()])
	order := make([]int, n)
	for s := range order {
		order[s] = s
	}
	slices.SortFunc(order, func(a, b int) int { return int(p.seatNums[a] - p.seatNums[b]) })
	for _, s := range order {
		p.line("Seat %d: %s (%s in chips)", p.seatNums[s], p.names[s], p.amt(g.StartingStack(s)))
	}

	var ps []holdem.Pot
	ps = g.AppendPots(ps)
	showdown := false
	holeDone := false
	var board []cards.Card
	for _, e := range g.Events() {
		s := int(e.Seat)
		allIn := ""
		if e.AllIn {
			allIn = " and is all-in"
		}
		if !holeDone && e.Kind != holdem.EvAnte && e.Kind != holdem.EvBlind {
			p.line("*** HOLE CARDS ***")
			holeDone = true
		}
		switch e.Kind {
		case holdem.EvAnte:
			p.line("%s: posts the ante %s%s", p.names[s], p.amt(e.Amount), allIn)
		case holdem.EvBlind:
			kind := "big blind"
			switch nominal := g.ForcedBlind(s); {
			case nominal < p.bb:
				kind = "small blind"
			case nominal > p.bb:
				kind = "straddle"
			}
			p.line("%s: posts %s %s%s", p.names[s], kind, p.amt(e.Amount), allIn)
		case holdem.EvDeal:
			if e.Cards[0] != holdem.Unknown && e.Cards[1] != holdem.Unknown {
				p.line("Dealt to %s %s", p.names[s], psCards(e.CardSlice()))
			}
		case holdem.EvBoard:
			prev := psCards(board)
			board = append(board, e.CardSlice()...)
			switch e.Street {
			case holdem.Flop:
				p.line("*** FLOP *** %s", psCards(board))
			case holdem.Turn:
				p.line("*** TURN *** %s %s", prev, psCards(e.CardSlice()))
			case holdem.River:
				p.line("*** RIVER *** %s %s", prev, psCards(e.CardSlice()))
			}
		case holdem.EvFold:
			p.line("%s: folds", p.names[s])
		case holdem.EvCheck:
			p.line("%s: checks", p.names[s])
		case holdem.EvCall:
			p.line("%s: calls %s%s", p.names[s], p.amt(e.Amount), allIn)
		case holdem.EvBet:
			p.line("%s: bets %s%s", p.names[s], p.amt(e.To), allIn)
		case holdem.EvRaise:
			p.line("%s: raises %s to %s%s", p.names[s], p.amt(e.To-e.Prev), p.amt(e.To), allIn)
		case holdem.EvReturn:
			p.line("Uncalled bet (%s) returned to %s", p.amt(e.Amount), p.names[s])
		case holdem.EvShow, holdem.EvMuck:
			if g.WentToShowdown() && !showdown {
				p.line("*** SHOW DOWN ***")
				showdown = true
			}
			// A show of unknown cards is, in a recorded hand, a hand
			// nobody saw: PokerStars writes that as a muck.
			if e.Kind == holdem.EvMuck || e.Cards[0] == holdem.Unknown && e.Cards[1] == holdem.Unknown {
				p.line("%s: mucks hand", p.names[s])
				break
			}
			if desc := DescribeHand(g.Hole(s), g.Board()); desc != "" && g.WentToShowdown() {
				p.line("%s: shows %s (%s)", p.names[s], psCards(e.CardSlice()), desc)
			} else {
				p.line("%s: shows %s", p.names[s], psCards(e.CardSlice()))
			}
		case holdem.EvWin:
			if g.WentToShowdown() && !showdown {
				p.line("*** SHOW DOWN ***")
				showdown = true
			}
			p.line("%s collected %s from %s", p.names[s], p.amt(e.Amount), potName(int(e.Pot), len(ps)))
		}
	}

	p.line("*** SUMMARY ***")
	var total int64
	for _, pot := range ps {
		total += pot.Amount
	}
	sum := "Total pot " + p.amt(total)
	if len(ps) > 1 {
		sum += " Main pot " + p.amt(ps[0].Amount) + "."
		for i, pot := range ps[1:] {
			sum += fmt.Sprintf(" Side pot-%d %s.", i+1, p.amt(pot.Amount))
		}
	}
	p.line("%s | Rake %s", sum, p.amt(0))
	if len(board) > 0 {
		p.line("Board %s", psCards(board))
	}
	for _, s := range order {
		p.line("Seat %d: %s%s %s", p.seatNums[s], p.names[s], p.positionLabel(s), p.outcome(s))
	}
}

// potName is PokerStars' name of pot i of k.
func potName(i, k int) string {
	switch {
	case k == 1:
		return "pot"
	case i == 0:
		return "main pot"
	}
	return fmt.Sprintf("side pot-%d", i)
}

func (p *psWriter) positionLabel(s int) string {
	g := p.g
	l := ""
	if s == g.Button() {
		l += " (button)"
	}
	if s == g.SmallBlindSeat() {
		l += " (small blind)"
	} else if s == g.BigBlindSeat() {
		l += " (big blind)"
	}
	return l
}

// outcome is the summary of seat s: how it folded, showed, won or mucked.
func (p *psWriter) outcome(s int) string {
	g := p.g
	streets := [...]string{"before Flop", "on the Flop", "on the Turn", "on the River"}
	if g.Folded(s) {
		for _, e := range g.Events() {
			if e.Kind == holdem.EvFold && int(e.Seat) == s {
				out := "folded " + streets[e.Street]
				if e.Street == holdem.Preflop && g.Committed(s)-g.ForcedAnte(s) == 0 {
					out += " (didn't bet)"
				}
				return out
			}
		}
	}
	if !g.WentToShowdown() {
		return "collected (" + p.amt(g.Won(s)) + ")"
	}
	hole := g.Hole(s)
	if g.Mucked(s) || hole[0] == holdem.Unknown && hole[1] == holdem.Unknown && g.Won(s) == 0 {
		return "mucked"
	}
	cs := psCards(hole[:])
	desc := DescribeHand(hole, g.Board())
	if g.Won(s) > 0 {
		if desc == "" {
			return "showed " + cs + " and won (" + p.amt(g.Won(s)) + ")"
		}
		return "showed " + cs + " and won (" + p.amt(g.Won(s)) + ") with " + desc
	}
	if desc == "" {
		return "showed " + cs + " and lost"
	}
	return "showed " + cs + " and lost with " + desc
}

// psDate renders the date and time fields as "2009/07/01 00:00:26 ET".
func psDate(h *Hand) string {
	y, ok1 := h.Field("year")
	m, ok2 := h.Field("month")
	d, ok3 := h.Field("day")
	if !ok1 || !ok2 || !ok3 {
		return ""
	}
	mi, _ := strconv.Atoi(m)
	di, _ := strconv.Atoi(d)
	out := fmt.Sprintf("%s/%02d/%02d", y, mi, di)
	if t, ok := h.Field("time"); ok {
		out += " " + t
	}
	if tz, ok := h.Field("time_zone_abbreviation"); ok {
		out += " " + tz
	}
	return out
}

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
// "*** SUMMARY ***" with the main and side pots. A capped hand (Hand.Cap)
// has the cap in its header ("$0.25/$0.50 - $10 Cap -  USD") and "and has
// reached the $10 cap" where a player puts the cap in with chips behind; an
// All-in Cash Out (Hand.CashOuts) is written as PokerStars writes it: no
// collected line, "cashed out the hand for $x | Cash Out Fee $y", and the
// award the site kept in the summary ("(pot not awarded as player cashed
// out)"). Each hand is replayed
// through the engine first; a hand that does not replay is an error. The
// header's hand number is the hand field (a site's number, a simulated
// hand's HandID), else the HandID of the hand's content.
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
	bb, sb   int64
	dead     []int64 // dead blinds by engine seat (posted as antes)
	short    []int64 // rake still to take from each seat's awards
	rake     int64
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
		p.names[s] = h.PlayerName(s)
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
	p.dead = deadBlinds(h, n)
	sb := int64(0)
	for _, x := range h.Blinds {
		if x > 0 && x < p.bb {
			sb = x
			break
		}
	}
	for _, d := range p.dead {
		if sb == 0 && d > 0 && d < p.bb {
			sb = d
		}
	}
	if sb == 0 {
		sb = p.bb / 2
	}
	p.sb = sb
	// The hand's own number; a hand without one (a PHH file of hands
	// from elsewhere) is numbered by its content (HandID), not by its
	// place in the file: "Hand #1" of every file would be one hand to
	// any database.
	id, ok := h.Field("hand")
	if !ok || id == "" {
		id = strconv.FormatInt(HandID(h, 0, 0), 10)
	}
	prefix := "PokerStars Hand #"
	switch {
	case h.flag("_zoom"):
		prefix = "PokerStars Zoom Hand #"
	case h.flag("_home_game"):
		prefix = "PokerStars Home Game Hand #"
	}
	game := "Hold'em No Limit"
	if ev, ok := h.Field("event"); ok && ev != "" {
		game = ev + " " + game
	}
	var header string
	if lv, ok := h.Field("level"); ok {
		// A tournament: the level and the blinds in chips.
		l, _ := strconv.Atoi(lv)
		header = fmt.Sprintf("%s%s: %s - Level %s (%s/%s)", prefix, id, game, romanLevel(l), p.amt(sb), p.amt(p.bb))
	} else {
		stakes := p.amt(sb) + "/" + p.amt(p.bb)
		if h.Cap > 0 {
			stakes += " - " + p.amt(h.Cap) + " Cap - "
		}
		if code != "" {
			stakes += " " + code
		}
		header = fmt.Sprintf("%s%s:  %s (%s)", prefix, id, game, stakes)
	}
	if date := psDate(h); date != "" {
		header += " - " + date
	}
	p.line("%s", header)
	// What each player collected: the replay's award less the rake, when
	// the hand records its winnings (a site hand); short[s] is the rake
	// taken from seat s's awards.
	p.short = make([]int64, n)
	if len(h.Winnings) == n {
		for s := range n {
			if w := g.Won(s) - h.Winnings[s]; w > 0 {
				p.short[s] = w
			}
		}
	}
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
	money := ""
	if h.flag("_play_money") {
		money = " (Play Money)"
	}
	p.line("Table '%s' %d-max%s Seat #%d is the button", table, maxSeats, money, p.seatNums[g.Button()])
	order := make([]int, n)
	for s := range order {
		order[s] = s
	}
	slices.SortFunc(order, func(a, b int) int { return int(p.seatNums[a] - p.seatNums[b]) })
	for _, s := range order {
		p.line("Seat %d: %s (%s in chips)", p.seatNums[s], p.names[s], p.amt(h.StartingStacks[s]))
	}

	var ps []holdem.Pot
	ps = g.AppendPots(ps)
	showdown := false
	holeDone := false
	dealt := make([][2]cards.Card, n) // the cards known at the deal
	var board []cards.Card
	for _, e := range g.Events() {
		s := int(e.Seat)
		allIn := ""
		if e.AllIn {
			allIn = " and is all-in"
			if s >= 0 && s < n && h.StartingStacks[s] > g.StartingStack(s) {
				// All-in on the capped stack, with chips behind.
				allIn = " and has reached the " + p.amt(h.Cap) + " cap"
			}
		}
		if !holeDone && e.Kind != holdem.EvAnte && e.Kind != holdem.EvBlind {
			// Dead blinds of players who post no live blind.
			for t := range n {
				if d := p.dead[t]; d > 0 {
					p.line("%s: posts small blind %s", p.names[t], p.amt(d))
				}
			}
			p.line("*** HOLE CARDS ***")
			holeDone = true
		}
		switch e.Kind {
		case holdem.EvAnte:
			// Dead blinds are posted like antes; they are written with
			// the blinds, as the sites do.
			if a := e.Amount - p.dead[s]; a > 0 {
				p.line("%s: posts the ante %s%s", p.names[s], p.amt(a), allIn)
			}
		case holdem.EvBlind:
			// A live blind below the big blind is the small blind only in
			// the small blind's seat: elsewhere "posts small blind" is a
			// dead blind, so it is written as a (live) big blind.
			kind := "big blind"
			switch nominal := g.ForcedBlind(s); {
			case nominal < p.bb && s == g.SmallBlindSeat():
				kind = "small blind"
			case nominal > p.bb:
				kind = "straddle"
			}
			if d := p.dead[s]; d > 0 {
				if d == p.sb && kind == "big blind" {
					p.line("%s: posts small & big blinds %s%s", p.names[s], p.amt(d+e.Amount), allIn)
					p.dead[s] = -d
					break
				}
				p.line("%s: posts small blind %s", p.names[s], p.amt(d))
				p.dead[s] = -d
			}
			p.line("%s: posts %s %s%s", p.names[s], kind, p.amt(e.Amount), allIn)
		case holdem.EvDeal:
			dealt[s] = [2]cards.Card{e.Cards[0], e.Cards[1]}
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
			// A card shown while folding ("folds [Ks]"); two known cards
			// are in the "Dealt to" line.
			hole := dealt[s]
			if (hole[0] == holdem.Unknown) != (hole[1] == holdem.Unknown) {
				c := hole[0]
				if c == holdem.Unknown {
					c = hole[1]
				}
				p.line("%s: folds [%s]", p.names[s], c)
				break
			}
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
			// nobody saw: a loser's is written as a muck (as PokerStars
			// writes it), a winner's not at all (a muck would give up the
			// pot; read back, the collected line decides it).
			if e.Kind == holdem.EvMuck || e.Cards[0] == holdem.Unknown && e.Cards[1] == holdem.Unknown {
				if e.Kind == holdem.EvMuck || g.Won(s) == 0 {
					p.line("%s: mucks hand", p.names[s])
				}
				break
			}
			// Only the cards known: PokerStars writes "shows [Qs]" for a
			// player who shows one card.
			shown := make([]cards.Card, 0, 2)
			for _, c := range e.CardSlice() {
				if c != holdem.Unknown {
					shown = append(shown, c)
				}
			}
			if desc := DescribeHand(g.Hole(s), g.Board()); desc != "" && g.WentToShowdown() {
				p.line("%s: shows %s (%s)", p.names[s], psCards(shown), desc)
			} else {
				p.line("%s: shows %s", p.names[s], psCards(shown))
			}
		case holdem.EvWin:
			if g.WentToShowdown() && !showdown {
				p.line("*** SHOW DOWN ***")
				showdown = true
			}
			amt := e.Amount
			if r := min(p.short[s], amt); r > 0 {
				amt -= r
				p.short[s] -= r
				p.rake += r
			}
			if p.cashedOut(s) {
				break // the site keeps the award
			}
			p.line("%s collected %s from %s", p.names[s], p.amt(amt), potName(int(e.Pot), len(ps)))
		}
	}
	for s := range n {
		if p.cashedOut(s) {
			p.line("%s cashed out the hand for %s | Cash Out Fee %s", p.names[s], p.amt(h.CashOuts[s]), p.amt(h.CashOutFees[s]))
		}
	}
	if dep := deposits(h, n); dep != nil {
		for s, d := range dep {
			if d > 0 {
				p.line("%s: Table deposit %s", p.names[s], p.amt(d))
			}
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
	p.line("%s | Rake %s", sum, p.amt(p.rake))
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

// cashedOut reports whether seat s took an All-in Cash Out.
func (p *psWriter) cashedOut(s int) bool {
	return s < len(p.h.CashOuts) && p.h.CashOuts[s] > 0
}

// outcome is the summary of seat s: how it folded, showed, won or mucked;
// for a player who cashed out, what PokerStars adds.
func (p *psWriter) outcome(s int) string {
	out := p.result(s)
	if p.cashedOut(s) {
		if p.g.Won(s) > 0 {
			if !strings.Contains(out, " won (") {
				out = "won (" + p.amt(min(p.g.Won(s), p.h.Winnings[s])) + ")"
			}
			return out + " (pot not awarded as player cashed out)"
		}
		return out + " (cashed out)"
	}
	return out
}

// result is the summary of seat s: how it folded, showed, won or mucked.
func (p *psWriter) result(s int) string {
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
	won := g.Won(s)
	if len(p.h.Winnings) == g.Players() && p.h.Winnings[s] < won {
		won = p.h.Winnings[s]
	}
	if !g.WentToShowdown() {
		return "collected (" + p.amt(won) + ")"
	}
	hole := g.Hole(s)
	if hole[0] == holdem.Unknown && hole[1] == holdem.Unknown && g.Won(s) > 0 && !g.Mucked(s) {
		return "collected (" + p.amt(won) + ")"
	}
	if g.Mucked(s) || hole[0] == holdem.Unknown && hole[1] == holdem.Unknown && g.Won(s) == 0 {
		return "mucked"
	}
	cs := psCards(hole[:])
	desc := DescribeHand(hole, g.Board())
	if g.Won(s) > 0 {
		if desc == "" {
			return "showed " + cs + " and won (" + p.amt(won) + ")"
		}
		return "showed " + cs + " and won (" + p.amt(won) + ") with " + desc
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

// flag reports whether a boolean field (a user-defined "_zoom = true") is
// set.
func (h *Hand) flag(key string) bool {
	v, ok := h.Field(key)
	return ok && v == "true"
}

// deposits returns the field _deposits (Table deposits made during the
// hand, by player), nil without it.
func deposits(h *Hand, n int) []int64 {
	f, ok := h.Field("_deposits")
	if !ok {
		return nil
	}
	p := &tomlParser{src: f, line: 1}
	var v tomlValue
	if p.parseValue(&v) != nil || v.kind != tomlArray {
		return nil
	}
	items := p.items(v)
	if len(items) != n {
		return nil
	}
	out := make([]int64, n)
	for i, it := range items {
		x, err := parseDecimal(p.raw(it))
		if err != nil {
			return nil
		}
		if out[i], err = x.units(h.Decimals); err != nil {
			return nil
		}
	}
	return out
}

// deadBlinds returns the dead blinds of the field _dead_blinds (a site hand's
// "posts small & big blinds", "posts missed blind"; they are part of the
// antes) by engine seat, zeros without the field.
func deadBlinds(h *Hand, n int) []int64 {
	out := make([]int64, n)
	f, ok := h.Field("_dead_blinds")
	if !ok {
		return out
	}
	p := &tomlParser{src: f, line: 1}
	var v tomlValue
	if p.parseValue(&v) != nil || v.kind != tomlArray {
		return out
	}
	items := p.items(v)
	if len(items) != n {
		return out
	}
	for i, it := range items {
		x, err := parseDecimal(p.raw(it))
		if err != nil {
			return make([]int64, n)
		}
		u, err := x.units(h.Decimals)
		if err != nil {
			return make([]int64, n)
		}
		j := i
		if n == 2 {
			j = 1 - i // written in PHH's heads-up order, like antes
		}
		out[j] = u
	}
	return out
}

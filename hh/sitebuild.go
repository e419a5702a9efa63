package hh

import (
	"errors"
	"strconv"
	"strings"
	"sync"

	"pokerlab/cards"
	"pokerlab/holdem"
)

// MaxTotal bounds the amounts of a hand read from a site's text, in the
// hand's units: every amount is at most MaxTotal and so is the sum of the
// starting stacks (the chips in play, which bound every pot and bet the
// engine forms), so no sum the engine or a reader of the hand computes can
// overflow; 2^53-1 also keeps every amount exact for readers that parse
// JSON numbers as doubles. It is the limit the engine and the PHH reader
// apply: one limit for every input.
const MaxTotal = holdem.MaxChips

// limitText names MaxTotal in a hand's currency and units.
func (p *siteParser) limitText() string {
	return p.money(MaxTotal) + " (2^53-1 units, hh.MaxTotal)"
}

// siteBuild holds the buffers of turning a parsed site hand into a Hand.
type siteBuild struct {
	order     []int   // seat index by PHH index
	ante      []int64 // by PHH index: antes and dead blinds
	dead      []int64
	blind     []int64
	collected []int64
	// collectLine is the first "collected" line of each player (0: none).
	collectLine []int
	// cashOut, cashFee and cashLine are each player's All-in Cash Out, its
	// fee and its line (0: none); kept the summary's award the site kept.
	cashOut, cashFee, kept []int64
	cashLine               []int
	folded                 []bool
	expect                 []expectAct
	returns                []siteEv
	pending                []pendingShow
	posted                 []postExpect
	r                      Replayer
	dec                    int
	err                    string
}

// expectAct is a betting line the engine's event must agree with.
type expectAct struct {
	kind   evKind
	a      int64 // call amount, bet or raise-to
	allIn  bool
	capped bool // "and has reached the $10 cap"
	line   int
	seat   int // PHH index
}

// postExpect is what a player posted, as the engine must post it.
type postExpect struct {
	ante, blind       int64
	anteLine, blindLn int
	allIn             bool
}

// pendingShow is a show or muck of the showdown, emitted in the engine's
// showdown order once the whole hand is read.
type pendingShow struct {
	seat  int // PHH index
	muck  bool
	cards [2]cards.Card
	n     int
	line  int
	done  bool
}

// units converts an amount to units of 10^-dec; an amount above MaxTotal
// is recorded in b.err.
func (b *siteBuild) units(a amt) int64 {
	e := b.dec - int(a.f)
	v := a.m
	for ; e > 0; e-- {
		if v > MaxTotal {
			break
		}
		v *= 10
	}
	if v > MaxTotal {
		b.err = "too large"
		return 0
	}
	return v
}

// build turns the parsed hand into h and checks it against the engine.
func (p *siteParser) build(h *Hand) *SiteError {
	b := &p.b
	// Who was dealt in: a player who posted, acted, showed or collected,
	// was dealt known cards, or (GGPoker) is listed as dealt to.
	nAct := 0
	for i := range p.seats {
		st := &p.seats[i]
		st.idx = -1
		if st.active || st.gg || st.holeN > 0 || st.shownN > 0 {
			st.active = true
			nAct++
		}
	}
	if nAct < holdem.MinSeats || nAct > holdem.MaxSeats {
		return p.errorf(p.line, "%d players dealt in: a hand has %d to %d", nAct, holdem.MinSeats, holdem.MaxSeats)
	}
	// PHH order: from the seat after the button round to the button
	// (an insertion sort of at most ten seats by their distance from it).
	b.order = grow(b.order, nAct)[:0]
	after := func(i int) int { return (p.seats[i].num - p.hd.button - 1 + 200) % 100 }
	for i := range p.seats {
		if !p.seats[i].active {
			continue
		}
		b.order = append(b.order, i)
		for j := len(b.order) - 1; j > 0 && after(b.order[j]) < after(b.order[j-1]); j-- {
			b.order[j], b.order[j-1] = b.order[j-1], b.order[j]
		}
	}
	for k, i := range b.order {
		p.seats[i].idx = k
	}
	n := nAct
	// The unit: the most decimals of any amount.
	dec := int(max(p.hd.sb.f, p.hd.bb.f, p.total.f, p.hd.cap.f))
	for _, i := range b.order {
		st := &p.seats[i]
		dec = max(dec, int(st.stack.f), int(st.kept.f), int(st.deposit.f))
	}
	for i := range p.evs {
		dec = max(dec, int(p.evs[i].a.f), int(p.evs[i].b.f))
	}
	for _, f := range p.fees {
		dec = max(dec, int(f.a.f))
	}
	b.dec, b.err = dec, ""

	h.Variant = "NT"
	h.Decimals = dec
	h.File = p.file
	h.Line = p.line
	h.Name = ""
	h.AnteTrimming = nil
	h.ActionsMultiline = true
	h.keys = nil
	h.StartingStacks = grow(h.StartingStacks, n)
	h.Players = grow(h.Players, n)
	h.Seats = grow(h.Seats, n)
	var total int64
	for k, i := range b.order {
		st := &p.seats[i]
		v := b.units(st.stack)
		if b.err != "" {
			return p.errorf(st.line, "seat %d: the stack %s is above the limit %s", st.num, p.hd.sym+amtText(st.stack), p.limitText())
		}
		if total > MaxTotal-v {
			return p.errorf(st.line, "starting stacks: the stacks add up to more than the limit %s", p.limitText())
		}
		if v <= 0 {
			return p.errorf(st.line, "%s is dealt in with no chips", st.name)
		}
		total += v
		h.StartingStacks[k] = v
		h.Players[k] = p.intern(st.name)
		h.Seats[k] = int64(st.num)
	}
	b.ante = zeroed(b.ante, n)
	b.dead = zeroed(b.dead, n)
	b.blind = zeroed(b.blind, n)
	b.collected = zeroed(b.collected, n)
	b.cashOut = zeroed(b.cashOut, n)
	b.cashFee = zeroed(b.cashFee, n)
	b.kept = zeroed(b.kept, n)
	b.cashLine = grow(b.cashLine, n)
	for i := range b.cashLine {
		b.cashLine[i] = 0
	}
	b.collectLine = grow(b.collectLine, n)
	for i := range b.collectLine {
		b.collectLine[i] = 0
	}
	b.folded = grow(b.folded, n)
	for i := range b.folded {
		b.folded[i] = false
	}
	b.posted = grow(b.posted, n)
	for i := range b.posted {
		b.posted[i] = postExpect{}
	}
	sbPos := 0
	if n == 2 {
		sbPos = 1 // heads-up the button posts the small blind
	}
	// The nominal blinds: the header's, unless a full post says otherwise
	// (GGPoker's header may name the next level's blinds).
	sbNominal, bbNominal := b.units(p.hd.sb), b.units(p.hd.bb)
	if b.err != "" {
		return p.errorf(p.line, "the blinds are above the limit %s", p.limitText())
	}
	hasBB := false
	fullBB := int64(0) // the largest big blind posted in full
	for j := range p.evs {
		ev := &p.evs[j]
		switch {
		case ev.kind == evBB && !ev.allIn:
			fullBB, hasBB = max(fullBB, b.units(ev.a)), true
		case ev.kind == evBB || ev.kind == evSBBB:
			hasBB = true
		case ev.kind == evSB && !ev.allIn && p.seats[ev.seat].idx == sbPos:
			sbNominal = b.units(ev.a)
		}
	}
	if fullBB > 0 {
		bbNominal = fullBB
	}
	if !p.hd.stakes && !hasBB {
		return p.errorf(p.line, "no big blind: the header gives no stakes and nobody posts a big blind")
	}
	// Actions: the deal, then the lines in order.
	h.Actions = h.Actions[:0]
	for k, i := range b.order {
		a := Action{Kind: DealHole, Receiver: k + 1, NCards: 2, Line: p.line}
		a.Cards[0], a.Cards[1] = p.seats[i].hole[0], p.seats[i].hole[1]
		h.Actions = append(h.Actions, a)
	}
	b.expect = b.expect[:0]
	b.returns = b.returns[:0]
	b.pending = b.pending[:0]
	riverAggr := -1
	lastBet, lastBoard := -1, -1
	var allIn, forfeit [holdem.MaxSeats]bool
	for j := range p.evs {
		ev := &p.evs[j]
		k := -1
		if ev.seat >= 0 {
			k = p.seats[ev.seat].idx
			if k < 0 {
				return p.errorf(int(ev.line), "%s is not dealt in", p.seats[ev.seat].name)
			}
		}
		x := b.units(ev.a)
		if b.err != "" {
			return p.errorf(int(ev.line), "the amount %s is above the limit %s", p.hd.sym+amtText(ev.a), p.limitText())
		}
		line := int(ev.line)
		if ev.allIn && k >= 0 {
			allIn[k] = true
		}
		switch ev.kind {
		case evAnte, evDead:
			if ev.kind == evDead {
				b.dead[k] += x
			}
			b.ante[k] += x
			b.posted[k].ante += x
			b.posted[k].anteLine = line
			b.posted[k].allIn = b.posted[k].allIn || ev.allIn
		case evSB, evBB, evSBBB, evStraddle:
			pe := &b.posted[k]
			pe.allIn = pe.allIn || ev.allIn
			if ev.kind == evSB && (k != sbPos || b.blind[k] != 0) {
				// A small blind out of position is dead money.
				b.dead[k] += x
				b.ante[k] += x
				pe.ante += x
				pe.anteLine = line
				break
			}
			if b.blind[k] != 0 {
				return p.errorf(line, "%s posts a second live blind", p.seats[ev.seat].name)
			}
			live := x
			switch ev.kind {
			case evSB:
				if ev.allIn && p.hd.stakes && x < sbNominal {
					live = sbNominal
				}
			case evBB:
				if ev.allIn && p.hd.stakes && x < bbNominal {
					live = bbNominal
				}
			case evStraddle:
				// A straddle is two big blinds; the text says only what
				// a player all-in for less posted.
				if ev.allIn && x < 2*bbNominal {
					live = 2 * bbNominal
				}
			case evSBBB:
				if !p.hd.stakes || x <= sbNominal {
					return p.errorf(line, "%s posts small & big blinds of %s: not more than the small blind", p.seats[ev.seat].name, p.money(x))
				}
				b.dead[k] += sbNominal
				b.ante[k] += sbNominal
				pe.ante += sbNominal
				pe.anteLine = line
				live = x - sbNominal
				x = live
			}
			b.blind[k] = live
			pe.blind = x
			pe.blindLn = line
		case evFold, evCheck, evCall, evBet, evRaise:
			if ev.kind == evFold && allIn[k] {
				// PokerStars folds a sitting-out player who is all-in
				// from a forced bet: the player gives up the pots, which
				// the engine expresses at the showdown.
				forfeit[k] = true
				break
			}
			if ev.kind == evRaise {
				x = b.units(ev.b)
			}
			var a Action
			a.Player, a.Line = k+1, line
			switch ev.kind {
			case evFold:
				a.Kind = Fold
				b.folded[k] = true
			case evCheck, evCall:
				a.Kind = CheckCall
			default:
				a.Kind, a.Amount = BetRaise, x
				if ev.street == holdem.River {
					riverAggr = k
				}
			}
			h.Actions = append(h.Actions, a)
			b.expect = append(b.expect, expectAct{kind: ev.kind, a: x, allIn: ev.allIn, capped: ev.capped, line: line, seat: k})
			lastBet = j
		case evBoard:
			a := Action{Kind: DealBoard, NCards: ev.n, Line: line}
			copy(a.Cards[:], ev.cards[:ev.n])
			h.Actions = append(h.Actions, a)
			lastBoard = j
		case evShow, evMuck:
			done := false
			for _, ps := range b.pending {
				done = done || ps.seat == k
			}
			if !done {
				ps := pendingShow{seat: k, muck: ev.kind == evMuck, line: line, n: int(ev.n)}
				copy(ps.cards[:], ev.cards[:2])
				b.pending = append(b.pending, ps)
			}
		case evReturn:
			ev.a = amt{m: x}
			b.returns = append(b.returns, *ev)
		case evCollect:
			b.collected[k] += x
			if b.collectLine[k] == 0 {
				b.collectLine[k] = line
			}
		case evCashOut:
			b.cashOut[k], b.cashLine[k] = x, line
			if b.cashFee[k] = b.units(ev.b); b.err != "" {
				return p.errorf(line, "the amount %s is above the limit %s", p.hd.sym+amtText(ev.b), p.limitText())
			}
		}
	}
	// A summary "showed [..]" without a show in the body is a show.
	for _, i := range b.order {
		st := &p.seats[i]
		if st.shownN == 0 {
			continue
		}
		found := false
		for _, ps := range b.pending {
			found = found || ps.seat == st.idx
		}
		if !found && !b.folded[st.idx] {
			b.pending = append(b.pending, pendingShow{seat: st.idx, cards: st.showed, n: st.shownN, line: st.line})
		}
	}
	// A player all-in from the ante in the big blind's seat posts nothing,
	// but the big blind is still the bet to call (PokerStars).
	if !hasBB {
		k := 1
		if n == 2 {
			k = 0
		}
		if b.blind[k] == 0 && b.posted[k].allIn && b.posted[k].ante == h.StartingStacks[k] {
			b.blind[k] = bbNominal
		}
	}
	p.showdown(h, riverAggr, lastBet, lastBoard, &forfeit)

	// The forced bets, in PHH order (heads-up reversed).
	h.Antes = grow(h.Antes, n)
	h.Blinds = grow(h.Blinds, n)
	copy(h.Antes, b.ante)
	copy(h.Blinds, b.blind)
	if n == 2 {
		h.Antes[0], h.Antes[1] = h.Antes[1], h.Antes[0]
		h.Blinds[0], h.Blinds[1] = h.Blinds[1], h.Blinds[0]
	}
	h.MinBet = bbNominal
	if !p.hd.stakes {
		for _, x := range b.blind {
			h.MinBet = max(h.MinBet, x)
		}
	}
	if h.MinBet <= 0 {
		return p.errorf(p.line, "no big blind: the header gives no stakes and nobody posts a blind")
	}
	h.Cap = 0
	if p.hd.capLine > 0 {
		if h.Cap = b.units(p.hd.cap); b.err != "" {
			return p.errorf(p.hd.capLine, "the cap %s is above the limit %s", p.hd.sym+amtText(p.hd.cap), p.limitText())
		}
	}
	// The cash-outs, and the awards the site kept ("pot not awarded").
	h.CashOuts, h.CashOutFees = nil, nil
	for k, i := range b.order {
		st := &p.seats[i]
		if st.keptLine > 0 {
			if b.kept[k] = b.units(st.kept); b.err != "" {
				return p.errorf(st.keptLine, "the amount %s is above the limit %s", p.hd.sym+amtText(st.kept), p.limitText())
			}
			if b.cashLine[k] == 0 {
				return p.errorf(st.keptLine, "%s's pot is not awarded as if they cashed out, but no line says %s cashed out the hand", st.name, st.name)
			}
		}
		if b.cashLine[k] > 0 && b.collectLine[k] > 0 {
			return p.errorf(b.collectLine[k], "%s collects from the pot after cashing out the hand (line %d): the site keeps the pots of a player who cashed out", st.name, b.cashLine[k])
		}
		if b.cashLine[k] > 0 && h.CashOuts == nil {
			h.CashOuts, h.CashOutFees = zeroed(h.CashOuts, n), zeroed(h.CashOutFees, n)
		}
	}
	if h.CashOuts != nil {
		copy(h.CashOuts, b.cashOut)
		copy(h.CashOutFees, b.cashFee)
	}
	p.fields(h)
	if p.noVerify {
		return nil
	}
	return p.verify(h)
}

func zeroed(s []int64, n int) []int64 {
	s = grow(s, n)
	for i := range s {
		s[i] = 0
	}
	return s
}

// showdown appends the shows and mucks in the engine's showdown order: the
// river's last aggressor first, else the first player after the button
// (sites list them in their own order). A player still in the hand who
// neither shows nor mucks in the text mucks, or, if the hand was run out
// after an all-in (every hand is tabled) or they collected, shows the
// cards known for them (unknown cards otherwise: the pot then goes as the
// collected lines say).
func (p *siteParser) showdown(h *Hand, riverAggr, lastBet, lastBoard int, forfeit *[holdem.MaxSeats]bool) {
	b := &p.b
	n := len(b.order)
	live := 0
	for k := range n {
		if !b.folded[k] {
			live++
		}
	}
	if live >= 2 && p.nboard == 5 {
		runout := lastBoard > lastBet
		first := 0
		if riverAggr >= 0 {
			first = riverAggr
		}
		for i := range n {
			k := (first + i) % n
			if b.folded[k] {
				continue
			}
			var ps *pendingShow
			for j := range b.pending {
				if b.pending[j].seat == k {
					ps = &b.pending[j]
				}
			}
			st := &p.seats[b.order[k]]
			a := Action{Kind: ShowMuck, Player: k + 1, Line: p.lastLine}
			switch {
			case ps != nil && (!ps.muck || runout):
				ps.done = true
				a.Line = ps.line
				if ps.muck {
					a.Cards[0], a.Cards[1], a.NCards = st.hole[0], st.hole[1], 2
				} else {
					a.Cards[0], a.Cards[1], a.NCards = ps.cards[0], holdem.Unknown, 2
					if ps.n == 2 {
						a.Cards[1] = ps.cards[1]
					}
				}
			case ps != nil:
				ps.done = true
				a.Line = ps.line
			case forfeit[k] && !runout:
				// mucks
			case runout || b.collected[k] > 0:
				a.Cards[0], a.Cards[1], a.NCards = st.hole[0], st.hole[1], 2
			}
			h.Actions = append(h.Actions, a)
		}
	}
	// Shows after the hand (a winner showing an uncontested hand).
	for j := range b.pending {
		ps := &b.pending[j]
		if ps.done || ps.muck {
			continue
		}
		a := Action{Kind: ShowMuck, Player: ps.seat + 1, Line: ps.line, NCards: 2}
		a.Cards[0], a.Cards[1] = ps.cards[0], holdem.Unknown
		if ps.n == 2 {
			a.Cards[1] = ps.cards[1]
		}
		h.Actions = append(h.Actions, a)
	}
}

// fields fills the PHH fields that say where and when the hand was played.
// Values that repeat from hand to hand (table, venue, currency, event, ...)
// are interned, so a file's hands share them.
func (p *siteParser) fields(h *Hand) {
	hd := &p.hd
	ex := h.Extra[:0]
	add := func(k, v string) { ex = append(ex, Field{Key: k, Value: v}) }
	if p.format == FormatGGPoker {
		add("venue", "'GGPoker'")
	} else {
		add("venue", "'PokerStars'")
	}
	add("table", p.quoted(hd.table))
	if isDigits(hd.id) && len(hd.id) <= 18 && (hd.id[0] != '0' || len(hd.id) == 1) {
		add("hand", string(hd.id))
	} else {
		add("hand", quoteTOML(string(hd.id)))
	}
	if hd.maxSeats > 0 {
		add("seat_count", smallInt(hd.maxSeats))
	}
	if len(hd.event) > 0 {
		add("event", p.quoted(hd.event))
	}
	if hd.level > 0 {
		add("level", smallInt(hd.level))
	}
	if hd.sym != "" && !hd.tournament {
		add("currency", p.quoted([]byte(currencyOf(hd.sym))))
		add("currency_symbol", p.quoted([]byte(hd.sym)))
	}
	if hd.hasClock {
		add("year", smallInt(hd.year))
		add("month", smallInt(hd.month))
		add("day", smallInt(hd.day))
		var t [8]byte
		for i, v := range hd.clock {
			t[3*i], t[3*i+1] = byte('0'+v/10), byte('0'+v%10)
			if i < 2 {
				t[3*i+2] = ':'
			}
		}
		add("time", string(t[:]))
		if len(hd.tz) > 0 {
			add("time_zone_abbreviation", p.quoted(hd.tz))
		}
	}
	if hd.zoom {
		add("_zoom", "true")
	}
	if hd.home {
		add("_home_game", "true")
	}
	if hd.playMoney {
		add("_play_money", "true")
	}
	for _, i := range p.b.order {
		if p.seats[i].deposit.m == 0 {
			continue
		}
		// Table deposits made during the hand, by player: they play from
		// the next hand, so the finishing stacks leave them out.
		parts := make([]string, len(p.b.order))
		for k, j := range p.b.order {
			parts[k] = formatUnits(p.b.units(p.seats[j].deposit), h.Decimals)
		}
		add("_deposits", "["+strings.Join(parts, ", ")+"]")
		break
	}
	for _, d := range p.b.dead {
		if d != 0 {
			parts := make([]string, len(p.b.dead))
			for k := range p.b.dead {
				j := k
				if len(p.b.dead) == 2 {
					j = 1 - k
				}
				parts[k] = formatUnits(p.b.dead[j], h.Decimals)
			}
			add("_dead_blinds", "["+strings.Join(parts, ", ")+"]")
			break
		}
	}
	h.Extra = ex
}

// quoted returns the TOML string of b, interned.
func (p *siteParser) quoted(b []byte) string {
	if s, ok := p.quotes[string(b)]; ok {
		return s
	}
	if p.quotes == nil {
		p.quotes = map[string]string{}
	}
	s := quoteTOML(string(b))
	p.quotes[string(b)] = s
	return s
}

// smallInt formats a non-negative int, without allocating below 10000.
func smallInt(v int) string {
	if v >= 0 && v < smallIntCount {
		return smallInts()[v]
	}
	return strconv.Itoa(v)
}

const smallIntCount = 10000

// smallInts is built at first use, not at start-up (10,000 strings).
var smallInts = sync.OnceValue(func() []string {
	out := make([]string, smallIntCount)
	for i := range out {
		out[i] = strconv.Itoa(i)
	}
	return out
})

func currencyOf(sym string) string {
	for _, c := range currencyCodes {
		if c.sym == sym {
			return c.code
		}
	}
	return ""
}

func isDigits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}

func (p *siteParser) intern(b []byte) string {
	if s, ok := p.names[string(b)]; ok {
		return s
	}
	s := string(b)
	p.names[s] = s
	return s
}

// money writes an amount of units with the hand's currency symbol.
func (p *siteParser) money(v int64) string {
	return p.hd.sym + formatUnits(v, p.b.dec)
}

// verify replays h and checks every line against the engine's events: the
// posts, each call, bet and raise (amount and all-in), the uncalled bets
// returned, and what each player collected against the replay's award
// less the summary's rake. It fills in winnings, finishing_stacks and Site.
func (p *siteParser) verify(h *Hand) *SiteError {
	b := &p.b
	r := &b.r
	// The collected amounts decide pots that cards unknown at the showdown
	// leave open (a player who shows one card, a winner who does not show).
	h.Winnings = grow(h.Winnings, len(b.order))
	copy(h.Winnings, b.collected)
	for k := range b.order {
		if b.cashLine[k] > 0 {
			// The award the site kept: PHH's winnings of a player who
			// cashed out (Hand.CashOuts).
			h.Winnings[k] = b.kept[k]
		}
	}
	finishing := h.FinishingStacks[:0]
	h.FinishingStacks = nil
	if err := r.Replay(h); err != nil {
		return p.replayError(h, err)
	}
	g := &r.Hand
	name := func(k int) string { return p.intern(p.seats[b.order[k]].name) }
	n := len(b.order)
	ei := 0
	ri := 0
	var won [holdem.MaxSeats]int64
	// over[k]: a call the engine makes larger than the text's, to be
	// returned as uncalled (a short big blind: PokerStars writes the call
	// of what is matched, the engine calls the full blind and returns the
	// rest).
	var over [holdem.MaxSeats]int64
	var overLine [holdem.MaxSeats]int
	// in[k]: what player k has put in so far (a capped hand checks it
	// against the cap).
	var in [holdem.MaxSeats]int64
	for _, e := range g.Events() {
		k := int(e.Seat)
		switch e.Kind {
		case holdem.EvAnte, holdem.EvBlind, holdem.EvCall, holdem.EvBet, holdem.EvRaise:
			in[k] += e.Amount
		case holdem.EvReturn:
			in[k] -= e.Amount
		}
		switch e.Kind {
		case holdem.EvAnte:
			pe := &b.posted[k]
			if e.Amount != pe.ante {
				return p.errorf(pe.anteLine, "%s posts %s of antes and dead blinds, the engine %s", name(k), p.money(pe.ante), p.money(e.Amount))
			}
		case holdem.EvBlind:
			pe := &b.posted[k]
			if e.Amount != pe.blind {
				return p.errorf(pe.blindLn, "%s posts a blind of %s, the engine %s (the stack is %s)", name(k), p.money(pe.blind), p.money(e.Amount), p.money(g.StartingStack(k)))
			}
		case holdem.EvFold, holdem.EvCheck, holdem.EvCall, holdem.EvBet, holdem.EvRaise:
			if ei >= len(b.expect) {
				return p.errorf(p.lastLine, "the engine records more actions than the text")
			}
			x := &b.expect[ei]
			ei++
			var got int64
			ok := false
			switch x.kind {
			case evFold:
				ok = e.Kind == holdem.EvFold
			case evCheck:
				ok = e.Kind == holdem.EvCheck
			case evCall:
				ok, got = e.Kind == holdem.EvCall, e.Amount
			case evBet:
				ok, got = e.Kind == holdem.EvBet, e.To
			case evRaise:
				ok, got = e.Kind == holdem.EvRaise, e.To
			}
			if !ok {
				return p.errorf(x.line, "%s %s, but the engine records a %v there (%s to call)", name(k), siteVerb[x.kind], e.Kind, p.money(e.Prev-(e.To-e.Amount)))
			}
			if x.kind == evCall && got > x.a && !x.allIn {
				over[k] += got - x.a
				overLine[k] = x.line
			} else if x.kind >= evCall && got != x.a {
				what := "calls"
				if x.kind == evRaise {
					what = "raises to"
				} else if x.kind == evBet {
					what = "bets"
				}
				return p.errorf(x.line, "%s %s %s, the engine %s", name(k), what, p.money(x.a), p.money(got))
			}
			if x.allIn && !e.AllIn {
				return p.errorf(x.line, "%s is all-in by the text, but the engine leaves them %s", name(k), p.money(g.Stack(k)))
			}
			if x.allIn && r.behind[k] > 0 && !x.capped {
				return p.errorf(x.line, "%s is all-in by the text, but has %s behind the %s cap", name(k), p.money(r.behind[k]), p.money(h.Cap))
			}
			if x.capped && in[k] != h.Cap {
				return p.errorf(x.line, "%s has reached the %s cap by the text, but has put in %s", name(k), p.money(h.Cap), p.money(in[k]))
			}
		case holdem.EvReturn:
			if over[k] > 0 {
				if e.Amount < over[k] {
					return p.errorf(overLine[k], "%s calls %s less than the engine, which returns only %s of it", name(k), p.money(over[k]), p.money(e.Amount))
				}
				e.Amount -= over[k]
				over[k] = 0
				if e.Amount == 0 {
					break
				}
			}
			if ri < len(b.returns) && b.returns[ri].seat >= 0 && p.seats[b.returns[ri].seat].idx == k {
				if rv := b.returns[ri].a.m; rv != e.Amount {
					return p.errorf(int(b.returns[ri].line), "uncalled bet of %s returned to %s, the engine returns %s", p.money(rv), name(k), p.money(e.Amount))
				}
				ri++
			}
		case holdem.EvWin:
			won[k] += e.Amount
		}
	}
	for k := range n {
		if over[k] > 0 {
			return p.errorf(overLine[k], "%s calls %s less than the engine", name(k), p.money(over[k]))
		}
	}
	if ri < len(b.returns) {
		rv := &b.returns[ri]
		return p.errorf(int(rv.line), "uncalled bet of %s returned to %s, but the engine returns nothing then", p.money(rv.a.m), p.seats[rv.seat].name)
	}
	if p.nsb > 0 && !sameCardSet(p.sboard[:p.nsb], p.board[:p.nboard]) {
		return p.errorf(p.lastLine, "the summary's board %s is not the board dealt %s", cardText(p.sboard[:p.nsb]), cardText(p.board[:p.nboard]))
	}
	// Collected against the award: the rake comes off the winners only.
	var short, fees int64
	for _, f := range p.fees {
		fees += b.units(f.a)
	}
	at := func(k int) int {
		if b.collectLine[k] > 0 {
			return b.collectLine[k]
		}
		return p.lastLine
	}
	for k := range n {
		c := b.collected[k]
		if b.cashLine[k] > 0 {
			// The site keeps the award of a player who cashed out: the
			// summary's "won ($x) ... (pot not awarded ...)" is it after
			// the rake, and nothing when their hand lost.
			c = b.kept[k]
			if won[k] > 0 && b.kept[k] == 0 {
				return p.errorf(b.cashLine[k], "%s cashed out, and the replay awards them %s, but the summary does not say which pot was not awarded", name(k), p.money(won[k]))
			}
			if c > won[k] {
				return p.errorf(at(k), "%s's pot not awarded is %s, but the replay awards them %s", name(k), p.money(c), p.money(won[k]))
			}
			short += won[k] - c
			continue
		}
		if c > won[k] {
			return p.errorf(at(k), "%s collected %s, but the replay awards them %s", name(k), p.money(c), p.money(won[k]))
		}
		short += won[k] - c
	}
	if short != fees {
		for k := range n {
			if b.cashLine[k] > 0 {
				if b.kept[k] != won[k] {
					return p.errorf(b.cashLine[k], "%s cashed out, the pot not awarded is %s, the replay awards them %s: a difference of %s where the summary's rake and fees are %s", name(k), p.money(b.kept[k]), p.money(won[k]), p.money(short), p.money(fees))
				}
				continue
			}
			if b.collected[k] != won[k] {
				return p.errorf(at(k), "%s collected %s, the replay awards them %s: a difference of %s where the summary's rake and fees are %s", name(k), p.money(b.collected[k]), p.money(won[k]), p.money(short), p.money(fees))
			}
		}
	}
	h.FinishingStacks = grow(finishing, n)
	var cashFees, kept int64
	for k := range n {
		// r.Stack: with what stayed behind a cap, and for a player who
		// cashed out, the cash-out in place of the award.
		h.FinishingStacks[k] = r.Stack(k)
		if b.cashLine[k] > 0 {
			cashFees += b.cashFee[k]
			kept += b.kept[k]
		} else {
			h.FinishingStacks[k] -= won[k] - b.collected[k]
		}
	}
	if h.Site == nil {
		h.Site = &SiteInfo{}
	}
	fs := h.Site.Fees[:0]
	for _, f := range p.fees {
		fs = append(fs, Fee{Name: string(f.name), Amount: b.units(f.a)})
	}
	*h.Site = SiteInfo{Format: p.format, Line: p.line, Rake: short, Fees: fs, CashOutFees: cashFees, NotAwarded: kept}
	return nil
}

var siteVerb = [...]string{evFold: "folds", evCheck: "checks", evCall: "calls", evBet: "bets", evRaise: "raises"}

// replayError turns a replay failure into a SiteError at the line of the
// action, with players named.
func (p *siteParser) replayError(h *Hand, err error) *SiteError {
	b := &p.b
	name := func(s int) string {
		if s >= 0 && s < len(b.order) {
			return p.intern(p.seats[b.order[s]].name)
		}
		return "seat " + strconv.Itoa(s)
	}
	var re *ReplayError
	if !errors.As(err, &re) {
		return p.errorf(p.line, "%v", err)
	}
	if errors.Is(err, ErrIncomplete) {
		g := &b.r.Hand
		what := g.Phase().String()
		switch g.Phase() {
		case holdem.PhaseBetting:
			what = name(g.Actor()) + " to act"
		case holdem.PhaseShowdown:
			what = name(g.Actor()) + " to show or muck"
		case holdem.PhaseDealBoard:
			what = "the " + (g.Street() + 1).String()
		}
		return p.errorf(p.lastLine, "the hand ends before it is over: waiting for %s", what)
	}
	line := re.Line
	if line == 0 {
		line = p.line
	}
	var ae *holdem.ActionError
	if errors.As(err, &ae) {
		return p.errorf(line, "%s", ae.Describe(name, func(c int64) string { return p.money(c) }))
	}
	var ce *holdem.ConfigError
	if errors.As(err, &ce) {
		return p.errorf(line, "%v", ce)
	}
	return p.errorf(line, "%v", re.Err)
}

// amtText writes an amount as printed (without its currency symbol).
func amtText(a amt) string {
	s := strconv.FormatInt(a.m, 10)
	if a.f == 0 {
		return s
	}
	for len(s) <= int(a.f) {
		s = "0" + s
	}
	return s[:len(s)-int(a.f)] + "." + s[len(s)-int(a.f):]
}

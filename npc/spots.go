package npc

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"sync"

	"pokerlab/cards"
	"pokerlab/holdem"
	"pokerlab/hud"
)

// Position is a seat's place at the table as trackers name it
// (hud.Position): UTG, UTG+1, UTG+2, UTG+3, LJ, HJ, CO, BTN, SB, BB.
type Position uint8

// NumPositions is the number of positions (hud.Positions).
const NumPositions = 10

// positionKeys are the profile-file names of the positions.
var positionKeys = [NumPositions]string{"utg", "utg1", "utg2", "utg3", "lj", "hj", "co", "btn", "sb", "bb"}

// Key returns the position's profile-file name ("utg1" for UTG+1).
func (p Position) Key() string { return positionKeys[p] }

func (p Position) String() string { return hud.Positions[p] }

// positionOf returns the position of the seat fromButton seats after the
// button at a table of n players.
func positionOf(n, fromButton int) Position { return positionTable()[n][fromButton] }

// positionTable[n][i] is the position of the seat i after the button at a
// table of n players, built at first use (a decision must not allocate).
var positionTable = sync.OnceValue(func() *[holdem.MaxSeats + 1][holdem.MaxSeats]Position {
	var t [holdem.MaxSeats + 1][holdem.MaxSeats]Position
	for n := holdem.MinSeats; n <= holdem.MaxSeats; n++ {
		for i := range n {
			name := hud.Position(n, i)
			t[n][i] = Position(slices.Index(hud.Positions, name))
		}
	}
	return &t
})

// PositionByKey returns the position of a profile-file name or a tracker
// name ("utg1", "UTG+1").
func PositionByKey(key string) (Position, bool) {
	for i, k := range positionKeys {
		if k == key || strings.EqualFold(hud.Positions[i], key) {
			return Position(i), true
		}
	}
	return 0, false
}

// PotType is the preflop history a postflop street is played in: one
// raise (a single-raised pot) or more (a 3-bet pot); limped pots have no
// table of their own.
type PotType uint8

// The pot types.
const (
	LimpedPot PotType = iota
	SingleRaised
	ThreeBetPot
)

func potTypeOf(raises int) PotType {
	switch {
	case raises == 0:
		return LimpedPot
	case raises == 1:
		return SingleRaised
	}
	return ThreeBetPot
}

var potTypeKeys = [3]string{"limped", "srp", "three_bet_pot"}

func (p PotType) String() string { return potTypeKeys[p] }

// PosStat is a preflop decision rate by position: what the player does
// at one decision from one seat. VPIP, PFR and steal by position follow
// from them (a steal is a raise first in from the CO, BTN or SB; the
// defence of the blinds is three_bet, cold_call and fold_to_steal there).
type PosStat uint8

// The preflop rates by position.
const (
	// RFI: raise when first in (folded to the player).
	RFI PosStat = iota
	// LimpFirst: call when first in.
	LimpFirst
	// ColdCall: call facing exactly one raise at the player's first
	// decision, other than a blind facing a steal (there the call is what
	// three_bet and fold_to_steal leave).
	ColdCall
	// PosThreeBet: raise facing exactly one raise.
	PosThreeBet
	// PosFoldToThreeBet: the opener folds to a 3-bet.
	PosFoldToThreeBet
	// PosFourBet: the opener 4-bets.
	PosFourBet
	// PosFoldToSteal: a blind folds to a steal.
	PosFoldToSteal
	// IsoRaise and OverLimp: raise and call facing limpers (no raise yet,
	// someone has limped).
	IsoRaise
	OverLimp
	// OptionRaise: the big blind raises in a limped pot.
	OptionRaise
	// LimpRaise and LimpCall: raise and call facing exactly one raise after
	// the player has already put chips in voluntarily this hand (limped
	// first, then raised behind) — a decision unlike the first one facing a
	// raise, since the chips already in make the price of calling low.
	LimpRaise
	LimpCall
	// ColdFourBet and ColdFoldToThreeBet: raise and fold facing a 3-bet
	// the player did not open (a cold caller or a player still to act).
	ColdFourBet
	ColdFoldToThreeBet
	// Squeeze and OverCall: raise and call at the first decision facing
	// exactly one raise that others have called (the raise and call are
	// also three_bet and cold_call, which count every such decision).
	Squeeze
	OverCall
	NumPosStats
)

var posStatKeys = [NumPosStats]string{"rfi", "limp", "cold_call", "three_bet", "fold_to_three_bet", "four_bet", "fold_to_steal",
	"iso_raise", "over_limp", "option_raise", "limp_raise", "limp_call", "cold_four_bet", "cold_fold_to_three_bet",
	"squeeze", "over_call"}

// Key returns the rate's profile-file key.
func (s PosStat) Key() string { return posStatKeys[s] }

// decisionContext is what, beyond the Situation, the policy's rates
// depend on: read from the tracker at the decision, and from a recorded
// hand the same way (Observe).
type decisionContext struct {
	sb        bool // the player is the small blind
	aggressor bool // the player holds the initiative (postflop)
	firstIn   bool // preflop, nobody has raised or limped
	limped    bool // preflop, the player has already acted (limped, then faced a raise)
	called    bool // preflop, someone has called the current raise
	pos       Position
	pot       PotType
}

// inPositionOf reports whether seat acts after other postflop (the order
// from the seat after the button).
func (t *tracker) inPositionOf(seat, other int) bool {
	return (seat-t.button-1+2*t.n)%t.n > (other-t.button-1+2*t.n)%t.n
}

// fourBetSpot returns the 4-bet size spot of seat: in or out of position
// against the 3-bettor.
func (t *tracker) fourBetSpot(seat int) SizeSpot {
	if t.threeBettor >= 0 && !t.inPositionOf(seat, t.threeBettor) {
		return SizeFourBetOOP
	}
	return SizeFourBetIP
}

// context returns the decision context of seat (the position only
// preflop, where the rates by position apply).
func (t *tracker) context(seat int) decisionContext {
	c := decisionContext{
		sb:        seat == t.sbSeat,
		aggressor: seat == t.aggressor,
		firstIn:   t.raises == 0 && t.limpers == 0,
		pot:       potTypeOf(t.raises),
	}
	if t.street == holdem.Preflop {
		c.pos = positionOf(t.n, t.position(seat))
		c.limped = t.acted[seat]
		c.called = t.raises > 0 && t.callers > 0
	}
	return c
}

// SizeDist is a learned distribution of bet sizes: values (big blinds,
// fractions of the pot or multiples of the bet faced, by what it sizes)
// with their weights (counts of the hands seen). The zero value is empty:
// the profile's fixed size applies.
type SizeDist struct {
	Values, Weights []float64
}

// Empty reports whether no size was learned.
func (d *SizeDist) Empty() bool { return len(d.Values) == 0 }

// Total returns the sum of the weights.
func (d *SizeDist) Total() float64 {
	var t float64
	for _, w := range d.Weights {
		t += w
	}
	return t
}

// Sample returns the size at cumulative share u ∈ [0, 1).
func (d *SizeDist) Sample(u float64) float64 {
	t := d.Total() * u
	for i, w := range d.Weights {
		if t < w {
			return d.Values[i]
		}
		t -= w
	}
	return d.Values[len(d.Values)-1]
}

// Median returns the weighted median (the smallest value whose cumulative
// weight reaches half).
func (d *SizeDist) Median() float64 { return d.Quantile(0.5) }

// Quantile returns the smallest size whose cumulative weight is at least
// q of the total (NaN when empty).
func (d *SizeDist) Quantile(q float64) float64 {
	if d.Empty() {
		return math.NaN()
	}
	at := q * d.Total()
	var c float64
	for i, w := range d.Weights {
		c += w
		if c >= at {
			return d.Values[i]
		}
	}
	return d.Values[len(d.Values)-1]
}

// sizeStep is the resolution at which sizes are learned: 0.05 big blinds,
// 5 % of the pot, 0.05 times the bet (finer than sites' buttons, coarse
// enough that a profile file stays short).
const sizeStep = 0.05

// sizeHist accumulates sizes on the sizeStep grid.
type sizeHist map[int64]float64

func (h sizeHist) add(x float64) {
	if x > 0 && !math.IsInf(x, 0) && !math.IsNaN(x) {
		if k := int64(math.Round(x * sizeGrid)); k > 0 {
			h[k]++
		}
	}
}

// sizeGrid is 1/sizeStep: a size on the grid is k/sizeGrid, whose
// shortest decimal is short (3.4, not 3.4000000000000004).
const sizeGrid = 1 / sizeStep

// dist returns the histogram as a distribution, weights rounded to four
// decimals (so that a profile written and read back is the same).
func (h sizeHist) dist() SizeDist {
	var d SizeDist
	for _, k := range slices.Sorted(maps.Keys(h)) {
		w := max(math.Round(h[k]*1e4)/1e4, 1e-4)
		d.Values = append(d.Values, float64(k)/sizeGrid)
		d.Weights = append(d.Weights, w)
	}
	return d
}

// SizeSpot names a learned size distribution.
type SizeSpot uint8

// The learned sizes: opens by position, 3-bets in and out of position
// (out: from the blinds, as the fixed sizes), 4-bets in and out of
// position (against the 3-bettor, postflop), postflop bets by street (any
// pot, then single-raised and 3-bet pots) and postflop raises.
const (
	SizeOpen        SizeSpot = 0 // + Position: raise first in, big blinds
	SizeThreeBetIP  SizeSpot = NumPositions
	SizeThreeBetOOP SizeSpot = NumPositions + 1
	SizeFourBetIP   SizeSpot = NumPositions + 2
	SizeFourBetOOP  SizeSpot = NumPositions + 3
	SizeBet         SizeSpot = NumPositions + 4 // + street: fraction of the pot, any pot
	SizeBetSRP      SizeSpot = SizeBet + numPostflop
	SizeBet3BP      SizeSpot = SizeBetSRP + numPostflop
	SizeRaise       SizeSpot = SizeBet3BP + numPostflop // postflop raise, multiple of the bet
	NumSizeSpots    SizeSpot = SizeRaise + 1
)

var streetKeys = [numPostflop]string{"flop", "turn", "river"}

// Key returns the spot's key in the profile's [bet_sizes] table.
func (s SizeSpot) Key() string {
	switch {
	case s < SizeThreeBetIP:
		return "open_" + Position(s).Key()
	case s == SizeThreeBetIP:
		return "three_bet_ip"
	case s == SizeThreeBetOOP:
		return "three_bet_oop"
	case s == SizeFourBetIP:
		return "four_bet_ip"
	case s == SizeFourBetOOP:
		return "four_bet_oop"
	case s < SizeBetSRP:
		return "bet_" + streetKeys[s-SizeBet]
	case s < SizeBet3BP:
		return "bet_" + streetKeys[s-SizeBetSRP] + "_srp"
	case s < SizeRaise:
		return "bet_" + streetKeys[s-SizeBet3BP] + "_three_bet_pot"
	}
	return "raise"
}

// sizeRange is the range a learned size must lie in.
func (s SizeSpot) sizeRange() (lo, hi float64) {
	switch {
	case s < SizeThreeBetIP:
		return 1, 100
	case s < SizeBet:
		return 1, 100
	case s < SizeRaise:
		return 0.01, 20
	}
	return 1, 100
}

// RangePriorHands is the weight, in shown hands, of the model's own entry
// range in a learned one: with c shown hands of which c_h in class h, the
// learned share of h is (c_h + RangePriorHands·q_h) / (c +
// RangePriorHands), q the share of the range the stats alone imply.
const RangePriorHands = 20

// decodeSpots reads the optional tables of a profile: [position.<pos>],
// [srp.ip] … [three_bet_pot.oop], [bet_sizes] and [ranges.<pos>]. It
// reports whether key was one of them.
func (p *Profile) decodeSpots(key string, val any, errAt func(table []string, key, format string, args ...any) error) (bool, error) {
	switch key {
	case "position":
		tab, ok := val.(map[string]any)
		if !ok {
			return true, errAt(nil, key, "want tables [position.btn] ...")
		}
		for _, pk := range slices.Sorted(maps.Keys(tab)) {
			pos, ok := PositionByKey(pk)
			if !ok {
				return true, errAt([]string{key}, pk, "unknown position %q: want one of %s", pk, strings.Join(positionKeys[:], ", "))
			}
			sub, ok := tab[pk].(map[string]any)
			if !ok {
				return true, errAt([]string{key}, pk, "want a table [position.%s]", pk)
			}
			for _, k := range slices.Sorted(maps.Keys(sub)) {
				ps := slices.Index(posStatKeys[:], k)
				if ps < 0 {
					return true, errAt([]string{key, pk}, k, "unknown rate; want one of %s", strings.Join(posStatKeys[:], ", "))
				}
				x, ok := number(sub[k])
				if !ok || !(x >= 0 && x <= 100) {
					return true, errAt([]string{key, pk}, k, "want a percentage from 0 to 100")
				}
				p.Preflop[pos][ps] = x / 100
				p.PreflopGiven[pos][ps] = true
			}
		}
		return true, nil
	case "srp", "three_bet_pot":
		pt := SingleRaised
		if key == "three_bet_pot" {
			pt = ThreeBetPot
		}
		tab, ok := val.(map[string]any)
		if !ok {
			return true, errAt(nil, key, "want tables [%s.ip] and [%s.oop]", key, key)
		}
		for _, side := range slices.Sorted(maps.Keys(tab)) {
			ip := slices.Index([]string{"ip", "oop"}, side)
			if ip < 0 {
				return true, errAt([]string{key}, side, "unknown position %q: want ip, oop", side)
			}
			sub, ok := tab[side].(map[string]any)
			if !ok {
				return true, errAt([]string{key}, side, "want a table [%s.%s]", key, side)
			}
			for _, k := range slices.Sorted(maps.Keys(sub)) {
				s, x, err := statValue(sub[k], k, true)
				if err != nil {
					return true, errAt([]string{key, side}, k, "%s", err)
				}
				p.Pot[pt-1][ip][s] = x
				p.PotGiven[pt-1][ip][s] = true
			}
		}
		return true, nil
	case "bet_sizes":
		tab, ok := val.(map[string]any)
		if !ok {
			return true, errAt(nil, key, "want a table [bet_sizes]")
		}
		for _, k := range slices.Sorted(maps.Keys(tab)) {
			spot := NumSizeSpots
			for s := range NumSizeSpots {
				if s.Key() == k {
					spot = s
				}
			}
			if spot == NumSizeSpots {
				return true, errAt([]string{key}, k, "unknown size; want open_<position>, three_bet_ip|oop, four_bet_ip|oop, bet_<street>[_srp|_three_bet_pot], raise")
			}
			d, err := sizeDistValue(tab[k], spot)
			if err != nil {
				return true, errAt([]string{key}, k, "%s", err)
			}
			p.BetSizes[spot] = d
		}
		return true, nil
	case "ranges":
		tab, ok := val.(map[string]any)
		if !ok {
			return true, errAt(nil, key, "want tables [ranges.btn] ...")
		}
		for _, pk := range slices.Sorted(maps.Keys(tab)) {
			pos, ok := PositionByKey(pk)
			if !ok {
				return true, errAt([]string{key}, pk, "unknown position %q: want one of %s", pk, strings.Join(positionKeys[:], ", "))
			}
			sub, ok := tab[pk].(map[string]any)
			if !ok {
				return true, errAt([]string{key}, pk, "want a table [ranges.%s] of hand classes and counts", pk)
			}
			var r [numClasses]float64
			for _, k := range slices.Sorted(maps.Keys(sub)) {
				h, err := cards.ParseStartingHand(k)
				if err != nil {
					return true, errAt([]string{key, pk}, k, "not a hand class (AKs, T9o, 77): %v", err)
				}
				x, ok := number(sub[k])
				if !ok || !(x > 0 && x <= 1e9) {
					return true, errAt([]string{key, pk}, k, "want a positive count of hands shown")
				}
				r[h] = x
			}
			p.Ranges[pos] = r
			p.RangeGiven[pos] = true
		}
		return true, nil
	}
	return false, nil
}

// sizeDistValue reads [[size, weight], ...].
func sizeDistValue(v any, spot SizeSpot) (SizeDist, error) {
	var d SizeDist
	arr, ok := v.([]any)
	if !ok || len(arr) == 0 {
		return d, fmt.Errorf("want a list of [size, weight] pairs")
	}
	lo, hi := spot.sizeRange()
	for i, e := range arr {
		pair, ok := e.([]any)
		if !ok || len(pair) != 2 {
			return d, fmt.Errorf("entry %d: want [size, weight]", i+1)
		}
		x, ok1 := number(pair[0])
		w, ok2 := number(pair[1])
		if !ok1 || !ok2 {
			return d, fmt.Errorf("entry %d: want two numbers", i+1)
		}
		if !(x >= lo && x <= hi) {
			return d, fmt.Errorf("entry %d: size %v is out of range [%v, %v]", i+1, x, lo, hi)
		}
		if !(w > 0 && w <= 1e12) {
			return d, fmt.Errorf("entry %d: weight %v is not positive", i+1, w)
		}
		d.Values = append(d.Values, x)
		d.Weights = append(d.Weights, w)
	}
	return d, nil
}

// writeSpots writes the optional tables (decodeSpots' format).
func (p *Profile) writeSpots(b *strings.Builder) {
	for pos := range Position(NumPositions) {
		first := true
		for s := range NumPosStats {
			if !p.PreflopGiven[pos][s] {
				continue
			}
			if first {
				fmt.Fprintf(b, "\n[position.%s]\n", pos.Key())
				first = false
			}
			fmt.Fprintf(b, "%s = %s\n", s.Key(), fmtPct(p.Preflop[pos][s]))
		}
	}
	for pt := range 2 {
		for ip, side := range []string{"ip", "oop"} {
			first := true
			for s := range Stat(NumStats) {
				if !p.PotGiven[pt][ip][s] {
					continue
				}
				if first {
					fmt.Fprintf(b, "\n[%s.%s]\n", potTypeKeys[pt+1], side)
					first = false
				}
				fmt.Fprintf(b, "%s = %s\n", s.Key(), fmtPct(p.Pot[pt][ip][s]))
			}
		}
	}
	first := true
	for s := range NumSizeSpots {
		d := &p.BetSizes[s]
		if d.Empty() {
			continue
		}
		if first {
			b.WriteString("\n[bet_sizes]\n")
			first = false
		}
		fmt.Fprintf(b, "%s = [", s.Key())
		for i := range d.Values {
			if i > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(b, "[%v, %v]", d.Values[i], d.Weights[i])
		}
		b.WriteString("]\n")
	}
	for pos := range Position(NumPositions) {
		if !p.RangeGiven[pos] {
			continue
		}
		fmt.Fprintf(b, "\n[ranges.%s]\n", pos.Key())
		for h := range cards.StartingHand(numClasses) {
			if x := p.Ranges[pos][h]; x > 0 {
				fmt.Fprintf(b, "%s = %v\n", h, x)
			}
		}
	}
}

// validateSpots checks the optional tables' sums at one decision.
func (p *Profile) validateSpots() error {
	for pos := range Position(NumPositions) {
		r := &p.Preflop[pos]
		g := &p.PreflopGiven[pos]
		for _, pair := range [][2]PosStat{{RFI, LimpFirst}, {PosThreeBet, ColdCall}, {PosFoldToThreeBet, PosFourBet}, {PosThreeBet, PosFoldToSteal}} {
			if g[pair[0]] && g[pair[1]] && r[pair[0]]+r[pair[1]] > 1+1e-9 {
				return &ProfileError{Key: "position." + pos.Key() + "." + pair[0].Key() + " + " + pair[1].Key(),
					Msg: fmt.Sprintf("%v%% + %v%% > 100%%: the rates of one decision", pct(r[pair[0]]), pct(r[pair[1]]))}
			}
		}
	}
	for pt := range 2 {
		for ip, side := range []string{"ip", "oop"} {
			for street := range numPostflop {
				for _, pair := range [][2]PostflopKind{{FoldToCBet, RaiseCBet}, {FoldToDonk, RaiseDonk}, {FoldToBMCB, RaiseBMCB}} {
					a, b := PostflopStat(pair[0], street), PostflopStat(pair[1], street)
					if p.potStat(PotType(pt+1), ip, a)+p.potStat(PotType(pt+1), ip, b) > 1+1e-9 {
						return &ProfileError{Key: potTypeKeys[pt+1] + "." + side + "." + a.Key() + " + " + b.Key(),
							Msg: "the fold and raise rates facing that bet exceed 100 %"}
					}
				}
			}
		}
	}
	return nil
}

// potStat returns the pot-type value of s where given, the heads-up
// variant's otherwise.
func (p *Profile) potStat(pt PotType, ip int, s Stat) float64 {
	if p.PotGiven[pt-1][ip][s] {
		return p.Pot[pt-1][ip][s]
	}
	return p.Pos[HeadsUpIP+Variant(ip)][s]
}

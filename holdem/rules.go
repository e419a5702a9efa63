package holdem

import (
	"fmt"
	"slices"
	"strings"
)

// RuleSet says which of the seven places where PokerKit departs from the TDA
// rules follow PokerKit. The zero value, TDA, is the rules of
// ../shared/reference/nlhe-rules.md (docs/rules.md); PokerKit switches all
// seven and replays PokerKit-made hand histories exactly. Every other
// combination switches single departures on top of TDA: those exist so that
// a test can tell which departure changes a hand
// (TestPokerKitDifferencesExplained), not as rule sets of their own.
//
// Nothing else depends on the rule set: action order, showdown order,
// uncalled bets, side pots and the Event log are the same in both.
type RuleSet uint8

// The rule sets and the single PokerKit departures, in the order of the
// table in docs/rules.md.
const (
	// TDA: the Poker TDA rules and card-room practice (the default).
	TDA RuleSet = 0

	// PKPreflopMinRaise: preflop the minimum raise adds the minimum bet
	// (PokerKit's raise size starts at 0 every round, floored by min_bet),
	// not the opening blind or straddle: 1/2 with a 5 straddle, raise to 7
	// (TDA: to 10).
	PKPreflopMinRaise RuleSet = 1 << iota
	// PKPostedBlinds: preflop the bet to match is the largest blind actually
	// posted, not the largest blind owed; a big blind short of chips lowers
	// it. The first to act is the seat after the largest poster (ties to
	// the later seat from the button), and a player whose bet already
	// matches it and whom nobody can raise does not act.
	PKPostedBlinds
	// PKFirstWagerReopens: for reopening the betting, the round's full-raise
	// size starts at 0, so the first bet or raise of a round, however small
	// (an all-in bet below the minimum bet), reopens the betting for the
	// players who already acted; later short all-ins compare with the
	// largest increment so far.
	PKFirstWagerReopens
	// PKAllInSum: a player who already acted may raise again when the
	// consecutive all-in raises of the round add up to a full raise, even
	// those made before the player's last action (a full all-in raise the
	// player called counts).
	PKAllInSum
	// PKBlindMustAct: a player who could act when the round began (chips
	// behind, and someone with more chips in front of them than their bet)
	// must act once, even if by their turn everyone else has folded or is
	// all-in for less: the big blind then checks. And a player may raise
	// only if someone else still in the hand has more chips (bet plus
	// stack) than the current bet.
	PKBlindMustAct
	// PKOddChips: the odd chips of a split pot all go to the first winner
	// clockwise from the button, not one each to the first winners.
	PKOddChips
	// PKPotMerge: at a showdown the hands that cannot win any pot are
	// dropped first and adjacent pots with the same remaining contenders
	// merged before each pot is split.
	PKPotMerge

	// PokerKit: all seven departures, the rules of PokerKit (the reference
	// implementation of the PHH format).
	PokerKit = PKPreflopMinRaise | PKPostedBlinds | PKFirstWagerReopens | PKAllInSum |
		PKBlindMustAct | PKOddChips | PKPotMerge
)

// Departures lists the single PokerKit departures in order.
var Departures = [...]RuleSet{PKPreflopMinRaise, PKPostedBlinds, PKFirstWagerReopens, PKAllInSum,
	PKBlindMustAct, PKOddChips, PKPotMerge}

var departureNames = [...]string{"preflop-min-raise", "posted-blinds", "first-wager-reopens", "all-in-sum",
	"blind-must-act", "odd-chips", "pot-merge"}

// String returns "tda", "pokerkit", or "tda+" and the departures' names
// joined by "+" ("tda+odd-chips+pot-merge").
func (r RuleSet) String() string {
	switch r {
	case TDA:
		return "tda"
	case PokerKit:
		return "pokerkit"
	}
	var b strings.Builder
	b.WriteString("tda")
	for i, d := range Departures {
		if r&d != 0 {
			b.WriteString("+" + departureNames[i])
		}
	}
	if r&^PokerKit != 0 {
		fmt.Fprintf(&b, "+%#x", uint8(r&^PokerKit))
	}
	return b.String()
}

// ParseRuleSet reads a rule set name: "tda" or "pokerkit", or a partial
// set as String writes it ("tda+odd-chips+pot-merge").
func ParseRuleSet(s string) (RuleSet, error) {
	switch s {
	case "tda":
		return TDA, nil
	case "pokerkit":
		return PokerKit, nil
	}
	if rest, ok := strings.CutPrefix(s, "tda+"); ok {
		var r RuleSet
		for name := range strings.SplitSeq(rest, "+") {
			i := slices.Index(departureNames[:], name)
			if i < 0 {
				return TDA, fmt.Errorf("unknown rule set %q: %q is not a PokerKit departure (%s)", s, name, strings.Join(departureNames[:], ", "))
			}
			r |= Departures[i]
		}
		return r, nil
	}
	return TDA, fmt.Errorf("unknown rule set %q: want tda or pokerkit", s)
}

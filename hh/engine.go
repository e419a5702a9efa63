package hh

import (
	"pokerlab/holdem"
)

// PlayerOf returns the PHH player number (1-based) of engine seat s at a
// table of n seats with the button in seat button: p1 is the seat after
// the button, pn the button (the seat order of Hand.Config and
// FromEngine).
func PlayerOf(s, button, n int) int { return (s-button-1+2*n)%n + 1 }

// EventAction returns the PHH action that records engine event e, whose
// seat is PHH player `player` (PlayerOf): a deal, a fold, a check or call,
// a bet or raise (to e.To), a show or a muck. Posts, returned bets and
// awards are not actions of a history (they follow from the others):
// false.
func EventAction(e *holdem.Event, player int) (Action, bool) {
	a := Action{Player: player}
	switch e.Kind {
	case holdem.EvDeal:
		a.Kind, a.Receiver, a.Player = DealHole, player, 0
	case holdem.EvBoard:
		a.Kind, a.Player = DealBoard, 0
	case holdem.EvFold:
		a.Kind = Fold
	case holdem.EvCheck, holdem.EvCall:
		a.Kind = CheckCall
	case holdem.EvBet, holdem.EvRaise:
		a.Kind, a.Amount = BetRaise, e.To
	case holdem.EvShow, holdem.EvMuck:
		a.Kind = ShowMuck
	default:
		return Action{}, false
	}
	if e.Kind == holdem.EvDeal || e.Kind == holdem.EvBoard || e.Kind == holdem.EvShow {
		a.NCards = uint8(copy(a.Cards[:], e.CardSlice()))
	}
	return a, true
}

// Notation returns the action in PHH notation ("d dh p1 AsKd", "d db
// Ah7c2d", "p3 cbr 6", "p2 sm AhAd"), amounts in units of 10^-decimals
// of the currency (0: whole chips), unknown cards as "??".
func (a *Action) Notation(decimals int) string { return a.format(max(decimals, 0)) }

// HideHoleCards replaces the hole cards dealt to every player but viewer
// (a PHH player number; 0 hides everyone's) by unknown cards, so that the
// deals read "d dh pN ????"; with keepShown the deals of players who show
// their cards in the hand ("pN sm CARDS") stay as dealt. This is what a
// player may see of the others' cards: the served table's state and the
// hands it lets a client download follow it.
func HideHoleCards(actions []Action, viewer int, keepShown bool) {
	var shown [holdem.MaxSeats + 1]bool
	if keepShown {
		for i := range actions {
			if a := &actions[i]; a.Kind == ShowMuck && a.NCards == 2 && a.Player > 0 && a.Player < len(shown) {
				shown[a.Player] = true
			}
		}
	}
	for i := range actions {
		a := &actions[i]
		if a.Kind != DealHole || a.Receiver == viewer || a.Receiver > 0 && a.Receiver < len(shown) && shown[a.Receiver] {
			continue
		}
		for c := range a.NCards {
			a.Cards[c] = holdem.Unknown
		}
	}
}

package hh

import (
	"fmt"
	"strings"

	"pokerlab/cards"
	"pokerlab/handeval"
	"pokerlab/holdem"
)

// StepKind says what a replay Step shows.
type StepKind uint8

// The kinds of steps, in the order they can occur.
const (
	// StepStart: the blinds and antes are posted and the cards dealt.
	StepStart StepKind = iota
	// StepBoard: the flop, turn or river is dealt (the bets of the street
	// before are gathered into the pot).
	StepBoard
	// StepAction: a player folds, checks, calls, bets or raises.
	StepAction
	// StepReturn: an uncalled bet goes back to the player who made it.
	StepReturn
	// StepShow and StepMuck: a player shows or mucks at the showdown.
	StepShow
	StepMuck
	// StepAward: the pots are pushed to their winners (what the engine
	// awards, before rake).
	StepAward
	// StepResult: the recorded result: every stack as the site (or file)
	// settled it, after rake and All-in Cash Outs.
	StepResult
)

var stepNames = [...]string{"start", "board", "action", "return", "show", "muck", "award", "result"}

func (k StepKind) String() string {
	if int(k) < len(stepNames) {
		return stepNames[k]
	}
	return fmt.Sprintf("StepKind(%d)", k)
}

// Step is the table after one step of a replayed hand. Seats are engine
// seats (PHH player p(s+1)); amounts are the hand's units (Hand.Decimals).
type Step struct {
	Kind   StepKind
	Street holdem.Street
	// Seat is the player who acted, showed, mucked or got a bet back; -1
	// for the start, board, award and result steps.
	Seat int
	// Text describes the step: "Alice raises to 0.30", "Flop: Ah Kd 2c".
	Text string
	// Stacks are the chips each player has behind (not the bets in front
	// of them); a capped hand's stacks include what stays behind the cap.
	Stacks []int64
	// Bets are the chips each player has put in on the current street and
	// not yet gathered into the pot.
	Bets []int64
	// Pot is the chips gathered in the middle (the bets of the streets
	// before, the antes), not counting Bets.
	Pot   int64
	Board []cards.Card
	// Folded and Shown say who has folded and who has shown at the
	// showdown so far.
	Folded, Shown []bool
	// Ranks names each shown hand with the board, as handeval.Value's
	// Describe does ("two pair, kings and sevens"); "" for the others.
	Ranks []string
	// Won is what each player collects from the pots (award and result
	// steps).
	Won []int64
}

// Replay is a hand replayed step by step: ReplaySteps.
type Replay struct {
	Names []string
	// Holes are each player's hole cards as the history has them
	// (holdem.Unknown for cards nobody saw).
	Holes [][2]cards.Card
	// Starting are the stacks at the start; Final the recorded result
	// (the last step's Stacks).
	Starting, Final []int64
	// Rake is what the pots awarded that no player received: the
	// recorded winnings or finishing stacks short of the engine's award
	// (rake, jackpot fees, cash-out fees).
	Rake  int64
	Steps []Step
}

// ReplaySteps replays h through the engine and returns the table after
// each step: the posts and the deal, every action, board card, returned
// bet, show and muck, the award, and the recorded result. The steps are
// rebuilt from the engine's event log (holdem.Hand.Events), chips moved
// one event at a time; the award step's stacks equal the engine's
// (Replayer.Stack, before a cash-out), and the result step's are the
// recorded ones: the file's finishing stacks, else the stacks with what
// the winnings say each player collected (after rake), else the replay's.
// Those are the hand database's results (package store: starting stack
// plus net). Cost: one replay and O(steps × players) copies.
func ReplaySteps(h *Hand) (*Replay, error) {
	var r Replayer
	if err := r.Replay(h); err != nil {
		return nil, err
	}
	g := &r.Hand
	if g.Undecided() {
		return nil, fmt.Errorf("%sa pot could not be awarded (cards unknown at the showdown)", handPlace(h.File, h.Line, h.Name))
	}
	n := g.Players()
	rp := &Replay{Names: make([]string, n), Holes: make([][2]cards.Card, n),
		Starting: append([]int64(nil), h.StartingStacks...), Final: make([]int64, n)}
	for s := range n {
		rp.Names[s] = h.PlayerName(s)
		rp.Holes[s] = [2]cards.Card{holdem.Unknown, holdem.Unknown}
	}
	// Hole cards: the dealt ones, then what the showdown or the run-out
	// revealed of unknown ones.
	for i := range h.Actions {
		a := &h.Actions[i]
		var s int
		switch {
		case a.Kind == DealHole:
			s = a.Receiver - 1
		case a.Kind == ShowMuck && a.NCards > 0:
			s = a.Player - 1
		default:
			continue
		}
		if s < 0 || s >= n {
			continue
		}
		for j, c := range a.Hole() {
			if j < int(max(a.NCards, 2)) && c != holdem.Unknown && rp.Holes[s][j] == holdem.Unknown {
				rp.Holes[s][j] = c
			}
		}
	}
	amt := h.FormatAmount
	cur := Step{Seat: -1, Stacks: append([]int64(nil), h.StartingStacks...), Bets: make([]int64, n),
		Folded: make([]bool, n), Shown: make([]bool, n), Ranks: make([]string, n), Won: make([]int64, n)}
	push := func(kind StepKind, street holdem.Street, seat int, text string) {
		st := cur
		st.Kind, st.Street, st.Seat, st.Text = kind, street, seat, text
		st.Stacks = append([]int64(nil), cur.Stacks...)
		st.Bets = append([]int64(nil), cur.Bets...)
		st.Board = append([]cards.Card(nil), cur.Board...)
		st.Folded = append([]bool(nil), cur.Folded...)
		st.Shown = append([]bool(nil), cur.Shown...)
		st.Ranks = append([]string(nil), cur.Ranks...)
		st.Won = append([]int64(nil), cur.Won...)
		rp.Steps = append(rp.Steps, st)
	}
	gather := func() {
		for s := range cur.Bets {
			cur.Pot += cur.Bets[s]
			cur.Bets[s] = 0
		}
	}
	started := false
	var posts []string
	evs := g.Events()
	for i := range evs {
		e := &evs[i]
		s := int(e.Seat)
		switch e.Kind {
		case holdem.EvAnte:
			cur.Stacks[s] -= e.Amount
			cur.Pot += e.Amount
			posts = append(posts, fmt.Sprintf("%s antes %s", rp.Names[s], amt(e.Amount)))
			continue
		case holdem.EvBlind:
			cur.Stacks[s] -= e.Amount
			cur.Bets[s] += e.Amount
			posts = append(posts, fmt.Sprintf("%s posts %s", rp.Names[s], amt(e.Amount)))
			continue
		case holdem.EvDeal:
			continue
		}
		if !started {
			started = true
			text := "Cards dealt"
			if len(posts) > 0 {
				text = strings.Join(posts, ", ")
			}
			push(StepStart, holdem.Preflop, -1, text)
		}
		switch e.Kind {
		case holdem.EvBoard:
			gather()
			cur.Board = append(cur.Board, e.CardSlice()...)
			push(StepBoard, e.Street, -1, fmt.Sprintf("%s: %s", stepCapital(e.Street.String()), stepCards(cur.Board)))
		case holdem.EvFold:
			cur.Folded[s] = true
			push(StepAction, e.Street, s, rp.Names[s]+" folds")
		case holdem.EvCheck:
			push(StepAction, e.Street, s, rp.Names[s]+" checks")
		case holdem.EvCall, holdem.EvBet, holdem.EvRaise:
			cur.Stacks[s] -= e.Amount
			cur.Bets[s] += e.Amount
			var text string
			switch e.Kind {
			case holdem.EvCall:
				text = fmt.Sprintf("%s calls %s", rp.Names[s], amt(e.Amount))
			case holdem.EvBet:
				text = fmt.Sprintf("%s bets %s", rp.Names[s], amt(e.To))
			default:
				text = fmt.Sprintf("%s raises to %s", rp.Names[s], amt(e.To))
			}
			if e.AllIn {
				text += " and is all-in"
			}
			push(StepAction, e.Street, s, text)
		case holdem.EvReturn:
			// The uncalled part comes back from the bet in front of the
			// player, or from the pot once the bets were gathered.
			back := min(e.Amount, cur.Bets[s])
			cur.Bets[s] -= back
			cur.Pot -= e.Amount - back
			cur.Stacks[s] += e.Amount
			push(StepReturn, e.Street, s, fmt.Sprintf("Uncalled %s returned to %s", amt(e.Amount), rp.Names[s]))
		case holdem.EvShow:
			gather()
			hole := [2]cards.Card{e.Cards[0], e.Cards[1]}
			cur.Shown[s] = true
			cur.Ranks[s] = stepRank(hole, cur.Board)
			text := fmt.Sprintf("%s shows %s", rp.Names[s], stepCards(hole[:]))
			if cur.Ranks[s] != "" {
				text += " (" + cur.Ranks[s] + ")"
			}
			push(StepShow, e.Street, s, text)
		case holdem.EvMuck:
			gather()
			push(StepMuck, e.Street, s, rp.Names[s]+" mucks")
		case holdem.EvWin:
			gather()
			cur.Pot -= e.Amount
			cur.Stacks[s] += e.Amount
			cur.Won[s] += e.Amount
			// Consecutive wins (main and side pots, split pots) are one
			// step.
			if i+1 < len(evs) && evs[i+1].Kind == holdem.EvWin {
				continue
			}
			var parts []string
			for p, w := range cur.Won {
				if w > 0 {
					parts = append(parts, fmt.Sprintf("%s collects %s", rp.Names[p], amt(w)))
				}
			}
			push(StepAward, e.Street, -1, strings.Join(parts, ", "))
		}
	}
	// The recorded result (store.RecordOf's net).
	var award, final int64
	for s := range n {
		engine := r.Stack(s)
		switch {
		case h.FinishingStacks != nil:
			rp.Final[s] = h.FinishingStacks[s]
		case h.Winnings != nil && (s >= len(h.CashOuts) || h.CashOuts[s] == 0):
			rp.Final[s] = engine - g.Won(s) + h.Winnings[s]
		default:
			rp.Final[s] = engine
		}
		award += cur.Stacks[s]
		final += rp.Final[s]
	}
	rp.Rake = max(award-final, 0)
	var parts []string
	for s := range n {
		if d := rp.Final[s] - rp.Starting[s]; d != 0 {
			parts = append(parts, fmt.Sprintf("%s %s%s", rp.Names[s], stepSign(d), amt(stepAbs(d))))
		}
	}
	if rp.Rake > 0 {
		parts = append(parts, "rake "+amt(rp.Rake))
	}
	cur.Stacks = rp.Final
	for s := range n {
		// What the recorded result paid each player from the pots.
		cur.Won[s] = max(rp.Final[s]-stepBefore(rp.Steps, s), 0)
	}
	text := "Result"
	if len(parts) > 0 {
		text += ": " + strings.Join(parts, ", ")
	}
	push(StepResult, g.Street(), -1, text)
	return rp, nil
}

// stepBefore is player s's stack before the award: the last step's stack
// less what the award paid.
func stepBefore(steps []Step, s int) int64 {
	last := steps[len(steps)-1]
	return last.Stacks[s] - last.Won[s]
}

// stepRank describes hole with board (handeval.Value.Describe), "" with an
// unknown card or fewer than five cards.
func stepRank(hole [2]cards.Card, board []cards.Card) string {
	var set cards.Set
	for _, c := range append(hole[:], board...) {
		if c == holdem.Unknown {
			return ""
		}
		set = set.Add(c)
	}
	if set.Count() < 5 {
		return ""
	}
	return handeval.Eval(set).Describe()
}

func stepCards(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		if c == holdem.Unknown {
			parts[i] = "??"
		} else {
			parts[i] = c.String()
		}
	}
	return strings.Join(parts, " ")
}

func stepCapital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func stepSign(d int64) string {
	if d < 0 {
		return "−"
	}
	return "+"
}

func stepAbs(d int64) int64 {
	if d < 0 {
		return -d
	}
	return d
}

// Package holdem is a No-Limit Texas Hold'em rules engine: a table of 2 to 10
// players with integer chips, blinds, antes (including a big-blind ante), an
// optional straddle and a minimum bet; a hand that says who acts and what is
// legal, applies actions or returns a typed error naming the rule, deals
// (from a seeded deck or cards given by the caller), runs out the board when
// the betting is closed, builds the side pots, decides the showdown, awards
// every pot with the odd-chip rule, returns uncalled bets, and logs every
// step as an Event. It plays by the TDA rules (the default) or, with
// Config.Rules = PokerKit, by PokerKit's (see Rule sets).
//
// # Sources
//
// The rules are those of ../shared/reference/nlhe-rules.md: the Poker TDA
// rules (2019+ numbering) and Robert's Rules of Poker. Each rule has one test
// named after it in rules_test.go. In particular:
//
//   - Minimum bet: the big blind or Config.MinBet.
//   - Minimum raise (TDA 41, 43): a raise adds at least the last full bet or
//     raise of the street; preflop the largest blind (or straddle) is the
//     opening bet. MinRaiseTo = current bet + last full raise.
//   - Short all-in (TDA 47): an all-in raise of less than a full raise does
//     not reopen the betting: a player who already acted may raise again only
//     if the bet has risen by a full raise since their last action, by one
//     raise or by several short all-ins added together.
//     An all-in opening bet below the minimum bet is likewise not a full
//     bet: players who checked may call or fold, and the next raise adds a
//     full minimum bet.
//   - Uncalled bets are returned when the street's betting closes (and when
//     everyone else folds), as an EvReturn event.
//   - Side pots by contribution layers; folded players' chips stay in the
//     pots; antes are dead money at the bottom layer, winnable by everyone
//     still in the hand (PHH ante_trimming_status = false). A top layer
//     contributed only by folded players (blinds beaten by a short all-in)
//     goes back to them, since no live player matched it.
//   - Split pots: even shares, each odd chip to the first winner clockwise
//     from the button (TDA 19).
//   - Heads-up the button posts the small blind, acts first preflop and last
//     after the flop.
//   - Posted blinds: a player entering the game who posts a big blind out of
//     position (Config.Blinds with a second seat at the big blind's amount)
//     has a live bet and the option, but the betting still starts after the
//     big blind: when several seats post the largest blind the first in
//     posting order opens (TestPostedBlindOutOfPosition). PokerKit lets the
//     last of them open instead; none of the 1,000 PokerKit hands or 1,508
//     HandHQ hands of testdata has two equal largest blinds.
//   - A player who cannot cover a blind or ante is all-in for what they have
//     (antes are posted first, the TDA big-blind-ante rule); callers still
//     owe the full blind.
//   - A player facing only all-in opponents may call or fold, not raise.
//   - Showdown order: the river's last aggressor first, otherwise the first
//     player left of the button; after an all-in with the betting over all
//     hands are tabled in any order (TDA 16) and nobody may muck.
//
// Deliberate choices: folding is always legal, also when a check is free
// (PokerKit rejects it in tournaments, but card rooms let it stand and real
// HandHQ histories contain it); with a straddle the straddle is the full
// opening bet, so the minimum raise is to twice the straddle.
//
// # Rule sets
//
// Config.Rules chooses between the TDA rules above (TDA, the zero value)
// and PokerKit's (PokerKit), the rules of the reference implementation of
// the PHH format (github.com/uoftcprg/pokerkit, pokerkit/state.py 0.7.4),
// so that histories PokerKit made replay exactly. They differ in seven
// places, each a RuleSet flag (docs/rules.md has a hand of each under both):
//
//  1. PKPreflopMinRaise: preflop a raise adds at least max(min_bet, the
//     round's largest raise so far), blinds and straddles not counted (1/2
//     with a 5 straddle: raise to 7; TDA: to 10).
//  2. PKPostedBlinds: the preflop bet to match is the largest blind posted,
//     not the largest owed (a big blind of 1 chip for 2: callers owe 1);
//     the action starts after its poster, the later seat from the button
//     on a tie.
//  3. PKFirstWagerReopens: the round's raise size starts at 0, so the first
//     bet or raise reopens the betting however small it is.
//  4. PKAllInSum: a player who acted may raise again when the consecutive
//     all-in raises of the round, also those before their action, add up to
//     a full raise.
//  5. PKBlindMustAct: everyone who could act when the round began acts once
//     (the big blind checks when all others are all-in for less or folded);
//     raising needs someone else with more chips than the current bet.
//  6. PKOddChips: a split pot's remainder all goes to the first winner from
//     the button.
//  7. PKPotMerge: at a showdown the hands that cannot win any pot are
//     dropped and the pots rebuilt, merging adjacent pots with the same
//     contenders, before they are split.
//
// Nothing else changes: the order of play, the event log, the pots before
// the showdown and the showdown order are the same under both. PokerKit's
// betting state (a queue of actors, the set of players who acted, the
// largest raise of the round, the consecutive all-in raises) maps onto the
// engine's: two full-raise sizes (the one for the minimum raise, fullRaise,
// and the one for reopening, reopenRaise, equal under TDA), the sum of the
// current chain of all-in raises, and the set of players who must act once.
// The TDA hot path pays one predictable branch per test (docs/benchmarks.md).
//
// # Limits
//
// Stacks add up to at most MaxChips = 2^53 - 1 chips, and every forced bet
// and the minimum bet are at most MaxChips (Validate): every sum the engine
// forms stays far inside int64, and every amount is exact as a float64.
//
// # Using a hand
//
//	cfg := holdem.Config{Stacks: []int64{200, 200, 200, 200, 200, 200}, Button: 0, SmallBlind: 1, BigBlind: 2}
//	var h holdem.Hand
//	h.Reset(&cfg, cards.NewDeck(seed)) // posts, deals
//	for !h.Over() {
//		l := h.Legal() // seat to act, fold/call/raise bounds
//		h.Apply(l.Seat, holdem.Action{Kind: holdem.CheckCall})
//	}
//
// Every action has three methods in the style of PokerKit: VerifyX returns
// nil or an *ActionError (errors.Is against ErrOutOfTurn, ErrBelowMinRaise,
// ErrAboveStack, ErrCannotRaise, ErrCardTwice, ...) whose
// message cites the rule and the legal alternative; CanX is VerifyX == nil;
// X verifies, applies and returns the Event. The actions are Fold,
// CheckCall and BetRaise(to) (the PHH "f", "cc" and "cbr to"); Apply and
// Verify take an Action value. Dealing by hand: DealHole (in dealing order,
// Unknown cards allowed) and DealBoard. Showdown by hand
// (Config.ManualShowdown): Show and Muck; once the hand is over anyone may
// still Show (recorded, no effect on the pots). Replays of histories with
// cards unknown at a showdown end Undecided; AwardUndecided settles those
// pots as the record says. RandomAction and PlayRandom are a baseline bot.
//
// # Public state
//
// Phase, Street, Actor, Legal (ToCall, MinRaiseTo, MaxRaiseTo, CanRaise),
// Pot, CurrentBet, LastFullRaise, Stack, Bet, Committed, Board,
// Hole, Folded, AllIn, PreflopAggressor, Aggressor, StreetAggressor,
// AppendPots, Events, and Public, which copies all of it for one viewer into
// a PublicState value (no allocation) for decision code and servers.
//
// # Performance
//
// A Hand keeps every per-seat quantity in fixed arrays of MaxSeats and its
// event log in a slice reused by Reset, so playing hands allocates nothing
// after the first. Legal, the Verify methods on legal input and the actions
// do not allocate; rejections allocate their error. Random six-handed hands
// (deal, actions, showdown evaluation, pots) run at about 2·10^7 per minute
// on one core (docs/benchmarks.md).
//
// # Tests
//
// rules_test.go has one test per rule with hand-derived stacks and pots;
// pokerkit_test.go one per PokerKit departure, the same hand under both rule
// sets (each PokerKit line also played on PokerKit, with the same stacks).
// TestRandomHands plays 10^5 random hands with short stacks (10^6 with
// -long) against a reference model of the legal actions computed from the
// event log alone, checks that every candidate action around each boundary
// is accepted exactly when legal and that out-of-turn actions never are, and
// that chips are conserved and every pot awarded; TestRandomHandsPokerKit
// does the same under PokerKit rules against a model written in PokerKit's
// own terms; FuzzActions feeds arbitrary action sequences. Package hh
// replays 1,000 PokerKit-made hands to PokerKit's stacks and explains every
// hand that differs under TDA by the departures above.
package holdem

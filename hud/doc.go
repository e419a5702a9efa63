// Package hud computes HUD statistics (VPIP, PFR, 3Bet, c-bets, donk bets,
// ... WTSD, W$SD, AF) per player from finished hands, each as taken /
// opportunities with a 95% Wilson score interval.
//
// There is one code path: Tracker.Add tallies a finished *holdem.Hand from
// its event log. Recorded hands are replayed through the engine by package
// hh first (TallyRecorded, the one conversion of a hand history into
// tallies: Tracker.AddRecorded, the hand database's records), simulated
// hands are added directly, so bots measured in simulation and players
// measured from histories are measured the same way. TallyFiles tallies
// whole hand-history files with several workers (`pokerlab hud`, `pokerlab
// npc clone`).
//
//	t := hud.NewTracker()
//	for ... { play h; t.Add(&h, names) }       // names[s] is the player in seat s
//	p, _ := t.Player("Alice")
//	c := p.Counts[hud.CBet]                     // flop; hud.ForStreet(hud.CBet, holdem.Turn)
//	lo, hi := c.Wilson()
//
// # Definitions
//
// The definitions follow PokerTracker 4 and the NPC design (DB, CB, BMCB,
// 3Bet); docs/hud-stats.md writes them out for users. Every
// stat is Σ taken / Σ opportunities over hands; within a hand each flag is
// 0 or 1 per player (AF and AFq count actions). "Raise" includes all-in
// raises of less than a full raise. Preflop, the big blind (and any
// straddle) is bet 1, the first raise bet 2 (the open), then 3-bet, 4-bet.
// Positions: BTN is the button, SB and BB the blind positions, CO the seat
// before the button (tables of four or more); heads-up the button is the SB.
//
//   - VPIP: opportunity = the player had a preflop decision (so a walk is
//     no hand for the big blind, and a player all-in from the blinds has
//     none); taken = called or raised preflop (an SB completion counts; a
//     BB check does not).
//   - PFR: opportunity = a raise was possible at some preflop decision
//     (modern PT4); taken = raised preflop. PFRAllHands divides by every
//     hand with a preflop decision (older PT4).
//   - 3Bet: facing exactly one raise (squeezes included) with the option
//     to raise; taken = re-raised. Fold to 3Bet: the opener (the first
//     raiser only, not a cold caller) at its first decision facing exactly
//     two raises; taken = folded. 4Bet: facing exactly two raises with the
//     option to raise. Fold to 4Bet: the 3-bettor facing exactly three.
//   - Steal: the player is in CO, BTN or SB and everyone before folded,
//     with a raise possible; taken = raised. Fold to Steal SB/BB: in that
//     blind, facing a steal raise with no caller or re-raise in between;
//     taken = folded.
//   - Limp: the player's first preflop decision comes with no raise before
//     and with something owed (not the big blind's check); taken = called.
//     Over-limps count.
//   - Postflop, per street x, the aggressor A: on the flop the last
//     preflop raiser; on the turn and river the last bettor or raiser of
//     the previous street, or, if nobody bet on it, the previous aggressor
//     carried over. The c-bet candidate is A on the flop, and on the turn
//     and river A if A made the previous street's c-bet.
//   - CB x: the candidate, with no bet yet on the street; taken = bet. A
//     raise over a donk bet is not a c-bet (there was a bet ahead).
//     Fold / Raise to CB: a player whose decision faces the c-bet with no
//     raise yet.
//   - Donk x: a player acting before A on the street, with no bet yet,
//     where A bet or raised on the previous street (the last preflop raiser
//     on the flop) and can still act; taken = bet. Fold / Raise to Donk:
//     facing that bet with no raise yet.
//   - BMCB x (bet vs missed c-bet, the NPC design's BMCB; HM3's float and probe):
//     with no bet yet on the street, either after the candidate checked
//     ("float", in position), or, when the previous street's candidate
//     checked and nobody bet, before A acts ("probe", out of position);
//     taken = bet. Fold / Raise to BMCB: facing that bet with no raise yet.
//   - 3Bet x: facing a bet and exactly one raise on the street with the
//     option to re-raise. Fold to 3Bet x: the street's first raiser at its
//     first decision facing a re-raise.
//   - WTSD: opportunity = saw the flop (in the hand when it was dealt, also
//     all-in); taken = still in at a showdown. W$SD: went to showdown; taken
//     = collected chips there (a split counts).
//   - AF = (bets + raises) / calls, postflop (Count.Taken / Count.Opportunities;
//     no interval). AFq = (bets + raises) / (bets + raises + calls + folds).
//
// # Facts
//
// Facts gives what trackers filter hands on (package store/filter): the
// pot type by preflop raises (walk, limped, single-raised, 3-bet, 4-bet
// and more), and per seat the hole cards when known, saw the flop (WTSD's
// opportunity), went to showdown (in at a showdown, also after an all-in
// before the flop) and went all-in (a post, call, bet or raise that left
// no chips, called or not). facts_test.go checks them on every real hand
// against a reading of the PHH actions without the engine.
//
// # Money
//
// MoneyRecorded (recorded hands, after TallyRecorded) and MoneyOf
// (engine hands) give each player's money in a hand; Tracker sums it per
// player (Player.Money), as the hand database's rows do.
//
//   - Net: finishing stack − starting stack, after rake (a site hand's
//     finishing stacks or collected amounts); an All-in Cash Out nets the
//     cash-out less what the player put in.
//   - Rake: the engine's award to the player less what they collected (so
//     the winner of a pot pays its rake, split by winnings when the pot is
//     split); a player who cashed out is charged the rake of the award the
//     site kept. The players' rake adds up to the site's summary.
//   - CashOutFee: the All-in Cash Out fee, apart from rake.
//   - EV, the all-in adjusted net: in a hand whose betting closed before
//     the river with a player all-in (holdem.Hand.AllInShowdown), each live
//     player gets Σ_pots equity × pot × (1 − rake/pots) in place of what
//     they collected, the equity being the pot-share equity against that
//     pot's contenders over every completion of the board dealt when the
//     betting closed (package equity, exact enumeration; the other live
//     players' cards out of the deck). The adjusted nets add up to the
//     nets. Not adjusted: a player who cashed out (the cash-out replaced
//     the dealt result), hands with a live player's cards unknown, and
//     hands under PokerKit's pot merge (their pots are rebuilt without the
//     losers). Cost: one enumeration per contested pot, a few milliseconds
//     preflop, microseconds on the turn; Tracker.NoAllInEV skips it.
//   - Showdown: the player was still in at a showdown; non-showdown
//     winnings are the rest of the net.
//   - bb/100 = 100 · Σx / n with x = net / big blind, and its standard
//     error 100 · s / √n (s the sample standard deviation of x); the big
//     blind is the larger of the first two blinds (BigBlind).
//
// These follow PokerTracker 4's "All-in Adj" winnings and its showdown and
// non-showdown lines (the red and blue lines of its graphs).
//
// Stat.Key gives the JSON keys of "pokerlab hud" (vpip, pfr, three_bet, ...,
// cbet_flop, fold_to_cbet_turn, ..., wtsd, wsd, af, afq).
//
// # Sources
//
// PokerTracker 4 statistic definitions (docs/hud-stats.md); Hold'em Manager 3
// ("Bet vs missed CB" = float + probe); the NPC design for BMCB; E. B. Wilson,
// "Probable inference, the law of succession, and statistical inference",
// JASA 22 (1927) for the interval, checked against Newcombe, Statistics in
// Medicine 17 (1998), Table I.
//
// # Tests
//
// stats_test.go checks every stat, one subtest each, on the hand-made
// histories of testdata/stats.phhs against tallies derived by hand,
// including the traps (a BB check is not VPIP, a walk is no hand for VPIP,
// a raise over a donk bet is not a c-bet, Fold to 3Bet counts only the
// opener). money_test.go checks the all-in adjustment against a closed
// form (11 outs of 44 on the turn) and against a brute-force enumeration
// of the runouts with pots rebuilt from the contributions (hand-written
// side pots and real all-ins), the rake and cash-out fees against the
// sites' summaries, bb/100's standard error against the two-pass formula,
// and engine against recorded money.
package hud

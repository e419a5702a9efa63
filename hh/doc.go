// Package hh reads and writes hand histories of No-Limit Texas Hold'em: the
// Poker Hand History format (PHH, TOML: .phh for one hand, .phhs for [1],
// [2], ... tables) and PokerStars-style text, and replays them through the
// rules engine (package holdem).
//
// # Reading PHH
//
// Parse (or ReadFile) returns []*Hand. A Hand keeps the PHH fields of
// variant NT: antes, blinds_or_straddles, min_bet, starting_stacks, actions
// (parsed into Action values: d dh, d db, pN f, pN cc, pN cbr AMOUNT, pN sm
// [CARDS|-], # commentary), players, seats, finishing_stacks, winnings, and
// every other field (hand, table, venue, time, currency, user-defined _...
// fields) as TOML text in Extra. Amounts are integers in units of
// 10^-Decimals, where Decimals is the largest number of decimals of any
// amount in the hand: "200.30" is 20030 with Decimals = 2. They are read from
// the number's text and never pass through float64. Unknown cards ("??") are
// holdem.Unknown.
//
// The TOML reader is written for PHH (toml.go): it reports every error as
// an *Error naming the file, line, hand and key ("bad.phhs: line 14: hand
// [3]: key actions: action 7 \"p2 rase 4\": unknown action \"rase\""), keeps
// the line of every array element, streams a file table by table with an
// arena of pointer-free values (no allocation per value), and rejects
// dotted keys and arrays of tables, which PHH does not use. It is fuzzed
// against github.com/BurntSushi/toml v1.6.0 (FuzzTOML): both accept and
// reject the same documents and read the same values (including TOML 1.1's
// optional seconds, \e and \x escapes and multi-line inline tables, as v1.6
// does).
//
// # Writing PHH
//
// Write writes hands back: keys in the order read (the canonical order for
// new hands), amounts as integers when whole else with exactly Decimals
// digits, action amounts as written when unchanged, unknown fields
// verbatim. A file read and written back is byte-identical; all 1,508
// HandHQ hands of ../shared/data/handhq are (TestRealHands). FromEngine
// records a hand played by the engine (seats renumbered from the seat after
// the button, heads-up forced bets in PHH's reversed order, finishing_stacks
// and winnings filled in).
//
// # Replaying
//
// Hand.Config maps a PHH hand to a holdem.Config (engine seat i is p(i+1),
// the button the last seat, heads-up blinds and antes reversed as the PHH
// specification says) and Replayer.Replay applies every action. An illegal
// action is a *ReplayError with the hand, the 1-based action index, its
// line, and the engine's rule-citing message with players named pN and
// amounts in the file's units. Two conventions of recorded hands are
// interpreted: "sm" actions during an all-in run-out (PokerKit writes them
// after each board card) expose cards for the showdown, and cards unknown at
// a showdown ("sm ????") are settled by the winnings field or, without one,
// in favour of the players who showed known cards (Replayer.Award says
// which). Voluntary shows after an uncontested pot are accepted.
//
// A hand is replayed under its rule set, Hand.Rules (holdem.TDA or
// holdem.PokerKit, docs/rules.md), read from the user-defined field _rules =
// 'tda' | 'pokerkit' (PHH lets files add fields whose names begin with "_";
// other readers ignore them) and TDA without one. Setting Rules replays the
// hand under other rules, and Write then writes the field (a field read is
// written back as it was when it still says the same). FromEngine records
// the engine's rule set.
//
// # Recorded results
//
// Replayer.CheckRecord compares a replayed hand with its finishing_stacks
// and winnings. Sites rake their pots, so a record may fall short of what
// the replay pays a winner: the shortfalls add up to the hand's rake. A
// record above the replay, winnings for a player the replay pays nothing
// (or none for one it pays), a finishing stack short for a player who
// collects nothing, and finishing stacks and winnings short by different
// amounts are contradictions (*RecordError: file, line, hand, field,
// player, both amounts). Winnings may count an uncalled bet returned as
// collected, as some sites do. The HandHQ hands: 736 exact, 523 raked, and
// one impossible record (1000NLH [266]: 35 recorded for a pot of 25 plus 5
// uncalled) that is reported (TestRecordedResultsHandHQ).
//
// # Limits
//
// Every amount is at most holdem.MaxChips = 2^53 - 1 units, and the
// starting stacks, the finishing stacks and the winnings each add up to at
// most that; more is an *Error naming the line, key, element and the limit
// in the hand's units. Sums of a hand's chips then cannot overflow, and
// every amount is exact in JSON readers that parse numbers as doubles.
//
// # PokerStars text
//
// WritePokerStars writes the hands in the text format HUD trackers import,
// from the replayed engine log: posts, "raises $x to $y", "and is all-in",
// streets, "Uncalled bet ($x) returned to", "*** SHOW DOWN ***" with hand
// descriptions (DescribeHand: "a pair of Aces", "a straight, Ace to
// Five"), "collected $x from side pot-1", and "*** SUMMARY ***" with the
// main and side pots and each seat's outcome. testdata/golden/side-pots.txt
// is the golden file of a three-pot hand.
//
// # Sources
//
// The PHH specification (J. Kim, "Recording and Describing Poker Hands",
// IEEE CoG 2024; github.com/uoftcprg/phh-std) and
// ../shared/reference/phh-notes.md; TOML v1.0.0 (toml.io); the PokerStars
// hand-history text layout as HUD trackers read it.
//
// # Tests
//
// testdata/rules holds one hand-written .phh per rule of nlhe-rules.md, each
// with finishing stacks and the pot after every street derived by hand
// (_derivation) and checked by replay (TestRuleCorpus), plus a
// byte-identical write-back. TestEngineRoundTrip plays random hands on the
// engine (half under PokerKit rules), writes them as PHH, reads and replays
// them, and requires the same event log. TestPokerKitRandomHands replays
// the 1,000 PokerKit-made hands of ../testdata/pokerkit to PokerKit's own
// finishing stacks; TestPokerKitDifferencesExplained explains every hand
// that ends otherwise under TDA rules by the seven departures, both by
// replaying with departures switched on and by finding their situations in
// PokerKit's action log. Bad input (TestMalformedPHH, TestIllegalActions) and the
// fuzz targets FuzzParse and FuzzTOML cover errors; nothing panics.
package hh

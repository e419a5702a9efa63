// Package hh reads and writes hand histories of No-Limit Texas Hold'em: the
// Poker Hand History format (PHH, TOML: .phh for one hand, .phhs for [1],
// [2], ... tables) and the text the sites write (PokerStars, and GGPoker's
// dialect of it), and replays them through the rules engine (package
// holdem).
//
// # Reading any format
//
// Reader (and ReadAny, its one-file form) is the one entry point of every
// command that reads hands: it tells PHH, PokerStars and GGPoker apart by
// content (Detect), reads each hand of a file into the same Hand, and
// delivers the hands and the per-hand errors in file order: a bad hand never
// stops the rest of a file. ExpandInputs turns command-line arguments into
// inputs (files, directories read recursively, "-" for standard input);
// Reader.ReadInputs reads them all; SplitHands and Reader.ReadChunk let
// goroutines read one big file in parts, with messages that name the lines
// of the whole file.
//
//	var rd hh.Reader
//	err := rd.ReadInputs(args, os.Stdin, func(in hh.Input, h *hh.Hand, err error) error {
//		if err != nil { ... }        // *SiteError (file:line: PokerStars hand #n: why) or *Error (PHH)
//		... h.Players, h.Field("hand"), h.Site.Rake ...
//		return nil
//	})
//
// # PokerStars and GGPoker text
//
// The reader scans bytes line by line (no regular expressions), reuses its
// buffers and, with Reader.Reuse, one Hand. It reads cash games in $, €, £
// (and ₹) and play money, tournaments (Level headers in Roman numerals or
// digits, antes, chips, thousands separators), Zoom, Home Games and mixed
// tables' Hold'em hands, 2 to 10 seats (holdem.MaxSeats), posted and dead
// blinds ("posts small & big blinds", GGPoker's "posts missed blind": the
// dead part becomes an ante, recorded in _dead_blinds), straddles,
// "and is all-in", "Uncalled bet (x) returned to", main and side pots,
// shows (one card too), mucks (with the cards the summary reveals),
// "doesn't show hand", seats sitting out (not dealt in unless they post,
// act or appear in the summary), chat and connection lines (ignored), the
// summary's rake and fees, the hero's "Dealt to" and GGPoker's "Dealt to"
// of every player. Files may be UTF-8 or Windows-1252, with any line ends,
// a byte-order mark and the "*** # 1 ***" separators of trackers' archives.
//
// A hand becomes the same Hand as a PHH hand: players in PHH order (from
// the seat after the button to the button), their seat numbers, starting
// stacks, antes and blinds (heads-up reversed as PHH says), min_bet (the
// big blind), the deal, every action, the board, and the shows and mucks
// in the engine's showdown order (sites list them in their own order).
// Amounts are read from the text as decimals and converted exactly to
// integer units of the hand's finest decimal. The fields venue, table, hand
// (as printed), year, month, day, time and time_zone_abbreviation (the
// Eastern Time PokerStars adds in brackets, when it does), currency and
// currency_symbol (cash), event and level (tournaments), seat_count,
// winnings (what each player collected) and finishing_stacks (after the
// rake) keep the hand's identity and outcome; _zoom, _home_game,
// _play_money, _dead_blinds and _deposits (table deposits made during the
// hand, which play from the next) the rest. A capped No-Limit table
// ("$0.25/$0.50 - $10 Cap - USD", "Hold'em Cap No Limit", "and has reached
// the $10 cap") keeps its cap in Hand.Cap (_cap): the replay plays each
// stack above it as the cap and keeps the rest behind (Hand.Config,
// Replayer.Stack). An All-in Cash Out ("cashed out the hand for $22.77 |
// Cash Out Fee $0.46") is Hand.CashOuts and Hand.CashOutFees (_cash_outs,
// _cash_out_fees): the board is dealt and the pots awarded as usual, but
// the site keeps a cashed-out player's award (the summary's "won ($x) ...
// (pot not awarded as player cashed out)", their winnings) and pays the
// cash-out instead, so their finishing stack is the starting stack less
// what they put in plus the cash-out; SiteInfo.CashOutFees and NotAwarded
// keep the fees (not rake) and the awards kept. WritePokerStars writes all of it
// back, so PokerStars → PHH → PokerStars keeps every action, stack and
// result (TestSiteFixtures checks every fixture hand).
//
// Every site hand is replayed through the engine as it is read. It is
// delivered only if every action is legal, every post, call (amount),
// bet, raise (to), all-in and returned bet agrees with the engine, and
// what each player collected is at most the replay's award with the
// shortfall, summed over the players, equal to the summary's fees (Rake,
// Jackpot, ...): rake is not a mismatch, and SiteInfo.Rake reports it.
// Otherwise the hand is a *SiteError naming the file, the line and the
// player and both amounts. Hands the engine cannot replay are rejected
// with the reason: run twice, GGPoker's EV Cashout and Cash Drop, other
// games, cancelled or truncated hands. A capped hand's cap line that
// contradicts the cap or what the player put in, and a cash-out whose kept
// award, collected lines and rake do not add up to the replay's award, are
// rejected like any other contradiction. Every
// amount and the sum of the starting stacks are at most MaxTotal
// (2^53-1 units).
//
// Deliberate choices, each forced by what the sites write: a big blind
// posted out of position is live but does not open the betting (see
// holdem.Config.Blinds); a player all-in from the ante in the big blind's
// seat still makes the big blind the bet to call; a sitting-out player all-in
// from a forced bet whom PokerStars "folds" gives up the pots at the
// showdown instead (the engine does not let an all-in player fold); a call
// PokerStars writes smaller than the engine's because a short big blind
// left less to match is accepted when the engine returns the difference
// as uncalled; a straddle all-in for less counts as two big blinds; the
// blinds a full post shows win over a GGPoker header that names the next
// level's.
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
// # A hand step by step
//
// ReplaySteps replays a hand and returns the table after each step (Step):
// the posts and the deal, every fold, check, call, bet and raise, each
// board card, returned bet, show (with the hand's name by
// handeval.Value.Describe) and muck, the award, and the recorded result.
// The steps are rebuilt from the engine's event log, one chip movement at
// a time (stacks, bets in front, the pot gathered at each street), so the
// award step's stacks are the engine's by a second computation; the
// result step's are the recorded ones (finishing stacks, else the
// winnings after rake, else the replay), what package store keeps as the
// starting stack plus net. The tests check chip conservation at every
// step, the award against Replayer.Stack and the result against the
// finishing stacks on every site fixture, one step per action in history
// order, and a hand worked out on paper.
//
// # Limits
//
// Every amount is at most holdem.MaxChips = 2^53 - 1 units, and the
// starting stacks, the finishing stacks and the winnings each add up to at
// most that; more is an *Error naming the line, key, element and the limit
// in the hand's units. Sums of a hand's chips then cannot overflow, and
// every amount is exact in JSON readers that parse numbers as doubles.
//
// A line is at most MaxLine (1 MiB) and a hand at most MaxHand (4 MiB) of
// text: hundreds of times the largest of the corpora (2.6 KB, lines of at
// most 618 bytes). ReadInput and ReadFile stop reading at the first line
// or hand beyond them (/dev/zero, an endless stream: a few MiB held), and
// the readers of data in memory refuse it the same way, with a
// *LimitError naming the file and line (sizelimit.go; the check costs
// microseconds per hundred MB).
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
// and GGPoker hand-history text as the sites write it, learnt from the real
// files of testdata/pokerstars and testdata/ggpoker (their READMEs name
// the repositories and commits) and 14,545 GGPoker hands read when the
// reader was written.
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
//
// Site text: TestSiteFixtures reads the 660 PokerStars and 385 GGPoker
// fixture hands, requires the documented rejections message for message,
// replays every hand again, checks its winnings, finishing stacks and rake
// against the replay, and writes it as PHH and as PokerStars text and reads
// both back to the same hand. TestPokerStarsEngineRoundTrip plays random
// hands of 2 to 10 players on the engine, writes them as PokerStars text
// and reads back the same event log. TestSiteBadInput has one case per bad
// input (another format, truncated, unknown currency, 11 seats, malformed
// amounts, amounts above MaxTotal, collected mismatches, illegal actions)
// with the exact message. FuzzPokerStars and FuzzGGPoker, seeded with the
// fixtures, require typed errors with lines and that every accepted hand
// replays and reads back from the text written for it.
//
// # Cost
//
// BenchmarkPokerStars: reading PokerStars text, one core, with the replay
// and every check, is about 8 µs per hand (docs/benchmarks.md); the
// parsing alone is about two thirds of it; 3 allocations per hand with
// Reader.Reuse.
package hh

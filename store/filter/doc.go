// Package filter is the hand filter language of the tracker (`--filter`
// of pokerlab hud, db stats, db export and hud graph): a lexer and parser
// with errors that name the column, an AST, its compilation into an SQL
// condition with bound parameters only, and its evaluation in Go.
//
//	e, err := filter.Parse("position=BTN and pot=3bet and date>=2026-11-01")
//	cond, args, err := filter.SQL(e, &cols, filter.Dollar, nil) // "((hp.position = $1) AND ...)", ["BTN", 3, 20261101]
//	ok := filter.Match(e, &row)                                 // the same condition on one row, in Go
//
// # The language
//
// A filter selects rows: one player's part of one hand. Conditions are
// joined with and, or, not and parentheses (not binds tightest, then and,
// then or); keywords and field names are case-insensitive.
//
//	date  = != < <= > >= in   YYYY-MM-DD, the day recorded in the hand
//	stakes = != in            SB/BB in currency units (1/2, $0.50/$1)
//	site  = != in             the site, without case (PokerStars, GGPoker)
//	seats = != < <= > >= in   the number of players dealt in (2 to 10)
//	pot   = != < <= > >= in   walk < limped < srp < 3bet < 4bet (4-bet and more)
//	position = != in          BTN, SB, BB, CO, HJ, LJ, UTG, UTG+1, UTG+2, UTG+3
//	player = != in            a name (quote it with "..." when it has spaces)
//	cards = != in             the player's hole cards as a range (QQ+,AKs)
//	won   = != < <= > >=      the player's net, in big blinds (won>10, won<-5)
//	flop, showdown, allin     the player saw the flop, went to showdown,
//	                          went all-in (flags: written alone)
//
// Values are bare words (anything but spaces, parentheses, commas, quotes
// and = ! < >) or quoted strings ("..." or '...', backslash escapes the
// next byte). A range after cards= or cards!= may list items separated by
// commas (cards=QQ+,AKs); a list is in (a, b, ...). Aliases: pos for
// position, hero and name for player, hand and hole for cards, net for
// won, day for date, wtsd and sd for showdown, all-in for allin.
//
// Pot types (hud.PotType) count the preflop raises: none (walk when no one
// called either and no flop came; limped otherwise), one (srp), two (3bet),
// three or more (4bet).
//
// Two-valued logic: a hand without a date fails every date comparison, a
// player whose cards were not shown fails every cards comparison (cards=AA
// and cards!=AA both), and not inverts exactly, so `not cards=AA` keeps
// the unknown. Errors (*Error) give the 1-based column of the token at
// fault: `filter "pos=BTM": col 5: position "BTM": want one of UTG, ...`.
//
// # SQL
//
// SQL writes the condition over the columns a query names (Columns), with
// $n (PostgreSQL) or ? (SQLite) placeholders; values are never written
// into the text. A range binds its combinations' cards.HoleIndex values
// (or those of its complement, when shorter: at most 663); won compares
// the net with a bound double times the big blind. Limits (MaxLen,
// MaxDepth, MaxPreds, MaxValues) keep every filter that parses within
// SQLite's expression depth and parameter count. Cost: Parse and SQL are
// linear in the filter's length; the condition runs at the speed of the
// indexes its columns have (package store: hands by pot type, stakes and
// day, and day).
//
// # Tests
//
// parse_test.go has one test per rule of the language and the errors
// with their columns; FuzzParse feeds it arbitrary text (no panic; what
// parses prints back to itself and compiles). Package store checks the SQL
// against Match on real hands on SQLite and PostgreSQL.
package filter

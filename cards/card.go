package cards

import (
	"fmt"
	"strings"
)

// Card is a playing card 0..51 encoded as rank*4 + suit (see the package
// documentation).
type Card uint8

// Rank is a card rank: Two = 0 … Ace = 12.
type Rank uint8

// Suit is a card suit: Spades = 0, Hearts = 1, Diamonds = 2, Clubs = 3.
type Suit uint8

// The ranks.
const (
	Two Rank = iota
	Three
	Four
	Five
	Six
	Seven
	Eight
	Nine
	Ten
	Jack
	Queen
	King
	Ace
)

// The suits.
const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

// Sizes of the deck.
const (
	NumCards = 52
	NumRanks = 13
	NumSuits = 4
)

const (
	rankChars = "23456789TJQKA"
	suitChars = "shdc"
)

// NewCard returns the card of rank r and suit s.
func NewCard(r Rank, s Suit) Card { return Card(uint8(r)*4 + uint8(s)) }

// Rank returns the rank of c.
func (c Card) Rank() Rank { return Rank(c >> 2) }

// Suit returns the suit of c.
func (c Card) Suit() Suit { return Suit(c & 3) }

// Valid reports whether c is one of the 52 cards.
func (c Card) Valid() bool { return c < NumCards }

// String returns the two-character name of the card, e.g. "As", "Td", "2c".
// An invalid card prints as "??".
func (c Card) String() string {
	if !c.Valid() {
		return "??"
	}
	return string([]byte{rankChars[c.Rank()], suitChars[c.Suit()]})
}

// Char returns the rank's letter: '2'…'9', 'T', 'J', 'Q', 'K', 'A'.
func (r Rank) Char() byte {
	if r >= NumRanks {
		return '?'
	}
	return rankChars[r]
}

// String returns the rank's letter as a string.
func (r Rank) String() string { return string(r.Char()) }

// Char returns the suit's letter: 's', 'h', 'd' or 'c'.
func (s Suit) Char() byte {
	if s >= NumSuits {
		return '?'
	}
	return suitChars[s]
}

// String returns the suit's letter as a string.
func (s Suit) String() string { return string(s.Char()) }

// ParseRank reads a rank letter (AKQJT98765432, case-insensitive).
func ParseRank(b byte) (Rank, bool) {
	switch {
	case b >= '2' && b <= '9':
		return Rank(b - '2'), true
	}
	switch b | 0x20 { // lower case
	case 't':
		return Ten, true
	case 'j':
		return Jack, true
	case 'q':
		return Queen, true
	case 'k':
		return King, true
	case 'a':
		return Ace, true
	}
	return 0, false
}

// ParseSuit reads a suit letter (shdc, case-insensitive).
func ParseSuit(b byte) (Suit, bool) {
	i := strings.IndexByte(suitChars, b|0x20)
	if i < 0 {
		return 0, false
	}
	return Suit(i), true
}

// ParseError reports a malformed card or card list. Col is the 1-based
// byte column of Token in Input.
type ParseError struct {
	Input string
	Token string
	Col   int
	Msg   string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("cards %q: col %d: %s %q", e.Input, e.Col, e.Msg, e.Token)
}

// Parse reads one card such as "As", "td" or "2C".
func Parse(s string) (Card, error) {
	if len(s) != 2 {
		return 0, &ParseError{Input: s, Token: s, Col: 1, Msg: "a card is a rank and a suit, got"}
	}
	c, msg := parse2(s[0], s[1])
	if msg != "" {
		return 0, &ParseError{Input: s, Token: s, Col: 1, Msg: msg}
	}
	return c, nil
}

// MustParse is like Parse but panics on error; for tests and constants.
func MustParse(s string) Card {
	c, err := Parse(s)
	if err != nil {
		panic("cards: " + err.Error())
	}
	return c
}

func parse2(r, s byte) (Card, string) {
	rank, ok := ParseRank(r)
	if !ok {
		return 0, "unknown rank in"
	}
	suit, ok := ParseSuit(s)
	if !ok {
		return 0, "unknown suit in"
	}
	return NewCard(rank, suit), ""
}

func isSeparator(b byte) bool {
	return b == ' ' || b == '\t' || b == ',' || b == '\n' || b == '\r'
}

// ParseCards reads a list of cards written with or without separators
// (spaces, tabs, commas): "As Kd Th 2c", "AsKdTh2c". It keeps the order and
// rejects duplicates. Errors name the offending token and its column.
func ParseCards(s string) ([]Card, error) {
	var out []Card
	var seen Set
	i := 0
	for i < len(s) {
		if isSeparator(s[i]) {
			i++
			continue
		}
		if i+1 >= len(s) || isSeparator(s[i+1]) {
			return nil, &ParseError{Input: s, Token: s[i : i+1], Col: i + 1, Msg: "incomplete card"}
		}
		c, msg := parse2(s[i], s[i+1])
		if msg != "" {
			return nil, &ParseError{Input: s, Token: s[i : i+2], Col: i + 1, Msg: msg}
		}
		if seen.Has(c) {
			return nil, &ParseError{Input: s, Token: s[i : i+2], Col: i + 1, Msg: "duplicate card"}
		}
		seen = seen.Add(c)
		out = append(out, c)
		i += 2
	}
	return out, nil
}

// ParseSet is ParseCards returning a Set.
func ParseSet(s string) (Set, error) {
	cs, err := ParseCards(s)
	if err != nil {
		return 0, err
	}
	return SetOf(cs...), nil
}

// MustParseSet is like ParseSet but panics on error; for tests and constants.
func MustParseSet(s string) Set {
	set, err := ParseSet(s)
	if err != nil {
		panic("cards: " + err.Error())
	}
	return set
}

// FormatCards writes cards in the given order separated by spaces.
func FormatCards(cs []Card) string {
	var b strings.Builder
	for i, c := range cs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(c.String())
	}
	return b.String()
}

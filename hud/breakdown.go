package hud

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"

	"pokerlab/holdem"
)

// Breakdown splits each player's hands into groups: by position or by
// table size (Tracker.By).
type Breakdown uint8

// The breakdowns.
const (
	NoBreakdown Breakdown = iota
	ByPosition            // the player's position (SeatPosition: BTN, SB, BB, CO, ...)
	ByTableSize           // the number of players dealt in ("2" ... "10")
)

// ParseBreakdown reads "position" or "table-size".
func ParseBreakdown(s string) (Breakdown, error) {
	switch s {
	case "position":
		return ByPosition, nil
	case "table-size":
		return ByTableSize, nil
	}
	return NoBreakdown, fmt.Errorf("breakdown %q: want position or table-size", s)
}

func (b Breakdown) String() string {
	switch b {
	case ByPosition:
		return "position"
	case ByTableSize:
		return "table-size"
	}
	return "none"
}

// Key returns the group of engine seat s of hand g.
func (b Breakdown) Key(g *holdem.Hand, s int) string {
	switch b {
	case ByPosition:
		return SeatPosition(g, s)
	case ByTableSize:
		return strconv.Itoa(g.Players())
	}
	return ""
}

// compare orders groups: positions from the first to act preflop to the
// big blind (Positions), table sizes by size.
func (b Breakdown) compare(x, y string) int {
	if b == ByTableSize {
		a, _ := strconv.Atoi(x)
		c, _ := strconv.Atoi(y)
		return cmp.Compare(a, c)
	}
	return cmp.Compare(slices.Index(Positions, x), slices.Index(Positions, y))
}

// Group is a player's tallies and money over the hands of one group of a
// breakdown.
type Group struct {
	Key    string
	Hands  int64
	Counts [NumStats]Count
	Money  Money
}

// group returns p's group key, added in order if new.
func (p *Player) group(b Breakdown, key string) *Group {
	i, found := slices.BinarySearchFunc(p.Groups, key, func(g Group, k string) int { return b.compare(g.Key, k) })
	if !found {
		p.Groups = slices.Insert(p.Groups, i, Group{Key: key})
	}
	return &p.Groups[i]
}

func (g *Group) add(c *[NumStats]Count) {
	g.Hands++
	for st := range c {
		g.Counts[st].Taken += c[st].Taken
		g.Counts[st].Opportunities += c[st].Opportunities
	}
}

// AddGroup adds a player's tallies and money over hands of one group of
// t.By, summed elsewhere (a database), as AddCounts and AddMoney add the
// totals.
func (t *Tracker) AddGroup(name, key string, hands int64, c *[NumStats]Count, m *Money) {
	g := t.player(name).group(t.By, key)
	g.Hands += hands
	for st := range c {
		g.Counts[st].Taken += c[st].Taken
		g.Counts[st].Opportunities += c[st].Opportunities
	}
	g.Money.Merge(m)
}

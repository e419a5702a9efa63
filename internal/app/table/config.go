package table

import (
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"pokerlab/holdem"
	"pokerlab/npc"
)

// MaxChips bounds every amount of a table (blinds, stacks) so that no sum
// of chips at a table of nine can overflow int64, whatever the number of
// rebuys.
const MaxChips = 1 << 40

// MaxNameLen is the longest seat name, in bytes.
const MaxNameLen = 40

// Seat configures one seat: an NPC playing Profile, or a human.
type Seat struct {
	Name  string
	Human bool
	// ProfileRef is how the request named the profile: an archetype, a
	// stored profile's name, or "" for an inline profile.
	ProfileRef string
	// Profile is the NPC's profile (nil for a human).
	Profile *npc.Profile
}

// Config is a table: forced bets, the stack every seat sits down with, the
// seed of its deals and decisions, and the seats.
type Config struct {
	SmallBlind, BigBlind, Ante, Stack int64
	// Seed drives the deals and the NPCs' random choices: the same seed and
	// the same human actions give the same hands. Whoever knows the seed
	// knows the cards, so the server draws one at random unless the
	// creator gives one.
	Seed uint64
	// KeepStacks carries the stacks from hand to hand (a seat that goes
	// broke buys in again for Stack, counted in BuyIns); otherwise every
	// hand starts with Stack for everyone.
	KeepStacks bool
	// Hands stops the table after this many hands; 0 deals forever.
	Hands int64
	Seats []Seat
	// Creator names who created the table, for the server's quotas: an
	// operator's key ("key:ID"), a browser session ("session:ID") or ""
	// (an open server's API client). It is stored with the table.
	Creator string
}

// Validate checks the configuration; errors name the field.
func (c *Config) Validate() error {
	n := len(c.Seats)
	switch {
	case n < holdem.MinSeats || n > npc.MaxSeats:
		return fieldErr("seats", "%d seats: a table has 2 to 9", n)
	case c.BigBlind <= 0:
		return fieldErr("big_blind", "%d: want a positive number of chips", c.BigBlind)
	case c.SmallBlind <= 0:
		return fieldErr("small_blind", "%d: want a positive number of chips", c.SmallBlind)
	case c.SmallBlind > c.BigBlind:
		return fieldErr("small_blind", "%d is larger than the big blind %d", c.SmallBlind, c.BigBlind)
	case c.Ante < 0:
		return fieldErr("ante", "%d: want 0 or more chips", c.Ante)
	case c.Stack <= 0:
		return fieldErr("stack", "%d: want a positive number of chips", c.Stack)
	case c.Stack > MaxChips || c.BigBlind > MaxChips || c.Ante > MaxChips:
		return fieldErr("stack", "amounts above %d chips are not supported", int64(MaxChips))
	case c.Hands < 0:
		return fieldErr("hands", "%d: want 0 (deal forever) or more", c.Hands)
	}
	seen := map[string]int{}
	for i, s := range c.Seats {
		field := fmt.Sprintf("seats[%d]", i)
		if err := checkName(s.Name); err != nil {
			return fieldErr(field+".name", "%v", err)
		}
		if j, dup := seen[s.Name]; dup {
			return fieldErr(field+".name", "%q already sits at seats[%d]: names must differ", s.Name, j)
		}
		seen[s.Name] = i
		if s.Human && s.Profile != nil {
			return fieldErr(field, "a human seat takes no profile")
		}
		if !s.Human {
			if s.Profile == nil {
				return fieldErr(field+".profile", "an NPC seat needs a profile (or \"human\": true)")
			}
			if err := s.Profile.Validate(); err != nil {
				return fieldErr(field+".profile", "%v", err)
			}
		}
	}
	hc := c.engineConfig(make([]int64, n), 0)
	for i := range hc.Stacks {
		hc.Stacks[i] = c.Stack
	}
	if err := hc.Validate(); err != nil {
		return fieldErr("table", "%v", err)
	}
	return nil
}

// checkName accepts printable names without leading or trailing space.
func checkName(name string) error {
	switch {
	case name == "":
		return fmt.Errorf("empty: every seat needs a name")
	case len(name) > MaxNameLen:
		return fmt.Errorf("%d bytes: at most %d", len(name), MaxNameLen)
	case !utf8.ValidString(name):
		return fmt.Errorf("not valid UTF-8")
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("%q has leading or trailing spaces", name)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) || r == '"' || r == '\\' {
			return fmt.Errorf("%q: character %q is not allowed", name, r)
		}
	}
	return nil
}

// Humans returns the number of human seats.
func (c *Config) Humans() int {
	k := 0
	for _, s := range c.Seats {
		if s.Human {
			k++
		}
	}
	return k
}

func (c *Config) engineConfig(stacks []int64, button int) holdem.Config {
	return holdem.Config{Stacks: stacks, Button: button, SmallBlind: c.SmallBlind, BigBlind: c.BigBlind, Ante: c.Ante}
}

// Options are the server-wide settings of every table.
type Options struct {
	// ActionTimeout is how long a human may think; then they check if
	// they can, else fold. 0 means 30 s.
	ActionTimeout time.Duration
	// NPCDelay is how long an NPC waits before acting at a table with a
	// human (so that a person can follow); NPC-only tables never wait.
	NPCDelay time.Duration
	// HandPause is the pause after a hand at a table with a human, to see
	// the showdown; NPC-only tables deal the next hand at once.
	HandPause time.Duration
	// EventBuffer is the number of events a table keeps for clients that
	// reconnect; 0 means 1024 (about 30 six-handed hands; 160 KB a table:
	// rings are touched in full as tables play, and 300 tables of 4096
	// events faulted in 190 MB).
	EventBuffer int
	// CPU, if set, is a semaphore of the tables' compute: a table holds a
	// slot while it decides for an NPC or closes a hand, and serves its
	// clients while it waits for one. With as many slots as CPUs, at most
	// that many tables compute at once, so that a request never queues
	// behind hundreds of runnable tables (the Manager sets it).
	CPU chan struct{}
}

func (o Options) withDefaults() Options {
	if o.ActionTimeout <= 0 {
		o.ActionTimeout = 30 * time.Second
	}
	if o.EventBuffer <= 0 {
		o.EventBuffer = 1024
	}
	return o
}

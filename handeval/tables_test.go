package handeval

import (
	"slices"
	"testing"

	"pokerlab/cards"
	"pokerlab/handeval/internal/tablegen"
)

// The embedded tables are exactly what package tablegen computes from the
// rules (so tables_gen.go is not stale: run go generate after changing
// tablegen), and the key parameters agree.
func TestTablesMatchGenerator(t *testing.T) {
	tb, err := tablegen.Build(&tablegen.RankKey)
	if err != nil {
		t.Fatal(err)
	}
	if keyBits != tablegen.KeyBits || colBits != tablegen.ColBits || topRankKey != tablegen.RankKey[12] ||
		len(tab.offs) != tablegen.NumRows {
		t.Fatalf("key parameters differ from tablegen's: run go generate")
	}
	if keyBits > suitShift || tablegen.NumValues != NumValues {
		t.Fatalf("rank keys of %d bits overlap the suit counters at bit %d", keyBits, suitShift)
	}
	// Any seven cards of the deck, even five or more of a rank, have a
	// rank key below 2^keyBits (the assembly looks such keys up untested),
	// and the keys grow with the rank (topRankKey is the largest).
	if !slices.IsSorted(tablegen.RankKey[:]) || 7*uint64(topRankKey) >= 1<<keyBits {
		t.Fatalf("rank keys %#x: not sorted, or seven cards reach 2^%d", tablegen.RankKey, keyBits)
	}
	same := func(name string, got []Value, want []uint16) {
		t.Helper()
		if len(got) != len(want) {
			t.Fatalf("%s: %d entries, tablegen %d", name, len(got), len(want))
		}
		for i := range got {
			if uint16(got[i]) != want[i] {
				t.Fatalf("%s[%d] = %d, tablegen %d: run go generate", name, i, got[i], want[i])
			}
		}
	}
	same("rank", tab.rank[:], tb.Rank)
	same("flush", tab.flush[:], tb.Flush[:])
	if tab.offs != tb.Offs {
		t.Fatalf("offs differ from tablegen's: run go generate")
	}
	for v := range tab.category {
		if uint8(tab.category[v]) != tb.Category[v] {
			t.Fatalf("category[%d] = %d, tablegen %d: run go generate", v, tab.category[v], tb.Category[v])
		}
	}
	// A card's key: its rank's key plus suitStep in its suit's counter
	// byte; its suit lane bit: rank r of suit s at 16s+r.
	for c := range cards.Card(cards.NumCards) {
		r, s := uint(c.Rank()), uint(c.Suit())
		key := uint64(tablegen.RankKey[r])
		if tab.cardKey[c] != key+suitStep<<(suitShift+8*s) || tab.cardSuits[c] != 1<<(16*s+r) {
			t.Fatalf("card %v: key %#x suits %#x", c, tab.cardKey[c], tab.cardSuits[c])
		}
	}
	for c := cards.NumCards; c < len(tab.cardKey); c++ {
		if tab.cardKey[c] != 0 || tab.cardSuits[c] != 0 {
			t.Fatalf("entry %d beyond the cards is not zero", c)
		}
	}
	// A byte of a set: the sum of its cards' keys (bits past card 51
	// add nothing).
	for i := range tab.setKey {
		for m := range 256 {
			var want uint64
			for j := range 8 {
				if c := 8*i + j; m>>j&1 != 0 && c < cards.NumCards {
					want += tab.cardKey[c]
				}
			}
			if tab.setKey[i][m] != want {
				t.Fatalf("setKey[%d][%#x] = %#x, want %#x: run go generate", i, m, tab.setKey[i][m], want)
			}
		}
	}
	if tb.Keys != 73775 {
		t.Errorf("%d rank multisets of 5..7 cards, want 73,775", tb.Keys)
	}
}

// rankLookup reads both tables without a bounds check: every rank key
// below 2^keyBits has its row inside offs and its index, the row's base
// plus a column below 2^colBits, inside rank, for every row, used or not;
// and the flush test lets no other key through.
func TestRankIndexInBounds(t *testing.T) {
	if rankLen != len(tab.rank) || len(tab.offs) != 1<<(keyBits-colBits) {
		t.Fatalf("rankLen %d, table %d; %d rows", rankLen, len(tab.rank), len(tab.offs))
	}
	for row, off := range tab.offs {
		base := off + uint32(row)<<colBits // mod 2³²
		if uint64(base)+1<<colBits > rankLen {
			t.Fatalf("row %d: base %d + 2^%d columns > %d entries", row, base, colBits, rankLen)
		}
		// The extreme keys of the row index its first and last place.
		lo, hi := uint32(row)<<colBits, uint32(row)<<colBits|(1<<colBits-1)
		if i := lo + tab.offs[lo>>colBits]; i != base {
			t.Fatalf("row %d: lowest key indexes %d, want %d", row, i, base)
		}
		if i := hi + tab.offs[hi>>colBits]; i != base+1<<colBits-1 {
			t.Fatalf("row %d: highest key indexes %d, want %d", row, i, base+1<<colBits-1)
		}
	}
	// A key word passes the flush test only if its rank key is below
	// 2^keyBits (whatever its counters hold without a flush).
	for b := range 32 {
		k := uint64(1) << b
		if pass := k&flushTest == 0; pass != (b < keyBits) {
			t.Fatalf("rank key bit %d: passes the flush test %v", b, pass)
		}
	}
	if flushTest>>suitShift != 0x40404040 || flushTest&(1<<suitShift-1) != guardBits {
		t.Fatalf("flushTest %#x", uint64(flushTest))
	}
}

// Every rank multiset of 5..7 cards (each rank at most four times) finds its
// own value through the key a Hand builds, whatever the suits: the hash is
// perfect on all 73,775 multisets and the suit counters never disturb it.
func TestRankKeyPerfect(t *testing.T) {
	n := 0
	tablegen.ForEachMultiset(5, 7, func(cnt *[13]int) {
		n++
		k := uint64(tablegen.Key(cnt, &tablegen.RankKey))
		if k&flushTest != 0 {
			t.Fatalf("rank counts %v: key %#x fails the flush test", *cnt, k)
		}
		v := rankLookup(tabp, k)
		if v == 0 {
			t.Fatalf("rank counts %v: no value", *cnt)
		}
		// Suit counters (at most 4+3 cards in a suit of a non-flush hand,
		// 13 each) must leave the lookup alone.
		if rankLookup(tabp, k+0x5b5b5b5b<<suitShift) != v {
			t.Fatalf("rank counts %v: counters change the value", *cnt)
		}
	})
	if n != 73775 {
		t.Errorf("%d multisets", n)
	}
}

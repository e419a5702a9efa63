package handeval

import (
	"testing"

	"pokerlab/cards"
	"pokerlab/handeval/internal/tablegen"
)

// The embedded tables are exactly what package tablegen computes from the
// rules (so tables_gen.go is not stale: run go generate after changing
// tablegen), and the key parameters agree.
func TestTablesMatchGenerator(t *testing.T) {
	tb, err := tablegen.Build(tablegen.Mul, tablegen.AceMul)
	if err != nil {
		t.Fatal(err)
	}
	if hashMul != tablegen.Mul || aceMul != tablegen.AceMul || bucketBits != tablegen.BucketBits || slotBits != tablegen.SlotBits {
		t.Fatalf("key parameters differ from tablegen's: run go generate")
	}
	if tablegen.FreeBits != 16 || tablegen.NumValues != NumValues {
		t.Fatalf("tablegen leaves %d free key bits for 16 bits of suit counters", tablegen.FreeBits)
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
	same("rank", tab.rank[:], tb.Rank[:])
	same("flush", tab.flush[:], tb.Flush[:])
	for i := range tab.disp {
		if tab.disp[i] != tb.Disp[i] {
			t.Fatalf("disp[%d] = %d, tablegen %d: run go generate", i, tab.disp[i], tb.Disp[i])
		}
	}
	for v := range tab.category {
		if uint8(tab.category[v]) != tb.Category[v] {
			t.Fatalf("category[%d] = %d, tablegen %d: run go generate", v, tab.category[v], tb.Category[v])
		}
	}
	// A card's key: its rank's multiplier (the ace has its own) plus one in
	// its suit's counter; its suit lane bit: rank r of suit s at 16s+r.
	for c := range cards.Card(cards.NumCards) {
		r, s := uint(c.Rank()), uint(c.Suit())
		key := uint64(tablegen.Mul) << (4 * r)
		if c.Rank() == cards.Ace {
			key = tablegen.AceMul
		}
		if tab.cardKey[c] != key+1<<(4*s) || tab.cardSuits[c] != 1<<(16*s+r) {
			t.Fatalf("card %v: key %#x suits %#x", c, tab.cardKey[c], tab.cardSuits[c])
		}
	}
	for c := cards.NumCards; c < len(tab.cardKey); c++ {
		if tab.cardKey[c] != 0 || tab.cardSuits[c] != 0 {
			t.Fatalf("entry %d beyond the cards is not zero", c)
		}
	}
	if tb.Keys != 73775 {
		t.Errorf("%d rank multisets of 5..7 cards, want 73,775", tb.Keys)
	}
}

// Every rank multiset of 5..7 cards (each rank at most four times) finds its
// own value through the key a Hand builds, whatever the suits: the hash is
// perfect on all 73,775 multisets and the suit counters never disturb it.
func TestRankKeyPerfect(t *testing.T) {
	n := 0
	tablegen.ForEachMultiset(5, 7, func(cnt *[13]int) {
		n++
		k := tablegen.Key(tablegen.Packed(cnt), hashMul, aceMul)
		if k&0xFFFF != 0 {
			t.Fatalf("key %#x has bits in the counter field", k)
		}
		v := rankLookup(k)
		if v == 0 {
			t.Fatalf("rank counts %v: no value", *cnt)
		}
		// Suit counters (at most 4+3 cards in a suit of a non-flush hand)
		// must leave the lookup alone.
		if rankLookup(k+0x4343) != v {
			t.Fatalf("rank counts %v: counters change the value", *cnt)
		}
	})
	if n != 73775 {
		t.Errorf("%d multisets", n)
	}
}

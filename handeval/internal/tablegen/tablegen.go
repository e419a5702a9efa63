// Package tablegen computes the lookup tables of package handeval from the
// rules of poker. The generator handeval/gen.go writes them into
// handeval/tables_gen.go, and handeval's tests rebuild them here and compare,
// so the embedded tables cannot drift from the rules.
//
// # The rank key
//
// A non-flush hand's value depends only on its rank multiset, the counts
// c_0..c_12 (0..4) of its ranks. Its key is a sum of per-rank constants,
//
//	K = Σ_r c_r·RankKey[r],
//
// with RankKey chosen (SearchRankKeys) so that the 73,775 rank multisets of
// 5, 6 or 7 cards all have distinct keys, every one below 2^KeyBits (and so
// is the key of any 7 cards of the deck: 7·RankKey[12] < 2^KeyBits). K is
// linear in the counts, so the key of a union of disjoint card sets is the
// sum of their keys; it is small, so handeval keeps it in the low 32 bits of
// a word whose high 32 bits hold four suit counters, and sums never carry
// into them.
//
// The value is found by a row-displacement perfect hash (Tarjan and Yao
// 1979; OMPEval's lookup has the same shape): the bits of K above ColBits
// pick a row, and
//
//	value = Rank[K + Offs[K>>ColBits]]  (uint32 arithmetic),
//
// where Offs[row] = base(row) − row·2^ColBits: the row's columns (the low
// ColBits bits of K) land at base(row)+column. One shift, one addition from
// memory, one load. Build places the rows, fullest first, each at the
// smallest base whose places are free; rows no key reaches get base 0.
// Rank has 2^ColBits entries more than the largest base, so every K below
// 2^KeyBits, of any hand, indexes inside it (handeval reads it without a
// bounds check and sends every other key to its flush path).
package tablegen

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
)

// Hash parameters (see the package documentation).
const (
	KeyBits = 25 // every rank key is below 2^KeyBits
	ColBits = 11 // a row holds 2^ColBits columns
	NumRows = 1 << (KeyBits - ColBits)
)

// RankKey is the key of one card of each rank, found by SearchRankKeys
// (go run gen.go -search).
var RankKey = [13]uint32{0x3e73, 0x63eb, 0x9fdf, 0xffcb, 0x19945, 0x28ed6, 0x417bc, 0x68c61, 0xa7a35, 0x10c3ac, 0x1ad277, 0x2afc6f, 0x45a472}

// Key returns the rank key of the rank counts cnt for the per-rank keys rk.
func Key(cnt *[13]int, rk *[13]uint32) uint32 {
	var k uint32
	for r, c := range cnt {
		k += uint32(c) * rk[r]
	}
	return k
}

// Row returns the row of the key k.
func Row(k uint32) uint32 { return k >> ColBits }

// Col returns the column of the key k.
func Col(k uint32) uint32 { return k & (1<<ColBits - 1) }

// Category numbers, the same as handeval's Category constants (this
// package cannot import handeval, whose tests import it; those tests
// compare the categories of every value).
const (
	HighCard = iota
	Pair
	TwoPair
	ThreeOfAKind
	Straight
	Flush
	FullHouse
	FourOfAKind
	StraightFlush
)

// NumValues is the number of five-card classes.
const NumValues = 7462

// Tables are handeval's lookup tables.
type Tables struct {
	// Rank[K+Offs[K>>ColBits]] is the value of a non-flush hand of rank
	// key K (0 at places no rank multiset of 5..7 cards reaches). Its
	// length is MaxBase+2^ColBits.
	Rank []uint16
	// Offs is the offset of each row: base(row) − row·2^ColBits (mod 2³²).
	Offs [NumRows]uint32
	// Flush[m] is the best flush or straight flush among the ranks of the
	// 13-bit mask m (m with at least five bits; zero otherwise).
	Flush [1 << 13]uint16
	// Category[v] is the category of value v (Category[0] is unused).
	Category [NumValues + 1]uint8
	// MaxBase is the largest base of a row.
	MaxBase int
	// Keys is the number of rank multisets in Rank (73,775).
	Keys int
}

// A raw score orders five-card hands: the category in bits 20..23 and up to
// five ranks in decreasing significance in the nibbles below. The 7462
// distinct raw scores of five-card hands, sorted, are the values 1..7462.
type raw uint32

func newRaw(c int) raw { return raw(c) << 20 }

// with appends rank r as the tie-breaker at position i (0 = most significant).
func (s raw) with(i, r int) raw { return s | raw(r)<<(16-4*i) }

// withTop appends the n highest ranks of mask m from position i on.
func (s raw) withTop(i int, m uint16, n int) raw {
	for r := 12; r >= 0 && n > 0; r-- {
		if m>>r&1 != 0 {
			s = s.with(i, r)
			i++
			n--
		}
	}
	return s
}

// straightHigh returns the top rank of the highest straight in the rank mask
// m, or -1. The wheel A-2-3-4-5 is five-high (rank 3); there is no
// wrap-around (Q-K-A-2-3 is no straight).
func straightHigh(m uint16) int {
	for hi := 12; hi >= 4; hi-- {
		if w := uint16(0x1f) << (hi - 4); m&w == w {
			return hi
		}
	}
	const wheel = 1<<12 | 0xf
	if m&wheel == wheel {
		return 3
	}
	return -1
}

func highest(m uint16) int { return 15 - bits.LeadingZeros16(m) }

// rawFlush scores the best five-card hand among the ranks of one suit.
func rawFlush(m uint16) raw {
	if s := straightHigh(m); s >= 0 {
		return newRaw(StraightFlush).with(0, s)
	}
	return newRaw(Flush).withTop(0, m, 5)
}

// rawRanks scores the best five-card non-flush hand among 5..7 cards given
// by their rank counts.
func rawRanks(cnt *[13]int) raw {
	var present, atLeast2, atLeast3, four uint16
	for r, c := range cnt {
		if c >= 1 {
			present |= 1 << r
		}
		if c >= 2 {
			atLeast2 |= 1 << r
		}
		if c >= 3 {
			atLeast3 |= 1 << r
		}
		if c >= 4 {
			four |= 1 << r
		}
	}
	if four != 0 {
		q := highest(four)
		return newRaw(FourOfAKind).with(0, q).withTop(1, present&^(1<<q), 1)
	}
	if atLeast3 != 0 {
		t := highest(atLeast3)
		if p := atLeast2 &^ (1 << t); p != 0 {
			return newRaw(FullHouse).with(0, t).with(1, highest(p))
		}
	}
	if s := straightHigh(present); s >= 0 {
		return newRaw(Straight).with(0, s)
	}
	if atLeast3 != 0 {
		t := highest(atLeast3)
		return newRaw(ThreeOfAKind).with(0, t).withTop(1, present&^(1<<t), 2)
	}
	if atLeast2 != 0 {
		p1 := highest(atLeast2)
		if rest := atLeast2 &^ (1 << p1); rest != 0 {
			p2 := highest(rest)
			return newRaw(TwoPair).with(0, p1).with(1, p2).withTop(2, present&^(1<<p1|1<<p2), 1)
		}
		return newRaw(Pair).with(0, p1).withTop(1, present&^(1<<p1), 3)
	}
	return newRaw(HighCard).withTop(0, present, 5)
}

// ForEachMultiset calls f for every vector of rank counts (each 0..4) whose
// total is between lo and hi.
func ForEachMultiset(lo, hi int, f func(cnt *[13]int)) {
	var cnt [13]int
	var rec func(r, total int)
	rec = func(r, total int) {
		if r == 13 {
			if total >= lo {
				f(&cnt)
			}
			return
		}
		for c := 0; c <= 4 && total+c <= hi; c++ {
			cnt[r] = c
			rec(r+1, total+c)
		}
		cnt[r] = 0
	}
	rec(0, 0)
}

// Build computes the tables for the per-rank keys rk (normally RankKey).
func Build(rk *[13]uint32) (*Tables, error) {
	t := new(Tables)
	// The 7462 five-card classes: 6175 rank multisets of five cards and
	// 1287 five-rank masks (flushes and straight flushes).
	raws := make([]raw, 0, NumValues)
	ForEachMultiset(5, 5, func(cnt *[13]int) { raws = append(raws, rawRanks(cnt)) })
	for m := range 1 << 13 {
		if bits.OnesCount16(uint16(m)) == 5 {
			raws = append(raws, rawFlush(uint16(m)))
		}
	}
	slices.Sort(raws)
	if len(slices.Compact(raws)) != NumValues {
		return nil, fmt.Errorf("tablegen: %d five-card classes, want %d", len(raws), NumValues)
	}
	dense := func(r raw) uint16 {
		i, ok := slices.BinarySearch(raws, r)
		if !ok {
			panic("tablegen: the best five of a hand is not a five-card class")
		}
		return uint16(i + 1)
	}
	for v := 1; v <= NumValues; v++ {
		t.Category[v] = uint8(raws[v-1] >> 20)
	}
	for m := range 1 << 13 {
		if bits.OnesCount16(uint16(m)) >= 5 {
			t.Flush[m] = dense(rawFlush(uint16(m)))
		}
	}

	if uint64(rk[12])*7 >= 1<<KeyBits {
		return nil, fmt.Errorf("tablegen: seven cards of rank key %#x reach 2^%d", rk[12], KeyBits)
	}
	type entry struct {
		col   uint32
		value uint16
	}
	var rows [NumRows][]entry
	ForEachMultiset(5, 7, func(cnt *[13]int) {
		k := Key(cnt, rk)
		r := Row(k)
		rows[r] = append(rows[r], entry{Col(k), dense(rawRanks(cnt))})
	})
	order := make([]int, NumRows)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(rows[b]) - len(rows[a]) })
	var used []bool
	var bases [NumRows]int
	for _, r := range order {
		es := rows[r]
		t.Keys += len(es)
		for i := range es {
			for j := range i {
				if es[i].col == es[j].col {
					return nil, fmt.Errorf("tablegen: two rank multisets share the key %#x", uint32(r)<<ColBits|es[i].col)
				}
			}
		}
		base := 0
		if len(es) > 0 {
		search:
			for ; ; base++ {
				for len(used) < base+1<<ColBits {
					used = append(used, false)
				}
				for _, e := range es {
					if used[base+int(e.col)] {
						continue search
					}
				}
				break
			}
		}
		bases[r] = base
		t.MaxBase = max(t.MaxBase, base)
		for _, e := range es {
			used[base+int(e.col)] = true
		}
	}
	t.Rank = make([]uint16, t.MaxBase+1<<ColBits)
	for r, es := range rows {
		t.Offs[r] = uint32(bases[r]) - uint32(r)<<ColBits
		for _, e := range es {
			t.Rank[bases[r]+int(e.col)] = e.value
		}
	}
	return t, nil
}

// SearchRankKeys returns per-rank keys under which all rank multisets of at
// most seven cards (at most four of a rank), of any size, have distinct
// sums: greedily, rank by rank, the smallest key at least the rank's target
// (and above the previous key) that gives every multiset of the ranks so
// far, extended by 1..4 cards of the new rank, a sum no other multiset has.
// This is stronger than needed (only sizes 5..7 are looked up).
//
// The targets, 4.5·10^6·1.6^(r−12) for rank r, spread the keys: the
// smallest keys the greedy search finds without them (1, 5, 24, 112, ...)
// crowd the multisets of low ranks into the first rows, some a quarter
// full, and the packed table came out three times the number of keys;
// with them it is 1.1 times (81,513 places for 73,775 keys at ColBits 11).
// The top target keeps 7·RankKey[12] below 2^KeyBits.
func SearchRankKeys() [13]uint32 {
	const limit = 1 << KeyBits
	type part struct {
		sum  uint32
		size int
	}
	parts := []part{{0, 0}}
	seen := make([]uint64, limit/64)  // sums of parts
	fresh := make([]uint64, limit/64) // sums of the extensions being tried
	has := func(b []uint64, x uint32) bool { return b[x>>6]>>(x&63)&1 != 0 }
	set := func(b []uint64, x uint32) { b[x>>6] |= 1 << (x & 63) }
	seen[0] = 1
	var rk [13]uint32
	var tried []uint32
	c := uint32(0)
	for r := range rk {
		c = max(c, uint32(4.5e6*math.Pow(1.6, float64(r-12)))-1)
	next:
		for c++; ; c++ {
			for _, x := range tried {
				fresh[x>>6] = 0
			}
			tried = tried[:0]
			for _, p := range parts {
				for n := uint32(1); n <= 4 && p.size+int(n) <= 7; n++ {
					x := p.sum + n*c
					if x >= limit {
						panic("tablegen: rank keys reach 2^KeyBits")
					}
					if has(seen, x) || has(fresh, x) {
						continue next
					}
					set(fresh, x)
					tried = append(tried, x)
				}
			}
			break
		}
		rk[r] = c
		for _, p := range parts {
			for n := uint32(1); n <= 4 && p.size+int(n) <= 7; n++ {
				set(seen, p.sum+n*c)
				parts = append(parts, part{p.sum + n*c, p.size + int(n)})
			}
		}
	}
	return rk
}

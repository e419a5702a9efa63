// Package tablegen computes the lookup tables of package handeval from the
// rules of poker. The generator handeval/gen.go writes them into
// handeval/tables_gen.go, and handeval's tests rebuild them here and compare,
// so the embedded tables cannot drift from the rules.
//
// # The rank key
//
// A non-flush hand's value depends only on its rank multiset, the counts
// c_0..c_12 (0..4) of its ranks. Its key is
//
//	K = Σ_{r<8} c_r·16^r·Mul + Σ_{r≥8} c_r·16^(r-8)·Mul2  (mod 2⁶⁴),
//
// that is K = y·Mul + ⌊y/2³²⌋·Mul2 for the nibble-packed counts
// y = Σ c_r·16^r (the nibble-wise popcount of a card set): Mul and Mul2
// have their low FreeBits = 32 bits zero, so y·Mul already drops the
// nibbles of ranks 8..12 (16^8·Mul ≡ 0 mod 2⁶⁴) and the second product adds
// them. K has its low 32 bits zero too, and handeval keeps four suit
// counters there (one byte each). K is linear in the counts, so the key of a
// union of disjoint card sets is the sum of their keys.
//
// The value is found by a row-displacement perfect hash (Tarjan and Yao
// 1979, the scheme of OMPEval's lookup): the top RowBits bits of K pick a
// row and the ColBits bits below them a column, and with
// h = ⌊K/2^(64-RowBits-ColBits)⌋ (row and column together)
//
//	value = Rank[h + Offs[row]]  (uint32 arithmetic),
//
// where Offs[row] = base(row) − row·2^ColBits: the row's columns land at
// base(row)+column. Mul and Mul2 were chosen (SearchMul) so that no two of
// the 73,775 rank multisets of 5, 6 or 7 cards share a row and a column;
// Build places the rows, fullest first, each at the smallest base whose
// places are free. Rank has 2^ColBits entries more than the largest base,
// so every key, of any hand, indexes inside it (handeval reads it without a
// bounds check).
package tablegen

import (
	"fmt"
	"math/bits"
	"slices"
)

// Hash parameters (see the package documentation).
const (
	// Mul and Mul2 are the first pair SearchMul draws from
	// rand.NewPCG(16, 2026) (go run gen.go -search).
	Mul      = 0x113b038500000000
	Mul2     = 0x3a6cf02900000000
	FreeBits = 32 // low bits of a key left for the suit counters
	RowBits  = 13
	ColBits  = 17
	NumRows  = 1 << RowBits
	// HashShift is the shift that leaves row and column (h above).
	HashShift = 64 - RowBits - ColBits
)

// Key returns the rank key of the nibble-packed rank counts y for the
// multipliers mul and mul2.
func Key(y, mul, mul2 uint64) uint64 { return y*mul + (y>>FreeBits)*mul2 }

// Row returns the row of the key k.
func Row(k uint64) uint64 { return k >> (64 - RowBits) }

// Col returns the column of the key k.
func Col(k uint64) uint64 { return k >> HashShift & (1<<ColBits - 1) }

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
	// Rank[h+Offs[row]] is the value of a non-flush hand (0 at places no
	// rank multiset of 5..7 cards reaches). Its length is MaxBase+2^ColBits.
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

// Packed returns the rank counts packed as nibbles (y in the package doc).
func Packed(cnt *[13]int) uint64 {
	var k uint64
	for r, c := range cnt {
		k |= uint64(c) << (4 * r)
	}
	return k
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

// Build computes the tables for the multipliers mul and mul2 (normally Mul
// and Mul2).
func Build(mul, mul2 uint64) (*Tables, error) {
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

	type entry struct {
		col   uint32
		value uint16
	}
	var rows [NumRows][]entry
	ForEachMultiset(5, 7, func(cnt *[13]int) {
		k := Key(Packed(cnt), mul, mul2)
		r := Row(k)
		rows[r] = append(rows[r], entry{uint32(Col(k)), dense(rawRanks(cnt))})
	})
	order := make([]int, NumRows)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(rows[b]) - len(rows[a]) })
	used := make([]bool, 2<<ColBits)
	var bases [NumRows]int
	for _, r := range order {
		es := rows[r]
		t.Keys += len(es)
		for i := range es {
			for j := range i {
				if es[i].col == es[j].col {
					return nil, fmt.Errorf("tablegen: multipliers %#x, %#x: two rank multisets share row %d column %d", mul, mul2, r, es[i].col)
				}
			}
		}
		base := 0
		if len(es) > 0 {
		search:
			for ; ; base++ {
				if base+1<<ColBits > len(used) {
					return nil, fmt.Errorf("tablegen: no base for row %d below %d", r, len(used)-1<<ColBits)
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

// SearchMul returns the first pair of multipliers drawn from next (low
// FreeBits bits cleared) under which no two rank multisets of 5..7 cards
// share a row and a column, and how many pairs it tried.
func SearchMul(next func() uint64) (mul, mul2 uint64, tries int) {
	var keys []uint64
	ForEachMultiset(5, 7, func(cnt *[13]int) { keys = append(keys, Packed(cnt)) })
	hs := make([]uint64, len(keys))
	for {
		tries++
		mul = next()&^(1<<FreeBits-1) | 1<<FreeBits
		mul2 = next()&^(1<<FreeBits-1) | 1<<FreeBits
		for i, y := range keys {
			hs[i] = Key(y, mul, mul2) >> HashShift
		}
		slices.Sort(hs)
		ok := true
		for i := 1; i < len(hs); i++ {
			if hs[i] == hs[i-1] {
				ok = false
				break
			}
		}
		if ok {
			return mul, mul2, tries
		}
	}
}

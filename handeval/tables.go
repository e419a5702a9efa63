package handeval

import (
	"math/bits"
	"slices"
)

// Perfect-hash parameters for the rank table (see the package documentation).
// hashMul was found by trying odd 64-bit constants from a seeded generator:
// the first one tried maps the 73,775 rank multisets of 5..7 cards to
// distinct (bucket, slot) pairs, and the largest displacement it needs is 867.
const (
	hashMul    = 0xc4f5a58656eef511
	bucketBits = 13
	slotBits   = 17
	numBuckets = 1 << bucketBits
	numSlots   = 1 << slotBits
)

var (
	// flushValue[m] is the value of the best flush or straight flush among
	// the ranks in the 13-bit mask m (m with at least five bits).
	flushValue [1 << 13]Value
	// rankValue[slot] is the value of a non-flush hand whose rank multiset
	// hashes to slot.
	rankValue [numSlots]Value
	// displacement[bucket] is XORed with the slot bits of the hash.
	displacement [numBuckets]uint16
	// categoryOf[v] is the category of value v.
	categoryOf [NumValues + 1]Category
)

// A raw score orders five-card hands: the category in bits 20..23 and up to
// five ranks in decreasing significance in the nibbles below. Raw scores are
// mapped to the dense values 1..7462 by sorting the 7462 raw scores of all
// five-card classes.
type rawScore uint32

func newRaw(c Category) rawScore { return rawScore(c) << 20 }

// with appends rank r as the next most significant tie-breaker at position i.
func (r rawScore) with(i, rank int) rawScore { return r | rawScore(rank)<<(16-4*i) }

// withTop appends the n highest ranks of mask m from position i on.
func (r rawScore) withTop(i int, m uint16, n int) rawScore {
	for rank := 12; rank >= 0 && n > 0; rank-- {
		if m>>rank&1 != 0 {
			r = r.with(i, rank)
			i++
			n--
		}
	}
	return r
}

// straightHigh returns the top rank of the highest straight in the rank mask
// m, or -1. The wheel A-2-3-4-5 counts as five-high (rank 3); there is no
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

// highest returns the highest rank in the non-empty mask m.
func highest(m uint16) int { return 15 - bits.LeadingZeros16(m) }

// rawFlush scores the best five-card hand among the ranks of one suit
// (mask with at least five bits).
func rawFlush(m uint16) rawScore {
	if s := straightHigh(m); s >= 0 {
		return newRaw(StraightFlush).with(0, s)
	}
	return newRaw(Flush).withTop(0, m, 5)
}

// rawRanks scores the best five-card non-flush hand among 5..7 cards given
// by their rank counts.
func rawRanks(cnt *[13]int) rawScore {
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

// rankKey packs rank counts into nibbles, as the nibble-wise popcount of a
// card set does.
func rankKey(cnt *[13]int) uint64 {
	var k uint64
	for r, c := range cnt {
		k |= uint64(c) << (4 * r)
	}
	return k
}

// forEachRankMultiset calls f for every vector of rank counts (each 0..4)
// whose total is between lo and hi.
func forEachRankMultiset(lo, hi int, f func(cnt *[13]int)) {
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

func init() { buildTables() }

func buildTables() {
	// The 7462 five-card classes: 6175 rank multisets of five cards (the
	// non-flush hands) and 1287 five-rank masks (flushes and straight
	// flushes).
	raws := make([]rawScore, 0, NumValues)
	forEachRankMultiset(5, 5, func(cnt *[13]int) { raws = append(raws, rawRanks(cnt)) })
	for m := range 1 << 13 {
		if bits.OnesCount16(uint16(m)) == 5 {
			raws = append(raws, rawFlush(uint16(m)))
		}
	}
	slices.Sort(raws)
	if len(slices.Compact(raws)) != NumValues {
		panic("handeval: five-card classes are not 7462")
	}
	dense := func(r rawScore) Value {
		i, ok := slices.BinarySearch(raws, r)
		if !ok {
			panic("handeval: raw score of a best five is not a five-card class")
		}
		return Value(i + 1)
	}
	for v := Value(1); v <= NumValues; v++ {
		categoryOf[v] = Category(raws[v-1] >> 20)
	}

	for m := range 1 << 13 {
		if bits.OnesCount16(uint16(m)) >= 5 {
			flushValue[m] = dense(rawFlush(uint16(m)))
		}
	}

	// Hash and displace: group the keys by bucket, place the largest
	// buckets first, each at the smallest displacement whose slots are free.
	type entry struct {
		slot  uint32
		value Value
	}
	var buckets [numBuckets][]entry
	forEachRankMultiset(5, 7, func(cnt *[13]int) {
		h := rankKey(cnt) * hashMul
		b := h >> (64 - bucketBits)
		buckets[b] = append(buckets[b], entry{uint32(h>>(64-bucketBits-slotBits)) & (numSlots - 1), dense(rawRanks(cnt))})
	})
	order := make([]int, numBuckets)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return len(buckets[b]) - len(buckets[a]) })
	var used [numSlots]bool
	for _, b := range order {
		d := uint32(0)
	search:
		for ; d < 1<<16; d++ {
			for _, e := range buckets[b] {
				if used[e.slot^d] {
					continue search
				}
			}
			break
		}
		if d == 1<<16 {
			panic("handeval: perfect hash construction failed")
		}
		displacement[b] = uint16(d)
		for _, e := range buckets[b] {
			if used[e.slot^d] {
				panic("handeval: two rank multisets share a hash slot")
			}
			used[e.slot^d] = true
			rankValue[e.slot^d] = e.value
		}
	}
}

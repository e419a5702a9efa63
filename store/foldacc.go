package store

import "pokerlab/hud"

// The sums of a fold, from memory (SQLite).
//
// A fold (fold.go) reads back the player rows of the hands it folds and
// sums them per cache key: on SQLite that read is on the writer connection,
// a fifth of an import's writing. The writer has those rows in hand when it
// writes them, so it keeps their sums (foldAcc) over the hands it has
// committed, as long as their ids follow each other: a fold whose range is
// exactly those hands takes the sums instead of reading the rows. Any other
// range (hands of another writer in between, a fold resumed after a crash,
// a fold of fewer hands) reads the rows as before and drops the sums kept.

// foldAcc is the sums of the player rows of the hands lo..hi (ids, both
// included; hi == 0: none), all committed by this DB's writer connection.
// Guarded by that connection's mutex: it changes with commits and fold
// claims only.
type foldAcc struct {
	lo, hi int64
	sums   map[cacheKey]*cacheRow
	used   int // folds that took their sums from here (tests)
}

// batchSums is the sums of the player rows of one transaction, with its
// range of hand ids, added to the foldAcc when it commits.
type batchSums struct {
	lo, hi int64
	gap    bool // the stored hands' ids do not follow each other
	sums   map[cacheKey]*cacheRow
}

// hand notes a stored hand's id (in increasing order).
func (b *batchSums) hand(id int64) {
	switch {
	case b.hi == 0:
		b.lo = id
	case id != b.hi+1:
		b.gap = true
	}
	b.hi = id
}

// row adds a player row.
func (b *batchSums) row(k cacheKey, opp, taken, afT, afO, afqT, afqO int64) {
	c := b.sums[k]
	if c == nil {
		c = &cacheRow{}
		b.sums[k] = c
	}
	c.hands++
	unpackFlags(&c.counts, opp, taken, afT, afO, afqT, afqO)
}

// money adds a player row's money.
func (b *batchSums) money(k cacheKey, p *PlayerRecord, bb int64) {
	m := hud.SeatMoney{Net: p.Net, Rake: p.Rake, EV: p.EV, Showdown: p.Showdown, CashOutFee: p.CashOutFee}
	b.sums[k].money.Add(&m, bb)
}

// add joins a committed transaction's sums to a.
func (a *foldAcc) add(b *batchSums) {
	switch {
	case b.hi == 0:
		return // no hands stored
	case b.gap:
		a.drop()
		return
	case a.hi == 0 || b.lo != a.hi+1:
		// The first, or hands of another writer in between: start over.
		a.lo, a.hi, a.sums = b.lo, b.hi, b.sums
		return
	}
	a.hi = b.hi
	for k, s := range b.sums {
		c := a.sums[k]
		if c == nil {
			a.sums[k] = s
			continue
		}
		c.hands += s.hands
		c.money.Merge(&s.money)
		for i := range c.counts {
			c.counts[i].Taken += s.counts[i].Taken
			c.counts[i].Opportunities += s.counts[i].Opportunities
		}
	}
}

func (a *foldAcc) drop() { a.lo, a.hi, a.sums = 0, 0, nil }

// take returns the sums of the hands (from, to] if a holds exactly those,
// and empties a; otherwise it drops what it holds of them and returns nil.
func (a *foldAcc) take(from, to int64) map[cacheKey]*cacheRow {
	if a.hi == 0 {
		return nil
	}
	if a.lo == from+1 && a.hi == to {
		s := a.sums
		a.drop()
		a.used++
		return s
	}
	if a.lo <= to {
		a.drop()
	}
	return nil
}

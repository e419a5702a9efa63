package npc

// Counts are a seat's stat tallies: Taken[s] of Opps[s] opportunities.
type Counts struct {
	Taken, Opps [NumStats]int64
}

func (c *Counts) add(o *Counts) {
	for i := range c.Taken {
		c.Taken[i] += o.Taken[i]
		c.Opps[i] += o.Opps[i]
	}
}

// decisionStats maps a decision to the stats it is an opportunity for and
// whether each was taken: the policy's own view of its stats, used for the
// targets of position-variant stats (weighted by the opportunities of each
// variant) and by calibration. The measured stats of a simulation come from
// the hud package over the hand histories.
type decisionStats struct {
	seen [NumStats]bool // opportunity already booked this hand
	cnt  *Counts
	// byVariant[v] counts opportunities of postflop stats in variant v.
	byVariant *[NumVariants][NumStats]int64
}

func (d *decisionStats) book(s Stat, taken bool, v Variant) {
	if d.seen[s] {
		return
	}
	d.seen[s] = true
	d.cnt.Opps[s]++
	if taken {
		d.cnt.Taken[s]++
	}
	if d.byVariant != nil {
		d.byVariant[v][s]++
	}
}

// record books one decision (rec.Action: 0 fold, 1 check/call, 2 bet/raise).
func (d *decisionStats) record(rec *DecisionRecord, sb bool, raisedThisStreet bool) {
	sit := rec.Situation
	a := rec.Action
	if !sit.Kind.Postflop() {
		d.book(VPIP, false, 0) // opportunity; taken is booked by hand flags
		switch sit.Kind {
		case PreOpen, PreSteal:
			d.book(Limp, a == 1, 0)
			if sit.Kind == PreSteal {
				d.book(Steal, a == 2, 0)
			}
		case PreVsRaise:
			d.book(ThreeBet, a == 2, 0)
		case PreVsSteal:
			d.book(ThreeBet, a == 2, 0)
			if sb {
				d.book(FoldToStealSB, a == 0, 0)
			} else {
				d.book(FoldToStealBB, a == 0, 0)
			}
		case PreVsThreeBet:
			d.book(FoldToThreeBet, a == 0, 0)
			d.book(FourBet, a == 2, 0)
		case PreVsThreeBetCold:
			d.book(FourBet, a == 2, 0)
		case PreVsFourBet:
			d.book(FoldToFourBet, a == 0, 0)
		}
		return
	}
	x := int(sit.Street) - 1
	st := func(k PostflopKind) Stat { return PostflopStat(k, x) }
	v := sit.Variant
	switch sit.Kind {
	case PostCBet:
		d.book(st(CBet), a == 2, v)
	case PostDonk:
		d.book(st(Donk), a == 2, v)
	case PostBMCB:
		d.book(st(BMCB), a == 2, v)
	case PostVsCBet:
		d.book(st(FoldToCBet), a == 0, v)
		d.book(st(RaiseCBet), a == 2, v)
	case PostVsDonk:
		d.book(st(FoldToDonk), a == 0, v)
		d.book(st(RaiseDonk), a == 2, v)
	case PostVsBMCB:
		d.book(st(FoldToBMCB), a == 0, v)
		d.book(st(RaiseBMCB), a == 2, v)
	case PostVsRaise:
		d.book(st(ThreeBetPost), a == 2, v)
	case PostVsThreeBet:
		if raisedThisStreet {
			d.book(st(FoldToThreeBetPost), a == 0, v)
		}
	}
}

// handEnd books the hand-level preflop flags VPIP and PFR.
func (d *decisionStats) handEnd(vpip, pfr, anyDecision bool) {
	if anyDecision {
		d.cnt.Opps[PFR]++
		if vpip {
			d.cnt.Taken[VPIP]++
		}
		if pfr {
			d.cnt.Taken[PFR]++
		}
	}
	d.seen = [NumStats]bool{}
}

// isSmallBlind reports whether seat posts the small blind.
func isSmallBlind(t *tracker, seat int) bool { return seat == t.sbSeat }

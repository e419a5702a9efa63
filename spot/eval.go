package spot

import "math"

// payoffs returns, per unit of opponent reach and relative to each player
// having put half the final pot in, what the player to evaluate wins on a
// win, a tie and a loss at terminal node n, divided by Combos (so that a
// root value Σ_h w(h)·v(h) is an expectation over deals).
func (g *Game) payoffs(n *Node) (win, tie, lose float64) {
	p := &g.pays[n.Act]
	return p[0], p[1], p[2]
}

// payoffsAt computes payoffs for action-tree node a (NewGame keeps them).
func (g *Game) payoffsAt(a int32) [3]float64 {
	pot := float64(g.Spot.Pot + 2*g.Tree.Nodes[a].Amount)
	half := pot / 2
	rake := math.Min(pot*g.Spot.Rake, g.Spot.RakeCap)
	return [3]float64{(half - rake) / g.Combos, -rake / 2 / g.Combos, -half / g.Combos}
}

// EvalTerminal sets out[h], for every hand h of player p, to p's
// counterfactual value at terminal node n given the opponent's reach
// probabilities oppReach (one per opponent hand, already multiplied by
// their range weights and chance):
//
//	out[h] = Σ_{h' ∩ h = ∅} oppReach[h'] · u_p(h, h'),
//
// u_p the payoff relative to half the pot, divided by Combos. Opponent hands
// that hit the dealt cards must have zero reach (traversals zero them at
// chance nodes); out is computed for every hand of p, including hands that
// hit the dealt cards (callers ignore those). Cost O(n_p + n_opp): hands
// are swept in strength order with running sums, and the hands sharing a
// card with h are removed per card (inclusion–exclusion: the opponent's
// copy of h itself is subtracted twice, so it is added back once).
func (g *Game) EvalTerminal(n int32, p int, oppReach, out []float32) {
	evalTerminal(g, n, p, oppReach, out)
}

// EvalTerminal64 is EvalTerminal in float64 (the exact evaluator's).
func (g *Game) EvalTerminal64(n int32, p int, oppReach, out []float64) {
	evalTerminal(g, n, p, oppReach, out)
}

// Real is the storage type of reach and values: float32 in the solver,
// float64 in the exact evaluator; sums are float64 in both.
type Real interface{ float32 | float64 }

type real = Real

// EvalTerminalOf is EvalTerminal for either storage type (another
// package's walk generic over it).
func EvalTerminalOf[F Real](g *Game, n int32, p int, oppReach, out []F) {
	evalTerminal(g, n, p, oppReach, out)
}

func evalTerminal[F real](g *Game, n int32, p int, oppReach, out []F) {
	var bl blockers
	evalTerminalWith(g, n, p, oppReach, out, &bl)
}

// blockers holds blockerSums of one opponent reach, computed when a
// terminal node first needs them: the terminal children of one traverser's
// node (its fold and its call to a showdown) see the same reach, so they
// share one sweep.
type blockers struct {
	ok    bool
	all   float64
	minus [64]float64
}

func blockersOf[F real](b *blockers, g *Game, o int, reach []F) *blockers {
	if !b.ok {
		b.all, b.ok = blockerSums(g, o, reach, &b.minus), true
	}
	return b
}

// evalTerminalWith is evalTerminal with the opponent's blocker sums of
// oppReach in bl (computed there if bl.ok is false).
func evalTerminalWith[F real](g *Game, n int32, p int, oppReach, out []F, bl *blockers) {
	nd := &g.Nodes[n]
	if nd.Kind == FoldNode {
		evalFold(g, nd, p, oppReach, out, bl)
		return
	}
	win, tie, lose := g.payoffs(nd)
	if tie == 0 {
		evalShowdown(g, nd, p, oppReach, out, win, lose, bl)
	} else {
		evalShowdownRake(g, nd, p, oppReach, out, win, tie, lose)
	}
}

// blockerSums returns Σ reach and, per card, the reach of the hands holding
// it. Hands are sorted by their higher card, so a run of hands sharing it
// is summed in a register and stored once (no store-to-load chain through
// minus for consecutive hands). Adding zero reach changes nothing, so no
// branch skips it.
func blockerSums[F real](g *Game, o int, reach []F, minus *[64]float64) float64 {
	reach = reach[:len(g.Hands[o])]
	hi, lo := g.card[o][0][:len(reach)], g.card[o][1][:len(reach)]
	var sum, run float64
	cur := uint8(0)
	if len(reach) > 0 {
		cur = hi[0]
	}
	for i, r := range reach {
		x := float64(r)
		if h := hi[i]; h != cur {
			minus[cur&63] += run
			sum += run
			run, cur = 0, h
		}
		run += x
		minus[lo[i]&63] += x
	}
	minus[cur&63] += run
	return sum + run
}

func evalFold[F real](g *Game, nd *Node, p int, reach, out []F, bl *blockers) {
	win, _, lose := g.payoffs(nd)
	pay := win
	if g.Tree.Nodes[nd.Act].Folder == p {
		pay = lose
	}
	o := p ^ 1
	reach = reach[:len(g.Hands[o])]
	b := blockersOf(bl, g, o, reach)
	sum, minus := b.all, &b.minus
	out = out[:len(g.Hands[p])]
	// out first holds the reach of the opponent's copy of each hand (the
	// inclusion–exclusion correction), then the value.
	clear(out)
	for _, ij := range g.pairs[p] {
		out[ij[0]] = reach[ij[1]]
	}
	hi, lo := g.card[p][0][:len(out)], g.card[p][1][:len(out)]
	for i := range out {
		out[i] = F(pay * (sum - minus[hi[i]&63] - minus[lo[i]&63] + float64(out[i])))
	}
}

// evalShowdown: no rake, so a tie is worth 0. The opponent's totals (all
// its reach and per card) come from one sequential sweep; then one sweep in
// strength order: for each value v of p's hands, the opponent's hands below
// v give the wins, and after adding those equal to v, the rest are the
// losses (the opponent's copy of h, being a tie, cancels out).
func evalShowdown[F real](g *Game, nd *Node, p int, reach, out []F, win, lose float64, bl *blockers) {
	bs := &g.boards[nd.Board]
	o := p ^ 1
	sp, so := bs.strength[p], bs.strength[o]
	reach = reach[:len(g.Hands[o])]
	out = out[:len(g.Hands[p])]
	clear(out)
	b := blockersOf(bl, g, o, reach)
	all, total := b.all, &b.minus
	var below [64]float64
	var sum float64
	j := 1
	for k := 1; k < len(sp)-1; {
		v := sp[k] >> 32
		for ; so[j]>>32 < v; j++ {
			f := so[j]
			x := float64(reach[f&0xFFFF])
			sum += x
			below[f>>16&63] += x
			below[f>>24&63] += x
		}
		k0 := k
		for ; sp[k]>>32 == v; k++ {
			e := sp[k]
			out[e&0xFFFF] = F(win * (sum - below[e>>16&63] - below[e>>24&63]))
		}
		for ; so[j]>>32 == v; j++ {
			f := so[j]
			x := float64(reach[f&0xFFFF])
			sum += x
			below[f>>16&63] += x
			below[f>>24&63] += x
		}
		rest := all - sum
		for _, e := range sp[k0:k] {
			c1, c2 := e>>16&63, e>>24&63
			out[e&0xFFFF] += F(lose * (rest - (total[c1] - below[c1]) - (total[c2] - below[c2])))
		}
	}
}

// evalShowdownRake: with rake a tie costs each player half the rake. One
// ascending sweep keeps the sums of the weaker hands (wins) and of the weaker
// or equal hands; the total gives the losses.
func evalShowdownRake[F real](g *Game, nd *Node, p int, reach, out []F, win, tie, lose float64) {
	bs := &g.boards[nd.Board]
	o := p ^ 1
	sp, so := bs.strength[p], bs.strength[o]
	reach = reach[:len(g.Hands[o])]
	out = out[:len(g.Hands[p])]
	same := g.same[p][:len(out)]
	clear(out)
	var total float64
	var minusTotal [64]float64
	for k := 1; k < len(so)-1; k++ {
		f := so[k]
		x := float64(reach[f&0xFFFF])
		total += x
		minusTotal[f>>16&63] += x
		minusTotal[f>>24&63] += x
	}
	var lt, le float64 // sums of the hands weaker than, and not stronger than, the current value
	var minusLT, minusLE [64]float64
	jl, je := 1, 1
	for k := 1; k < len(sp)-1; k++ {
		e := sp[k]
		v := e >> 32
		for ; so[jl]>>32 < v; jl++ {
			f := so[jl]
			x := float64(reach[f&0xFFFF])
			lt += x
			minusLT[f>>16&63] += x
			minusLT[f>>24&63] += x
		}
		if je < jl {
			je = jl
			le, minusLE = lt, minusLT
		}
		for ; so[je]>>32 == v; je++ {
			f := so[je]
			x := float64(reach[f&0xFFFF])
			le += x
			minusLE[f>>16&63] += x
			minusLE[f>>24&63] += x
		}
		h := e & 0xFFFF
		c1, c2 := e>>16&63, e>>24&63
		var sameR float64
		if s := same[h]; s >= 0 {
			sameR = float64(reach[s])
		}
		wins := lt - minusLT[c1] - minusLT[c2]
		notLoss := le - minusLE[c1] - minusLE[c2]
		all := total - minusTotal[c1] - minusTotal[c2]
		ties := notLoss - wins + sameR
		losses := all - notLoss
		out[h] = F(win*wins + tie*ties + lose*losses)
	}
}

// evalShowdownPair is evalShowdown of two showdown nodes on the same board
// (a and b, each with its reach, values and blocker sums) in one sweep:
// each node's numbers are computed by exactly evalShowdown's operations,
// the two interleaved so that neither waits on its own running sums.
func evalShowdownPair(g *Game, a, b *Node, p int, reachA, outA []float32, blA *blockers, reachB, outB []float32, blB *blockers) {
	bs := &g.boards[a.Board]
	o := p ^ 1
	sp, so := bs.strength[p], bs.strength[o]
	no, np := len(g.Hands[o]), len(g.Hands[p])
	reachA, reachB = reachA[:no], reachB[:no]
	outA, outB = outA[:np], outB[:np]
	clear(outA)
	clear(outB)
	winA, _, loseA := g.payoffs(a)
	winB, _, loseB := g.payoffs(b)
	ta, tb := blockersOf(blA, g, o, reachA), blockersOf(blB, g, o, reachB)
	var belowA, belowB [64]float64
	var sumA, sumB float64
	j := 1
	for k := 1; k < len(sp)-1; {
		v := sp[k] >> 32
		for ; so[j]>>32 < v; j++ {
			f := so[j]
			x, y := float64(reachA[f&0xFFFF]), float64(reachB[f&0xFFFF])
			c1, c2 := f>>16&63, f>>24&63
			sumA += x
			sumB += y
			belowA[c1] += x
			belowB[c1] += y
			belowA[c2] += x
			belowB[c2] += y
		}
		k0 := k
		for ; sp[k]>>32 == v; k++ {
			e := sp[k]
			h, c1, c2 := e&0xFFFF, e>>16&63, e>>24&63
			outA[h] = float32(winA * (sumA - belowA[c1] - belowA[c2]))
			outB[h] = float32(winB * (sumB - belowB[c1] - belowB[c2]))
		}
		for ; so[j]>>32 == v; j++ {
			f := so[j]
			x, y := float64(reachA[f&0xFFFF]), float64(reachB[f&0xFFFF])
			c1, c2 := f>>16&63, f>>24&63
			sumA += x
			sumB += y
			belowA[c1] += x
			belowB[c1] += y
			belowA[c2] += x
			belowB[c2] += y
		}
		restA, restB := ta.all-sumA, tb.all-sumB
		for _, e := range sp[k0:k] {
			h, c1, c2 := e&0xFFFF, e>>16&63, e>>24&63
			outA[h] += float32(loseA * (restA - (ta.minus[c1] - belowA[c1]) - (ta.minus[c2] - belowA[c2])))
			outB[h] += float32(loseB * (restB - (tb.minus[c1] - belowB[c1]) - (tb.minus[c2] - belowB[c2])))
		}
	}
}

// evalShowdownTriple is evalShowdownPair for three showdown nodes (a
// street's odd one out joins a pair).
func evalShowdownTriple(g *Game, a, b, c *Node, p int, reachA, outA []float32, blA *blockers, reachB, outB []float32, blB *blockers, reachC, outC []float32, blC *blockers) {
	bs := &g.boards[a.Board]
	o := p ^ 1
	sp, so := bs.strength[p], bs.strength[o]
	no, np := len(g.Hands[o]), len(g.Hands[p])
	reachA, reachB, reachC = reachA[:no], reachB[:no], reachC[:no]
	outA, outB, outC = outA[:np], outB[:np], outC[:np]
	clear(outA)
	clear(outB)
	clear(outC)
	winA, _, loseA := g.payoffs(a)
	winB, _, loseB := g.payoffs(b)
	winC, _, loseC := g.payoffs(c)
	ta, tb, tc := blockersOf(blA, g, o, reachA), blockersOf(blB, g, o, reachB), blockersOf(blC, g, o, reachC)
	var belowA, belowB, belowC [64]float64
	var sumA, sumB, sumC float64
	j := 1
	for k := 1; k < len(sp)-1; {
		v := sp[k] >> 32
		for ; so[j]>>32 < v; j++ {
			f := so[j]
			x, y, z := float64(reachA[f&0xFFFF]), float64(reachB[f&0xFFFF]), float64(reachC[f&0xFFFF])
			c1, c2 := f>>16&63, f>>24&63
			sumA += x
			sumB += y
			sumC += z
			belowA[c1] += x
			belowB[c1] += y
			belowC[c1] += z
			belowA[c2] += x
			belowB[c2] += y
			belowC[c2] += z
		}
		k0 := k
		for ; sp[k]>>32 == v; k++ {
			e := sp[k]
			h, c1, c2 := e&0xFFFF, e>>16&63, e>>24&63
			outA[h] = float32(winA * (sumA - belowA[c1] - belowA[c2]))
			outB[h] = float32(winB * (sumB - belowB[c1] - belowB[c2]))
			outC[h] = float32(winC * (sumC - belowC[c1] - belowC[c2]))
		}
		for ; so[j]>>32 == v; j++ {
			f := so[j]
			x, y, z := float64(reachA[f&0xFFFF]), float64(reachB[f&0xFFFF]), float64(reachC[f&0xFFFF])
			c1, c2 := f>>16&63, f>>24&63
			sumA += x
			sumB += y
			sumC += z
			belowA[c1] += x
			belowB[c1] += y
			belowC[c1] += z
			belowA[c2] += x
			belowB[c2] += y
			belowC[c2] += z
		}
		restA, restB, restC := ta.all-sumA, tb.all-sumB, tc.all-sumC
		for _, e := range sp[k0:k] {
			h, c1, c2 := e&0xFFFF, e>>16&63, e>>24&63
			outA[h] += float32(loseA * (restA - (ta.minus[c1] - belowA[c1]) - (ta.minus[c2] - belowA[c2])))
			outB[h] += float32(loseB * (restB - (tb.minus[c1] - belowB[c1]) - (tb.minus[c2] - belowB[c2])))
			outC[h] += float32(loseC * (restC - (tc.minus[c1] - belowC[c1]) - (tc.minus[c2] - belowC[c2])))
		}
	}
}

// blockerSumsPair is blockerSums of two reaches in one sweep, into a and
// b (each lane by exactly blockerSums' operations).
func blockerSumsPair(g *Game, o int, reachA []float32, a *blockers, reachB []float32, b *blockers) {
	n := len(g.Hands[o])
	reachA, reachB = reachA[:n], reachB[:n]
	hi, lo := g.card[o][0][:n], g.card[o][1][:n]
	ma, mb := &a.minus, &b.minus
	var sumA, sumB, runA, runB float64
	cur := uint8(0)
	if n > 0 {
		cur = hi[0]
	}
	for i := range reachA {
		x, y := float64(reachA[i]), float64(reachB[i])
		if h := hi[i]; h != cur {
			ma[cur&63] += runA
			mb[cur&63] += runB
			sumA += runA
			sumB += runB
			runA, runB, cur = 0, 0, h
		}
		runA += x
		runB += y
		c := lo[i] & 63
		ma[c] += x
		mb[c] += y
	}
	ma[cur&63] += runA
	mb[cur&63] += runB
	a.all, a.ok = sumA+runA, true
	b.all, b.ok = sumB+runB, true
}

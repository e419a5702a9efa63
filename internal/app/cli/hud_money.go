package cli

import (
	"fmt"
	"io"
	"math"
	"strconv"

	"pokerlab/hud"
)

// heroOf returns the named player of t (an error if absent), or without a
// name the player with the most hands (nil without players).
func heroOf(t *hud.Tracker, name string) (*hud.Player, error) {
	if name != "" {
		p, ok := t.Player(name)
		if !ok {
			return nil, fmt.Errorf("--hero %q: no such player in the hands (%d players)", name, len(t.Players()))
		}
		return p, nil
	}
	p, _ := t.MostHands()
	return p, nil
}

// num renders x with prec decimals, "-" for NaN. x is first snapped to
// 10^-6: sums in big blinds added in another order (a database's, a
// file's chunks) differ in their last bits, and an amount that falls on a
// rounding tie (170.785) would otherwise print either way.
func num(x float64, prec int) string {
	if math.IsNaN(x) {
		return "-"
	}
	if math.Abs(x) < 1e12 {
		x = math.Round(x*1e6) / 1e6
	}
	return strconv.FormatFloat(x, 'f', prec, 64)
}

// writeMoney writes a player's money in a few lines.
func writeMoney(w io.Writer, who string, hands int64, m *hud.Money) {
	rate, se := m.BB100()
	nsd, nsdBB := m.NonShowdown()
	fmt.Fprintf(w, "%s: %d hands, won %d chips (%s bb), %s ± %s bb/100\n", who, hands, m.Net, num(m.NetBB, 2), num(rate, 2), num(se, 2))
	fmt.Fprintf(w, "  all-in EV %s chips (%s bb, %s bb/100); showdown %d (%s bb, %d hands), non-showdown %d (%s bb)\n",
		num(m.EV, 1), num(m.EVBB, 2), num(m.EVBB100(), 2), m.Showdown, num(m.ShowdownBB, 2), m.ShowdownHands, nsd, num(nsdBB, 2))
	fmt.Fprintf(w, "  rake paid %d (%s bb), cash-out fees %d\n", m.Rake, num(m.RakeBB, 2), m.CashOutFee)
}

// groupStats are the stats of the breakdown table.
var groupStats = []hud.Stat{hud.VPIP, hud.PFR, hud.ThreeBet, hud.FoldToThreeBet, hud.Steal, hud.CBet, hud.FoldToCBet, hud.WTSD, hud.WSD, hud.AF}

// hudGroupsTable writes a player's breakdown (--by): per group the hands
// and money, then each main stat with its sample and interval.
func hudGroupsTable(opts *hudOptions, p *hud.Player) error {
	w := opts.IO.Out
	fmt.Fprintf(w, "\n%s by %s:\n", p.Name, opts.By)
	tw := newTable(w)
	fmt.Fprintln(tw, opts.By.String()+"\thands\twon_bb\tbb/100\t±se\tev_bb/100\tstat\tvalue\ttaken/opportunities\t95% CI")
	for i := range p.Groups {
		g := &p.Groups[i]
		rate, se := g.Money.BB100()
		for j, st := range groupStats {
			if j == 0 {
				fmt.Fprintf(tw, "%s\t%d\t%s\t%s\t%s\t%s", g.Key, g.Hands, num(g.Money.NetBB, 2), num(rate, 2), num(se, 2), num(g.Money.EVBB100(), 2))
			} else {
				fmt.Fprint(tw, "\t\t\t\t\t")
			}
			fmt.Fprintf(tw, "\t%s\n", statCells(st, g.Counts[st]))
		}
	}
	return tw.Flush()
}

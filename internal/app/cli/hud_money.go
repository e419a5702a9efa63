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

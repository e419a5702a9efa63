package hud

import "math"

// StatJSON is one stat as pokerlab writes it in JSON (`pokerlab hud
// --json`, the server's HUD endpoints; docs/cli.md): the counts, the value
// and its 95% Wilson interval.
type StatJSON struct {
	Taken         int64       `json:"taken"`
	Opportunities int64       `json:"opportunities"`
	Value         *float64    `json:"value"`
	CI95          *[2]float64 `json:"ci95"`
}

// PlayerJSON is one player's stats in JSON, keyed by Stat.Key, and money.
type PlayerJSON struct {
	Hands int64               `json:"hands"`
	Stats map[string]StatJSON `json:"stats"`
	Money MoneyJSON           `json:"money"`
	// Groups are the player's hands split by a breakdown (Tracker.By),
	// in its order; absent without one.
	Groups []GroupJSON `json:"groups,omitempty"`
}

// GroupJSON is one group of a breakdown: its key (a position, a table
// size), hands, every stat and the money.
type GroupJSON struct {
	Key   string              `json:"key"`
	Hands int64               `json:"hands"`
	Stats map[string]StatJSON `json:"stats"`
	Money MoneyJSON           `json:"money"`
}

// MoneyJSON is a player's money in JSON (docs/cli.md): amounts in chips
// are in the hands' units (cents at a site's dollar tables), bb in big
// blinds; rates null without hands, the standard error without two.
type MoneyJSON struct {
	Net           int64    `json:"net"`
	NetBB         float64  `json:"net_bb"`
	BB100         *float64 `json:"bb_per_100"`
	BB100StdErr   *float64 `json:"bb_per_100_stderr"`
	EV            float64  `json:"allin_ev"`
	EVBB          float64  `json:"allin_ev_bb"`
	EVBB100       *float64 `json:"allin_ev_bb_per_100"`
	Rake          int64    `json:"rake"`
	RakeBB        float64  `json:"rake_bb"`
	Showdown      int64    `json:"showdown"`
	ShowdownBB    float64  `json:"showdown_bb"`
	ShowdownHands int64    `json:"showdown_hands"`
	NonShowdown   int64    `json:"non_showdown"`
	NonShowdownBB float64  `json:"non_showdown_bb"`
	CashOutFee    int64    `json:"cash_out_fees"`
}

// JSON returns m in JSON form.
func (m *Money) JSON() MoneyJSON {
	num := func(x float64) *float64 {
		if math.IsNaN(x) {
			return nil
		}
		return &x
	}
	rate, se := m.BB100()
	nsd, nsdBB := m.NonShowdown()
	return MoneyJSON{Net: m.Net, NetBB: m.NetBB, BB100: num(rate), BB100StdErr: num(se), EV: m.EV, EVBB: m.EVBB,
		EVBB100: num(m.EVBB100()), Rake: m.Rake, RakeBB: m.RakeBB, Showdown: m.Showdown, ShowdownBB: m.ShowdownBB,
		ShowdownHands: m.ShowdownHands, NonShowdown: nsd, NonShowdownBB: nsdBB, CashOutFee: m.CashOutFee}
}

// JSON returns c, the count of stat s: without opportunities the value and
// the interval are null, and a ratio (AF) has no interval.
func (c Count) JSON(s Stat) StatJSON {
	out := StatJSON{Taken: c.Taken, Opportunities: c.Opportunities}
	if c.Opportunities > 0 {
		v := c.Value()
		out.Value = &v
		if !s.IsRatio() {
			lo, hi := c.Wilson()
			out.CI95 = &[2]float64{lo, hi}
		}
	}
	return out
}

// JSON returns the player's hands and every stat.
func (p *Player) JSON() PlayerJSON {
	out := PlayerJSON{Hands: p.Hands, Stats: make(map[string]StatJSON, NumStats), Money: p.Money.JSON()}
	for s := range Stat(NumStats) {
		out.Stats[s.Key()] = p.Counts[s].JSON(s)
	}
	for i := range p.Groups {
		g := &p.Groups[i]
		gj := GroupJSON{Key: g.Key, Hands: g.Hands, Stats: make(map[string]StatJSON, NumStats), Money: g.Money.JSON()}
		for s := range Stat(NumStats) {
			gj.Stats[s.Key()] = g.Counts[s].JSON(s)
		}
		out.Groups = append(out.Groups, gj)
	}
	return out
}

package hud

// StatJSON is one stat as pokerlab writes it in JSON (`pokerlab hud
// --json`, the server's HUD endpoints; docs/cli.md): the counts, the value
// and its 95% Wilson interval.
type StatJSON struct {
	Taken         int64       `json:"taken"`
	Opportunities int64       `json:"opportunities"`
	Value         *float64    `json:"value"`
	CI95          *[2]float64 `json:"ci95"`
}

// PlayerJSON is one player's stats in JSON, keyed by Stat.Key.
type PlayerJSON struct {
	Hands int64               `json:"hands"`
	Stats map[string]StatJSON `json:"stats"`
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
	out := PlayerJSON{Hands: p.Hands, Stats: make(map[string]StatJSON, NumStats)}
	for s := range Stat(NumStats) {
		out.Stats[s.Key()] = p.Counts[s].JSON(s)
	}
	return out
}

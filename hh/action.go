package hh

import "fmt"

// ParseAction reads one action notation of an NT hand ("d dh p1 AsKd",
// "d db Ah7c2d", "p3 cbr 6", "p2 cc", "p1 f", "p4 sm AhAd") with amounts in
// whole chips (Decimals 0), for callers that receive actions one by one
// (the server's decision API) rather than as a PHH file.
func ParseAction(s string) (Action, error) {
	var a Action
	if msg := parseAction(s, &a); msg != "" {
		return Action{}, fmt.Errorf("%s", msg)
	}
	if a.Kind == BetRaise {
		x, _ := parseDecimal(a.amountRaw)
		v, err := x.units(0)
		if err != nil {
			return Action{}, fmt.Errorf("amount %s: %v (amounts are whole chips)", a.amountRaw, err)
		}
		a.Amount = v
	}
	return a, nil
}

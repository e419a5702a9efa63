package equity

import (
	"testing"
	"time"

	"pokerlab/cards"
)

func hole(s string) *Range {
	cs := cards.MustParseSet(s).Cards()
	return RangeOf(cards.NewHole(cs[0], cs[1]))
}

func TestQuick(t *testing.T) {
	for _, tc := range [][]string{{"AsKs", "QdQc"}, {"AhAd", "KsKc"}, {"AsAh", "KsKh", "QsQh"}} {
		var rs []*Range
		for _, h := range tc {
			rs = append(rs, hole(h))
		}
		st := time.Now()
		res, err := Calculate(rs, Options{Method: Exact})
		t.Logf("%v %+v %v %v", tc, res.Players, res.Boards, time.Since(st))
		if err != nil {
			t.Fatal(err)
		}
	}
	st := time.Now()
	res, err := Calculate([]*Range{MustParseRange("QQ+,AKs"), MustParseRange("JJ-88,AQs-ATs")}, Options{Method: Exact})
	t.Logf("%+v %v %v %v", res.Players, res.Boards, time.Since(st), err)
	st = time.Now()
	res, err = Calculate([]*Range{hole("AsKs"), hole("QdQc")}, Options{Method: MonteCarlo, Samples: 10000000})
	t.Logf("%+v %v %v %v", res.Players, res.Samples, time.Since(st), err)
}

package store

import (
	"context"
	"math"
	"os"
	"slices"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/store/filter"
)

// refHand is one player's result in one hand, computed from the files
// without the database: the replay's recorded result (hh.ReplaySteps)
// less the starting stack, over the big blind of the hand's blinds.
type refHand struct {
	key      string
	played   string // store's played_at
	order    int    // in the files
	net      int64
	netCur   float64
	netBB    float64
	position string
}

// refResults reads the site fixtures and returns each player's hands in
// file order (the order an import stores them), the first of each
// site and hand number only (an import skips the repeats).
func refResults(t *testing.T, files []string) map[string][]refHand {
	t.Helper()
	out := map[string][]refHand{}
	seen := map[string]bool{}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		hands, _, err := hh.ReadAny(f, data)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hands {
			venue, _ := h.Field("venue")
			number, _ := h.Field("hand")
			key := venue + "#" + number
			if seen[key] {
				continue
			}
			rp, err := hh.ReplaySteps(h)
			if err != nil {
				continue // not stored either (an undecided showdown)
			}
			seen[key] = true
			played, _ := handTime(h)
			bb := float64(max(h.Blinds[0], h.Blinds[1]))
			for s := range h.NumPlayers() {
				net := rp.Final[s] - rp.Starting[s]
				out[h.PlayerName(s)] = append(out[h.PlayerName(s)], refHand{key: number, net: net, played: played, order: len(seen),
					netCur: float64(net) / math.Pow10(h.Decimals), netBB: float64(net) / bb})
			}
		}
	}
	return out
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*max(1, math.Abs(a), math.Abs(b)) }

// TestTrackerMoneyEqualsReplay: every player's hands, net, net in big
// blinds, bb/100 and its standard error from the database's rows equal
// the same figures computed from the replayed files (two-pass variance
// of the per-hand results), on SQLite and PostgreSQL.
func TestTrackerMoneyEqualsReplay(t *testing.T) {
	t.Parallel()
	files := siteFiles(t)
	ref := refResults(t, files)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		importFiles(t, db, files...)
		ctx := context.Background()
		players, total, err := db.TrackerPlayers(ctx, Filter{}, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		if len(players) != len(ref) || total != len(ref) {
			t.Fatalf("%d players (of %d), want %d", len(players), total, len(ref))
		}
		// The most hands first, and the limits.
		for i := 1; i < len(players); i++ {
			if players[i].HUD.Hands > players[i-1].HUD.Hands {
				t.Fatalf("player %d has more hands than player %d", i, i-1)
			}
		}
		few, total, err := db.TrackerPlayers(ctx, Filter{}, 5, 3)
		if err != nil {
			t.Fatal(err)
		}
		wantTotal := 0
		for _, hs := range ref {
			if len(hs) >= 5 {
				wantTotal++
			}
		}
		if len(few) != min(3, wantTotal) || total != wantTotal || few[0].Name != players[0].Name {
			t.Fatalf("at least 5 hands, 3 of them: %d of %d, want %d", len(few), total, wantTotal)
		}
		for _, p := range players {
			hs := ref[p.Name]
			var net int64
			var netBB float64
			for _, h := range hs {
				net += h.net
				netBB += h.netBB
			}
			n := float64(len(hs))
			var ss float64
			for _, h := range hs {
				ss += (h.netBB - netBB/n) * (h.netBB - netBB/n)
			}
			m := p.HUD.Money
			rate, se := m.BB100()
			if len(hs) < 2 {
				se = 0
			} else if se2 := 100 * math.Sqrt(ss/(n-1)/n); math.Abs(se-se2) > 1e-6*max(1, se2) {
				t.Fatalf("%s: bb/100 standard error %g, want %g", p.Name, se, se2)
			}
			if m.Hands != int64(len(hs)) || p.HUD.Hands != m.Hands || m.Net != net || !near(m.NetBB, netBB) || !near(rate, 100*netBB/n) {
				t.Fatalf("%s: %d hands %+v, want %d hands, net %d, %g bb, %g bb/100", p.Name, p.HUD.Hands, m, len(hs), net, netBB, 100*netBB/n)
			}
		}
	})
}

// TestTrackerPlayerByPosition: a player's positions add up to the total,
// in money and in the HUD.
func TestTrackerPlayerByPosition(t *testing.T) {
	t.Parallel()
	db := open(t, dbtest.SQLite(t))
	importFiles(t, db, siteFiles(t)...)
	ctx := context.Background()
	players, _, err := db.TrackerPlayers(ctx, Filter{}, 0, 20)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range players {
		p, ok, err := db.TrackerPlayerByName(ctx, q.Name, Filter{})
		if err != nil || !ok {
			t.Fatal(q.Name, ok, err)
		}
		var hands, hudHands int64
		var netBB float64
		for _, pos := range p.Positions {
			hands += pos.HUD.Money.Hands
			hudHands += pos.HUD.Hands
			netBB += pos.HUD.Money.NetBB
		}
		if hands != q.HUD.Money.Hands || hudHands != q.HUD.Hands || !near(netBB, q.HUD.Money.NetBB) || !near(p.HUD.Money.NetBB, q.HUD.Money.NetBB) {
			t.Fatalf("%s: positions sum to %d hands (HUD %d), %g bb; total %d (%d), %g bb", q.Name, hands, hudHands, netBB,
				q.HUD.Money.Hands, q.HUD.Hands, q.HUD.Money.NetBB)
		}
	}
	if _, ok, err := db.TrackerPlayerByName(ctx, "nobody at all", Filter{}); ok || err != nil {
		t.Fatalf("unknown player: %v %v", ok, err)
	}
}

// TestTrackerHandsPaged: the hands list, read in pages, is every hand of
// the player, newest first, with the replay's net; the graph sums the
// hands in time order; prev and next walk the same list; on SQLite and
// PostgreSQL.
func TestTrackerHandsPaged(t *testing.T) {
	t.Parallel()
	files := siteFiles(t)
	ref := refResults(t, files)
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		importFiles(t, db, files...)
		ctx := context.Background()
		// The player with the most hands.
		var name string
		for n, hs := range ref {
			if len(hs) > len(ref[name]) || len(hs) == len(ref[name]) && n < name {
				name = n
			}
		}
		// Newest first: by the recorded time, then the later stored first.
		want := slices.Clone(ref[name])
		slices.SortStableFunc(want, func(a, b refHand) int {
			if a.played != b.played {
				return strings.Compare(b.played, a.played)
			}
			return b.order - a.order
		})
		list := func(f Filter) []TrackerHand {
			t.Helper()
			var got []TrackerHand
			before := int64(0)
			for {
				page, err := db.TrackerHands(ctx, name, before, 7, f)
				if err != nil {
					t.Fatal(err)
				}
				if len(page) == 0 {
					break
				}
				got = append(got, page...)
				before = page[len(page)-1].ID
			}
			return got
		}
		got := list(Filter{})
		if len(got) != len(want) {
			t.Fatalf("%s: %d hands listed, want %d", name, len(got), len(want))
		}
		for i, g := range got {
			if g.SiteHand != want[i].key || g.Net != want[i].net {
				t.Fatalf("%s: hand %d is %s (id %d) net %d, want %s net %d", name, i, g.SiteHand, g.ID, g.Net, want[i].key, want[i].net)
			}
		}
		withCards := 0
		for _, g := range got {
			if g.Hole[0] != "" {
				withCards++
			}
		}
		if withCards == 0 {
			t.Fatalf("%s: no hole cards in %d hands", name, len(got))
		}
		// prev and next: from the newest down to the oldest.
		id := got[0].ID
		for i := range got {
			h, ok, err := db.TrackerHandByID(ctx, id, name)
			if err != nil || !ok || h.ID != got[i].ID {
				t.Fatalf("hand %d: %v %v %d, want %d", i, ok, err, h.ID, got[i].ID)
			}
			if i == 0 && h.Next != 0 || i == len(got)-1 && h.Prev != 0 {
				t.Fatalf("ends: hand %d prev %d next %d", i, h.Prev, h.Next)
			}
			if i > 0 && h.Next != got[i-1].ID {
				t.Fatalf("hand %d: next %d, want %d", i, h.Next, got[i-1].ID)
			}
			id = h.Prev
		}
		// A filter on the won amount (the net over the hand's bb): the hands
		// the replay says the player won, and the others.
		won, lost := must(filter.Parse("won>0")), must(filter.Parse("not won>0"))
		var wantWon []refHand
		for _, h := range want {
			if h.netBB > 0 {
				wantWon = append(wantWon, h)
			}
		}
		gotWon, gotLost := list(Filter{Expr: won}), list(Filter{Expr: lost})
		if len(gotWon) != len(wantWon) || len(gotWon)+len(gotLost) != len(want) || len(gotWon) == 0 || len(gotLost) == 0 {
			t.Fatalf("%s: %d hands won and %d others listed, want %d of %d", name, len(gotWon), len(gotLost), len(wantWon), len(want))
		}
		for i, g := range gotWon {
			if g.SiteHand != wantWon[i].key || g.Net <= 0 {
				t.Fatalf("%s: won hand %d is %s net %d, want %s", name, i, g.SiteHand, g.Net, wantWon[i].key)
			}
		}
		pts, ok, err := db.TrackerGraph(ctx, name, Filter{}, 10)
		if err != nil || !ok {
			t.Fatal(ok, err)
		}
		// The graph in the order stored (the files' order): the total, and
		// the point after hand k is the sum of the k first.
		var total float64
		for _, h := range ref[name] {
			total += h.netBB
		}
		for _, p := range pts[1:] {
			var sum float64
			for _, h := range ref[name][:p.Hand] {
				sum += h.netBB
			}
			if !near(sum, p.Won) || !near(p.Showdown+p.NonShowdown, p.Won) {
				t.Fatalf("graph point %+v: the %d first hands sum to %g bb", p, p.Hand, sum)
			}
		}
		last := pts[len(pts)-1]
		if len(pts) > 10 || last.Hand != int64(len(got)) || !near(last.Won, total) || pts[0] != (GraphPoint{}) {
			t.Fatalf("graph %v: want at most 10 points ending at hand %d with %g bb", pts, len(got), total)
		}
		// Filtered: the hands won only.
		wpts, ok, err := db.TrackerGraph(ctx, name, Filter{Expr: won}, 1000)
		if err != nil || !ok || wpts[len(wpts)-1].Hand != int64(len(wantWon)) {
			t.Fatalf("graph of the hands won: %v %v %v, want %d hands", ok, err, wpts[len(wpts)-1], len(wantWon))
		}
		if _, ok, err := db.TrackerGraph(ctx, name, Filter{Expr: must(filter.Parse("won>100000"))}, 10); ok || err != nil {
			t.Fatalf("a filter that selects nothing: %v %v", ok, err)
		}
		if _, ok, err := db.TrackerHandByID(ctx, 1<<40, ""); ok || err != nil {
			t.Fatalf("unknown hand: %v %v", ok, err)
		}
		if _, ok, err := db.TrackerGraph(ctx, "nobody at all", Filter{}, 10); ok || err != nil {
			t.Fatalf("unknown player's graph: %v %v", ok, err)
		}
	})
}

// TestTrackerMoneyFollowsImports: the players' sums kept between calls
// are summed again once more hands are stored.
func TestTrackerMoneyFollowsImports(t *testing.T) {
	t.Parallel()
	files := siteFiles(t)
	db := open(t, dbtest.SQLite(t))
	ctx := context.Background()
	count := func() (rows int64) {
		t.Helper()
		ps, _, err := db.TrackerPlayers(ctx, Filter{}, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range ps {
			rows += p.HUD.Money.Hands
		}
		var want int64
		if err := db.sql.QueryRowContext(ctx, "SELECT count(*) FROM hand_players").Scan(&want); err != nil {
			t.Fatal(err)
		}
		if rows != want {
			t.Fatalf("the players' hands sum to %d, %d player rows stored", rows, want)
		}
		return rows
	}
	importFiles(t, db, files[:len(files)/2]...)
	first := count()
	if again := count(); again != first {
		t.Fatalf("%d then %d", first, again)
	}
	importFiles(t, db, files[len(files)/2:]...)
	if count() <= first {
		t.Fatal("the second import is not counted")
	}
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// TestHandUnitsOfTheStakes: a PokerStars file's hands are in USD cents;
// HandHQ's hands beside them make the units mixed (read incrementally);
// an empty database has none; on SQLite and PostgreSQL.
func TestHandUnitsOfTheStakes(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db := open(t, d.URL)
		if _, ok, err := db.HandUnits(ctx); ok || err != nil {
			t.Fatalf("empty: %v %v", ok, err)
		}
		importFiles(t, db, "../hh/testdata/pokerstars/hhsmithy-10MultipleHands.txt")
		if u, ok, err := db.HandUnits(ctx); !ok || err != nil || u != (Units{Currency: "USD", Decimals: 2}) {
			t.Fatalf("PokerStars cents: %+v %v %v", u, ok, err)
		}
		// HandHQ's hands are in "$" (one in whole dollars), at the same
		// stakes as the PokerStars hands too.
		importFiles(t, db, "../testdata/handhq")
		if u, ok, err := db.HandUnits(ctx); ok || err != nil {
			t.Fatalf("mixed: %+v %v %v", u, ok, err)
		}
	})
}

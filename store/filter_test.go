package store

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"

	"pokerlab/hud"
	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/store/filter"
)

// filterRow is one player row of a record with what the filters read.
type filterRow struct {
	rec *Record
	p   *PlayerRecord
	row filter.Row
}

// filterRows returns the rows of recs as the filters see them, built from
// the records (not from the database).
func filterRows(recs []*Record) []filterRow {
	var out []filterRow
	for _, r := range recs {
		for j := range r.Players {
			p := &r.Players[j]
			out = append(out, filterRow{rec: r, p: p, row: filter.Row{
				Day: r.Day, Stakes: r.Stakes, Site: r.Site, Seats: r.Seats, Pot: r.Pot, BB: r.BB,
				Position: p.Position, Player: p.Name, Hole: p.Facts.Hole, Net: p.Net,
				SawFlop: p.Facts.SawFlop, Showdown: p.Facts.Showdown, AllIn: p.Facts.AllIn,
			}})
		}
	}
	return out
}

// filterFixture imports the HandHQ hands and the real PokerStars and
// GGPoker hands of hh's fixtures into db and returns their records (one
// per stored key) and their keys by hand id.
func filterFixture(t *testing.T, db *DB) ([]*Record, map[int64][2]string) {
	t.Helper()
	files := append(slices.Clone(handhqFiles), siteFiles(t)...)
	all := records(t, files...)
	seen := map[[2]string]bool{}
	var recs []*Record
	for _, r := range all {
		k := [2]string{r.Site, r.SiteHand}
		if !seen[k] {
			seen[k] = true
			recs = append(recs, r)
		}
	}
	sum, err := ImportFiles(context.Background(), db, append([]string{handhq}, siteDirs...), ImportOptions{Batch: 150})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Stored != len(recs) {
		t.Fatalf("%d hands stored, %d records", sum.Stored, len(recs))
	}
	keys := map[int64][2]string{}
	rows, err := db.sql.Query("SELECT id, site, site_hand FROM hands")
	if err != nil {
		t.Fatal(err)
	}
	defer rows.Close()
	for rows.Next() {
		var id int64
		var k [2]string
		if err := rows.Scan(&id, &k[0], &k[1]); err != nil {
			t.Fatal(err)
		}
		keys[id] = k
	}
	return recs, keys
}

// wantHands are the keys of the hands with a row e matches, by Match.
func wantHands(e filter.Expr, rows []filterRow) []string {
	set := map[string]bool{}
	for i := range rows {
		if filter.Match(e, &rows[i].row) {
			set[rows[i].rec.Site+" "+rows[i].rec.SiteHand] = true
		}
	}
	out := make([]string, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// gotHands are the keys of the hands the database selects for e.
func gotHands(t *testing.T, db *DB, e filter.Expr, keys map[int64][2]string) []string {
	t.Helper()
	ids, err := db.HandIDs(context.Background(), Filter{Expr: e})
	if err != nil {
		t.Fatalf("%s: %v", e, err)
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = keys[id][0] + " " + keys[id][1]
	}
	sort.Strings(out)
	return out
}

// filterCases has a filter for each rule of the language, over the
// fixture's values.
var filterCases = []string{
	"date>=2009-07-10", "date<2009-07-05", "date=2009-07-01", "date!=2009-07-01", "date<=2009-07-02 or date>2009-07-20",
	"date in (2009-07-01, 2009-07-03)", "not date>=2009-07-10",
	"stakes=0.5/1", "stakes=$5/$10", "stakes!=1/2", "stakes in (1/2, 5/10)",
	"site=PokerStars", "site=\"absolute poker\"", "site!=GGPoker", "site in (pokerstars, ggpoker)",
	"seats=6", "seats<=3", "seats>6", "seats in (2, 9)", "seats!=6",
	"position=BTN", "position in (CO,BTN)", "pos=sb", "position!=BB", "position not in (SB, BB)", "position=UTG+1",
	"pot=limped", "pot=srp", "pot=3bet", "pot=4bet", "pot=walk", "pot>=3bet", "pot<srp", "pot in (walk, limped)", "pot!=srp",
	"cards=QQ+,AKs", "cards=AA", "cards!=AA", "not cards=AA", "cards in (77-22, AQo)", "cards=random", "cards=72o",
	"cards=\"KK+, AKs\"",
	"won>10", "won<-5", "won>=2.5", "won<=0", "won=0", "won!=0",
	"flop", "not flop", "showdown", "not showdown", "allin", "allin and showdown", "flop and not showdown",
	"position=BTN and pot=3bet and date>=2009-07-10",
	"(position=BTN or position=CO) and pot=srp and won>0",
	"not (pot=limped or pot=walk) and seats>=5",
	"showdown and cards=QQ+ and won<0",
	"site=pokerstars and stakes!=0.5/1 or position=SB and allin",
}

// TestFilterSQLEqualsMatch: for every rule of the language and for random
// filters, the hands the database selects (SQL with bound parameters, on
// SQLite and PostgreSQL) are the hands whose rows filter.Match accepts,
// evaluated in Go hand by hand on the records of the real HandHQ,
// PokerStars and GGPoker hands.
func TestFilterSQLEqualsMatch(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		recs, keys := filterFixture(t, db)
		rows := filterRows(recs)
		check := func(text string) {
			t.Helper()
			e, err := filter.Parse(text)
			if err != nil {
				t.Fatalf("%q: %v", text, err)
			}
			want, got := wantHands(e, rows), gotHands(t, db, e, keys)
			if !slices.Equal(want, got) {
				t.Errorf("%s: database selects %d hands, Match %d", text, len(got), len(want))
			}
		}
		nonEmpty := 0
		for _, text := range filterCases {
			check(text)
			e, _ := filter.Parse(text)
			if len(wantHands(e, rows)) > 0 {
				nonEmpty++
			}
		}
		// The cases select something (else they would test nothing).
		if nonEmpty < len(filterCases)-3 {
			t.Errorf("only %d of %d cases select a hand", nonEmpty, len(filterCases))
		}
		rng := rand.New(rand.NewPCG(7, 30))
		for range 300 {
			check(randomFilter(rng, recs, 3))
		}
	})
}

// randomFilter writes a random filter over the values of recs.
func randomFilter(rng *rand.Rand, recs []*Record, depth int) string {
	if depth > 0 && rng.IntN(3) > 0 {
		a, b := randomFilter(rng, recs, depth-1), randomFilter(rng, recs, depth-1)
		switch rng.IntN(3) {
		case 0:
			return "(" + a + " and " + b + ")"
		case 1:
			return "(" + a + " or " + b + ")"
		}
		return "not (" + a + ")"
	}
	r := recs[rng.IntN(len(recs))]
	p := r.Players[rng.IntN(len(r.Players))]
	ops := []string{"=", "!=", "<", "<=", ">", ">="}
	op := ops[rng.IntN(len(ops))]
	eq := []string{"=", "!="}[rng.IntN(2)]
	switch rng.IntN(12) {
	case 0:
		if r.Day == 0 {
			return "date" + op + "2009-07-10"
		}
		return fmt.Sprintf("date%s%04d-%02d-%02d", op, r.Day/10000, r.Day/100%100, r.Day%100)
	case 1:
		return "stakes" + eq + r.Stakes
	case 2:
		return "site" + eq + `"` + r.Site + `"`
	case 3:
		return fmt.Sprintf("seats%s%d", op, r.Seats)
	case 4:
		return "pot" + op + r.Pot.String()
	case 5:
		return "position" + eq + p.Position
	case 6:
		return "player" + eq + `"` + p.Name + `"`
	case 7:
		ranges := []string{"QQ+,AKs", "22+", "A2s+", "KQo", "random", "K9s-K6s", "AK"}
		return "cards" + eq + ranges[rng.IntN(len(ranges))]
	case 8:
		return fmt.Sprintf("won%s%g", op, float64(rng.IntN(41)-20)/2)
	case 9:
		return "flop"
	case 10:
		return "showdown"
	}
	return "allin"
}

// TestFilterHUDEqualsRows: the HUD of the rows a filter selects, whole and
// by position and by number of players, from the cache (filters on its
// keys) or from the rows, equals the tallies of the records' rows that
// Match accepts, summed in Go.
func TestFilterHUDEqualsRows(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		recs, _ := filterFixture(t, db)
		rows := filterRows(recs)
		for _, text := range []string{"", "position=BTN", "position in (CO, BTN) and date>=2009-07-05", "pot=3bet", "flop and not showdown",
			"cards=QQ+,AKs and position!=BB", "won>5 or allin"} {
			e, err := filter.Parse(text)
			if err != nil {
				t.Fatal(err)
			}
			for _, by := range []GroupBy{ByNone, ByPosition, BySeats} {
				got, err := db.HUDGroups(context.Background(), Filter{Expr: e}, by)
				if err != nil {
					t.Fatalf("%q: %v", text, err)
				}
				type key struct{ group, name string }
				sums := map[key]*cacheRow{}
				hands := map[string]map[string]bool{}
				for i := range rows {
					fr := &rows[i]
					if !filter.Match(e, &fr.row) {
						continue
					}
					k := ""
					switch by {
					case ByPosition:
						k = fr.p.Position
					case BySeats:
						k = fmt.Sprint(fr.rec.Seats)
					}
					c := sums[key{k, fr.p.Name}]
					if c == nil {
						c = &cacheRow{}
						sums[key{k, fr.p.Name}] = c
					}
					c.hands++
					for st, n := range fr.p.Counts {
						c.counts[st].Taken += n.Taken
						c.counts[st].Opportunities += n.Opportunities
					}
					c.addMoney(fr.p.Net, fr.p.Rake, fr.p.EV, int64(bit(fr.p.Showdown)), fr.p.CashOutFee, fr.rec.BB)
					if hands[k] == nil {
						hands[k] = map[string]bool{}
					}
					hands[k][fr.rec.Site+" "+fr.rec.SiteHand] = true
				}
				want := map[string]*hud.Tracker{}
				for k, c := range sums {
					if want[k.group] == nil {
						want[k.group] = hud.NewTracker()
					}
					want[k.group].AddCounts(k.name, c.hands, &c.counts)
					want[k.group].AddMoney(k.name, &c.money)
				}
				if by != ByNone && len(got) != len(want) {
					t.Errorf("%q by %d: %d groups, want %d", text, by, len(got), len(want))
				}
				for _, g := range got {
					w := want[g.Key]
					if w == nil {
						w = hud.NewTracker()
					}
					w.SortByName()
					sameHUD(t, fmt.Sprintf("%q by %d group %q", text, by, g.Key), g.Tracker, w)
					if text != "" && g.Hands != int64(len(hands[g.Key])) {
						t.Errorf("%q by %d group %q: %d hands, want %d", text, by, g.Key, g.Hands, len(hands[g.Key]))
					}
				}
			}
		}
	})
}

// TestFilterStatsOf: db stats over a filter counts the hands, players and
// sites of the selected rows.
func TestFilterStatsOf(t *testing.T) {
	t.Parallel()
	db := open(t, dbtest.SQLite(t))
	recs, _ := filterFixture(t, db)
	rows := filterRows(recs)
	e, _ := filter.Parse("position=BTN and flop")
	s, err := db.StatsOf(context.Background(), Filter{Expr: e})
	if err != nil {
		t.Fatal(err)
	}
	hands, players, sites := map[string]bool{}, map[string]bool{}, map[string]int64{}
	for i := range rows {
		if filter.Match(e, &rows[i].row) {
			k := rows[i].rec.Site + " " + rows[i].rec.SiteHand
			if !hands[k] {
				sites[rows[i].rec.Site]++
			}
			hands[k] = true
			players[rows[i].p.Name] = true
		}
	}
	if s.Hands != int64(len(hands)) || s.Players != int64(len(players)) || fmt.Sprint(s.Sites) != fmt.Sprint(sites) {
		t.Errorf("stats %d hands %d players %v, want %d %d %v", s.Hands, s.Players, s.Sites, len(hands), len(players), sites)
	}
}

// TestFactsBackfilled: hands stored before schema version 9 get their
// facts from their PHH text when the database is next opened for
// writing; until then a filter on them is refused, one on other fields
// runs.
func TestFactsBackfilled(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		db := open(t, d.URL)
		recs, keys := filterFixture(t, db)
		rows := filterRows(recs)
		// As a database migrated from version 8: the facts unknown.
		for _, q := range []string{"UPDATE hands SET pot_type = NULL", "UPDATE hand_players SET hole = NULL, saw_flop = NULL, allin = NULL"} {
			if _, err := db.sql.Exec(q); err != nil {
				t.Fatal(err)
			}
		}
		db.Close()
		ro, err := Open(context.Background(), d.URL, Options{ReadOnly: true})
		if err != nil {
			t.Fatal(err)
		}
		e, _ := filter.Parse("pot=3bet")
		if _, err := ro.HandIDs(context.Background(), Filter{Expr: e}); err == nil || !strings.Contains(err.Error(), "open it for writing once") {
			t.Errorf("filter on missing facts: %v", err)
		}
		e2, _ := filter.Parse("position=BTN and seats=6")
		if got := gotHands(t, ro, e2, keys); !slices.Equal(got, wantHands(e2, rows)) {
			t.Errorf("filter on stored fields: %d hands", len(got))
		}
		ro.Close()
		db = open(t, d.URL) // fills the facts
		for _, text := range filterCases {
			e, _ := filter.Parse(text)
			if want, got := wantHands(e, rows), gotHands(t, db, e, keys); !slices.Equal(want, got) {
				t.Errorf("after the backfill, %s: %d hands, want %d", text, len(got), len(want))
			}
		}
	})
}

// FuzzFilterSQL: any filter text is an error or SQL that the database
// accepts: hands, the HUD from the cache or the rows, by group, and the
// summary all run on SQLite (and PostgreSQL, with POKERLAB_TEST_POSTGRES).
func FuzzFilterSQL(f *testing.F) {
	for _, s := range filterCases {
		f.Add(s)
	}
	for _, s := range []string{"", "((flop", "cards=22+,A2+,K2+,Q2+,J2+,T2+,92+", "won>-1e9 and won<1e9", "date>=9999-12-31", `player="'"`,
		"site=\"\" or stakes=0/0", "position not in (UTG, UTG+1, UTG+2, UTG+3, LJ, HJ, CO, BTN, SB, BB)"} {
		f.Add(s)
	}
	var dbs []*DB
	urls := []string{dbtest.SQLite(f)}
	if os.Getenv(dbtest.Env) != "" {
		urls = append(urls, dbtest.Postgres(f))
	}
	for _, u := range urls {
		db, err := Open(context.Background(), u, Options{})
		if err != nil {
			f.Fatal(err)
		}
		f.Cleanup(func() { db.Close() })
		if _, err := ImportFiles(context.Background(), db, handhqFiles[:1], ImportOptions{}); err != nil {
			f.Fatal(err)
		}
		dbs = append(dbs, db)
	}
	f.Fuzz(func(t *testing.T, s string) {
		e, err := filter.Parse(s)
		if err != nil {
			return
		}
		ctx := context.Background()
		for _, db := range dbs {
			fl := Filter{Expr: e}
			if _, err := db.HandIDs(ctx, fl); err != nil {
				t.Fatalf("%q: %s: %v", s, db.Kind(), err)
			}
			for _, by := range []GroupBy{ByNone, ByPosition, BySeats} {
				if _, err := db.HUDGroups(ctx, fl, by); err != nil {
					t.Fatalf("%q by %d: %s: %v", s, by, db.Kind(), err)
				}
			}
			if _, err := db.StatsOf(ctx, fl); err != nil {
				t.Fatalf("%q stats: %s: %v", s, db.Kind(), err)
			}
		}
	})
}

// TestPotFilterUsesIndex: on SQLite a pot filter reads the hands of that
// pot type through the index hands_pot_type and their player rows by
// primary key, whatever the other conditions (the plan, not a timing:
// docs/benchmarks.md has the times on a million hands).
func TestPotFilterUsesIndex(t *testing.T) {
	t.Parallel()
	db := open(t, dbtest.SQLite(t))
	importFiles(t, db, handhqFiles[0])
	if _, err := db.sql.Exec("ANALYZE"); err != nil {
		t.Fatal(err)
	}
	for _, text := range []string{"position=BTN and pot=3bet", "pot=4bet and flop", "pot in (3bet, 4bet) and won>10"} {
		e, _ := filter.Parse(text)
		for _, q := range []func(Filter) (string, []any, error){
			func(f Filter) (string, []any, error) {
				conds, args, err := f.rowConds(nil)
				return "SELECT hp.opp FROM hands h CROSS JOIN hand_players hp" + and(append(conds, "h.id = hp.hand_id")), args, err
			},
			func(f Filter) (string, []any, error) {
				conds, args, err := f.handConds()
				return "SELECT h.id FROM hands h" + and(conds), args, err
			},
		} {
			sql, args, err := q(Filter{Expr: e})
			if err != nil {
				t.Fatal(err)
			}
			rows, err := db.sql.Query("EXPLAIN QUERY PLAN "+sql, args...)
			if err != nil {
				t.Fatal(err)
			}
			var plan []string
			for rows.Next() {
				var id, parent, notused int
				var detail string
				rows.Scan(&id, &parent, &notused, &detail)
				plan = append(plan, detail)
			}
			rows.Close()
			p := strings.Join(plan, "; ")
			t.Logf("%s: %s", text, p)
			if !strings.Contains(p, "hands_pot_type") || strings.Contains(p, "SCAN h ") || strings.HasSuffix(p, "SCAN h") {
				t.Errorf("%s: plan %q does not read hands by pot type", text, p)
			}
		}
	}
}

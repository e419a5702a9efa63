package store

import (
	"context"
	"fmt"
	"testing"
	"time"

	"pokerlab/hh"
	"pokerlab/internal/testsupport/dbtest"
)

// serverHand is hand n of table id: p1 folds to p2's big blind.
func serverHand(t *testing.T, id string, n, epoch int64) ServerHand {
	t.Helper()
	text := fmt.Sprintf("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\n"+
		"actions = ['d dh p1 AsKs', 'd dh p2 7c2d', 'p2 f']\nplayers = ['A', 'B']\nvenue = 'pokerlab'\nhand = '%s-%d'\n", id, n)
	hs, err := hh.Parse("t", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	var r hh.Replayer
	rec, err := RecordOf(hs[0], &r)
	if err != nil {
		t.Fatal(err)
	}
	return ServerHand{Table: id, Number: n, Epoch: epoch, Record: rec,
		State: TableState{LastHand: n, Epoch: epoch, Stacks: []int64{100, 100}, BuyIns: []int64{1, 1}, Net: []int64{0, 0}}}
}

// TestServerLeases: a table's hands are stored only by the lease holder and
// only in order; an expired lease is claimed by one server, in a new epoch,
// after which the old holder can store nothing; a graceful release lets
// another server claim at once.
func TestServerLeases(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db, err := Open(ctx, d.URL, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		ttl := 300 * time.Millisecond
		if err := db.CreateServerTable(ctx, &ServerTable{ID: "t1", Config: []byte("{}"), Tokens: []string{"", "ab"}, Owner: "cd"}, "A", "http://a", ttl); err != nil {
			t.Fatal(err)
		}
		save := func(owner string, h ServerHand) bool {
			stale, err := db.SaveServerHands(ctx, owner, []ServerHand{h})
			if err != nil {
				t.Fatal(err)
			}
			return !stale[h.Table]
		}
		if !save("A", serverHand(t, "t1", 1, 0)) {
			t.Fatal("the holder cannot store hand 1")
		}
		if save("B", serverHand(t, "t1", 2, 0)) {
			t.Error("a server without the lease stored a hand")
		}
		if save("A", serverHand(t, "t1", 3, 0)) {
			t.Error("hand 3 stored after hand 1")
		}
		if save("A", serverHand(t, "t1", 1, 0)) {
			t.Error("hand 1 stored twice")
		}
		if ids, _ := db.ClaimTables(ctx, "B", "http://b", ttl); len(ids) != 0 {
			t.Errorf("B claimed %v under a live lease", ids)
		}
		if held, err := db.Heartbeat(ctx, "A", ttl); err != nil || len(held) != 1 {
			t.Fatalf("heartbeat: %v %v", held, err)
		}
		time.Sleep(ttl + 100*time.Millisecond)
		ids, err := db.ClaimTables(ctx, "B", "http://b", ttl)
		if err != nil || len(ids) != 1 {
			t.Fatalf("B claims the expired table: %v %v", ids, err)
		}
		if ids, _ := db.ClaimTables(ctx, "C", "http://c", ttl); len(ids) != 0 {
			t.Errorf("C claimed %v right after B", ids)
		}
		st, _, _ := db.ServerTableByID(ctx, "t1")
		if st.State.Epoch != 1 || st.State.LastHand != 1 {
			t.Fatalf("after the takeover: %+v", st.State)
		}
		if held, _ := db.Heartbeat(ctx, "A", ttl); len(held) != 0 {
			t.Errorf("A still holds %v", held)
		}
		if save("A", serverHand(t, "t1", 2, 0)) {
			t.Error("the old holder stored after the takeover")
		}
		if save("B", serverHand(t, "t1", 2, 0)) {
			t.Error("B stored hand 2 in the old epoch")
		}
		if !save("B", serverHand(t, "t1", 2, 1)) {
			t.Error("B cannot store hand 2")
		}
		if _, addr, ok, _ := db.LeaseHolder(ctx, "t1"); !ok || addr != "http://b" {
			t.Errorf("lease holder %q %v", addr, ok)
		}
		if err := db.ReleaseTables(ctx, "B", []string{"t1"}); err != nil {
			t.Fatal(err)
		}
		if ids, _ := db.ClaimTables(ctx, "C", "http://c", ttl); len(ids) != 1 {
			t.Errorf("C cannot claim a released table: %v", ids)
		}
		var n int
		db.ServerHands(ctx, "t1", 0, 100, func(k int64, text string) error {
			n++
			if k != int64(n) {
				t.Errorf("hand %d at position %d", k, n)
			}
			return nil
		})
		if n != 2 {
			t.Errorf("%d stored hands, want 2", n)
		}
		if err := db.CloseServerTable(ctx, "t1"); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := db.ServerTableByID(ctx, "t1"); ok {
			t.Error("a closed table still loads")
		}
	})
}

// TestListServerTablesShowsEveryServersTables: the open tables of all
// servers, each with the address of its live lease holder ("" once the
// lease expired), closed tables left out.
func TestListServerTablesShowsEveryServersTables(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db, err := Open(ctx, d.URL, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		for _, c := range []struct {
			id, owner, addr string
			ttl             time.Duration
		}{{"t1", "A", "http://a", time.Minute}, {"t2", "B", "http://b", time.Minute}, {"t3", "B", "http://b", time.Millisecond}, {"t4", "A", "http://a", time.Minute}} {
			if err := db.CreateServerTable(ctx, &ServerTable{ID: c.id, Config: []byte(`{"x":1}`), Tokens: []string{""}, Owner: "cd"}, c.owner, c.addr, c.ttl); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.CloseServerTable(ctx, "t4"); err != nil {
			t.Fatal(err)
		}
		time.Sleep(20 * time.Millisecond)
		got, err := db.ListServerTables(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var s []string
		for _, x := range got {
			s = append(s, x.ID+"@"+x.Address+" "+string(x.Config))
		}
		want := []string{`t1@http://a {"x":1}`, `t2@http://b {"x":1}`, `t3@ {"x":1}`}
		if fmt.Sprint(s) != fmt.Sprint(want) {
			t.Errorf("tables %q, want %q", s, want)
		}
	})
}

package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"pokerlab/hh"
	"pokerlab/internal/app/table"
	"pokerlab/internal/testsupport/dbtest"
	"pokerlab/store"
)

var (
	buildOnce sync.Once
	binary    string
	buildErr  error
)

// pokerlabBinary builds cmd/pokerlab once for the package's tests.
// Without profile-guided optimisation (-pgo=off): with cmd/pokerlab/default.pgo
// go build would compile every package again for the profile, minutes on
// a cold cache, where -pgo=off reuses what go test compiled.
func pokerlabBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := exec.Command("mktemp", "-d").Output()
		if err != nil {
			buildErr = err
			return
		}
		binary = filepath.Join(strings.TrimSpace(string(dir)), "pokerlab")
		out, err := exec.Command("go", "build", "-pgo=off", "-o", binary, "pokerlab/cmd/pokerlab").CombinedOutput()
		if err != nil {
			buildErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return binary
}

// process is a running `pokerlab serve`.
type process struct {
	t    *testing.T
	cmd  *exec.Cmd
	url  string
	mu   sync.Mutex
	logs bytes.Buffer
	done chan error
}

var listening = regexp.MustCompile(`url=(http://\S+)`)

func startServe(t *testing.T, dbURL string, extra ...string) *process {
	t.Helper()
	args := append([]string{"serve", "--listen", "127.0.0.1:0", "--db", dbURL, "--npc-delay", "0", "--hand-pause", "0",
		"--rate-limit", "100000", "--burst", "100000"}, extra...)
	cmd := exec.Command(pokerlabBinary(t), args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{t: t, cmd: cmd, done: make(chan error, 1)}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			p.mu.Lock()
			p.logs.WriteString(line + "\n")
			p.mu.Unlock()
			if m := listening.FindStringSubmatch(line); m != nil && strings.Contains(line, "listening") {
				urls <- m[1]
			}
		}
		p.done <- cmd.Wait()
	}()
	t.Cleanup(func() { cmd.Process.Kill() })
	select {
	case p.url = <-urls:
	case <-time.After(30 * time.Second):
		t.Fatalf("serve did not start: %s", p.log())
	}
	return p
}

func (p *process) log() string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.logs.String()
}

func (p *process) kill9() {
	p.cmd.Process.Signal(syscall.SIGKILL)
	<-p.done
}

func (p *process) do(method, path, token, body string) (int, []byte) {
	p.t.Helper()
	req, _ := http.NewRequest(method, p.url+path, strings.NewReader(body))
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, []byte(err.Error())
	}
	defer resp.Body.Close()
	out, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, out
}

func (p *process) state(id, token string) (table.State, int) {
	code, out := p.do("GET", "/api/tables/"+id, token, "")
	var st table.State
	json.Unmarshal(out, &st)
	return st, code
}

func (p *process) create(body string) CreateTableResponse {
	p.t.Helper()
	code, out := p.do("POST", "/api/tables", "", body)
	if code != http.StatusCreated {
		p.t.Fatalf("create: %d %s", code, out)
	}
	var c CreateTableResponse
	json.Unmarshal(out, &c)
	return c
}

// storedTable checks a table in the database (no server running it): its
// stored hands are
// numbered 1..last_hand without a gap or a repeat, each replays through
// the engine, the hand rows number the same, and the stored stacks hold
// every chip (Σ stacks = stack · Σ buy-ins).
func storedTable(t *testing.T, db *store.DB, id string, stack int64) store.TableState {
	t.Helper()
	ctx := context.Background()
	st, ok, err := db.ServerTableByID(ctx, id)
	if err != nil || !ok {
		t.Fatalf("table %s: %v %v", id, ok, err)
	}
	want := int64(1)
	var r hh.Replayer
	err = db.ServerHands(ctx, id, 0, 1<<30, func(n int64, text string) error {
		if n != want {
			return fmt.Errorf("table %s: stored hand %d where %d comes next", id, n, want)
		}
		want++
		hs, err := hh.Parse("stored", []byte(text))
		if err != nil {
			return err
		}
		return r.Replay(hs[0])
	})
	if err != nil {
		t.Fatal(err)
	}
	if want-1 != st.State.LastHand {
		t.Fatalf("table %s: %d stored hands, state after hand %d", id, want-1, st.State.LastHand)
	}
	var rows int64
	if err := db.SQL().QueryRowContext(ctx, `SELECT count(*) FROM hands WHERE site = $1 AND table_name = $2`, store.ServerSite, id).Scan(&rows); err != nil {
		t.Fatal(err)
	}
	if rows != st.State.LastHand {
		t.Fatalf("table %s: %d hand rows for %d hands", id, rows, st.State.LastHand)
	}
	if st.State.LastHand > 0 {
		var sum, buyIns int64
		for i := range st.State.Stacks {
			sum += st.State.Stacks[i]
			buyIns += st.State.BuyIns[i]
		}
		if sum != stack*buyIns {
			t.Fatalf("table %s after hand %d: Σ stacks %d, stack × buy-ins %d", id, st.State.LastHand, sum, stack*buyIns)
		}
	}
	return st.State
}

func waitFor(t *testing.T, what string, d time.Duration, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(d)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestKill9Recovery kills a server (SIGKILL) while an NPC table deals and
// a human is in the middle of a hand, and restarts it on the same SQLite
// file: every finished hand is stored once, the interrupted hands are void
// with every chip back (the stored stacks add up), the tables resume with
// the next hand number and the human's token, and the human's voided hand
// is not dealt again with the same cards. A SIGTERM then stops the server
// gracefully (exit 0).
func TestKill9Recovery(t *testing.T) {
	t.Parallel() // long and independent: the package's time is the longest, not the sum
	dbPath := filepath.Join(t.TempDir(), "hands.db")
	a := startServe(t, dbPath, "--lease-timeout", "300ms")
	npcT := a.create(`{"small_blind":1,"big_blind":2,"stack":40,"seed":5,"keep_stacks":true,
		"seats":[{"name":"M","profile":"maniac"},{"name":"S","profile":"calling-station"},{"name":"L","profile":"lag"}]}`)
	humT := a.create(`{"small_blind":1,"big_blind":2,"stack":100,"seed":8,"keep_stacks":true,
		"seats":[{"name":"N","profile":"nit"},{"name":"me","human":true},{"name":"T","profile":"tag"}]}`)
	tok := humT.Tokens["me"]
	var before table.State
	waitFor(t, "the human's turn", 10*time.Second, func() bool {
		before, _ = a.state(humT.TableID, tok)
		return before.Status == table.StatusPlaying && before.ToAct == before.You
	})
	waitFor(t, "20 NPC hands", 20*time.Second, func() bool {
		st, _ := a.state(npcT.TableID, "")
		return st.Hand > 20
	})
	a.kill9()

	db, err := store.Open(context.Background(), dbPath, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	npcState := storedTable(t, db, npcT.TableID, 40)
	humState := storedTable(t, db, humT.TableID, 100)
	if npcState.LastHand < 20 || humState.LastHand != before.Hand-1 {
		t.Fatalf("stored: NPC table %d hands, human table %d (in hand %d when killed)", npcState.LastHand, humState.LastHand, before.Hand)
	}

	b := startServe(t, dbPath, "--lease-timeout", "300ms")
	var after table.State
	waitFor(t, "the human table to resume", 10*time.Second, func() bool {
		var code int
		after, code = b.state(humT.TableID, tok)
		return code == http.StatusOK && after.Status == table.StatusPlaying && after.ToAct == after.You
	})
	if after.Hand != before.Hand || after.You != before.You {
		t.Fatalf("resumed at hand %d seat %d, was in hand %d seat %d", after.Hand, after.You, before.Hand, before.You)
	}
	if strings.Join(after.Hole, "") == strings.Join(before.Hole, "") {
		t.Errorf("the voided hand is dealt again with the same cards %v", after.Hole)
	}
	for i := range after.Seats {
		// Chips: the hand starts from the stored stacks (blinds aside).
		s := after.Seats[i]
		want := int64(100)
		if humState.LastHand > 0 {
			want = humState.Stacks[i]
		}
		if s.Stack+s.Bet != want {
			t.Errorf("seat %d resumes with %d+%d, stored %v", i+1, s.Stack, s.Bet, humState.Stacks)
		}
	}
	code, out := b.do("POST", "/api/tables/"+humT.TableID+"/actions", tok, `{"action":"fold"}`)
	if code != http.StatusOK {
		t.Fatalf("the human acts after the restart: %d %s", code, out)
	}
	waitFor(t, "the NPC table to go on", 20*time.Second, func() bool {
		st, _ := b.state(npcT.TableID, "")
		return st.Hand > npcState.LastHand+10
	})
	// A graceful stop.
	b.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case err := <-b.done:
		if err != nil {
			t.Fatalf("SIGTERM: %v\n%s", err, b.log())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("no exit after SIGTERM")
	}
	if !strings.Contains(b.log(), "stopped") {
		t.Errorf("log: %s", b.log())
	}
	storedTable(t, db, npcT.TableID, 40)
	storedTable(t, db, humT.TableID, 100)
}

// TestReplicaTakeover runs two servers on one PostgreSQL database: tables
// created on A are answered through B too (forwarded to A); when A is
// killed, B takes them over within the lease timeout, resumes them from
// the stored state, and no hand is lost or stored twice.
func TestReplicaTakeover(t *testing.T) {
	t.Parallel() // long and independent: the package's time is the longest, not the sum
	url := dbtest.Postgres(t)
	a := startServe(t, url, "--lease-timeout", "1s")
	b := startServe(t, url, "--lease-timeout", "1s")
	var ids []string
	for i := range 4 {
		c := a.create(fmt.Sprintf(`{"small_blind":1,"big_blind":2,"stack":50,"seed":%d,"keep_stacks":true,
			"seats":[{"name":"M%d","profile":"maniac"},{"name":"S%d","profile":"calling-station"},{"name":"T%d","profile":"tag"}]}`, i, i, i, i))
		ids = append(ids, c.TableID)
	}
	waitFor(t, "hands on every table", 20*time.Second, func() bool {
		for _, id := range ids {
			if st, _ := a.state(id, ""); st.Hand < 10 {
				return false
			}
		}
		return true
	})
	// B forwards to A.
	if st, code := b.state(ids[0], ""); code != http.StatusOK || st.TableID != ids[0] {
		t.Fatalf("B answering for A's table: %d", code)
	}
	// B lists A's tables, with A as their server.
	servers := func(p *process) map[string]string {
		code, out := p.do("GET", "/api/tables", "", "")
		if code != http.StatusOK {
			return nil
		}
		var list []TableSummary
		json.Unmarshal(out, &list)
		m := map[string]string{}
		for _, ts := range list {
			m[ts.TableID] = ts.Server
		}
		return m
	}
	if got := servers(b); len(got) != len(ids) || got[ids[0]] != a.url || got[ids[3]] != a.url {
		t.Errorf("B's list of the tables: %v, want all %d on %s", got, len(ids), a.url)
	}
	a.kill9()
	killed := time.Now()
	waitFor(t, "B to take every table over", 15*time.Second, func() bool {
		got := servers(b)
		for _, id := range ids {
			if got[id] != b.url {
				return false
			}
		}
		return true
	})
	took := time.Since(killed)
	if took > 1*time.Second+2*time.Second {
		t.Errorf("takeover took %v with a 1 s lease timeout", took)
	}
	db, err := store.Open(context.Background(), url, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	last := map[string]int64{}
	for _, id := range ids {
		st, _, err := db.ServerTableByID(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		last[id] = st.State.LastHand
	}
	waitFor(t, "B to deal on", 20*time.Second, func() bool {
		for _, id := range ids {
			if st, _ := b.state(id, ""); st.Hand < last[id]+5 {
				return false
			}
		}
		return true
	})
	b.cmd.Process.Signal(syscall.SIGTERM)
	<-b.done
	// With both servers gone the stored tables are checked whole.
	for _, id := range ids {
		storedTable(t, db, id, 50)
	}
	t.Logf("takeover of %d tables %v after the kill", len(ids), took.Round(time.Millisecond))
}

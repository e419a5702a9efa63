package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"net/http"
	"net/http/httptest"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/internal/app/table"
	"pokerlab/store"
)

var (
	long       = flag.Bool("long", false, "run the long checks: the load test")
	loadTables = flag.Int("load.tables", 300, "NPC-only tables of the load test")
	loadSeats  = flag.Int("load.seats", 6, "seats per NPC table of the load test")
	loadHumans = flag.Int("load.humans", 50, "simulated human clients of the load test")
	loadFor    = flag.Duration("load.for", 20*time.Second, "how long the load test measures")
	loadShared = flag.Bool("load.shared-names", false, "NPCs of the same archetype share a name across tables (one HUD each)")
)

// TestLoad (-long) is the loopback load test of docs/benchmarks.md: 300
// NPC-only tables deal continuously with every hand stored (SQLite, WAL,
// group commit), while 50 simulated humans, each at a table of their own
// with two NPCs, act through the API and read their event streams. It
// reports the hands stored per second and the humans' latency from sending
// an action to receiving the next event of their stream (p50, p99). It
// runs for -load.for, bounded, and stops by itself.
func TestLoad(t *testing.T) {
	if !*long {
		t.Skip("the load test runs with -long")
	}
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "load.db"), store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	st := NewDBStorage(db, "load", "", time.Minute, nil)
	var batchMu sync.Mutex
	var batches, batched int
	st.batches = func(n int) {
		batchMu.Lock()
		batches++
		batched += n
		batchMu.Unlock()
	}
	defer st.Close()
	s, err := New(Config{Storage: st, Profiles: &DirProfiles{Dir: t.TempDir()}, RateLimit: 1e9, Burst: 1e9,
		Tables: table.Options{ActionTimeout: 30 * time.Second}})
	if err != nil {
		t.Fatal(err)
	}
	hs := httptest.NewServer(s.Handler())
	defer hs.Close()
	defer s.Shutdown(context.Background())
	client := &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 200}}
	post := func(path, token, body string) (int, []byte) {
		req, _ := http.NewRequest("POST", hs.URL+path, strings.NewReader(body))
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		resp, err := client.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var b [4096]byte
		n, _ := resp.Body.Read(b[:])
		return resp.StatusCode, b[:n]
	}
	archetypes := []string{"tag", "lag", "nit", "calling-station", "maniac", "regular", "tag", "lag", "nit"}
	for i := range *loadTables {
		var seats []string
		for k := range *loadSeats {
			name := fmt.Sprintf("t%d-%d", i, k)
			if *loadShared {
				name = fmt.Sprintf("%s-%d", archetypes[k], k)
			}
			seats = append(seats, fmt.Sprintf(`{"name":%q,"profile":%q}`, name, archetypes[k]))
		}
		code, out := post("/api/tables", "", fmt.Sprintf(`{"small_blind":1,"big_blind":2,"stack":200,"seed":%d,"seats":[%s]}`, i, strings.Join(seats, ",")))
		if code != http.StatusCreated {
			t.Fatalf("create: %d %s", code, out)
		}
	}
	// The humans.
	ctx, cancel := context.WithTimeout(context.Background(), *loadFor+10*time.Second)
	defer cancel()
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	measuring := make(chan struct{})
	for i := range *loadHumans {
		code, out := post("/api/tables", "", fmt.Sprintf(`{"small_blind":1,"big_blind":2,"stack":200,"seed":%d,
			"seats":[{"name":"h%d","human":true},{"name":"h%d-a","profile":"tag"},{"name":"h%d-b","profile":"calling-station"}]}`, 1000+i, i, i, i))
		if code != http.StatusCreated {
			t.Fatalf("create: %d %s", code, out)
		}
		var c CreateTableResponse
		json.Unmarshal(out, &c)
		tok := c.Tokens[fmt.Sprintf("h%d", i)]
		wg.Add(1)
		go func() {
			defer wg.Done()
			req, _ := http.NewRequestWithContext(ctx, "GET", hs.URL+"/api/tables/"+c.TableID+"/events", nil)
			req.Header.Set("Authorization", "Bearer "+tok)
			resp, err := client.Do(req)
			if err != nil {
				return
			}
			defer resp.Body.Close()
			sc := bufio.NewScanner(resp.Body)
			sc.Buffer(make([]byte, 1<<20), 1<<20)
			var sent time.Time
			k := 0
			for sc.Scan() {
				line, ok := strings.CutPrefix(sc.Text(), "data: ")
				if !ok {
					continue
				}
				if !sent.IsZero() {
					select {
					case <-measuring:
						mu.Lock()
						lat = append(lat, time.Since(sent))
						mu.Unlock()
					default:
					}
					sent = time.Time{}
				}
				var e table.Event
				json.Unmarshal([]byte(line), &e)
				if e.Type != "turn" || e.Seat != 1 {
					continue
				}
				body := `{"action":"` + e.Legal[1].Action + `"}`
				if k++; k%7 == 0 {
					body = `{"action":"fold"}`
				}
				sent = time.Now()
				go func() {
					code, out := post("/api/tables/"+c.TableID+"/actions", tok, body)
					if code != http.StatusOK && ctx.Err() == nil {
						t.Errorf("%s: %d %s", body, code, out)
					}
				}()
			}
		}()
	}
	time.Sleep(2 * time.Second) // warm-up
	count := func() int64 {
		var n int64
		db.SQL().QueryRow(`SELECT count(*) FROM server_hands`).Scan(&n)
		return n
	}
	close(measuring)
	h0, t0, c0 := count(), time.Now(), cpuTime()
	batchMu.Lock()
	b0, n0 := batches, batched
	batchMu.Unlock()
	time.Sleep(*loadFor)
	h1, t1, c1 := count(), time.Now(), cpuTime()
	batchMu.Lock()
	b1, n1 := batches, batched
	batchMu.Unlock()
	cancel()
	wg.Wait()
	rate := float64(h1-h0) / t1.Sub(t0).Seconds()
	mu.Lock()
	slices.Sort(lat)
	q := func(p float64) time.Duration {
		if len(lat) == 0 {
			return 0
		}
		return lat[min(len(lat)-1, int(p*float64(len(lat))))]
	}
	t.Logf("%d NPC tables of %d seats and %d humans for %v: %d hands stored, %.0f hands/s, %.0f hands per CPU-second of this process (%.1f hands per commit); human action → next event: n=%d p50=%v p99=%v max=%v",
		*loadTables, *loadSeats, *loadHumans, t1.Sub(t0).Round(time.Millisecond), h1-h0, rate, float64(h1-h0)/(c1-c0).Seconds(), float64(n1-n0)/float64(max(b1-b0, 1)),
		len(lat), q(0.5).Round(time.Microsecond), q(0.99).Round(time.Microsecond), q(1).Round(time.Microsecond))
	mu.Unlock()
}

// BenchmarkDecidePostflop times POST /api/decide for a flop decision facing
// a bet, and reports the latency quantiles of the requests, in three
// layers: "http" over loopback HTTP (client and server: connection, JSON
// both ways, the handler), "handler" the server's handler alone
// (httptest recorder: body read, JSON, rate limit, metrics, the decision),
// and "engine" table.Decide alone (the PHH actions parsed and replayed
// through the engine, the bot's Monte Carlo equity and its policy).
func BenchmarkDecidePostflop(b *testing.B) {
	s, err := New(Config{Storage: newSQLite(b), Profiles: &DirProfiles{Dir: b.TempDir()}, RateLimit: 1e9, Burst: 1e9})
	if err != nil {
		b.Fatal(err)
	}
	defer s.Shutdown(context.Background())
	const actions = `"p3 f","p4 cbr 5","p5 f","p6 cc","p1 f","p2 cc","d db Ah7c2d","p2 cc","p4 cbr 8","p6 cc"`
	body := func(i int) string {
		return fmt.Sprintf(`{"profile":"tag","table":{"small_blind":1,"big_blind":2,"starting_stacks":[200,200,200,200,200,200]},
			"actions":[%s],"seat":2,"hole":"QhQd","seed":%d}`, actions, i)
	}
	report := func(b *testing.B, lat []time.Duration) {
		slices.Sort(lat)
		b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
		b.ReportMetric(float64(lat[min(len(lat)-1, len(lat)*99/100)].Nanoseconds())/1e3, "p99-µs")
	}
	b.Run("http", func(b *testing.B) {
		hs := httptest.NewServer(s.Handler())
		defer hs.Close()
		client := hs.Client()
		lat := make([]time.Duration, 0, b.N)
		for i := range b.N {
			start := time.Now()
			resp, err := client.Post(hs.URL+"/api/decide", "application/json", strings.NewReader(body(i)))
			if err != nil {
				b.Fatal(err)
			}
			var d table.Decision
			json.NewDecoder(resp.Body).Decode(&d)
			resp.Body.Close()
			lat = append(lat, time.Since(start))
			if resp.StatusCode != http.StatusOK {
				b.Fatalf("%d", resp.StatusCode)
			}
		}
		report(b, lat)
	})
	b.Run("handler", func(b *testing.B) {
		h := s.Handler()
		lat := make([]time.Duration, 0, b.N)
		for i := range b.N {
			req := httptest.NewRequest("POST", "/api/decide", strings.NewReader(body(i)))
			req.RemoteAddr = "127.0.0.1:1234"
			w := httptest.NewRecorder()
			start := time.Now()
			h.ServeHTTP(w, req)
			lat = append(lat, time.Since(start))
			if w.Code != http.StatusOK {
				b.Fatalf("%d %s", w.Code, w.Body)
			}
		}
		report(b, lat)
	})
	b.Run("engine", func(b *testing.B) {
		bot, err := s.bot(context.Background(), json.RawMessage(`"tag"`))
		if err != nil {
			b.Fatal(err)
		}
		var acts []string
		json.Unmarshal([]byte("["+actions+"]"), &acts)
		lat := make([]time.Duration, 0, b.N)
		for i := range b.N {
			req := table.DecideRequest{SmallBlind: 1, BigBlind: 2, StartingStacks: []int64{200, 200, 200, 200, 200, 200},
				Actions: acts, Seat: 2, Hole: "QhQd", Seed: uint64(i)}
			start := time.Now()
			if _, err := table.Decide(bot, &req); err != nil {
				b.Fatal(err)
			}
			lat = append(lat, time.Since(start))
		}
		report(b, lat)
	})
}

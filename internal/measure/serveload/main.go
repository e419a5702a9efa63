// Command serveload is the load generator behind scripts/serve-load: it
// starts `pokerlab serve` (a real process on loopback, SQLite or the
// PostgreSQL of -db) and measures it as players and game servers use it.
//
// At each level of -levels (default 10, 100, 300) it creates that many busy
// tables — a human seat and -seats−1 NPCs each, no NPC delay and no pause
// between hands — and a client per table that reads the table's event
// stream and acts at once on each of its turns, while another client reads
// the table's state once a second. For -for it records the latency of every
// action (from sending it to its answer) and of every state read, and the
// hands finished per second (the server's /metrics). Then it closes the
// tables. A last phase runs -npc-tables NPC-only tables (as an operator
// would, to simulate) and reports their hands per second.
//
//	go build -o /tmp/pokerlab ./cmd/pokerlab
//	go run ./internal/measure/serveload -pokerlab /tmp/pokerlab [-db postgres://…] [-levels 10,100,300] [-for 10s]
//
// Every table's seed is fixed (the level and its index), so that runs deal
// the same hands given the same actions.
package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"
)

type created struct {
	TableID    string            `json:"table_id"`
	Tokens     map[string]string `json:"tokens"`
	OwnerToken string            `json:"owner_token"`
}

type event struct {
	Type  string `json:"type"`
	Hand  int64  `json:"hand"`
	Seat  int    `json:"seat"`
	Legal []struct {
		Action string `json:"action"`
	} `json:"legal"`
}

type state struct {
	Hand     int64 `json:"hand"`
	Decision int   `json:"decision"`
	ToAct    int   `json:"to_act"`
	You      int   `json:"you"`
	Status   string
}

var client = &http.Client{Transport: &http.Transport{MaxIdleConnsPerHost: 2000, MaxConnsPerHost: 0}}

func do(ctx context.Context, method, url, token, body string) (int, []byte, error) {
	req, err := http.NewRequestWithContext(ctx, method, url, strings.NewReader(body))
	if err != nil {
		return 0, nil, err
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := client.Do(req)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	return resp.StatusCode, b, err
}

// server is the pokerlab serve process under load.
type server struct {
	url string
	cmd *exec.Cmd
}

var listening = regexp.MustCompile(`"url":"(http://[^"]+)"`)

func start(bin, db string) (*server, error) {
	cmd := exec.Command(bin, "serve", "--listen", "127.0.0.1:0", "--db", db, "--npc-delay", "0", "--hand-pause", "0",
		"--rate-limit", "1000000", "--burst", "1000000", "--max-tables", "100000", "--action-timeout", "1m", "--log-format", "json")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, err
	}
	urls := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			if m := listening.FindStringSubmatch(sc.Text()); m != nil {
				select {
				case urls <- m[1]:
				default:
				}
			}
		}
	}()
	select {
	case u := <-urls:
		return &server{url: u, cmd: cmd}, nil
	case <-time.After(30 * time.Second):
		cmd.Process.Kill()
		return nil, errors.New("pokerlab serve did not start within 30 s")
	}
}

func (s *server) stop() {
	if s.cmd == nil {
		return
	}
	s.cmd.Process.Signal(syscall.SIGTERM)
	done := make(chan struct{})
	go func() { s.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		s.cmd.Process.Kill()
	}
}

// cpu returns the server process's CPU time so far (user + system).
func (s *server) cpu() time.Duration {
	if s.cmd == nil {
		return 0
	}
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", s.cmd.Process.Pid))
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+2:]))
	if len(f) < 13 {
		return 0
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	k, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+k) * 10 * time.Millisecond // USER_HZ = 100
}

// hands reads pokerlab_hands_finished_total from /metrics.
func (s *server) hands() float64 {
	_, b, err := do(context.Background(), "GET", s.url+"/metrics", "", "")
	if err != nil {
		return 0
	}
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "pokerlab_hands_finished_total "); ok {
			x, _ := strconv.ParseFloat(strings.TrimSpace(v), 64)
			return x
		}
	}
	return 0
}

// samples are the latencies of one kind of request, recorded only while
// on (after the warm-up).
type samples struct {
	on  atomic.Bool
	mu  sync.Mutex
	xs  []time.Duration
	err int
}

func (s *samples) add(d time.Duration) {
	if !s.on.Load() {
		return
	}
	s.mu.Lock()
	s.xs = append(s.xs, d)
	s.mu.Unlock()
}

func (s *samples) fail() {
	if !s.on.Load() {
		return
	}
	s.mu.Lock()
	s.err++
	s.mu.Unlock()
}

func (s *samples) quantiles() (n int, p50, p99, mx time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	slices.Sort(s.xs)
	if len(s.xs) == 0 {
		return 0, 0, 0, 0
	}
	q := func(p float64) time.Duration { return s.xs[min(len(s.xs)-1, int(p*float64(len(s.xs))))] }
	return len(s.xs), q(0.5), q(0.99), s.xs[len(s.xs)-1]
}

var archetypes = []string{"tag", "lag", "nit", "calling-station", "maniac", "regular", "tag", "lag"}

func tableBody(seed int, seats int, human bool) string {
	var ss []string
	if human {
		ss = append(ss, `{"name":"me","human":true}`)
	}
	for k := len(ss); k < seats; k++ {
		ss = append(ss, fmt.Sprintf(`{"name":"n%d","profile":%q}`, k, archetypes[k%len(archetypes)]))
	}
	hands := ""
	if !human {
		hands = `"hands":100000,`
	}
	return fmt.Sprintf(`{"small_blind":1,"big_blind":2,"stack":200,"seed":%d,%s"seats":[%s]}`, seed, hands, strings.Join(ss, ","))
}

func create(ctx context.Context, s *server, body string) (created, error) {
	code, out, err := do(ctx, "POST", s.url+"/api/tables", "", body)
	if err != nil {
		return created{}, err
	}
	if code != http.StatusCreated {
		return created{}, fmt.Errorf("creating a table: %d %s", code, out)
	}
	var c created
	return c, json.Unmarshal(out, &c)
}

// player reads table c's events and acts on each turn of the human (seat
// 1), answering with the hand and decision of the state it last saw.
func player(ctx context.Context, s *server, c created, acts *samples, think time.Duration) {
	tok := c.Tokens["me"]
	req, _ := http.NewRequestWithContext(ctx, "GET", s.url+"/api/tables/"+c.TableID+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := client.Do(req)
	if err != nil {
		return
	}
	defer resp.Body.Close()
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	k := 0
	for sc.Scan() {
		line, ok := bytes.CutPrefix(sc.Bytes(), []byte("data: "))
		// Only the human's turns are decoded: the client should cost the
		// machine little next to the server.
		if !ok || !bytes.Contains(line, []byte(`"type":"turn"`)) || !bytes.Contains(line, []byte(`"seat":1,`)) {
			continue
		}
		var e event
		if json.Unmarshal(line, &e) != nil || e.Type != "turn" || e.Seat != 1 || len(e.Legal) < 2 {
			continue
		}
		if think > 0 {
			select {
			case <-time.After(think):
			case <-ctx.Done():
				return
			}
		}
		action := e.Legal[1].Action // check or call
		if k++; k%7 == 0 {
			action = "fold"
		}
		start := time.Now()
		code, _, err := do(ctx, "POST", s.url+"/api/tables/"+c.TableID+"/actions", tok, `{"action":"`+action+`"}`)
		if ctx.Err() != nil {
			return
		}
		if err != nil || code != http.StatusOK && code != http.StatusConflict {
			acts.fail()
			continue
		}
		acts.add(time.Since(start))
	}
}

// reader reads table c's state once a second (a page's refresh).
func reader(ctx context.Context, s *server, c created, reads *samples, offset time.Duration) {
	select {
	case <-time.After(offset):
	case <-ctx.Done():
		return
	}
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	for {
		start := time.Now()
		code, _, err := do(ctx, "GET", s.url+"/api/tables/"+c.TableID, c.Tokens["me"], "")
		if ctx.Err() != nil {
			return
		}
		if err != nil || code != http.StatusOK {
			reads.fail()
		} else {
			reads.add(time.Since(start))
		}
		select {
		case <-tick.C:
		case <-ctx.Done():
			return
		}
	}
}

func ms(d time.Duration) string { return fmt.Sprintf("%.1f", float64(d.Microseconds())/1000) }

func main() {
	bin := flag.String("pokerlab", "/tmp/pokerlab", "the pokerlab binary")
	db := flag.String("db", "", "the server's database (default: a new SQLite file in a temporary directory)")
	levelsFlag := flag.String("levels", "10,100,300", "numbers of busy tables, comma-separated")
	seats := flag.Int("seats", 6, "seats per table (one human)")
	npcTables := flag.Int("npc-tables", 300, "NPC-only tables of the throughput phase (0: none)")
	dur := flag.Duration("for", 10*time.Second, "how long each level is measured (after a 2 s warm-up)")
	url := flag.String("url", "", "measure the server already running at this URL (started with --npc-delay 0 --hand-pause 0 and generous --rate-limit, --burst, --max-tables) instead of starting one")
	think := flag.Duration("think", 0, "each human's thinking time before acting (0: at once, the heaviest load)")
	flag.Parse()
	var levels []int
	for _, f := range strings.Split(*levelsFlag, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(f))
		if err != nil || n < 1 {
			fmt.Fprintf(os.Stderr, "serveload: -levels %q: want positive counts\n", *levelsFlag)
			os.Exit(2)
		}
		levels = append(levels, n)
	}
	if *seats < 2 || *seats > 9 || flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: serveload [-pokerlab BIN] [-db URL] [-levels 10,100,300] [-seats 2..9] [-npc-tables N] [-for D]")
		os.Exit(2)
	}
	if _, err := os.Stat(*bin); err != nil && *url == "" {
		fmt.Fprintf(os.Stderr, "serveload: %v (go build -o %s ./cmd/pokerlab)\n", err, *bin)
		os.Exit(2)
	}
	dbURL := *db
	var err error
	if dbURL == "" && *url == "" {
		dir, err := os.MkdirTemp("", "serveload")
		if err != nil {
			fail(err)
		}
		defer os.RemoveAll(dir)
		dbURL = filepath.Join(dir, "load.db")
	}
	var s *server
	if *url != "" {
		s = &server{url: strings.TrimSuffix(*url, "/")}
		dbURL = "(the server's)"
	} else if s, err = start(*bin, dbURL); err != nil {
		fail(err)
	}
	defer s.stop()
	kind := "SQLite"
	if strings.HasPrefix(dbURL, "postgres") {
		kind = "PostgreSQL"
	}
	fmt.Printf("pokerlab serve on %s, %d seats a table (one human who thinks %v, NPCs without delay), %v a level\n\n", kind, *seats, *think, *dur)
	fmt.Println("| busy tables | actions | action p50 / p99 / max (ms) | state reads | read p50 / p99 / max (ms) | hands/s | server CPU |")
	fmt.Println("|---|---|---|---|---|---|---|")
	for li, n := range levels {
		ctx, cancel := context.WithCancel(context.Background())
		var tables []created
		for i := range n {
			c, err := create(ctx, s, tableBody(1000*li+i, *seats, true))
			if err != nil {
				fail(err)
			}
			tables = append(tables, c)
		}
		var wg sync.WaitGroup
		actsM, readsM := &samples{}, &samples{}
		for i, c := range tables {
			wg.Add(2)
			go func() { defer wg.Done(); player(ctx, s, c, actsM, *think) }()
			go func() {
				defer wg.Done()
				reader(ctx, s, c, readsM, time.Duration(i)*time.Second/time.Duration(n))
			}()
		}
		time.Sleep(2 * time.Second) // warm-up
		actsM.on.Store(true)
		readsM.on.Store(true)
		h0, c0, t0 := s.hands(), s.cpu(), time.Now()
		time.Sleep(*dur)
		h1, c1, t1 := s.hands(), s.cpu(), time.Now()
		cancel()
		wg.Wait()
		for _, c := range tables {
			do(context.Background(), "DELETE", s.url+"/api/tables/"+c.TableID, c.OwnerToken, "")
		}
		an, a50, a99, amax := actsM.quantiles()
		rn, r50, r99, rmax := readsM.quantiles()
		el := t1.Sub(t0).Seconds()
		fmt.Printf("| %d | %d (%d failed) | %s / **%s** / %s | %d (%d failed) | %s / **%s** / %s | %.0f | %.0f %% |\n", n, an, actsM.err, ms(a50), ms(a99), ms(amax),
			rn, readsM.err, ms(r50), ms(r99), ms(rmax), (h1-h0)/el, 100*(c1-c0).Seconds()/el)
	}
	if *npcTables > 0 {
		var tables []created
		for i := range *npcTables {
			c, err := create(context.Background(), s, tableBody(900000+i, *seats, false))
			if err != nil {
				fail(err)
			}
			tables = append(tables, c)
		}
		time.Sleep(2 * time.Second)
		h0, c0, t0 := s.hands(), s.cpu(), time.Now()
		time.Sleep(*dur)
		h1, c1, t1 := s.hands(), s.cpu(), time.Now()
		el := t1.Sub(t0).Seconds()
		fmt.Printf("\n%d NPC-only tables of %d seats: **%.0f hands/s** stored, %.0f per CPU-second of the server (server CPU %.0f %%)\n",
			*npcTables, *seats, (h1-h0)/el, (h1-h0)/(c1-c0).Seconds(), 100*(c1-c0).Seconds()/el)
		for _, c := range tables {
			do(context.Background(), "DELETE", s.url+"/api/tables/"+c.TableID, c.OwnerToken, "")
		}
	}
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "serveload:", err)
	os.Exit(1)
}

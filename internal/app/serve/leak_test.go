package serve

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/hh"
	"pokerlab/internal/app/table"
)

var cardList = regexp.MustCompile(`^(?:[2-9TJQKA][shdc]|\?\?)+$`)

// cardsIn returns every card named in a decoded JSON value: strings that
// are card lists ("As", "AsKd", "????") or contain them as words (PHH
// actions such as "d dh p2 AsKd", PokerStars lines "[As Kd]").
func cardsIn(v any, out map[string]bool) {
	switch x := v.(type) {
	case string:
		for _, w := range strings.FieldsFunc(x, func(r rune) bool { return r == ' ' || r == '[' || r == ']' || r == ',' || r == '\n' }) {
			if cardList.MatchString(w) {
				for i := 0; i+2 <= len(w); i += 2 {
					if w[i:i+2] != "??" {
						out[w[i:i+2]] = true
					}
				}
			}
		}
	case []any:
		for _, e := range x {
			cardsIn(e, out)
		}
	case map[string]any:
		for _, e := range x {
			cardsIn(e, out)
		}
	}
}

// seen is one response or event the human received, with its hand number.
type seen struct {
	hand int64
	what string
	raw  string
}

// TestNoInformationLeak plays a 1,000-hand session as a human seat through
// the API (state, actions, the event stream, the hand downloads) and
// checks every response and event against the stored hands: a card of
// another seat appears only in something that carries that seat's show
// ("pN sm CARDS") of the same hand, so cards are never seen before the
// showdown and mucked cards never at all.
func TestNoInformationLeak(t *testing.T) {
	t.Parallel() // long and independent: the package's time is the longest, not the sum
	const hands = 1000
	mem := newSQLite(t)
	ts := newTestServer(t, Config{Storage: mem, Tables: table.Options{ActionTimeout: time.Minute}})
	c := ts.create(fmt.Sprintf(`{"small_blind":1,"big_blind":2,"stack":60,"seed":2024,"hands":%d,
		"seats":[{"name":"Nina","profile":"calling-station"},{"name":"me","human":true},{"name":"Otto","profile":"maniac"},{"name":"Pia","profile":"tag"}]}`, hands))
	id, tok := c.TableID, c.Tokens["me"]

	var mu sync.Mutex
	var got []seen
	record := func(hand int64, what, raw string) {
		mu.Lock()
		got = append(got, seen{hand, what, raw})
		mu.Unlock()
	}

	// The event stream, read as the human.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", ts.http.URL+"/api/tables/"+id+"/events", nil)
	req.Header.Set("Authorization", "Bearer "+tok)
	resp, err := ts.http.Client().Do(req)
	if err != nil {
		t.Fatal(err)
	}
	turns := make(chan table.Event, 64)
	streamDone := make(chan int)
	go func() {
		defer resp.Body.Close()
		ends := 0
		sc := bufio.NewScanner(resp.Body)
		sc.Buffer(make([]byte, 1<<20), 1<<20)
		for sc.Scan() {
			line, ok := strings.CutPrefix(sc.Text(), "data: ")
			if !ok {
				continue
			}
			var e table.Event
			if err := json.Unmarshal([]byte(line), &e); err != nil {
				t.Errorf("event %s: %v", line, err)
				continue
			}
			record(e.Hand, "event "+e.Type, line)
			switch e.Type {
			case "turn":
				if e.Name == "me" {
					turns <- e
				}
			case "hand_end":
				ends++
			case "closed":
				streamDone <- ends
				return
			}
		}
		streamDone <- ends
	}()

	// The human: mostly calls and checks (to reach showdowns), sometimes
	// raises by the slider's range, sometimes folds.
	rng := rand.New(rand.NewPCG(1, 2))
	actions := 0
	var ends int
loop:
	for {
		select {
		case ends = <-streamDone:
			break loop
		case e := <-turns:
			// Every fourth turn the human also reads the state (each action
			// answers with the state too).
			if actions%4 == 0 {
				code, out := ts.do("GET", "/api/tables/"+id, tok, nil)
				if code != http.StatusOK {
					t.Fatalf("state: %d %s", code, out)
				}
				var st table.State
				json.Unmarshal(out, &st)
				record(st.Hand, "state", string(out))
				if st.ToAct != st.You || st.Hand != e.Hand {
					t.Fatalf("a turn event for hand %d, then the state of hand %d with seat %d to act", e.Hand, st.Hand, st.ToAct)
				}
			}
			body := `{"action":"` + e.Legal[1].Action + `"}`
			switch x := rng.IntN(10); {
			case x == 0:
				body = `{"action":"fold"}`
			case x <= 2 && len(e.Legal) == 3:
				l := e.Legal[2]
				body = fmt.Sprintf(`{"action":%q,"amount":%d}`, l.Action, l.Min+rng.Int64N(l.Max-l.Min+1))
			}
			code, out := ts.do("POST", "/api/tables/"+id+"/actions", tok, body)
			if code != http.StatusOK {
				t.Fatalf("%s: %d %s", body, code, out)
			}
			actions++
			var after table.State
			json.Unmarshal(out, &after)
			record(after.Hand, "action response", string(out))
		case <-time.After(20 * time.Second):
			t.Fatal("the session stalled")
		}
	}
	if ends != hands {
		t.Fatalf("the stream had %d hand_end events, want %d", ends, hands)
	}
	// The downloads, as the human.
	for _, f := range []string{"phh", "pokerstars"} {
		for after := 0; after < hands; after += 500 {
			code, out := ts.do("GET", fmt.Sprintf("/api/tables/%s/hands?format=%s&after=%d&limit=500", id, f, after), tok, nil)
			if code != http.StatusOK {
				t.Fatalf("hands: %d %s", code, out)
			}
			checkDownload(t, f, string(out), after)
		}
	}

	// The truth: every stored hand with all hole cards.
	stored, err := mem.TableHands(context.Background(), id, 0, hands)
	if err != nil || len(stored) != hands {
		t.Fatalf("%d stored hands, %v", len(stored), err)
	}
	type secret struct {
		owner string
		show  string // "sm " + the cards, as a show of them would be written
	}
	secrets := make([]map[string]secret, hands+1)
	showdowns, mucks := 0, 0
	for k, h := range stored {
		secrets[k+1] = map[string]secret{}
		showed := map[int]bool{}
		for _, a := range h.Actions {
			if a.Kind == hh.ShowMuck {
				if a.NCards == 2 {
					showed[a.Player] = true
				} else {
					mucks++
				}
			}
		}
		if len(showed) > 0 {
			showdowns++
		}
		for _, a := range h.Actions {
			if a.Kind != hh.DealHole || h.Players[a.Receiver-1] == "me" {
				continue
			}
			s := secret{owner: h.Players[a.Receiver-1], show: "sm " + a.Cards[0].String() + a.Cards[1].String()}
			for _, c := range a.Cards[:2] {
				secrets[k+1][c.String()] = s
			}
		}
	}
	if showdowns < 100 || mucks < 20 || actions < 1000 {
		t.Fatalf("%d showdowns, %d mucks, %d human actions: the session does not test what it should", showdowns, mucks, actions)
	}
	checked := 0
	for _, g := range got {
		if g.hand < 1 || g.hand > hands {
			continue
		}
		var v any
		if err := json.Unmarshal([]byte(g.raw), &v); err != nil {
			t.Fatal(err)
		}
		cs := map[string]bool{}
		cardsIn(v, cs)
		for c := range cs {
			if s, ok := secrets[g.hand][c]; ok && !strings.Contains(g.raw, s.show) {
				t.Fatalf("hand %d: %s shows %s's card %s before (or without) their show: %s", g.hand, g.what, s.owner, c, g.raw)
			}
		}
		checked++
	}
	t.Logf("%d hands, %d human actions, %d responses and events checked, %d showdowns, %d mucked hands", hands, actions, checked, showdowns, mucks)
}

// checkDownload checks a downloaded page of hands: in PHH every other
// player's deal is "????" unless that player shows the cards in the hand;
// in PokerStars text only "Dealt to me" and the shows name hole cards.
func checkDownload(t *testing.T, format, text string, after int) {
	t.Helper()
	if format == "phh" {
		hs, err := hh.Parse("download", []byte(text))
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range hs {
			shows := map[int]bool{}
			for _, a := range h.Actions {
				if a.Kind == hh.ShowMuck && a.NCards == 2 {
					shows[a.Player] = true
				}
			}
			for _, a := range h.Actions {
				if a.Kind == hh.DealHole && h.Players[a.Receiver-1] != "me" && !shows[a.Receiver] && a.Cards[0].Valid() {
					t.Fatalf("download hand %s: %s's unshown cards %v", h.Name, h.Players[a.Receiver-1], a.Cards[:2])
				}
			}
		}
		return
	}
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "[") && strings.Contains(line, "Dealt to") && !strings.HasPrefix(line, "Dealt to me ") {
			t.Fatalf("download: %q", line)
		}
	}
}

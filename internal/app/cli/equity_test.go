package cli

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

func TestEquityFlags(t *testing.T) {
	checkFlagCases(t, newEquityCmd, []flagCase[equityOptions]{
		{"AsKs QdQc", "", func(o *equityOptions) bool { return len(o.Players) == 2 && o.Seed == 1 && o.Threads == 1 }},
		{"AsKs --vs-random 3 --samples 1000 --seed 9 --threads 2", "", func(o *equityOptions) bool {
			return o.VsRandom == 3 && o.Samples == 1000 && o.Seed == 9 && o.Threads == 2
		}},
		{"AsKs QdQc --board QsJs2d --dead 3c --exact", "", func(o *equityOptions) bool { return o.Exact && o.Board == "QsJs2d" && o.Dead == "3c" }},
		{"AsKs QdQc --exact --stderr 0.001", "at most one of", nil},
		{"AsKs QdQc --samples -5", "want a positive count", nil},
		{"AsKs QdQc --stderr 2", "between 0 and 1", nil},
		{"--exact", "at least one hand", nil},
	})
}

func TestEquityJSON(t *testing.T) {
	f, out, _ := cardsTestFactory("")
	if code := Run(f, []string{"equity", "AsKs", "QdQc", "--json"}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	var got EquityJSON
	if err := json.Unmarshal(out.Bytes(), &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	if got.Method != "exact" || got.Boards == nil || *got.Boards != 1712304 || got.Samples != nil || len(got.Players) != 2 ||
		got.Players[0].Input != "AsKs" || math.Abs(got.Players[0].Equity-0.46214457) > 1e-8 {
		t.Errorf("%+v", got)
	}
	// Monte Carlo: the same seed gives the same bytes (apart from timing) for 1 and 2 threads.
	var eq [2]EquityJSON
	for i, th := range []string{"1", "2"} {
		f, out, _ := cardsTestFactory("")
		if code := Run(f, []string{"equity", "AsKs", "--vs-random", "2", "--samples", "50000", "--seed", "3", "--threads", th, "--json"}); code != ExitOK {
			t.Fatalf("exit %d", code)
		}
		if err := json.Unmarshal(out.Bytes(), &eq[i]); err != nil {
			t.Fatal(err)
		}
		eq[i].Seconds = 0
	}
	a, _ := json.Marshal(eq[0])
	b, _ := json.Marshal(eq[1])
	if string(a) != string(b) || eq[0].Method != "monte-carlo" || *eq[0].Samples != 50000 {
		t.Errorf("threads change the output:\n%s\n%s", a, b)
	}
}

func TestEquityTableAndErrors(t *testing.T) {
	f, out, _ := cardsTestFactory("")
	if code := Run(f, []string{"equity", "AsAh", "KsKh", "QsQh"}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	want := "player  hand  equity      win         tie\n1       AsAh  0.67670251"
	if !strings.HasPrefix(out.String(), want) {
		t.Errorf("table:\n%s", out)
	}
	for _, tt := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"equity", "AKx", "QQ"}, `player 1: range "AKx": col 1: "AKx": unknown suffix`, ExitUsage},
		{[]string{"equity", "Ts Ts", "QQ"}, `player 1: cards "Ts Ts": col 4: duplicate card "Ts"`, ExitUsage},
		{[]string{"equity", "AsKs", "QdQc", "--board", "As 7d 2c"}, `pokerlab: player 1 "AsKs": card As is also in the board`, ExitUsage},
		{[]string{"equity", "AsKs", "--vs-random", "23"}, "24 players: want 2 to 9", ExitUsage},
		{[]string{"equity", "AsKs", "QdQc", "--dead", "Kx"}, `--dead: cards "Kx"`, ExitUsage},
		{[]string{"equity", "AsKs", "QdQc", "--exact", "--samples", "9"}, "at most one of", ExitUsage},
	} {
		f, out, errOut := cardsTestFactory("")
		code := Run(f, tt.args)
		if code != tt.code || !strings.Contains(errOut.String(), tt.want) || out.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", tt.args, code, errOut, out)
		}
	}
}

func TestEval(t *testing.T) {
	f, out, _ := cardsTestFactory("# comment\nAs 2d 3c 4h 5s Kd Qc\n\n7s5d4c3h2s\n")
	if code := Run(f, []string{"eval", "--json"}); code != ExitOK {
		t.Fatalf("exit %d", code)
	}
	build, _ := json.Marshal(buildInfo())
	want := `{"cards":"As 2d 3c 4h 5s Kd Qc","value":5854,"category":"straight","version":` + string(build) + "}\n" +
		`{"cards":"7s 5d 4c 3h 2s","value":1,"category":"high card","version":` + string(build) + "}\n"
	if out.String() != want {
		t.Errorf("got\n%s", out)
	}
	f, out, _ = cardsTestFactory("")
	if code := Run(f, []string{"eval", "As Ks Qs Js Ts"}); code != ExitOK || out.String() != "cards           value  category\nAs Ks Qs Js Ts  7462   straight flush\n" {
		t.Errorf("exit %d, table %q", code, out)
	}
	// Hands typed as arguments are the command line (exit 2); lines of
	// standard input are input data (exit 1).
	for _, tt := range []struct {
		args  []string
		stdin string
		want  string
		code  int
	}{
		{[]string{"eval"}, "As Kd Qh Jc 9s\nAs Kx\n", `line 2: cards "As Kx": col 4: unknown suit in "Kx"`, ExitError},
		{[]string{"eval", "As Kd"}, "", `argument 1: "As Kd" has 2 cards, want 5, 6 or 7`, ExitUsage},
		{[]string{"eval", "As Ad As Kd Qd"}, "", `duplicate card "As"`, ExitUsage},
	} {
		f, out, errOut := cardsTestFactory(tt.stdin)
		if code := Run(f, tt.args); code != tt.code || !strings.Contains(errOut.String(), tt.want) || out.Len() != 0 {
			t.Errorf("%q: exit %d, stderr %q, stdout %q", tt.args, code, errOut, out)
		}
	}
}

// cardsTestFactory returns a factory on test streams (not a terminal).
func cardsTestFactory(stdin string) (*Factory, *bytes.Buffer, *bytes.Buffer) {
	io, out, errOut := TestStreams(stdin, false, false)
	return &Factory{IO: io}, out, errOut
}

package cli

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// testProgress returns a bar drawing into a buffer as on a terminal of
// width columns, with a clock the test moves.
func testProgress(t *testing.T, total int64, desc string, width int) (*Progress, *strings.Builder, func(time.Duration)) {
	t.Helper()
	io, _, _ := TestStreams("", false, true)
	io.width = width
	var out strings.Builder
	io.ErrOut = &out
	p := (&Factory{IO: io}).newProgress(total, desc, false)
	clock := time.Date(2025, 1, 1, 0, 0, 0, 0, time.UTC)
	p.now, p.start = func() time.Time { return clock }, clock
	return p, &out, func(d time.Duration) { clock = clock.Add(d) }
}

// The line shows the work, the percentage and the bar, the count in the
// work's unit, its state, the time spent and the time left at the rate so
// far; it is redrawn at most once per interval, and Done erases it.
func TestProgressLineShowsUnitsStateAndETA(t *testing.T) {
	p, out, advance := testProgress(t, 1000, "solving", 0)
	p.Count("iterations")
	advance(3 * time.Second)
	p.Set(250)
	want := "\r\x1b[Ksolving  25% [=======>                      ] 250/1000 iterations (3s, ETA 9s)"
	if out.String() != want {
		t.Fatalf("drawing %q\nwant    %q", out, want)
	}
	advance(50 * time.Millisecond)
	p.Describe("NashConv 1.234e-03") // within the interval: kept, not drawn
	if out.String() != want {
		t.Errorf("redrawn within %v: %q", progressInterval, out)
	}
	advance(3 * time.Second)
	p.Set(600)
	want += "\r\x1b[Ksolving  60% [==================>           ] 600/1000 iterations, NashConv 1.234e-03 (6s, ETA 4s)"
	if out.String() != want {
		t.Fatalf("drawing %q\nwant    %q", out, want)
	}
	p.Done()
	if !strings.HasSuffix(out.String(), want+"\r\x1b[K") {
		t.Errorf("Done leaves %q, want the line erased", out)
	}

	for _, tc := range []struct {
		name  string
		setup func(p *Progress)
		n     int64
		width int
		want  string
	}{
		{"sizes", func(p *Progress) { p.Bytes("of hand histories") }, 512 << 10, 0,
			"reading  50% [===============>              ] 512 KiB/1 MiB of hand histories (2s, ETA 2s)"},
		{"a fraction (a λ path)", func(p *Progress) { p.Describe("λ 12.5, max regret 3.1e-03") }, 512 << 10, 0,
			"reading  50% [===============>              ] λ 12.5, max regret 3.1e-03 (2s, ETA 2s)"},
		{"nothing done yet: no estimate", func(p *Progress) { p.Count("hands") }, 0, 0,
			"reading   0% [>                             ] 0/1048576 hands (2s)"},
		{"all done: no estimate", func(p *Progress) { p.Count("hands") }, 1 << 20, 0,
			"reading 100% [==============================] 1048576/1048576 hands (2s)"},
		{"cut to the terminal", func(p *Progress) { p.Count("hands") }, 1 << 19, 40,
			"reading  50% [===============>        …"},
	} {
		p, out, advance := testProgress(t, 1<<20, "reading", tc.width)
		tc.setup(p)
		out.Reset() // Describe draws
		p.last = time.Time{}
		advance(2 * time.Second)
		p.Set(tc.n)
		if got := strings.TrimPrefix(out.String(), "\r\x1b[K"); got != tc.want {
			t.Errorf("%s: %q\nwant %q", tc.name, got, tc.want)
		}
	}
	// A total known as the work goes (SetOf).
	p, out, advance = testProgress(t, 0, "equity", 0)
	p.Count("deals")
	advance(time.Second)
	p.SetOf(1000, 4000)
	if want := "\r\x1b[Kequity  25% [=======>                      ] 1000/4000 deals (1s, ETA 3s)"; out.String() != want {
		t.Errorf("SetOf: %q\nwant %q", out, want)
	}
}

// Not a terminal, or quiet (--json): nothing at all.
func TestProgressSilentOnAPipeAndWithJSON(t *testing.T) {
	for _, tc := range []struct{ tty, quiet bool }{{false, false}, {true, true}, {false, true}} {
		io, _, errOut := TestStreams("", false, tc.tty)
		p := (&Factory{IO: io}).newProgress(10, "x", tc.quiet).Count("hands")
		p.Set(5)
		p.SetOf(6, 10)
		p.Describe("y")
		p.Done()
		if errOut.Len() != 0 {
			t.Errorf("tty %v, quiet %v: wrote %q", tc.tty, tc.quiet, errOut)
		}
	}
}

// The commands that run long show their progress in their units on a
// terminal, and only there: not when standard error is piped, not with
// --json (whose output stays the same).
func TestProgressLinesOnlyAtATerminal(t *testing.T) {
	dir := t.TempDir()
	hand := filepath.Join(dir, "hand.phh")
	os.WriteFile(hand, []byte("variant = 'NT'\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [200, 200]\nactions = ['d dh p1 AsKs', 'd dh p2 QdQc', 'p2 f']\nplayers = ['A', 'B']\n"), 0o644)
	spot := writeSpot(t, cliRiverSpot)
	table := simTableFile(t, 2)
	for _, tc := range []struct {
		args string
		want string // in the progress line
	}{
		{"solve --game kuhn --iterations 2000", "/2000 iterations"},
		{"solve compare --game kuhn --iterations 50 --algos cfr,cfr+", "/100 iterations"},
		{"spot solve " + spot + " --iterations 20 --target 0", "/20 iterations"},
		{"equity AsKs --vs-random 1 --samples 300000 --seed 2", "/300000 deals"},
		{"sim --table " + table + " --hands 2000 --no-calibrate", "/2000 hands"},
		{"npc calibrate --table " + table + " --hands 200 --rounds 2 --out " + filepath.Join(dir, "cal.toml"), "/2 rounds"},
		{"qre trace --game kuhn --lambda 100", "λ = "},
		{"spot qre " + spot + " --lambda 10", "] λ 10"},
		{"hud " + hand, " of hand histories"},
	} {
		for _, mode := range []struct {
			tty, json bool
		}{{true, false}, {false, false}, {true, true}} {
			args := strings.Fields(tc.args)
			if mode.json {
				args = append(args, "--json")
			}
			io, out, errOut := TestStreams("", false, mode.tty)
			if code := Run(&Factory{IO: io}, args); code != ExitOK {
				t.Fatalf("%v: exit %d: %s", args, code, errOut)
			}
			shown := strings.Contains(errOut.String(), "\r\x1b[K")
			switch {
			case mode.tty && !mode.json && (!shown || !strings.Contains(errOut.String(), tc.want)):
				t.Errorf("%s on a terminal: stderr %q, want a progress line with %q", tc.args, errOut, tc.want)
			case (!mode.tty || mode.json) && shown:
				t.Errorf("%s (terminal %v, --json %v): progress written: %q", tc.args, mode.tty, mode.json, errOut)
			}
			if out.Len() == 0 {
				t.Errorf("%v: no result", args)
			}
		}
	}
}

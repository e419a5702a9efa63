package cli

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"pokerlab/spot"
)

// interruptAt is an interruption that asks the loop to stop once its count
// (iterations, hands) reaches k: the signal, deterministically.
func interruptAt(k int) func(string) *interruption {
	return func(string) *interruption {
		return &interruption{requested: func(n int) bool { return n >= k }, release: func() {}}
	}
}

// runInterrupted runs the command line with an interruption at k.
func runInterrupted(t *testing.T, k int, args ...string) (int, string, string) {
	t.Helper()
	io, out, errOut := TestStreams("", false, false)
	code := Run(&Factory{IO: io, interrupts: interruptAt(k)}, args)
	return code, out.String(), errOut.String()
}

// resumeArgs returns the arguments of the "resume with:" line of an
// interrupted command's message (POSIX single quotes undone).
func resumeArgs(t *testing.T, errOut string) []string {
	t.Helper()
	_, line, ok := strings.Cut(errOut, "resume with: pokerlab ")
	if !ok {
		t.Fatalf("no resume command in %q", errOut)
	}
	line, _, _ = strings.Cut(line, "\n")
	var args []string
	var cur strings.Builder
	quoted, inWord := false, false
	for _, r := range line {
		switch {
		case r == '\'':
			quoted, inWord = !quoted, true
		case r == ' ' && !quoted:
			if inWord {
				args = append(args, cur.String())
				cur.Reset()
			}
			inWord = false
		default:
			cur.WriteRune(r)
			inWord = true
		}
	}
	if inWord {
		args = append(args, cur.String())
	}
	return args
}

// decode unmarshals a command's JSON output.
func decode[T any](t *testing.T, out string) T {
	t.Helper()
	var v T
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return v
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestSolveInterruptedWritesCheckpointAndPartialResult: an interrupted
// solve exits 130 with a checkpoint beside --out, the average strategy so
// far in --out, and its NashConv and exploitability — those of the
// strategy written, as exploit computes them — in the report; stderr says
// where both went and how to resume.
func TestSolveInterruptedWritesCheckpointAndPartialResult(t *testing.T) {
	dir := t.TempDir()
	strat := filepath.Join(dir, "kuhn-cfr.json")
	code, out, errOut := runInterrupted(t, 123, "solve", "--game", "kuhn", "--algo", "cfr", "--iterations", "500", "--out", strat, "--json")
	if code != ExitInterrupted {
		t.Fatalf("exit %d, want %d: %s", code, ExitInterrupted, errOut)
	}
	ckpt := filepath.Join(dir, "kuhn-cfr.ckpt")
	got := decode[SolveJSON](t, out)
	if !got.Interrupted || got.Iterations != 123 || got.Checkpoint != ckpt || got.Exploitability == nil || *got.Exploitability != got.NashConv/2 {
		t.Errorf("report %+v", got)
	}
	if last := got.History[len(got.History)-1]; last.Iteration != 123 || last.NashConv != got.NashConv {
		t.Errorf("the history ends at %+v, want the interruption's measurement", last)
	}
	_, eout, _ := run(t, "exploit", "--game", "kuhn", "--strategy", strat, "--json")
	if e := decode[ExploitJSON](t, eout); math.Abs(e.NashConv-got.NashConv) > 1e-12 {
		t.Errorf("exploit on the partial strategy says NashConv %v, solve said %v", e.NashConv, got.NashConv)
	}
	if _, err := os.Stat(ckpt); err != nil {
		t.Errorf("no checkpoint: %v", err)
	}
	for _, want := range []string{
		"pokerlab: interrupted at iteration 123 of 500 (NashConv ",
		"\n  checkpoint: " + ckpt + "\n",
		"\n  partial result: " + strat + ", standard output\n",
		"\n  resume with: pokerlab solve --algo cfr --game kuhn --iterations 500 --json --out " + strat + " --resume " + ckpt + "\n",
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
}

// TestSolveResumeIsBitIdentical: a solve interrupted at iteration k and
// resumed with the command the message prints writes the same strategy
// file, byte for byte, and reports the same numbers as an uninterrupted
// solve, for deterministic and sampling algorithms.
func TestSolveResumeIsBitIdentical(t *testing.T) {
	for _, tc := range []struct {
		game, algo string
		n, k       int
	}{
		{"kuhn", "cfr", 400, 157},
		{"kuhn", "os-mccfr", 3000, 1234},
		{"leduc", "dcfr", 60, 23},
		{"leduc", "es-mccfr", 300, 111},
	} {
		t.Run(tc.game+"/"+tc.algo, func(t *testing.T) {
			dir := t.TempDir()
			args := []string{"solve", "--game", tc.game, "--algo", tc.algo, "--iterations", strconv.Itoa(tc.n), "--seed", "7", "--json"}
			straightOut := filepath.Join(dir, "straight.json")
			straight := solveJSON(t, append(args[1:], "--out", straightOut)...)
			resumedOut := filepath.Join(dir, "resumed.json")
			code, _, errOut := runInterrupted(t, tc.k, append(args, "--out", resumedOut)...)
			if code != ExitInterrupted {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			code, out, errOut := run(t, resumeArgs(t, errOut)...)
			if code != ExitOK {
				t.Fatalf("resumed: exit %d: %s", code, errOut)
			}
			resumed := decode[SolveJSON](t, out)
			if resumed.ResumedFrom == nil || *resumed.ResumedFrom != tc.k || resumed.Interrupted {
				t.Errorf("resumed report %+v", resumed)
			}
			if !bytes.Equal(readFile(t, straightOut), readFile(t, resumedOut)) {
				t.Error("the strategy files differ")
			}
			if resumed.NashConv != straight.NashConv || resumed.Values[0] != straight.Values[0] || resumed.Values[1] != straight.Values[1] || resumed.Iterations != tc.n {
				t.Errorf("resumed %v %v, uninterrupted %v %v", resumed.NashConv, resumed.Values, straight.NashConv, straight.Values)
			}
		})
	}
}

// TestSolveInterruptedWithoutOutWritesInWorkingDirectory: with neither
// --out nor --checkpoint the checkpoint goes to the working directory,
// named for the command, game, algorithm and seed, never over an existing
// file.
func TestSolveInterruptedWithoutOutWritesInWorkingDirectory(t *testing.T) {
	t.Chdir(t.TempDir())
	os.WriteFile("solve-leduc-ranks-4-es-mccfr-seed5.ckpt", []byte("someone else's"), 0o644)
	code, _, errOut := runInterrupted(t, 10, "solve", "--game", "leduc:ranks=4", "--algo", "es-mccfr", "--seed", "5", "--iterations", "50")
	if code != ExitInterrupted || !strings.Contains(errOut, "checkpoint: solve-leduc-ranks-4-es-mccfr-seed5-2.ckpt\n") ||
		!strings.Contains(errOut, "partial result: standard output\n") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if string(readFile(t, "solve-leduc-ranks-4-es-mccfr-seed5.ckpt")) != "someone else's" {
		t.Error("an existing file was replaced")
	}
	// Resumed and interrupted again, the run advances its own checkpoint.
	args := resumeArgs(t, errOut)
	if code, _, errOut = runInterrupted(t, 30, args...); code != ExitInterrupted || !strings.Contains(errOut, "interrupted at iteration 30 of 50") ||
		!strings.Contains(errOut, "checkpoint: solve-leduc-ranks-4-es-mccfr-seed5-2.ckpt\n") {
		t.Fatalf("second interruption: exit %d: %s", code, errOut)
	}
	if code, out, errOut := run(t, append(resumeArgs(t, errOut), "--json")...); code != ExitOK || decode[SolveJSON](t, out).Iterations != 50 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
}

// TestResumeRequiresTheCheckpoint: --resume names a file that must exist
// and hold the run of this command line.
func TestResumeRequiresTheCheckpoint(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.ckpt")
	spotFile := "../../../spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml"
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"solve", "--game", "kuhn", "--iterations", "5", "--resume", missing}, "--resume: open " + missing},
		{[]string{"spot", "solve", spotFile, "--resume", missing}, "--resume: open " + missing},
		{[]string{"sim", "--table", simTableFile(t, 3), "--hands", "5", "--no-calibrate", "--resume", missing}, "--resume: open " + missing},
	} {
		if code, _, errOut := run(t, tc.args...); code != ExitError || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %q; want %q", tc.args, code, errOut, tc.want)
		}
	}
}

// TestSpotSolveResumeIsBitIdentical: a spot solve interrupted at iteration
// k between two checks and resumed writes the result of the uninterrupted
// solve: the same strategy, bit for bit, the same evaluation and header
// (but for the time).
func TestSpotSolveResumeIsBitIdentical(t *testing.T) {
	for _, tc := range []struct {
		spot string
		k    int
	}{
		{"river-Td9d6hQc2s-pot200-stack900.toml", 23},
		{"turn-Td9d6hQc-narrow.toml", 7},
	} {
		t.Run(tc.spot, func(t *testing.T) {
			dir := t.TempDir()
			path := filepath.Join("../../../spot/testdata", tc.spot)
			args := []string{"spot", "solve", path, "--target", "0", "-n", "40", "--json"}
			straightOut := filepath.Join(dir, "straight.pls")
			straight := spotJSON[SpotSolveJSON](t, append(args[:len(args)-1], "--out", straightOut)...)
			resumedOut := filepath.Join(dir, "resumed.pls")
			code, out, errOut := runInterrupted(t, tc.k, append(args, "--out", resumedOut)...)
			if code != ExitInterrupted {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			cut := decode[SpotSolveJSON](t, out)
			partial := readResult(t, resumedOut)
			if !cut.Interrupted || cut.Iterations != tc.k || cut.Checkpoint != filepath.Join(dir, "resumed.ckpt") ||
				partial.Header.Iterations != tc.k || partial.Header.Evaluation.Exploitability != cut.Exploitability {
				t.Errorf("interrupted report %+v, result header %+v", cut, partial.Header)
			}
			if p := cut.History[len(cut.History)-1]; p.Iteration != tc.k {
				t.Errorf("no check at the interruption: history ends at %d", p.Iteration)
			}
			code, out, errOut = run(t, resumeArgs(t, errOut)...)
			if code != ExitOK {
				t.Fatalf("resumed: exit %d: %s", code, errOut)
			}
			resumed := decode[SpotSolveJSON](t, out)
			if resumed.Iterations != straight.Iterations || resumed.Exploitability != straight.Exploitability || resumed.Values != straight.Values {
				t.Errorf("resumed %+v\nstraight %+v", resumed, straight)
			}
			a, b := readResult(t, straightOut), readResult(t, resumedOut)
			a.Header.Seconds, b.Header.Seconds = 0, 0
			ha, _ := json.Marshal(a.Header)
			hb, _ := json.Marshal(b.Header)
			if !bytes.Equal(ha, hb) {
				t.Errorf("headers differ:\n%s\n%s", ha, hb)
			}
			for i := range a.Strategy {
				if math.Float32bits(a.Strategy[i]) != math.Float32bits(b.Strategy[i]) {
					t.Fatalf("strategy[%d] = %v uninterrupted, %v resumed", i, a.Strategy[i], b.Strategy[i])
				}
			}
		})
	}
}

func readResult(t *testing.T, path string) *spot.Result {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	r, err := spot.ReadResult(f, path)
	if err != nil {
		t.Fatal(err)
	}
	return r
}

// TestSimInterruptedWritesCheckpointAndHands: an interrupted simulation
// exits 130 after a whole block of hands, with those hands in --hh, their
// HUD check in the report and a checkpoint beside --hh.
func TestSimInterruptedWritesCheckpointAndHands(t *testing.T) {
	dir := t.TempDir()
	hh := filepath.Join(dir, "hands.phhs")
	code, out, errOut := runInterrupted(t, 600, "sim", "--table", simTableFile(t, 3), "--hands", "2000", "--no-calibrate", "--hh", hh, "--json")
	if code != ExitInterrupted {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := decode[SimJSON](t, out)
	ckpt := filepath.Join(dir, "hands.ckpt")
	if !got.Interrupted || got.Hands != 768 || got.Checkpoint != ckpt {
		t.Errorf("report: %+v", got)
	}
	// The hands written are those the report checked: hud over them agrees.
	_, hout, _ := run(t, "hud", hh, "--json")
	var h struct {
		Hands int `json:"hands"`
	}
	if err := json.Unmarshal([]byte(hout), &h); err != nil || h.Hands != 768 {
		t.Errorf("hud over --hh: %v, %d hands", err, h.Hands)
	}
	for _, want := range []string{
		"pokerlab: interrupted after 768 of 2000 hands",
		"\n  checkpoint: " + ckpt + "\n",
		"\n  partial result: " + hh + ", standard output\n",
		"--resume " + ckpt,
	} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr %q lacks %q", errOut, want)
		}
	}
}

// TestSimResumeIsBitIdentical: a simulation interrupted and resumed with
// the command the message prints writes the same hand histories, byte for
// byte, and the same stats as an uninterrupted one of the same seed, with
// and without a calibration; with --checkpoint a finished run continues to
// more hands the same way.
func TestSimResumeIsBitIdentical(t *testing.T) {
	simTable := simTableFile(t, 3)
	for _, tc := range []struct {
		name  string
		flags []string
	}{
		{"uncalibrated", []string{"--no-calibrate", "--threads", "2"}},
		{"calibrated by the run", []string{"--calibrate-hands", "400"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			args := append([]string{"sim", "--table", simTable, "--hands", "1500", "--seed", "3", "--json"}, tc.flags...)
			straightHH := filepath.Join(dir, "straight.phhs")
			_, out, errOut := run(t, append(args, "--hh", straightHH)...)
			straight := decode[SimJSON](t, out)
			resumedHH := filepath.Join(dir, "resumed.phhs")
			code, _, errOut := runInterrupted(t, 300, append(args, "--hh", resumedHH)...)
			if code != ExitInterrupted {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			code, out, errOut = run(t, resumeArgs(t, errOut)...)
			if code != ExitOK {
				t.Fatalf("resumed: exit %d: %s", code, errOut)
			}
			resumed := decode[SimJSON](t, out)
			if resumed.ResumedFrom == nil || *resumed.ResumedFrom != 512 {
				t.Errorf("resumed_from %v, want 512", resumed.ResumedFrom)
			}
			if !bytes.Equal(readFile(t, straightHH), readFile(t, resumedHH)) {
				t.Error("the hand histories differ")
			}
			if a, b := statsJSON(t, straight), statsJSON(t, resumed); a != b {
				t.Errorf("stats differ:\n%s\n%s", a, b)
			}
		})
	}
	t.Run("continued to more hands", func(t *testing.T) {
		dir := t.TempDir()
		ck, hh := filepath.Join(dir, "run.ckpt"), filepath.Join(dir, "run.phhs")
		args := []string{"sim", "--table", simTable, "--seed", "8", "--no-calibrate", "--json"}
		_, out, _ := run(t, append(args, "--hands", "1000", "--hh", filepath.Join(dir, "straight.phhs"))...)
		straight := decode[SimJSON](t, out)
		if code, _, errOut := run(t, append(args, "--hands", "300", "--hh", hh, "--checkpoint", ck)...); code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		code, out, errOut := run(t, append(args, "--hands", "1000", "--hh", hh, "--checkpoint", ck)...)
		if code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		if !bytes.Equal(readFile(t, filepath.Join(dir, "straight.phhs")), readFile(t, hh)) {
			t.Error("the hand histories differ")
		}
		if a, b := statsJSON(t, straight), statsJSON(t, decode[SimJSON](t, out)); a != b {
			t.Errorf("stats differ:\n%s\n%s", a, b)
		}
	})
}

// statsJSON is a simulation's report without its timing and resume fields.
func statsJSON(t *testing.T, s SimJSON) string {
	s.Seconds, s.HandsPerSecond, s.ResumedFrom, s.Checkpoint = 0, 0, nil, ""
	b, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestSimResumeRefusesAnotherRun: a checkpoint continues only the
// simulation of the same table, seed and calibration, and only the hand
// histories it wrote.
func TestSimResumeRefusesAnotherRun(t *testing.T) {
	simTable := simTableFile(t, 3)
	dir := t.TempDir()
	hh := filepath.Join(dir, "h.phhs")
	noHH := filepath.Join(dir, "nohh.ckpt")
	base := []string{"sim", "--table", simTable, "--hands", "1000", "--seed", "3", "--no-calibrate"}
	if code, _, errOut := runInterrupted(t, 300, append(base, "--hh", hh)...); code != ExitInterrupted {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if code, _, errOut := runInterrupted(t, 300, append(base, "--checkpoint", noHH)...); code != ExitInterrupted {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ckpt := filepath.Join(dir, "h.ckpt")
	other := filepath.Join(dir, "other.toml")
	os.WriteFile(other, bytes.Replace(readFile(t, simTable), []byte("stack = 200"), []byte("stack = 300"), 1), 0o644)
	changed := filepath.Join(dir, "changed.phhs")
	for _, tc := range []struct {
		name string
		args []string
		code int
		want string
	}{
		{"seed", []string{"sim", "--table", simTable, "--hands", "1000", "--seed", "4", "--no-calibrate", "--resume", ckpt}, ExitError, "is of --seed 3, not 4"},
		{"table", []string{"sim", "--table", other, "--hands", "1000", "--seed", "3", "--no-calibrate", "--resume", ckpt}, ExitError, "was written for another table"},
		{"calibration", []string{"sim", "--table", simTable, "--hands", "1000", "--seed", "3", "--calibrate-hands", "500", "--resume", ckpt}, ExitError, "calibrated the seats with 0 hands per round, this command line would use 500"},
		{"fewer hands", []string{"sim", "--table", simTable, "--hands", "100", "--seed", "3", "--no-calibrate", "--resume", ckpt}, ExitError, "at hand 512, beyond --hands 100"},
		{"no hand histories", append(append([]string{}, base...), "--resume", noHH, "--hh", hh), ExitUsage, "wrote no hand histories of its 512 hands; resume it without --hh"},
		{"changed hand histories", append(append([]string{}, base...), "--resume", ckpt, "--hh", changed), ExitError, "which changed since"},
	} {
		if tc.name == "changed hand histories" {
			b := readFile(t, hh)
			b[100] ^= 1
			os.WriteFile(hh, b, 0o644)
		}
		if code, _, errOut := run(t, tc.args...); code != tc.code || !strings.Contains(errOut, tc.want) {
			t.Errorf("%s: exit %d, %q; want %d and %q", tc.name, code, errOut, tc.code, tc.want)
		}
	}
	if _, err := os.Stat(changed); err == nil {
		t.Error("a refused resume wrote --hh")
	}
}

// TestCheckpointForNeverReplacesAFile: the default checkpoint is beside the
// output or named for the command, with -2, -3, … while the name is taken
// by a file or by another output; a given --checkpoint or --resume file is
// used as it is.
func TestCheckpointForNeverReplacesAFile(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "leduc.json")
	os.WriteFile(filepath.Join(dir, "leduc.ckpt"), nil, 0o644)
	for _, tc := range []struct {
		checkpoint, resume, out string
		taken                   []string
		want                    string
	}{
		{"c.ckpt", "r.ckpt", out, nil, "c.ckpt"},
		{"", "r.ckpt", out, nil, "r.ckpt"},
		{"", "", out, nil, filepath.Join(dir, "leduc-2.ckpt")},
		{"", "", out, []string{filepath.Join(dir, "leduc-2.ckpt")}, filepath.Join(dir, "leduc-3.ckpt")},
		{"", "", "", nil, filepath.Join(dir, "solve-x.ckpt")},
	} {
		name := filepath.Join(dir, "solve-x")
		if got := checkpointFor(tc.checkpoint, tc.resume, tc.out, name, tc.taken...); got != tc.want {
			t.Errorf("%+v: %s, want %s", tc, got, tc.want)
		}
	}
}

// TestFileNamePartOfGamesAndFiles: a game name keeps its parameters, a
// file only its base name, as a safe part of a file name.
func TestFileNamePartOfGamesAndFiles(t *testing.T) {
	for _, tc := range []struct{ in, ext, want string }{
		{"kuhn", ".efg", "kuhn"},
		{"leduc:ranks=4,suits=3", ".efg", "leduc-ranks-4-suits-3"},
		{"akq:bet=1/3", ".efg", "akq-bet-1-3"},
		{"games/my game.efg", ".efg", "my-game"},
		{"../spot/testdata/river-Td9d6hQc2s-pot200-stack900.toml", ".toml", "river-Td9d6hQc2s-pot200-stack900"},
	} {
		if got := fileNamePart(tc.in, tc.ext); got != tc.want {
			t.Errorf("fileNamePart(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

// TestResumeCommandQuotesForTheShell: arguments a shell would split or
// expand are single-quoted in the printed resume command.
func TestResumeCommandQuotesForTheShell(t *testing.T) {
	for in, want := range map[string]string{
		"leduc.ckpt":        "leduc.ckpt",
		"my runs/a.ckpt":    "'my runs/a.ckpt'",
		"it's.ckpt":         `'it'\''s.ckpt'`,
		"leduc:ranks=4":     "leduc:ranks=4",
		"$HOME/x":           "'$HOME/x'",
		"":                  "''",
		"/tmp/a-b_c+d@e%f,": "/tmp/a-b_c+d@e%f,",
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}

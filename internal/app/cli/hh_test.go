package cli

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"pokerlab/hh"
)

func TestHHFlags(t *testing.T) {
	for _, tt := range []struct {
		argv, wantErr string
	}{
		{"replay", "at least one hand-history file"},
		{"convert a.phh", `--to is required`},
		{"convert --to text a.phh", `--to "text": want pokerstars or phh`},
		{"convert --to phh", "at least one hand-history file"},
	} {
		f, _, errOut := cardsTestFactory("")
		if code := Run(f, append([]string{"hh"}, strings.Fields(tt.argv)...)); code != ExitUsage || !strings.Contains(errOut.String(), tt.wantErr) {
			t.Errorf("%q: exit %d, stderr %q; want usage error %q", tt.argv, code, errOut, tt.wantErr)
		}
	}
	io, _, _ := TestStreams("", false, false)
	var got *hhConvertOptions
	cmd := newHHConvertCmd(&Factory{IO: io}, func(o *hhConvertOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--to", "pokerstars", "-o", "out.txt", "a.phh", "b.phhs"})
	if err := cmd.Execute(); err != nil || got.To != "pokerstars" || got.Out != "out.txt" || !slices.Equal(got.Files, []string{"a.phh", "b.phhs"}) {
		t.Errorf("options %+v, error %v", got, err)
	}
}

// TestHHReplayJSON replays the rule corpus: every hand must reach the
// finishing stacks written (by hand) in its file.
func TestHHReplayJSON(t *testing.T) {
	files, _ := filepath.Glob("../../../hh/testdata/rules/*.phh")
	if len(files) == 0 {
		t.Fatal("no corpus")
	}
	f, out, errOut := cardsTestFactory("")
	if code := Run(f, append([]string{"hh", "replay", "--json"}, files...)); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sc := bufio.NewScanner(out)
	n := 0
	for sc.Scan() {
		var line HHReplayJSON
		if err := json.Unmarshal(sc.Bytes(), &line); err != nil {
			t.Fatal(err)
		}
		hands, err := hh.ReadFile(line.File)
		if err != nil {
			t.Fatal(err)
		}
		want := hands[0].FinishingStacks
		if !line.OK || line.Error != "" || len(line.FinishingStacks) != len(want) {
			t.Fatalf("%+v", line)
		}
		for s, v := range line.FinishingStacks {
			if string(v) != hands[0].FormatAmount(want[s]) {
				t.Errorf("%s: finishing stacks %v, want %v", line.File, line.FinishingStacks, want)
			}
		}
		n++
	}
	if n != len(files) {
		t.Errorf("%d lines for %d files", n, len(files))
	}
}

func TestHHReplayIllegalHand(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "bad.phh")
	os.WriteFile(bad, []byte(`variant = 'NT'
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = ['d dh p1 ????', 'd dh p2 ????', 'd dh p3 ????', 'p3 cbr 3']
`), 0o644)
	f, out, errOut := cardsTestFactory("")
	code := Run(f, []string{"hh", "replay", bad})
	if code != ExitError || !strings.Contains(out.String(), `action 4 "p3 cbr 3": raise to 3 is below the minimum raise to 4`) ||
		!strings.Contains(errOut.String(), "1 of 1 hands did not replay") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}
	// A malformed file names the line and the key.
	os.WriteFile(bad, []byte("variant = 'NT'\nantes = [0, 0\n"), 0o644)
	f, _, errOut = cardsTestFactory("")
	if code := Run(f, []string{"hh", "replay", bad}); code != ExitError || !strings.Contains(errOut.String(), "key antes: unterminated array (opened at line 2)") {
		t.Errorf("exit %d, stderr %s", code, errOut)
	}
}

func TestHHConvert(t *testing.T) {
	// PokerStars text of the golden side-pot hand.
	f, out, errOut := cardsTestFactory("")
	if code := Run(f, []string{"hh", "convert", "--to", "pokerstars", "../../../hh/testdata/golden/side-pots.phhs"}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want, _ := os.ReadFile("../../../hh/testdata/golden/side-pots.txt")
	if got := out.String(); got != string(want)+"\n" {
		t.Errorf("pokerstars text differs from the golden file:\n%s", got)
	}
	// PHH to a file: the canonical text of a canonical file is itself.
	dst := filepath.Join(t.TempDir(), "out.phhs")
	f, _, errOut = cardsTestFactory("")
	if code := Run(f, []string{"hh", "convert", "--to", "phh", "../../../hh/testdata/golden/side-pots.phhs", "-o", dst}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got, _ := os.ReadFile(dst)
	orig, _ := os.ReadFile("../../../hh/testdata/golden/side-pots.phhs")
	if !bytes.Equal(got, orig) {
		t.Errorf("phh conversion is not the identity:\n%s", got)
	}
	// Several files are renumbered [1], [2], ...
	f, out, _ = cardsTestFactory("")
	if code := Run(f, []string{"hh", "convert", "--to", "phh", "../../../hh/testdata/rules/walk.phh", "../../../hh/testdata/rules/antes.phh"}); code != ExitOK {
		t.Fatal(code)
	}
	hands, err := hh.Parse("out", out.Bytes())
	if err != nil || len(hands) != 2 || hands[0].Name != "1" || hands[1].Name != "2" {
		t.Errorf("renumbered output: %v %v", hands, err)
	}
}

package cli

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"pokerlab/hh"
)

// The site hand histories of hh/testdata: every command that reads hands
// takes PokerStars and GGPoker text, directories and standard input.

const (
	psDir = "../../../hh/testdata/pokerstars"
	ggDir = "../../../hh/testdata/ggpoker"
)

// hh replay reads a whole directory of PokerStars text: every hand is
// replayed; the documented rejections are listed with file:line, the rest
// of their files is read on, and the exit code is 1.
func TestHHReplaySiteDirectory(t *testing.T) {
	f, out, errOut := cardsTestFactory("")
	code := Run(f, []string{"hh", "replay", "--json", psDir})
	if code != ExitError || !strings.Contains(errOut.String(), "4 of 671 hands did not replay") {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	ok, bad := 0, 0
	sc := bufio.NewScanner(out)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var l HHReplayJSON
		if err := json.Unmarshal(sc.Bytes(), &l); err != nil {
			t.Fatal(err)
		}
		if !l.OK {
			bad++
			if !strings.HasPrefix(l.Error, l.File+":") {
				t.Errorf("error %q does not start with the file %s and a line", l.Error, l.File)
			}
			continue
		}
		ok++
		if l.Format != "PokerStars" || l.Rake == nil || !strings.HasPrefix(l.Name, "#") {
			t.Errorf("site hand without format, rake or hand number: %+v", l)
		}
		// Hand #35602019775 (€0.05/€0.10, the first of its file): rico4429
		// wins €0.40, the rake is €0.02.
		if l.Name == "#35602019775" && string(*l.Rake) != "0.02" {
			t.Errorf("rake %s, want 0.02", *l.Rake)
		}
	}
	if ok != 667 || bad != 4 {
		t.Errorf("%d hands replayed and %d rejected, want 667 and 4", ok, bad)
	}
}

// "-" reads standard input: the same hands as the file.
func TestHHReplayStdin(t *testing.T) {
	file := filepath.Join(ggDir, "ghcfrank-GG20260705-1149_-_NLHYellow40_-_0.02_-_0.05_-_6max.txt")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	f, out, errOut := cardsTestFactory(string(data))
	if code := Run(f, []string{"hh", "replay", "-"}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out.String(), "13 hands: 13 replayed") || !strings.Contains(out.String(), "<stdin>") {
		t.Errorf("stdout %s", out)
	}
	// Standard input given twice is a usage mistake, a missing path names it.
	f, _, errOut = cardsTestFactory("")
	if code := Run(f, []string{"hh", "replay", "-", "-"}); code == ExitOK || !strings.Contains(errOut.String(), `"-" (standard input) is given twice`) {
		t.Errorf("exit %d, stderr %s", code, errOut)
	}
	f, _, errOut = cardsTestFactory("")
	if code := Run(f, []string{"hh", "replay", "nope.txt"}); code != ExitError || !strings.Contains(errOut.String(), "nope.txt: no such file or directory") {
		t.Errorf("exit %d, stderr %s", code, errOut)
	}
}

// hh convert: PokerStars text to PHH keeps the hand's identity and outcome
// in PHH's fields; rejected hands are listed on stderr, left out, exit 1.
func TestHHConvertSite(t *testing.T) {
	dst := filepath.Join(t.TempDir(), "eur.phhs")
	f, _, errOut := cardsTestFactory("")
	if code := Run(f, []string{"hh", "convert", "--to", "phh", filepath.Join(psDir, "fpdb-cash-NLHE-6max-EUR-0.05-0.10-200911.txt"), "-o", dst}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	hands, err := hh.ReadFile(dst)
	if err != nil || len(hands) != 69 {
		t.Fatalf("%d hands, %v", len(hands), err)
	}
	h := hands[0]
	for k, want := range map[string]string{"venue": "PokerStars", "table": "Lampland", "hand": "35602019775", "currency": "EUR",
		"currency_symbol": "€", "year": "2009", "month": "11", "day": "20", "time": "07:12:10", "time_zone_abbreviation": "ET"} {
		if got, _ := h.Field(k); got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	// rico4429 (seat 1, p5) posts a big blind out of position, checks his
	// option and takes the pot on the turn: €0.40 less €0.02 rake.
	if h.Players[4] != "rico4429" || h.FormatAmount(h.Winnings[4]) != "0.38" || h.FormatAmount(h.FinishingStacks[4]) != "2.65" {
		t.Errorf("players %v winnings %v finishing %v", h.Players, h.Winnings, h.FinishingStacks)
	}

	f, out, errOut := cardsTestFactory("")
	code := Run(f, []string{"hh", "convert", "--to", "pokerstars", filepath.Join(psDir, "fpdb-tour-NLHE-9max-Freeroll-MTT-201209.concatenated.partial.txt")})
	if code != ExitError || !strings.Contains(errOut.String(), "pokerlab: skipped: ") ||
		!strings.Contains(errOut.String(), "2 of 60 hands could not be read and were left out") {
		t.Fatalf("exit %d, stderr %s", code, errOut)
	}
	back, rejected, err := hh.ReadAny("out.txt", out.Bytes())
	if err != nil || len(rejected) != 0 || len(back) != 58 {
		t.Fatalf("the text written reads back as %d hands, %v %v", len(back), rejected, err)
	}
}

// hud: the same hands give the same statistics whether they are read as
// PokerStars text or as the PHH converted from it.
func TestHudSiteEqualsPHH(t *testing.T) {
	src := filepath.Join(psDir, "fpdb-cash-NLHE-FR-USD-0.01-0.02-201005.microgrind.txt")
	dst := filepath.Join(t.TempDir(), "micro.phhs")
	f, _, errOut := cardsTestFactory("")
	if code := Run(f, []string{"hh", "convert", "--to", "phh", src, "-o", dst}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	hudOf := func(file string) HudJSON {
		f, out, errOut := cardsTestFactory("")
		if code := Run(f, []string{"hud", "--json", "--threads", "3", file}); code != ExitOK {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var j HudJSON
		if err := json.Unmarshal(out.Bytes(), &j); err != nil {
			t.Fatal(err)
		}
		return j
	}
	a, b := hudOf(src), hudOf(dst)
	if a.Hands != 96 || b.Hands != 96 || len(a.Players) != len(b.Players) || len(a.Skipped) != 0 {
		t.Fatalf("hands %d and %d, players %d and %d, skipped %v", a.Hands, b.Hands, len(a.Players), len(b.Players), a.Skipped)
	}
	for name, pa := range a.Players {
		pb := b.Players[name]
		if pa.Hands != pb.Hands {
			t.Errorf("%s: %d hands in the text, %d in the PHH", name, pa.Hands, pb.Hands)
		}
		for k, sa := range pa.Stats {
			if sb := pb.Stats[k]; sa.Taken != sb.Taken || sa.Opportunities != sb.Opportunities {
				t.Errorf("%s %s: %d/%d from the text, %d/%d from the PHH", name, k, sa.Taken, sa.Opportunities, sb.Taken, sb.Opportunities)
			}
		}
	}
	// A directory of GGPoker text, read in parallel chunks: the rejected
	// hands are skipped and listed.
	g := hudOf(ggDir)
	if g.Hands != 385 || len(g.Skipped) != 15 {
		t.Errorf("%d hands, %d skipped; want 385 and 15", g.Hands, len(g.Skipped))
	}
}

// npc clone builds a profile from site text.
func TestNPCCloneSite(t *testing.T) {
	f, out, errOut := cardsTestFactory("")
	if code := Run(f, []string{"npc", "clone", "--player", "Hero", "--min-opportunities", "20", ggDir}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out.String(), "vpip") {
		t.Errorf("profile:\n%s", out)
	}
}

// A directory may hold files that are not hand histories (a tournament
// summary, notes): they are reported and passed over; named on the command
// line, such a file is an error.
func TestSiteDirectoryWithOtherFiles(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join(psDir, "hhsmithy-GbpTable.txt"))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(filepath.Join(dir, "hands.txt"), data, 0o644)
	os.WriteFile(filepath.Join(dir, "summary.txt"), []byte("PokerStars Tournament #661361197, No Limit Hold'em\nBuy-In: £75.00/£0.00\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "notes.md"), []byte("# not read: not a hand-history extension\n"), 0o644)

	f, out, errOut := cardsTestFactory("")
	code := Run(f, []string{"hh", "replay", dir})
	summary := filepath.Join(dir, "summary.txt")
	if code != ExitError || !strings.Contains(out.String(), summary+":1: a PokerStars tournament summary, not a hand history") ||
		!strings.Contains(out.String(), "2 hands: 1 replayed") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, out, errOut)
	}
	f, out, errOut = cardsTestFactory("")
	if code := Run(f, []string{"hud", "--json", dir}); code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var j HudJSON
	if err := json.Unmarshal(out.Bytes(), &j); err != nil || j.Hands != 1 || len(j.Skipped) != 1 || j.Skipped[0].File != summary {
		t.Errorf("%+v %v", j, err)
	}
	f, _, errOut = cardsTestFactory("")
	if code := Run(f, []string{"hud", summary}); code != ExitError || !strings.Contains(errOut.String(), "a PokerStars tournament summary, not a hand history") {
		t.Errorf("exit %d, stderr %s", code, errOut)
	}
}

package npc

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// legacyPlay plays 400 hands of a six-handed table of profile p at every
// seat and returns the SHA-256 of the PHH written: the bits of every
// decision.
func legacyPlay(t *testing.T, p *Profile) string {
	t.Helper()
	tb := &Table{SmallBlind: 1, BigBlind: 2, Stack: 200}
	for i := range 6 {
		tb.Seats = append(tb.Seats, Seat{Name: "p" + string(rune('1'+i)), Profile: p})
	}
	var out strings.Builder
	rec, _ := NewRecorder(tb, &out)
	if _, err := Simulate(tb, SimOptions{Hands: 400, Seed: 7, Threads: 1, HandSink: rec.Hand}); err != nil {
		t.Fatal(err)
	}
	if rec.Err() != nil {
		t.Fatal(rec.Err())
	}
	h := sha256.Sum256([]byte(out.String()))
	return hex.EncodeToString(h[:8])
}

// legacyDigests are the digests of legacyPlay for every profile of the
// repository, taken before profiles gained positions, pot types, learned
// sizes and ranges.
var legacyDigests = map[string]string{
	"archetypes/calling-station.toml":           "284b8c85ce684456",
	"archetypes/lag.toml":                       "570ed807a94a9941",
	"archetypes/maniac.toml":                    "934c1a27b457780d",
	"archetypes/nit.toml":                       "193d98d9caed522f",
	"archetypes/regular.toml":                   "8c105adaeea1f690",
	"archetypes/tag.toml":                       "deba2a111bd7758d",
	"testdata/profiles/3h-calling-station.toml": "3254842db230b690",
	"testdata/profiles/3h-lag.toml":             "27518cbe209e1f9e",
	"testdata/profiles/3h-tag.toml":             "fd20c70e20682ddf",
	"testdata/profiles/hu-fish.toml":            "c77db102c3be64e3",
	"testdata/profiles/hu-reg.toml":             "f30849979b25d856",
}

// TestOldProfilesPlayIdentically: every profile file of the repository
// still parses, and plays bit for bit as it did before the optional
// tables existed.
func TestOldProfilesPlayIdentically(t *testing.T) {
	var files []string
	for _, dir := range []string{"archetypes", filepath.Join("testdata", "profiles")} {
		m, _ := filepath.Glob(filepath.Join(dir, "*.toml"))
		files = append(files, m...)
	}
	slices.Sort(files)
	if len(files) < 11 {
		t.Fatalf("found %d profile files", len(files))
	}
	got := map[string]string{}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParseProfile(string(src), f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		got[filepath.ToSlash(f)] = legacyPlay(t, p)
	}
	for f, d := range got {
		if want, ok := legacyDigests[f]; !ok || want != d {
			t.Errorf("%s: digest %s, want %q", f, d, want)
		}
	}
}

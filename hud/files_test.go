package hud_test

import (
	"os"
	"reflect"
	"slices"
	"strings"
	"testing"

	"pokerlab/hh"
	"pokerlab/hud"
)

// TestTallyFilesMatchesAddRecorded: the files' HUD is the one of adding
// each hand with AddRecorded, for any number of workers (the file is cut
// into chunks that each worker tallies).
func TestTallyFilesMatchesAddRecorded(t *testing.T) {
	const path = "../testdata/handhq/real_handhq_1000NLH.phhs"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	hands, err := hh.Parse(path, data)
	if err != nil {
		t.Fatal(err)
	}
	want := hud.NewTracker()
	var r hh.Replayer
	added, skipped := want.AddPHH(hands, &r)
	want.SortByName()
	for _, threads := range []int{1, 3} {
		res, err := hud.TallyFiles([]hud.File{{Name: path, Data: data}}, hud.FilesOptions{Threads: threads})
		if err != nil {
			t.Fatal(err)
		}
		if res.Hands != int64(added) || len(res.Skipped) != len(skipped) {
			t.Errorf("%d threads: %d hands, %d skipped; want %d, %d", threads, res.Hands, len(res.Skipped), added, len(skipped))
		}
		// The money's real sums are added in another order (by chunk):
		// equal within rounding; the rest exactly.
		got, exp := slices.Clone(res.Tracker.Players()), slices.Clone(want.Players())
		for i := range min(len(got), len(exp)) {
			if !sameMoney(&got[i].Money, &exp[i].Money) {
				t.Errorf("%d threads: %s: money %+v, AddRecorded's %+v", threads, got[i].Name, got[i].Money, exp[i].Money)
			}
			got[i].Money, exp[i].Money = hud.Money{}, hud.Money{}
		}
		if !reflect.DeepEqual(got, exp) {
			t.Errorf("%d threads: the players' tallies differ from AddRecorded's", threads)
		}
	}
}

// TestTallyFilesSkipsOnlyFilesFoundInDirectories: a file that is not a
// hand history is an error when named, and skipped (and listed) when found
// in a directory.
func TestTallyFilesSkipsOnlyFilesFoundInDirectories(t *testing.T) {
	notes := hud.File{Name: "notes.txt", Data: []byte("shopping list\n")}
	if _, err := hud.TallyFiles([]hud.File{notes}, hud.FilesOptions{}); err == nil || !strings.Contains(err.Error(), "notes.txt") {
		t.Errorf("named: %v, want an error naming notes.txt", err)
	}
	notes.InDir = true
	stats, err := os.ReadFile("testdata/stats.phhs")
	if err != nil {
		t.Fatal(err)
	}
	res, err := hud.TallyFiles([]hud.File{notes, {Name: "stats.phhs", Data: stats}}, hud.FilesOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Skipped) == 0 || res.Skipped[0].File != "notes.txt" || res.Hands == 0 {
		t.Errorf("%d hands, skipped %+v", res.Hands, res.Skipped)
	}
}

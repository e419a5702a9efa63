package store

import (
	"context"
	"slices"
	"testing"

	"pokerlab/internal/testsupport/dbtest"
)

// The rows of package store/watch: saved, replaced, found by path, by the
// digest of their first bytes and by directory (a path with LIKE's
// wildcards and a sibling directory whose name extends the one asked for
// are told apart), deleted.
func TestWatchedFiles(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d dbtest.DB) {
		ctx := context.Background()
		db := open(t, d.URL)
		rows := []WatchedFile{
			{Path: "/h/a_%.txt", HeadLen: 4096, HeadDigest: "aa", ReadBytes: 9000, ReadLines: 200, Hands: 9},
			{Path: "/h/sub/b.phhs", HeadLen: 700, HeadDigest: "bb", ReadBytes: 700, ReadLines: 21, PHHKeys: ",actions,antes", Hands: 1},
			{Path: "/hx/c.txt", HeadLen: 4096, HeadDigest: "aa", ReadBytes: 5000, ReadLines: 100, Hands: 5},
		}
		for _, r := range rows {
			if err := db.SaveWatchedFile(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		rows[0].ReadBytes, rows[0].ReadLines, rows[0].Hands = 12000, 260, 12
		if err := db.SaveWatchedFile(ctx, rows[0]); err != nil {
			t.Fatal(err)
		}
		if got, ok, err := db.WatchedFile(ctx, rows[0].Path); err != nil || !ok || got != rows[0] {
			t.Errorf("WatchedFile: %+v, %v, %v; want %+v", got, ok, err, rows[0])
		}
		if _, ok, err := db.WatchedFile(ctx, "/h/none.txt"); ok || err != nil {
			t.Errorf("a path without a row: %v, %v", ok, err)
		}
		if got, err := db.WatchedFilesByHead(ctx, 4096, "aa"); err != nil || !slices.Equal(got, []WatchedFile{rows[0], rows[2]}) {
			t.Errorf("WatchedFilesByHead: %+v, %v", got, err)
		}
		if got, err := db.WatchedFilesByHead(ctx, 700, "aa"); err != nil || len(got) != 0 {
			t.Errorf("WatchedFilesByHead of another length: %+v, %v", got, err)
		}
		if got, err := db.WatchedFilesUnder(ctx, "/h"); err != nil || !slices.Equal(got, rows[:2]) {
			t.Errorf("WatchedFilesUnder: %+v, %v", got, err)
		}
		if err := db.DeleteWatchedFiles(ctx, []string{rows[0].Path, "/h/none.txt"}); err != nil {
			t.Fatal(err)
		}
		if got, err := db.WatchedFilesUnder(ctx, "/"); err != nil || !slices.Equal(got, rows[1:]) {
			t.Errorf("after the delete: %+v, %v", got, err)
		}
	})
}

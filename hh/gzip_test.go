package hh

import (
	"bytes"
	"compress/gzip"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func gz(t *testing.T, data []byte) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := w.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestGzipInputIsReadAsItsText(t *testing.T) {
	plain, err := os.ReadFile("testdata/pokerstars/fpdb-cash-2025-NL-uncalled-bet.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "hands.txt.gz")
	if err := os.WriteFile(path, gz(t, plain), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := ReadInput(Input{Name: path, Path: path}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, plain) {
		t.Fatalf("read %d bytes, want the %d of the text", len(got), len(plain))
	}
	// Standard input too, and whatever the name.
	got, err = ReadInput(Input{Name: Stdin}, bytes.NewReader(gz(t, plain)))
	if err != nil || !bytes.Equal(got, plain) {
		t.Fatalf("standard input: %d bytes, %v", len(got), err)
	}
}

func TestTruncatedGzipIsAnError(t *testing.T) {
	z := gz(t, bytes.Repeat([]byte("PokerStars Hand #1: Hold'em No Limit ($0.01/$0.02 USD)\n"), 2000))
	_, err := ReadInput(Input{Name: Stdin}, bytes.NewReader(z[:len(z)/2]))
	if err == nil || !strings.Contains(err.Error(), "gzip-compressed input") {
		t.Fatalf("got %v, want an error naming the compressed input", err)
	}
}

func TestDirectoriesHoldCompressedHistories(t *testing.T) {
	for name, want := range map[string]bool{
		"a.phhs.gz": true, "a.TXT.GZ": true, "a.phh.gz": true,
		"a.gz": false, "a.tar.gz": false, "a.json.gz": false,
	} {
		if got := handHistoryExt(name); got != want {
			t.Errorf("handHistoryExt(%q) = %v, want %v", name, got, want)
		}
	}
}

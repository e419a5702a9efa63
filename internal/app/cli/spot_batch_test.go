package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const batchTemplate = `pot = 20
stack = 10
oop = "AA,KK,AK"
ip = "QQ,JJ,AQs"
[sizes]
bet = "50%"
raise = "a"
[batch]
target = 2
`

// TestSpotBatchSolvesAndReports: spot batch solves a 3-flop set on an
// SQLite file and reports it as spot batch status does; the same command
// again queues nothing; cancel and status name an unknown batch (exit 2).
func TestSpotBatchSolvesAndReports(t *testing.T) {
	dir := t.TempDir()
	tpl := filepath.Join(dir, "t.toml")
	os.WriteFile(tpl, []byte(batchTemplate), 0o644)
	db := filepath.Join(dir, "b.db")
	out := filepath.Join(dir, "res")
	code, stdout, errOut := run(t, "spot", "batch", tpl, "--flops", "3", "--out", out, "--db", db, "--workers", "2", "--json")
	if code != ExitOK {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var b SpotBatchJSON
	if err := json.Unmarshal([]byte(stdout), &b); err != nil {
		t.Fatal(err)
	}
	if b.Counts["done"] != 3 || len(b.Results) != 3 || *b.Queued != 3 || b.Total != 3 {
		t.Fatalf("batch: %+v", b)
	}
	for _, r := range b.Results {
		if r.ValueOOP == nil || r.PLS == "" {
			t.Errorf("flop %s without a result: %+v", r.Flop, r)
		}
		if _, err := os.Stat(r.PLS); err != nil {
			t.Error(err)
		}
	}
	code, stdout, _ = run(t, "spot", "batch", tpl, "--flops", "3", "--out", out, "--db", db, "--json")
	var again SpotBatchJSON
	json.Unmarshal([]byte(stdout), &again)
	if code != ExitOK || again.Batch != b.Batch || *again.Queued != 0 {
		t.Errorf("the same batch again: exit %d, %+v", code, again)
	}
	code, stdout, _ = run(t, "spot", "batch", "status", b.Batch, "--db", db)
	if code != ExitOK || !strings.Contains(stdout, "3 done, 0 running, 0 failed") {
		t.Errorf("status: exit %d, %s", code, stdout)
	}
	for _, sub := range []string{"status", "cancel"} {
		if code, _, errOut := run(t, "spot", "batch", sub, "0123456789abcdef", "--db", db); code != ExitUsage || !strings.Contains(errOut, "no batch") {
			t.Errorf("%s of an unknown batch: exit %d, %s", sub, code, errOut)
		}
	}
	if code, stdout, _ := run(t, "spot", "batch", "cancel", b.Batch, "--db", db); code != ExitOK || !strings.Contains(stdout, "cancelled") {
		t.Errorf("cancel: exit %d %s", code, stdout)
	}
}

// TestSpotBatchRefusesBadInput: a template that gives no spot exits 1
// naming the file and key before anything is queued; a bad flop set exits 2.
func TestSpotBatchRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	tpl := filepath.Join(dir, "t.toml")
	os.WriteFile(tpl, []byte(strings.Replace(batchTemplate, `ip = "QQ,JJ,AQs"`, `ip = "QQ,ZZ"`, 1)), 0o644)
	db := filepath.Join(dir, "b.db")
	if code, _, errOut := run(t, "spot", "batch", tpl, "--flops", "3", "--out", dir, "--db", db); code != ExitError || !strings.Contains(errOut, "t.toml:4") {
		t.Errorf("a bad template: exit %d, %s", code, errOut)
	}
	if _, err := os.Stat(db); err == nil {
		t.Error("the database was created for a bad template")
	}
	os.WriteFile(tpl, []byte(batchTemplate), 0o644)
	for _, set := range []string{"0", "1756", filepath.Join(dir, "missing.txt")} {
		if code, _, errOut := run(t, "spot", "batch", tpl, "--flops", set, "--out", dir, "--db", db); code != ExitUsage || !strings.Contains(errOut, "--flops") {
			t.Errorf("--flops %s: exit %d, %s", set, code, errOut)
		}
	}
}

package main

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// Start-up does no work in pokerlab's own packages: tables,
// maps, templates and regular expressions are built at first use. The test
// binary links the same packages as the command; run again with
// GODEBUG=inittrace=1 and no tests, it reports every package's init, and
// each of pokerlab's may allocate a few words (a sync.OnceValue is two
// allocations) but nothing that is built.
func TestInitsAllocateNothing(t *testing.T) {
	const maxBytes, maxAllocs = 1024, 16
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), "GODEBUG=inittrace=1")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	// init pokerlab/hh @14 ms, 0.017 ms clock, 88 bytes, 2 allocs
	seen := 0
	sc := bufio.NewScanner(&stderr)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) != 11 || f[0] != "init" || f[8] != "bytes," || f[10] != "allocs" {
			continue
		}
		pkg := f[1]
		if !strings.HasPrefix(pkg, "pokerlab/") || pkg == "pokerlab/cmd/pokerlab" {
			continue
		}
		seen++
		bytes, err1 := strconv.Atoi(f[7])
		allocs, err2 := strconv.Atoi(f[9])
		if err1 != nil || err2 != nil {
			t.Fatalf("unreadable inittrace line %q", sc.Text())
		}
		if bytes > maxBytes || allocs > maxAllocs {
			t.Errorf("init of %s allocates %d bytes in %d allocations (at most %d bytes, %d allocations): build it at first use",
				pkg, bytes, allocs, maxBytes, maxAllocs)
		}
	}
	// Several of pokerlab's packages have an init (of static data); none
	// reported means the trace was not read.
	if seen < 5 {
		t.Fatalf("inittrace reported %d of pokerlab's packages; output:\n%s", seen, stderr.String())
	}
}

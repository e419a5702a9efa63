package main

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"pokerlab/handeval"
)

func TestWorkloadArgument(t *testing.T) {
	for _, c := range []struct {
		name    string
		args    []string
		want    string
		wantErr bool
	}{
		{"none: every workload", nil, "", false},
		{"a row of the script", []string{"mc-ranges"}, "mc-ranges", false},
		{"an unknown name is refused", []string{"mc-range"}, "", true},
		{"two names are refused", []string{"enum7", "mc-hu"}, "", true},
	} {
		got, err := workload(c.args)
		if got != c.want || (err != nil) != c.wantErr {
			t.Errorf("%s: workload(%q) = %q, %v", c.name, c.args, got, err)
		}
	}
}

// TestWorkloadsMatchTheDriverAndTheScript: the C++ driver runs the same
// workloads in the same order (the script pairs their rows), and the
// script's -r check accepts exactly these names.
func TestWorkloadsMatchTheDriverAndTheScript(t *testing.T) {
	cpp, err := os.ReadFile("../../../scripts/ompeval/driver.cpp")
	if err != nil {
		t.Fatal(err)
	}
	var driver []string
	for _, m := range regexp.MustCompile(`want\("([a-z0-9-]+)"\)`).FindAllStringSubmatch(string(cpp), -1) {
		driver = append(driver, m[1])
	}
	if !slices.Equal(driver, workloads) {
		t.Errorf("driver.cpp runs %q, ompcompare %q", driver, workloads)
	}
	script, err := os.ReadFile("../../../scripts/ompeval-compare")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^"" \| (.*)\) ;;$`).FindStringSubmatch(string(script))
	if m == nil {
		t.Fatal("scripts/ompeval-compare: no -r check found")
	}
	if names := strings.Split(m[1], " | "); !slices.Equal(names, workloads) {
		t.Errorf("scripts/ompeval-compare -r accepts %q, ompcompare has %q", names, workloads)
	}
}

// sumValues (four values a word, in 32-bit lanes) is the plain sum.
func TestSumValues(t *testing.T) {
	vs := make([]handeval.Value, 1100)
	for i := range vs {
		vs[i] = handeval.Value(7462 - i*37%7462)
	}
	for n := range len(vs) {
		var want uint64
		for _, v := range vs[:n] {
			want += uint64(v)
		}
		if got := sumValues(vs[:n]); got != want {
			t.Fatalf("sumValues of %d values: %d, want %d", n, got, want)
		}
	}
}

package main

import (
	"strings"
	"testing"
	"time"
)

func ms(x float64) time.Duration { return time.Duration(x * float64(time.Millisecond)) }

// rows returns the table's data rows split into their cells.
func rows(t *testing.T, ratio bool) [][]string {
	t.Helper()
	cmds := [][]string{{"/bin/true"}, {"pokerlab", "game", "list"}}
	samples := [][]sample{
		{{wall: ms(2), cpu: ms(1), rssKiB: 2048, minflt: 50}, {wall: ms(4), cpu: ms(3), rssKiB: 2048, minflt: 52}},
		{{wall: ms(30), cpu: ms(2), rssKiB: 4096, minflt: 700}, {wall: ms(1500), cpu: ms(9), rssKiB: 6144, minflt: 720}},
	}
	var b strings.Builder
	writeTable(&b, cmds, samples, ratio)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	var out [][]string
	for _, l := range lines[2:] {
		var cells []string
		for _, c := range strings.Split(strings.Trim(l, "|"), "|") {
			cells = append(cells, strings.TrimSpace(c))
		}
		out = append(out, cells)
	}
	return out
}

func TestTableGivesMinimumAndMedianOfEachCommand(t *testing.T) {
	got := rows(t, false)
	want := [][]string{
		{"`/bin/true`", "2.00 ms", "3.00 ms", "1.00 ms", "2.00 ms", "2.0 MiB", "51"},
		{"`pokerlab game list`", "30.00 ms", "765.00 ms", "2.00 ms", "5.50 ms", "5.0 MiB", "710"},
	}
	for i := range want {
		if strings.Join(got[i], "|") != strings.Join(want[i], "|") {
			t.Errorf("row %d: %q, want %q", i, got[i], want[i])
		}
	}
}

func TestRatioDividesTheCPUTimesByTheFirstCommands(t *testing.T) {
	got := rows(t, true)
	for i, want := range [][2]string{{"1.00", "1.00"}, {"2.00", "2.75"}} {
		row := got[i]
		if len(row) != 9 || row[7] != want[0] || row[8] != want[1] {
			t.Errorf("row %d: %q, want ratios %q", i, row, want)
		}
	}
}

func TestDurationSwitchesToSecondsAtOneSecond(t *testing.T) {
	for _, c := range []struct {
		ms   float64
		want string
	}{{999.994, "999.99 ms"}, {1000, "1.00 s"}, {6740, "6.74 s"}} {
		if got := duration(c.ms); got != c.want {
			t.Errorf("duration(%g) = %q, want %q", c.ms, got, c.want)
		}
	}
}

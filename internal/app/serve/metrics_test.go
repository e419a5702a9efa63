package serve

import (
	"bytes"
	"math"
	"os"
	"regexp"
	rtmetrics "runtime/metrics"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"pokerlab/internal/app/table"
)

// TestMetricsSkeleton: after the same play, GET /metrics gives line for
// line the output Prometheus' Go client (client_golang v1.25.0, with its Go
// and process collectors) gave when the server used it, values aside:
// testdata/metrics-skeleton.txt is that output with every value replaced
// by V.
func TestMetricsSkeleton(t *testing.T) {
	want, err := os.ReadFile("testdata/metrics-skeleton.txt")
	if err != nil {
		t.Fatal(err)
	}
	ts := newTestServer(t, Config{})
	c := ts.create(`{"small_blind":1,"big_blind":2,"stack":100,"seed":1,"hands":20,"seats":[{"name":"a","profile":"tag"},{"name":"b","profile":"lag"}]}`)
	deadline := time.Now().Add(10 * time.Second)
	for ts.state(c.TableID, "").Status != table.StatusFinished && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	resp, err := ts.http.Client().Get(ts.http.URL + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if ct := resp.Header.Get("Content-Type"); ct != "text/plain; version=0.0.4; charset=utf-8" {
		t.Errorf("Content-Type %q", ct)
	}
	var out bytes.Buffer
	out.ReadFrom(resp.Body)
	sample := regexp.MustCompile(`^([a-z_]+(\{.*\})?) (\S+)$`)
	var got []string
	for line := range strings.Lines(out.String()) {
		line = strings.TrimSuffix(line, "\n")
		if strings.HasPrefix(line, "#") {
			got = append(got, line)
			continue
		}
		m := sample.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("not a sample line: %q", line)
			continue
		}
		if _, err := parseValue(m[3]); err != nil {
			t.Errorf("%q: %v", line, err)
		}
		got = append(got, m[1]+" V")
	}
	wantLines := strings.Split(strings.TrimSuffix(string(want), "\n"), "\n")
	if strings.Join(got, "\n") != strings.Join(wantLines, "\n") {
		for i := range max(len(got), len(wantLines)) {
			var g, w string
			if i < len(got) {
				g = got[i]
			}
			if i < len(wantLines) {
				w = wantLines[i]
			}
			if g != w {
				t.Errorf("line %d: got %q, want %q", i+1, g, w)
			}
		}
	}
	for _, m := range []string{"pokerlab_hands_dealt_total 20\n", "pokerlab_hands_finished_total 20\n", "pokerlab_open_tables 1\n",
		"pokerlab_hand_seconds_count 20\n", "pokerlab_decisions_total{by=\"human\"} 0\n"} {
		if !bytes.Contains(out.Bytes(), []byte(m)) {
			t.Errorf("metrics lack %q", m)
		}
	}
}

func parseValue(s string) (float64, error) {
	switch s {
	case "+Inf":
		return math.Inf(1), nil
	case "-Inf":
		return math.Inf(-1), nil
	}
	var v float64
	_, err := fmtSscan(s, &v)
	return v, err
}

// TestHistogramBuckets: an observation lands in the first bucket whose
// upper bound is at least its value (bounds are inclusive, "le"); the
// buckets are written cumulatively, +Inf last, then the sum and count.
func TestHistogramBuckets(t *testing.T) {
	h := newHistogram([]float64{1, 2.5, 10})
	for _, v := range []float64{0.5, 1, 1.5, 2.5, 3, 11, 1e9} {
		h.Observe(v)
	}
	var b bytes.Buffer
	writeFamily(&b, family{"x_seconds", "Help with \\ and\nnewline.", "histogram", h.samples([][2]string{{"by", `a"b`}})})
	want := `# HELP x_seconds Help with \\ and\nnewline.
# TYPE x_seconds histogram
x_seconds_bucket{by="a\"b",le="1"} 2
x_seconds_bucket{by="a\"b",le="2.5"} 4
x_seconds_bucket{by="a\"b",le="10"} 5
x_seconds_bucket{by="a\"b",le="+Inf"} 7
x_seconds_sum{by="a\"b"} 1.0000000195e+09
x_seconds_count{by="a\"b"} 7
`
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestExponentialBuckets: the bounds print as the Go client's did for
// ExponentialBuckets(1e-4, 4, 12).
func TestExponentialBuckets(t *testing.T) {
	var got []string
	for _, v := range exponentialBuckets(1e-4, 4, 12) {
		got = append(got, formatFloat(v))
	}
	want := "0.0001 0.0004 0.0016 0.0064 0.0256 0.1024 0.4096 1.6384 6.5536 26.2144 104.8576 419.4304"
	if strings.Join(got, " ") != want {
		t.Errorf("got %v", got)
	}
}

// TestCounterVecOrder: children are written sorted by their label values,
// the labels in the order of their names (code before route).
func TestCounterVecOrder(t *testing.T) {
	v := newCounterVec("route", "code")
	v.WithLabelValues("b", "200").Inc()
	v.WithLabelValues("a", "404").Inc()
	v.WithLabelValues("a", "200").Inc()
	v.WithLabelValues("a", "200").Inc()
	var b bytes.Buffer
	writeFamily(&b, family{"r_total", "R.", "counter", counterSamples(v)})
	want := "# HELP r_total R.\n# TYPE r_total counter\n" +
		"r_total{code=\"200\",route=\"a\"} 2\nr_total{code=\"200\",route=\"b\"} 1\nr_total{code=\"404\",route=\"a\"} 1\n"
	if b.String() != want {
		t.Errorf("got\n%s", b.String())
	}
}

// TestConcurrentObservations: counts and sums are exact under concurrent
// use (values that add exactly in floating point).
func TestConcurrentObservations(t *testing.T) {
	h := newHistogram([]float64{1})
	c := &counter{}
	v := newCounterVec("route", "code")
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			for i := range 1000 {
				h.Observe(0.5)
				c.Inc()
				v.WithLabelValues("r", strconv.Itoa(i%4)).Inc()
			}
		})
	}
	wg.Wait()
	for _, s := range counterSamples(v) {
		if s.value != 2000 {
			t.Errorf("%v: %v, want 2000", s.labels, s.value)
		}
	}
	if n := len(counterSamples(v)); n != 4 {
		t.Errorf("%d children, want 4", n)
	}
	if h.count.Load() != 8000 || math.Float64frombits(h.sum.Load()) != 4000 || h.counts[0].Load() != 8000 || c.value() != 8000 {
		t.Errorf("count %d sum %v bucket %d counter %v", h.count.Load(), math.Float64frombits(h.sum.Load()), h.counts[0].Load(), c.value())
	}
}

// TestProcessFamilies: the values read from /proc are those of this
// process: it has used CPU time, started within the last hour before now,
// holds memory and open files within its limits.
func TestProcessFamilies(t *testing.T) {
	vals := map[string]float64{}
	for _, f := range processFamilies() {
		vals[f.name] = f.samples[0].value
	}
	if len(vals) != 9 {
		t.Fatalf("%d process families: %v", len(vals), vals)
	}
	now := float64(time.Now().UnixNano()) / 1e9
	if st := vals["process_start_time_seconds"]; st > now+1 || st < now-3600 {
		t.Errorf("start time %v, now %v", st, now)
	}
	if vals["process_cpu_seconds_total"] <= 0 || vals["process_resident_memory_bytes"] < 1<<20 ||
		vals["process_virtual_memory_bytes"] < vals["process_resident_memory_bytes"] {
		t.Errorf("cpu/memory: %v", vals)
	}
	if o, m := vals["process_open_fds"], vals["process_max_fds"]; o < 3 || o > m {
		t.Errorf("open fds %v, max %v", o, m)
	}
}

var fmtSscan = func(s string, v *float64) (int, error) {
	f, err := strconv.ParseFloat(s, 64)
	*v = f
	return 1, err
}

// TestGoFamiliesAgainstRuntimeMetrics: the settings the Go family reads
// without runtime/metrics (GOGC from the environment, the memory limit,
// GOMAXPROCS) equal what runtime/metrics reports.
func TestGoFamiliesAgainstRuntimeMetrics(t *testing.T) {
	s := []rtmetrics.Sample{{Name: "/gc/gogc:percent"}, {Name: "/gc/gomemlimit:bytes"}, {Name: "/sched/gomaxprocs:threads"}}
	rtmetrics.Read(s)
	want := map[string]float64{
		"go_gc_gogc_percent":          float64(s[0].Value.Uint64()),
		"go_gc_gomemlimit_bytes":      float64(s[1].Value.Uint64()),
		"go_sched_gomaxprocs_threads": float64(s[2].Value.Uint64()),
	}
	for _, f := range goFamilies() {
		if w, ok := want[f.name]; ok {
			if f.samples[0].value != w {
				t.Errorf("%s: %v, runtime/metrics %v", f.name, f.samples[0].value, w)
			}
			delete(want, f.name)
		}
	}
	if len(want) > 0 {
		t.Errorf("missing: %v", want)
	}
}

package serve

import (
	"bufio"
	"bytes"
	"math"
	"net/http"
	"os"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The Prometheus text exposition format, version 0.0.4
// (prometheus.io/docs/instrumenting/exposition_formats): per family a
// "# HELP name text" line, a "# TYPE name type" line and one line per
// sample, "name{label="value",...} value". Families are written sorted by
// name and the samples of a family sorted by their label values (labels
// in the order of their names), as Prometheus' Go client writes them, so
// that the output is the one the server gave when it used that client:
// the families of its Go and process collectors included (same names,
// help texts and labels; TestMetricsSkeleton).

// family is one metric family at the moment of a scrape.
type family struct {
	name, help, typ string
	samples         []sample
}

// sample is one line of a family: the name's suffix (_bucket, _sum,
// _count or ""), its labels as name/value pairs and its value.
type sample struct {
	suffix string
	labels [][2]string
	value  float64
}

// metricsContentType is the text format's media type.
const metricsContentType = "text/plain; version=0.0.4; charset=utf-8"

// handler answers GET /metrics.
func (m *metrics) handler() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", metricsContentType)
		w.Write(m.exposition())
	})
}

// exposition returns the text of all families: the server's own, the Go
// runtime's and the process's.
func (m *metrics) exposition() []byte {
	fams := m.collect()
	fams = append(fams, goFamilies()...)
	fams = append(fams, processFamilies()...)
	slices.SortFunc(fams, func(a, b family) int { return strings.Compare(a.name, b.name) })
	var b bytes.Buffer
	for _, f := range fams {
		writeFamily(&b, f)
	}
	return b.Bytes()
}

// collect reads the server's own metrics.
func (m *metrics) collect() []family {
	one := func(v float64) []sample { return []sample{{value: v}} }
	return []family{
		{"pokerlab_hands_dealt_total", "Hands dealt at the server's tables.", "counter", one(m.dealt.value())},
		{"pokerlab_hands_finished_total", "Hands finished and stored.", "counter", one(m.finished.value())},
		{"pokerlab_hands_voided_total", "Hands voided (table stopped mid-hand).", "counter", one(m.voided.value())},
		{"pokerlab_decisions_total", "Decisions made, by who made them: npc (a table's NPC), human, api (POST /api/decide).", "counter", counterSamples(m.decisions)},
		{"pokerlab_decision_seconds", "Time to decide: an NPC's decision at a table or a POST /api/decide (whole request).", "histogram", histogramSamples(m.latency)},
		{"pokerlab_hand_seconds", "Duration of a hand from the deal until it is stored.", "histogram", m.handTime.samples(nil)},
		{"pokerlab_action_timeouts_total", "Human decisions taken by the action timeout (check or fold).", "counter", one(m.timeouts.value())},
		{"pokerlab_errors_total", "Errors by kind: client (4xx answers), server (5xx answers), panic (recovered), store (failed writes, retried).", "counter", counterSamples(m.errors)},
		{"pokerlab_http_requests_total", "HTTP requests by route and status code.", "counter", counterSamples(m.requests)},
		{"pokerlab_open_tables", "Tables running on this server.", "gauge", one(m.openTables())},
	}
}

// pairs returns the labels of a child as name/value pairs sorted by name.
func pairs(names []string, k [2]string) [][2]string {
	p := make([][2]string, len(names))
	for i, n := range names {
		p[i] = [2]string{n, k[i]}
	}
	slices.SortFunc(p, func(a, b [2]string) int { return strings.Compare(a[0], b[0]) })
	return p
}

// compareLabels orders children by their label values, labels taken in
// the order of their names.
func compareLabels(a, b [][2]string) int {
	for i := range a {
		if c := strings.Compare(a[i][1], b[i][1]); c != 0 {
			return c
		}
	}
	return 0
}

// counterSamples and histogramSamples are a family's lines, ordered by
// label values.
func counterSamples(v *counterVec) []sample {
	var out []sample
	for _, k := range v.members() {
		out = append(out, sample{labels: k.labels, value: k.m.value()})
	}
	return out
}

func histogramSamples(v *histogramVec) []sample {
	var out []sample
	for _, k := range v.members() {
		out = append(out, k.m.samples(k.labels)...)
	}
	return out
}

// samples returns the histogram's lines: the cumulative buckets (label le,
// after the others), the sum and the count.
func (h *histogram) samples(labels [][2]string) []sample {
	out := make([]sample, 0, len(h.upper)+3)
	var cum uint64
	for i := range h.counts {
		cum += h.counts[i].Load()
		le := math.Inf(1)
		if i < len(h.upper) {
			le = h.upper[i]
		}
		out = append(out, sample{"_bucket", append(slices.Clip(labels), [2]string{"le", formatFloat(le)}), float64(cum)})
	}
	out = append(out, sample{"_sum", labels, math.Float64frombits(h.sum.Load())},
		sample{"_count", labels, float64(h.count.Load())})
	return out
}

// writeFamily writes one family in the text format.
func writeFamily(b *bytes.Buffer, f family) {
	b.WriteString("# HELP ")
	b.WriteString(f.name)
	b.WriteByte(' ')
	b.WriteString(escape(f.help, false))
	b.WriteString("\n# TYPE ")
	b.WriteString(f.name)
	b.WriteByte(' ')
	b.WriteString(f.typ)
	b.WriteByte('\n')
	for _, s := range f.samples {
		b.WriteString(f.name)
		b.WriteString(s.suffix)
		if len(s.labels) > 0 {
			b.WriteByte('{')
			for i, l := range s.labels {
				if i > 0 {
					b.WriteByte(',')
				}
				b.WriteString(l[0])
				b.WriteString(`="`)
				b.WriteString(escape(l[1], true))
				b.WriteByte('"')
			}
			b.WriteByte('}')
		}
		b.WriteByte(' ')
		b.WriteString(formatFloat(s.value))
		b.WriteByte('\n')
	}
}

// escape escapes a help text (backslash, line feed) or a label value
// (those and the double quote).
func escape(s string, quote bool) string {
	if !strings.ContainsAny(s, "\\\n\"") {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '"' && quote:
			b.WriteString(`\"`)
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// formatFloat writes a value as the format wants it: +Inf, -Inf, NaN, or
// the shortest representation that reads back the same ('g').
func formatFloat(v float64) string {
	switch {
	case math.IsInf(v, 1):
		return "+Inf"
	case math.IsInf(v, -1):
		return "-Inf"
	case math.IsNaN(v):
		return "NaN"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// goFamilies are the Go runtime's families, read from runtime.MemStats,
// debug.ReadGCStats and the runtime's own counters. The help texts say
// which runtime/metrics name each equals (they are the Go client's);
// runtime/metrics itself is not used because linking it costs every
// command 0.6 ms of package initialisation.
func goFamilies() []family {
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	var gc debug.GCStats
	gc.PauseQuantiles = make([]time.Duration, 5)
	debug.ReadGCStats(&gc)
	quantiles := []string{"0", "0.25", "0.5", "0.75", "1"}
	var pauses []sample
	for i, q := range gc.PauseQuantiles {
		pauses = append(pauses, sample{labels: [][2]string{{"quantile", quantiles[i]}}, value: q.Seconds()})
	}
	pauses = append(pauses, sample{"_sum", nil, gc.PauseTotal.Seconds()}, sample{"_count", nil, float64(gc.NumGC)})
	threads, _ := runtime.ThreadCreateProfile(nil)
	goHelp := goHelpTexts()
	g := func(name, typ string, v float64) family {
		return family{name, goHelp[name], typ, []sample{{value: v}}}
	}
	return []family{
		{"go_gc_duration_seconds", goHelp["go_gc_duration_seconds"], "summary", pauses},
		g("go_gc_gogc_percent", "gauge", float64(gogc())),
		g("go_gc_gomemlimit_bytes", "gauge", float64(debug.SetMemoryLimit(-1))),
		g("go_goroutines", "gauge", float64(runtime.NumGoroutine())),
		{"go_info", goHelp["go_info"], "gauge", []sample{{labels: [][2]string{{"version", runtime.Version()}}, value: 1}}},
		g("go_memstats_alloc_bytes", "gauge", float64(ms.Alloc)),
		g("go_memstats_alloc_bytes_total", "counter", float64(ms.TotalAlloc)),
		g("go_memstats_buck_hash_sys_bytes", "gauge", float64(ms.BuckHashSys)),
		g("go_memstats_frees_total", "counter", float64(ms.Frees)),
		g("go_memstats_gc_sys_bytes", "gauge", float64(ms.GCSys)),
		g("go_memstats_heap_alloc_bytes", "gauge", float64(ms.HeapAlloc)),
		g("go_memstats_heap_idle_bytes", "gauge", float64(ms.HeapIdle)),
		g("go_memstats_heap_inuse_bytes", "gauge", float64(ms.HeapInuse)),
		g("go_memstats_heap_objects", "gauge", float64(ms.HeapObjects)),
		g("go_memstats_heap_released_bytes", "gauge", float64(ms.HeapReleased)),
		g("go_memstats_heap_sys_bytes", "gauge", float64(ms.HeapSys)),
		g("go_memstats_last_gc_time_seconds", "gauge", float64(ms.LastGC)/1e9),
		g("go_memstats_mallocs_total", "counter", float64(ms.Mallocs)),
		g("go_memstats_mcache_inuse_bytes", "gauge", float64(ms.MCacheInuse)),
		g("go_memstats_mcache_sys_bytes", "gauge", float64(ms.MCacheSys)),
		g("go_memstats_mspan_inuse_bytes", "gauge", float64(ms.MSpanInuse)),
		g("go_memstats_mspan_sys_bytes", "gauge", float64(ms.MSpanSys)),
		g("go_memstats_next_gc_bytes", "gauge", float64(ms.NextGC)),
		g("go_memstats_other_sys_bytes", "gauge", float64(ms.OtherSys)),
		g("go_memstats_stack_inuse_bytes", "gauge", float64(ms.StackInuse)),
		g("go_memstats_stack_sys_bytes", "gauge", float64(ms.StackSys)),
		g("go_memstats_sys_bytes", "gauge", float64(ms.Sys)),
		g("go_sched_gomaxprocs_threads", "gauge", float64(runtime.GOMAXPROCS(0))),
		g("go_threads", "gauge", float64(threads)),
	}
}

// gogc is the garbage collector's target percentage as the runtime reads
// it from GOGC at start-up: "off" is -1, a number is itself, anything else
// 100. The server never calls debug.SetGCPercent (which cannot be read
// back without being changed).
func gogc() int {
	v := os.Getenv("GOGC")
	if v == "off" {
		return -1
	}
	if n, err := strconv.ParseInt(v, 10, 32); err == nil {
		return int(n)
	}
	return 100
}

// processFamilies are the process's families, read from Linux's /proc
// (as the Go client's process collector reads them); a family whose source
// cannot be read is left out.
func processFamilies() []family {
	var out []family
	processHelp := processHelpTexts()
	p := func(name, typ string, v float64) {
		out = append(out, family{name, processHelp[name], typ, []sample{{value: v}}})
	}
	if st, ok := procStat(); ok {
		p("process_cpu_seconds_total", "counter", st.cpu)
		p("process_virtual_memory_bytes", "gauge", st.vsize)
		p("process_resident_memory_bytes", "gauge", st.rss)
		if st.start > 0 {
			p("process_start_time_seconds", "gauge", st.start)
		}
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		p("process_open_fds", "gauge", float64(len(fds)))
	}
	if files, space, ok := procLimits(); ok {
		p("process_max_fds", "gauge", files)
		p("process_virtual_memory_max_bytes", "gauge", space)
	}
	if in, outB, ok := procNetOctets(); ok {
		p("process_network_receive_bytes_total", "counter", in)
		p("process_network_transmit_bytes_total", "counter", outB)
	}
	return out
}

// userHZ is the unit of the times in /proc/PID/stat (USER_HZ, 100 on
// every Linux architecture's ABI).
const userHZ = 100

type stat struct{ cpu, vsize, rss, start float64 }

// procStat reads /proc/self/stat (proc(5)): utime and stime (fields 14
// and 15, in 1/userHZ s), starttime (22, since boot, in 1/userHZ s),
// vsize (23, bytes) and rss (24, pages); the boot time is /proc/stat's
// btime.
func procStat() (stat, bool) {
	b, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return stat{}, false
	}
	// The command name (field 2) is in parentheses and may hold spaces.
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return stat{}, false
	}
	f := strings.Fields(string(b[i+1:])) // f[0] is field 3
	field := func(n int) float64 {
		if n-3 >= len(f) {
			return 0
		}
		v, _ := strconv.ParseUint(f[n-3], 10, 64)
		return float64(v)
	}
	st := stat{
		cpu:   (field(14) + field(15)) / userHZ,
		vsize: field(23),
		rss:   field(24) * float64(os.Getpagesize()),
	}
	if bt, ok := bootTime(); ok {
		st.start = bt + field(22)/userHZ
	}
	return st, true
}

// bootTime is /proc/stat's btime, seconds since 1970.
func bootTime() (float64, bool) {
	fh, err := os.Open("/proc/stat")
	if err != nil {
		return 0, false
	}
	defer fh.Close()
	sc := bufio.NewScanner(fh)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "btime "); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(v), 10, 64)
			return float64(n), err == nil
		}
	}
	return 0, false
}

// procLimits reads the soft limits "Max open files" and "Max address
// space" of /proc/self/limits; "unlimited" is the largest uint64.
func procLimits() (files, space float64, ok bool) {
	b, err := os.ReadFile("/proc/self/limits")
	if err != nil {
		return 0, 0, false
	}
	soft := func(name string) (float64, bool) {
		for line := range strings.Lines(string(b)) {
			if rest, found := strings.CutPrefix(line, name); found {
				f := strings.Fields(rest)
				if len(f) == 0 {
					return 0, false
				}
				if f[0] == "unlimited" {
					return float64(^uint64(0)), true
				}
				n, err := strconv.ParseUint(f[0], 10, 64)
				return float64(n), err == nil
			}
		}
		return 0, false
	}
	files, ok1 := soft("Max open files")
	space, ok2 := soft("Max address space")
	return files, space, ok1 && ok2
}

// procNetOctets reads InOctets and OutOctets of the IpExt lines of
// /proc/self/net/netstat (a line of names followed by a line of values).
func procNetOctets() (in, out float64, ok bool) {
	b, err := os.ReadFile("/proc/self/net/netstat")
	if err != nil {
		return 0, 0, false
	}
	var names []string
	for line := range strings.Lines(string(b)) {
		rest, found := strings.CutPrefix(line, "IpExt:")
		if !found {
			continue
		}
		if names == nil {
			names = strings.Fields(rest)
			continue
		}
		vals := strings.Fields(rest)
		for i, n := range names {
			if i >= len(vals) {
				break
			}
			v, _ := strconv.ParseFloat(vals[i], 64)
			switch n {
			case "InOctets":
				in = v
			case "OutOctets":
				out = v
			}
		}
		return in, out, true
	}
	return 0, 0, false
}

// goHelpTexts and processHelpTexts return the help texts of the Go client's Go and
// process collectors (client_golang v1.25), kept so that dashboards and
// the output stay as they were.
func goHelpTexts() map[string]string {
	return map[string]string{
		"go_gc_duration_seconds":           "A summary of the wall-time pause (stop-the-world) duration in garbage collection cycles.",
		"go_gc_gogc_percent":               "Heap size target percentage configured by the user, otherwise 100. This value is set by the GOGC environment variable, and the runtime/debug.SetGCPercent function. Sourced from /gc/gogc:percent.",
		"go_gc_gomemlimit_bytes":           "Go runtime memory limit configured by the user, otherwise math.MaxInt64. This value is set by the GOMEMLIMIT environment variable, and the runtime/debug.SetMemoryLimit function. Sourced from /gc/gomemlimit:bytes.",
		"go_goroutines":                    "Number of goroutines that currently exist.",
		"go_info":                          "Information about the Go environment.",
		"go_memstats_alloc_bytes":          "Number of bytes allocated in heap and currently in use. Equals to /memory/classes/heap/objects:bytes.",
		"go_memstats_alloc_bytes_total":    "Total number of bytes allocated in heap until now, even if released already. Equals to /gc/heap/allocs:bytes.",
		"go_memstats_buck_hash_sys_bytes":  "Number of bytes used by the profiling bucket hash table. Equals to /memory/classes/profiling/buckets:bytes.",
		"go_memstats_frees_total":          "Total number of heap objects frees. Equals to /gc/heap/frees:objects + /gc/heap/tiny/allocs:objects.",
		"go_memstats_gc_sys_bytes":         "Number of bytes used for garbage collection system metadata. Equals to /memory/classes/metadata/other:bytes.",
		"go_memstats_heap_alloc_bytes":     "Number of heap bytes allocated and currently in use, same as go_memstats_alloc_bytes. Equals to /memory/classes/heap/objects:bytes.",
		"go_memstats_heap_idle_bytes":      "Number of heap bytes waiting to be used. Equals to /memory/classes/heap/released:bytes + /memory/classes/heap/free:bytes.",
		"go_memstats_heap_inuse_bytes":     "Number of heap bytes that are in use. Equals to /memory/classes/heap/objects:bytes + /memory/classes/heap/unused:bytes",
		"go_memstats_heap_objects":         "Number of currently allocated objects. Equals to /gc/heap/objects:objects.",
		"go_memstats_heap_released_bytes":  "Number of heap bytes released to OS. Equals to /memory/classes/heap/released:bytes.",
		"go_memstats_heap_sys_bytes":       "Number of heap bytes obtained from system. Equals to /memory/classes/heap/objects:bytes + /memory/classes/heap/unused:bytes + /memory/classes/heap/released:bytes + /memory/classes/heap/free:bytes.",
		"go_memstats_last_gc_time_seconds": "Number of seconds since 1970 of last garbage collection.",
		"go_memstats_mallocs_total":        "Total number of heap objects allocated, both live and gc-ed. Semantically a counter version for go_memstats_heap_objects gauge. Equals to /gc/heap/allocs:objects + /gc/heap/tiny/allocs:objects.",
		"go_memstats_mcache_inuse_bytes":   "Number of bytes in use by mcache structures. Equals to /memory/classes/metadata/mcache/inuse:bytes.",
		"go_memstats_mcache_sys_bytes":     "Number of bytes used for mcache structures obtained from system. Equals to /memory/classes/metadata/mcache/inuse:bytes + /memory/classes/metadata/mcache/free:bytes.",
		"go_memstats_mspan_inuse_bytes":    "Number of bytes in use by mspan structures. Equals to /memory/classes/metadata/mspan/inuse:bytes.",
		"go_memstats_mspan_sys_bytes":      "Number of bytes used for mspan structures obtained from system. Equals to /memory/classes/metadata/mspan/inuse:bytes + /memory/classes/metadata/mspan/free:bytes.",
		"go_memstats_next_gc_bytes":        "Number of heap bytes when next garbage collection will take place. Equals to /gc/heap/goal:bytes.",
		"go_memstats_other_sys_bytes":      "Number of bytes used for other system allocations. Equals to /memory/classes/other:bytes.",
		"go_memstats_stack_inuse_bytes":    "Number of bytes obtained from system for stack allocator in non-CGO environments. Equals to /memory/classes/heap/stacks:bytes.",
		"go_memstats_stack_sys_bytes":      "Number of bytes obtained from system for stack allocator. Equals to /memory/classes/heap/stacks:bytes + /memory/classes/os-stacks:bytes.",
		"go_memstats_sys_bytes":            "Number of bytes obtained from system. Equals to /memory/classes/total:byte.",
		"go_sched_gomaxprocs_threads":      "The current runtime.GOMAXPROCS setting, or the number of operating system threads that can execute user-level Go code simultaneously. Sourced from /sched/gomaxprocs:threads.",
		"go_threads":                       "Number of OS threads created.",
	}
}

func processHelpTexts() map[string]string {
	return map[string]string{
		"process_cpu_seconds_total":            "Total user and system CPU time spent in seconds.",
		"process_max_fds":                      "Maximum number of open file descriptors.",
		"process_network_receive_bytes_total":  "Number of bytes received by the process over the network.",
		"process_network_transmit_bytes_total": "Number of bytes sent by the process over the network.",
		"process_open_fds":                     "Number of open file descriptors.",
		"process_resident_memory_bytes":        "Resident memory size in bytes.",
		"process_start_time_seconds":           "Start time of the process since unix epoch in seconds.",
		"process_virtual_memory_bytes":         "Virtual memory size in bytes.",
		"process_virtual_memory_max_bytes":     "Maximum amount of virtual memory available in bytes.",
	}
}

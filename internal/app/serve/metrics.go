package serve

import (
	"math"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// metrics are the server's metrics, exposed at GET /metrics in the
// Prometheus text format (version 0.0.4) by exposition (exposition.go),
// each server with its own (so that tests can run several servers in one
// process).
//
// They used to be kept by the Prometheus Go client; this small
// implementation writes the same families, names, help texts, labels and
// order (TestMetricsSkeleton compares the whole output with the client's,
// values aside) and saves every pokerlab command the client's package
// initialisation and its dependencies (protobuf, procfs): about 4 ms of
// each process's start-up (docs/benchmarks.md, "Start-up").
type metrics struct {
	dealt, finished, voided, timeouts *counter
	decisions                         *counterVec
	latency                           *histogramVec
	handTime                          *histogram
	errors                            *counterVec
	requests                          *counterVec
	openTables                        func() float64

	// Children of the vectors used per decision, looked up once.
	npcDecisions, humanDecisions, apiDecisions *counter
	npcLatency, apiLatency                     *histogram
	storeErrors, clientErrors, serverErrors    *counter
}

func newMetrics(openTables func() float64) *metrics {
	m := &metrics{
		dealt:     &counter{},
		finished:  &counter{},
		voided:    &counter{},
		timeouts:  &counter{},
		decisions: newCounterVec("by"),
		latency: newHistogramVec([]float64{5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 1e-2, 0.1},
			"by"),
		handTime:   newHistogram(exponentialBuckets(1e-4, 4, 12)),
		errors:     newCounterVec("kind"),
		requests:   newCounterVec("route", "code"),
		openTables: openTables,
	}
	m.npcDecisions, m.humanDecisions, m.apiDecisions = m.decisions.WithLabelValues("npc"), m.decisions.WithLabelValues("human"), m.decisions.WithLabelValues("api")
	m.npcLatency, m.apiLatency = m.latency.WithLabelValues("npc"), m.latency.WithLabelValues("api")
	m.storeErrors, m.clientErrors, m.serverErrors = m.errors.WithLabelValues("store"), m.errors.WithLabelValues("client"), m.errors.WithLabelValues("server")
	return m
}

// The table.Observer methods.

func (m *metrics) HandDealt()                   { m.dealt.Inc() }
func (m *metrics) HandFinished(d time.Duration) { m.finished.Inc(); m.handTime.Observe(d.Seconds()) }
func (m *metrics) HandVoided()                  { m.voided.Inc() }
func (m *metrics) Timeout()                     { m.timeouts.Inc() }
func (m *metrics) StoreError()                  { m.storeErrors.Inc() }
func (m *metrics) Decision(human bool, d time.Duration) {
	if human {
		m.humanDecisions.Inc()
		return
	}
	m.npcDecisions.Inc()
	m.npcLatency.Observe(d.Seconds())
}

// counter is a monotonic count; safe for concurrent use.
type counter struct{ n atomic.Uint64 }

// Inc adds one.
func (c *counter) Inc() { c.n.Add(1) }

func (c *counter) value() float64 { return float64(c.n.Load()) }

// histogram counts observations in cumulative buckets with upper bounds
// upper (ascending; +Inf is implied) and keeps their sum; safe for
// concurrent use. A scrape concurrent with observations may see the count
// and the buckets of different moments, each exact at its own.
type histogram struct {
	upper  []float64
	counts []atomic.Uint64 // per bucket, not cumulative; the last is +Inf
	sum    atomic.Uint64   // float64 bits
	count  atomic.Uint64
}

func newHistogram(upper []float64) *histogram {
	return &histogram{upper: upper, counts: make([]atomic.Uint64, len(upper)+1)}
}

// Observe records v: in the first bucket whose upper bound is ≥ v.
func (h *histogram) Observe(v float64) {
	i, _ := slices.BinarySearch(h.upper, v)
	h.counts[i].Add(1)
	for {
		old := h.sum.Load()
		if h.sum.CompareAndSwap(old, math.Float64bits(math.Float64frombits(old)+v)) {
			break
		}
	}
	h.count.Add(1)
}

// exponentialBuckets returns n upper bounds start, start·factor, … (each
// the previous times factor, as Prometheus' client computes them, so the
// bounds print the same).
func exponentialBuckets(start, factor float64, n int) []float64 {
	b := make([]float64, n)
	for i := range b {
		b[i] = start
		start *= factor
	}
	return b
}

// labeled is a family of metrics (counters, histograms) told apart by
// label values (at most two labels).
type labeled[T any] struct {
	labels []string
	fresh  func() *T // a new member, at zero
	mu     sync.RWMutex
	kids   map[[2]string]*T
}

// counterVec and histogramVec are the families of counters and of
// histograms with the same buckets.
type (
	counterVec   = labeled[counter]
	histogramVec = labeled[histogram]
)

func newCounterVec(labels ...string) *counterVec {
	return &counterVec{labels: labels, fresh: func() *counter { return &counter{} }}
}

func newHistogramVec(upper []float64, labels ...string) *histogramVec {
	return &histogramVec{labels: labels, fresh: func() *histogram { return newHistogram(upper) }}
}

// WithLabelValues returns the member of the label values, in the order of
// the family's labels, creating it at zero on first use.
func (v *labeled[T]) WithLabelValues(vals ...string) *T {
	k := labelKey(vals)
	v.mu.RLock()
	c := v.kids[k]
	v.mu.RUnlock()
	if c != nil {
		return c // every request after the first of its route and code
	}
	v.mu.Lock()
	defer v.mu.Unlock()
	c = v.kids[k]
	if c == nil {
		if v.kids == nil {
			v.kids = map[[2]string]*T{}
		}
		c = v.fresh()
		v.kids[k] = c
	}
	return c
}

// members returns the members with their labels, ordered by label values.
func (v *labeled[T]) members() []member[T] {
	v.mu.RLock()
	out := make([]member[T], 0, len(v.kids))
	for k, c := range v.kids {
		out = append(out, member[T]{pairs(v.labels, k), c})
	}
	v.mu.RUnlock()
	slices.SortFunc(out, func(a, b member[T]) int { return compareLabels(a.labels, b.labels) })
	return out
}

// member is a family's member and its label pairs.
type member[T any] struct {
	labels [][2]string
	m      *T
}

func labelKey(vals []string) (k [2]string) {
	if len(vals) > len(k) {
		panic("serve: more than two label values: " + strings.Join(vals, ","))
	}
	copy(k[:], vals)
	return k
}

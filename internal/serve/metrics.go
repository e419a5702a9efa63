package serve

import (
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
)

// metrics are the server's Prometheus metrics, on a registry of their own
// (so that tests can run several servers in one process).
type metrics struct {
	reg        *prometheus.Registry
	dealt      prometheus.Counter
	finished   prometheus.Counter
	voided     prometheus.Counter
	decisions  *prometheus.CounterVec
	latency    *prometheus.HistogramVec
	handTime   prometheus.Histogram
	timeouts   prometheus.Counter
	errors     *prometheus.CounterVec
	requests   *prometheus.CounterVec
	openTables prometheus.GaugeFunc

	// Children of the vectors used per decision, looked up once.
	npcDecisions, humanDecisions, apiDecisions prometheus.Counter
	npcLatency, apiLatency                     prometheus.Observer
	storeErrors, clientErrors, serverErrors    prometheus.Counter
}

func newMetrics(openTables func() float64) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.dealt = prometheus.NewCounter(prometheus.CounterOpts{Name: "pokerlab_hands_dealt_total", Help: "Hands dealt at the server's tables."})
	m.finished = prometheus.NewCounter(prometheus.CounterOpts{Name: "pokerlab_hands_finished_total", Help: "Hands finished and stored."})
	m.voided = prometheus.NewCounter(prometheus.CounterOpts{Name: "pokerlab_hands_voided_total", Help: "Hands voided (table stopped mid-hand)."})
	m.decisions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pokerlab_decisions_total",
		Help: "Decisions made, by who made them: npc (a table's NPC), human, api (POST /api/decide)."}, []string{"by"})
	m.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{Name: "pokerlab_decision_seconds",
		Help:    "Time to decide: an NPC's decision at a table or a POST /api/decide (whole request).",
		Buckets: []float64{5e-6, 1e-5, 2.5e-5, 5e-5, 1e-4, 2.5e-4, 5e-4, 1e-3, 2.5e-3, 1e-2, 0.1}}, []string{"by"})
	m.handTime = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "pokerlab_hand_seconds",
		Help: "Duration of a hand from the deal until it is stored.", Buckets: prometheus.ExponentialBuckets(1e-4, 4, 12)})
	m.timeouts = prometheus.NewCounter(prometheus.CounterOpts{Name: "pokerlab_action_timeouts_total", Help: "Human decisions taken by the action timeout (check or fold)."})
	m.errors = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pokerlab_errors_total",
		Help: "Errors by kind: client (4xx answers), server (5xx answers), panic (recovered), store (failed writes, retried)."}, []string{"kind"})
	m.requests = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "pokerlab_http_requests_total", Help: "HTTP requests by route and status code."}, []string{"route", "code"})
	m.openTables = prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "pokerlab_open_tables", Help: "Tables running on this server."}, openTables)
	m.reg.MustRegister(m.dealt, m.finished, m.voided, m.decisions, m.latency, m.handTime, m.timeouts, m.errors, m.requests, m.openTables,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
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

package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// ops is the operations endpoint of a running bot: Prometheus metrics on
// /metrics, liveness on /healthz and readiness on /readyz, for load
// balancers and orchestrators. It owns its registry (no global one).
type ops struct {
	reg          *prometheus.Registry
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	aiWait       prometheus.Histogram
	commits      prometheus.Histogram
	rest         *prometheus.CounterVec
	srv          *http.Server
	addr         net.Addr
}

// newOps makes the metrics of a process whose lifecycle and database are
// m's games and db (read when scraped: nil until made); ready reports
// whether the process can serve (nil when it can, else why not).
func newOps(m lifecycleOf, ready func(context.Context) error) *ops {
	o := &ops{reg: prometheus.NewRegistry()}
	o.interactions = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tengen_interactions_total", Help: "Interactions answered, by kind and outcome (ok, refused, failed).",
	}, []string{"kind", "outcome"})
	o.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "tengen_interaction_seconds", Help: "Time from an interaction's arrival to its answer, by kind.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	}, []string{"kind"})
	o.aiWait = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "tengen_ai_wait_seconds", Help: "Time an AI turn waited for a worker.",
		Buckets: []float64{.001, .01, .05, .1, .25, .5, 1, 2.5, 5, 10, 30},
	})
	o.commits = prometheus.NewHistogram(prometheus.HistogramOpts{
		Name: "tengen_store_commit_seconds", Help: "Time from a store write's call to its commit.",
		Buckets: []float64{.0005, .001, .0025, .005, .01, .025, .05, .1, .25, .5, 1},
	})
	o.rest = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tengen_rest_requests_total", Help: "REST requests to Discord, by route (ids and tokens left out) and status (429: rate-limited).",
	}, []string{"route", "status"})
	o.reg.MustRegister(o.interactions, o.latency, o.aiWait, o.commits, o.rest,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tengen_ai_turns_waiting", Help: "AI turns waiting for a worker."},
			func() float64 {
				if m.lifecycle() == nil {
					return 0
				}
				return float64(m.lifecycle().AIWaiting())
			}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tengen_ai_searches", Help: "AI turns being computed."},
			func() float64 {
				if m.lifecycle() == nil {
					return 0
				}
				return float64(m.lifecycle().AIRunning())
			}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tengen_games_live", Help: "Challenges waiting and games in progress, in the whole database."},
			func() float64 {
				if m.database() == nil {
					return 0
				}
				ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
				defer cancel()
				n, err := m.database().LiveCount(ctx)
				if err != nil {
					return -1
				}
				return float64(n)
			}),
	)
	mux := http.NewServeMux()
	mux.Handle("/metrics", promhttp.HandlerFor(o.reg, promhttp.HandlerOpts{}))
	mux.HandleFunc("/healthz", func(w http.ResponseWriter, _ *http.Request) { fmt.Fprintln(w, "ok") })
	mux.HandleFunc("/readyz", func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 2*time.Second)
		defer cancel()
		if err := ready(ctx); err != nil {
			http.Error(w, "not ready: "+err.Error(), http.StatusServiceUnavailable)
			return
		}
		fmt.Fprintln(w, "ready")
	})
	o.srv = &http.Server{Handler: mux, ReadHeaderTimeout: 5 * time.Second}
	return o
}

// lifecycleOf is a process with a game lifecycle and a database, either
// of which may not be made yet (nil).
type lifecycleOf interface {
	lifecycle() *match.Manager
	database() *store.DB
}

// registerGateway adds the gateway's metrics.
func (o *ops) registerGateway(m *Main) {
	g := m.gateway
	o.reg.MustRegister(
		prometheus.NewCounterFunc(prometheus.CounterOpts{Name: "tengen_gateway_reconnects_total", Help: "Gateway connections made again after a drop."},
			func() float64 { return float64(g.Reconnects()) }),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tengen_gateway_connected", Help: "1 while the gateway connection is up."},
			func() float64 {
				if g.Connected() {
					return 1
				}
				return 0
			}),
	)
}

// aiWaited records how long an AI turn waited (match.Config.AIWaited).
func (o *ops) aiWaited(d time.Duration) { o.aiWait.Observe(d.Seconds()) }

// committed records a store write's commit time (store.Options.Committed).
func (o *ops) committed(d time.Duration) { o.commits.Observe(d.Seconds()) }

// instrument counts s's REST requests by route and status.
func (o *ops) instrument(s *discordgo.Session) {
	base := s.Client.Transport
	if base == nil {
		base = http.DefaultTransport
	}
	c := *s.Client
	c.Transport = countingTransport{base: base, count: o.rest}
	s.Client = &c
}

// countingTransport counts the requests it carries.
type countingTransport struct {
	base  http.RoundTripper
	count *prometheus.CounterVec
}

// RoundTrip sends r and counts it by route and status.
func (t countingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(r)
	status := "error"
	if err == nil {
		status = strconv.Itoa(resp.StatusCode)
	}
	t.count.WithLabelValues(r.Method+" "+routeOf(r.URL.Path), status).Inc()
	return resp, err
}

// routeOf is a request path as a route: ids become {id}, and what follows
// a webhook's or an interaction's id (its token) becomes {token}, so that
// no id or secret becomes a label.
func routeOf(path string) string {
	parts := strings.Split(strings.TrimPrefix(path, "/"), "/")
	for i, p := range parts {
		switch {
		case i > 1 && (parts[i-2] == "webhooks" || parts[i-2] == "interactions"):
			parts[i] = "{token}"
		case p != "" && strings.Trim(p, "0123456789") == "":
			parts[i] = "{id}"
		}
	}
	return "/" + strings.Join(parts, "/")
}

// observe records one interaction answered (bot.Options.Observe).
func (o *ops) observe(kind, outcome string, took time.Duration) {
	o.interactions.WithLabelValues(kind, outcome).Inc()
	o.latency.WithLabelValues(kind).Observe(took.Seconds())
}

// serve listens on address and serves until close.
func (o *ops) serve(address string) error {
	l, err := net.Listen("tcp", address)
	if err != nil {
		return fmt.Errorf("metrics.address: %w", err)
	}
	o.addr = l.Addr()
	go func() { _ = o.srv.Serve(l) }() // ends with ErrServerClosed at close
	return nil
}

// close stops serving.
func (o *ops) close(ctx context.Context) error {
	if err := o.srv.Shutdown(ctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("stopping the metrics endpoint: %w", err)
	}
	return nil
}

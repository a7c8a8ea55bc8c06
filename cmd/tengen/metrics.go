package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
)

// ops is the operations endpoint of a running bot: Prometheus metrics on
// /metrics, liveness on /healthz and readiness on /readyz, for load
// balancers and orchestrators. It owns its registry (no global one).
type ops struct {
	reg          *prometheus.Registry
	interactions *prometheus.CounterVec
	latency      *prometheus.HistogramVec
	srv          *http.Server
	addr         net.Addr
}

// newOps makes the metrics of m; ready reports whether the bot can serve
// (nil when it can, else why not).
func newOps(m *Main, ready func(context.Context) error) *ops {
	o := &ops{reg: prometheus.NewRegistry()}
	o.interactions = prometheus.NewCounterVec(prometheus.CounterOpts{
		Name: "tengen_interactions_total", Help: "Interactions answered, by kind and outcome (ok, refused, failed).",
	}, []string{"kind", "outcome"})
	o.latency = prometheus.NewHistogramVec(prometheus.HistogramOpts{
		Name: "tengen_interaction_seconds", Help: "Time from an interaction's arrival to its answer, by kind.",
		Buckets: []float64{.005, .01, .025, .05, .1, .25, .5, 1, 2.5, 5},
	}, []string{"kind"})
	o.reg.MustRegister(o.interactions, o.latency,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}),
		prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "tengen_ai_turns_waiting", Help: "AI turns waiting for a worker."},
			func() float64 { return float64(m.games.AIWaiting()) }),
	)
	if m.gateway != nil { // HTTP mode has none
		o.registerGateway(m)
	}
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

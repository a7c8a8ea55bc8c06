package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os/signal"
	"syscall"
	"time"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

const aiWorkerUsage = `usage: tengen ai-worker [-config FILE]

Computes the AI's turns of the games in a PostgreSQL database shared with
"tengen run" processes configured with games.ai: workers, and talks to no
one else: it needs no Discord token. Run as many as the AI needs, on any
machine that reaches the database: each turn is computed once, under a
lease, and a turn whose worker dies is taken by another. The options are
those of "tengen run" (database, games.ai_workers, games.ai_memory_mb,
games.tick_interval, log, and metrics.address for its AI metrics,
/healthz and /readyz).

Flags:
`

// Worker is an AI worker: the game lifecycle with Tengen's engines and
// nothing else. It hears of the games that changed through the store
// (store.Listen) and queues the AI's turns they owe; every tick it also
// looks for owed turns it may have missed (a lapsed lease of a dead
// worker, a change made while it was not listening).
type Worker struct {
	// Config is the configuration ("tengen run"'s).
	Config Config
	// AI plays the AI's seats (Tengen's own engines, match.Engines, when
	// nil).
	AI match.AI
	// Logger receives the logs (slog.Default() when nil).
	Logger *slog.Logger

	db    *store.DB
	games *match.Manager
}

// lifecycle is the game lifecycle, nil until Run makes it (for metrics).
func (w *Worker) lifecycle() *match.Manager { return w.games }

// database is the database, nil until Run opens it (for metrics).
func (w *Worker) database() *store.DB { return w.db }

// Run computes the AI's turns until ctx ends, then finishes the turns in
// flight and closes the database.
func (w *Worker) Run(ctx context.Context) (err error) {
	if w.Logger == nil {
		w.Logger = slog.Default()
	}
	c := w.Config
	if !store.IsPostgres(c.Database) {
		return errors.New("an AI worker shares a PostgreSQL database with the bot processes: set database: postgres://...")
	}
	var stopts store.Options
	var o *ops
	if c.Metrics.Address != "" {
		o = newOps(w, func(ctx context.Context) error { return w.db.Ping(ctx) })
		stopts.Committed = o.committed
	}
	if w.db, err = store.Open(ctx, c.Database, stopts); err != nil {
		return fmt.Errorf("opening the database %s: %w", store.Redacted(c.Database), err)
	}
	defer func() { err = errors.Join(err, w.db.Close()) }()
	ai := w.AI
	if ai == nil {
		ai = &match.Engines{TTSize: c.Games.AIMemoryMB << 20, Spare: c.Games.AIWorkers}
	}
	mc := c.lifecycle()
	mc.AI, mc.AIElsewhere = ai, false
	if o != nil {
		mc.AIWaited = o.aiWaited
	}
	w.games = match.New(w.db, mc)
	defer func() {
		cctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err = errors.Join(err, w.games.Close(cctx))
	}()
	if o != nil {
		if err := o.serve(c.Metrics.Address); err != nil {
			return err
		}
		defer func() {
			cctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			defer cancel()
			err = errors.Join(err, o.close(cctx))
		}()
		w.Logger.Info("serving metrics and health", "address", o.addr.String())
	}
	listened := make(chan struct{})
	go func() {
		defer close(listened)
		w.listen(ctx)
	}()
	t := time.NewTicker(time.Duration(c.Games.TickInterval))
	defer t.Stop()
	w.Logger.Info("AI worker running", "database", store.Redacted(c.Database))
	for {
		if err := w.games.Resume(ctx); err != nil && ctx.Err() == nil {
			w.Logger.Warn("looking for the AI's turns", "err", err)
		}
		select {
		case <-ctx.Done():
			<-listened
			return nil
		case <-t.C:
		}
	}
}

// listen queues the AI's turn of every game it hears has changed, until
// ctx ends (store.Follow).
func (w *Worker) listen(ctx context.Context) {
	w.db.Follow(ctx, nil, func(id int64, _ bool) {
		if err := w.games.QueueAI(ctx, id); err != nil && ctx.Err() == nil {
			w.Logger.Warn("queueing the AI's turn", "game", id, "err", err)
		}
	}, func(err error) { w.Logger.Warn("listening for changes of games: again in a second", "err", err) })
}

// aiWorkerCommand implements "tengen ai-worker" and returns the exit code.
func aiWorkerCommand(args []string, stderr io.Writer) int {
	cfg, code := configure("ai-worker", aiWorkerUsage, args, stderr)
	if code >= 0 {
		return code
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	w := &Worker{Config: cfg, Logger: newLogger(cfg, stderr)}
	if err := w.Run(ctx); err != nil {
		fmt.Fprintf(stderr, "tengen ai-worker: %s\n", err)
		return 1
	}
	w.Logger.Info("stopped")
	return 0
}

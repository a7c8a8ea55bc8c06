package store

import (
	"context"
	crand "crypto/rand"
	"fmt"
	"math/rand/v2"
	"net/url"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// IsPostgres reports whether Open's path names a PostgreSQL database
// (a postgres:// or postgresql:// URL) rather than an SQLite file.
func IsPostgres(path string) bool {
	return strings.HasPrefix(path, "postgres://") || strings.HasPrefix(path, "postgresql://")
}

// Redacted returns Open's path as logs may show it: an SQLite file name as
// it is, a PostgreSQL URL without its password.
func Redacted(path string) string {
	if !IsPostgres(path) {
		return path
	}
	return redactURL(path)
}

// redactURL is a PostgreSQL URL as errors may show it: without its password.
func redactURL(path string) string {
	u, err := url.Parse(path)
	if err != nil {
		return "postgres://…"
	}
	return u.Redacted()
}

// openPostgres opens the PostgreSQL database named by the URL path (see
// Open and the package doc): one pool of connections serves writes and
// reads.
func openPostgres(ctx context.Context, path string, opt Options) (*DB, error) {
	name := redactURL(path)
	cfg, err := pgx.ParseConfig(path)
	if err != nil {
		// pgx's error shows the URL with its password redacted.
		return nil, fmt.Errorf("open database: %w", err)
	}
	// A write waits for another's row lock as long as SQLite's busy
	// timeout would wait for the file, unless the URL says otherwise.
	if _, set := cfg.RuntimeParams["lock_timeout"]; !set {
		cfg.RuntimeParams["lock_timeout"] = strconv.FormatInt(opt.BusyTimeout.Milliseconds(), 10)
	}
	if _, set := cfg.RuntimeParams["application_name"]; !set {
		cfg.RuntimeParams["application_name"] = "tengen"
	}
	pool := stdlib.OpenDB(*cfg)
	conns := max(8, 2*runtime.GOMAXPROCS(0))
	pool.SetMaxOpenConns(conns)
	pool.SetMaxIdleConns(conns)
	pool.SetConnMaxIdleTime(5 * time.Minute)
	if err := pool.PingContext(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open database %s: %w", name, err)
	}
	db := &DB{w: pool, r: pool, d: postgresDialect(), opt: opt, origin: crand.Text()}
	if db.migrated, err = migrate(ctx, pool, db.d, db.d.migrations); err != nil {
		pool.Close()
		return nil, fmt.Errorf("migrate database %s: %w", name, err)
	}
	if err := db.syncBoardParams(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open database %s: %w", name, err)
	}
	return db, nil
}

// pause waits before the next attempt of a write transaction that failed
// to serialize: a random time of up to 2^(attempt-1) milliseconds, 200 at
// most, so that the transactions that collided do not collide again. The
// bound grows because what a transaction collides with may still be running:
// on a loaded machine, twenty attempts paused a few milliseconds each all
// failed (a /move of TestThreeProcessesHTTP, in CI). Twenty attempts wait 1.2 s on average,
// 2.5 s at most, within an interaction's deferral.
func pause(ctx context.Context, attempt int) error {
	bound := time.Duration(min(1<<min(attempt-1, 8), 200)) * time.Millisecond
	d := time.Duration(rand.Int64N(int64(bound))) + time.Microsecond
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// Package store keeps Tengen's games, players, statistics and ratings,
// through database/sql, in SQLite (github.com/mattn/go-sqlite3: a file, the
// default, no setup) or in PostgreSQL (github.com/jackc/pgx/v5's
// database/sql driver), chosen by the path given to Open: a URL starting
// postgres:// or postgresql:// names a PostgreSQL database, anything else
// an SQLite file. Both have the same API, the same semantics and the same
// errors (engine codes), and the store's tests run on both.
//
// Durability (SQLite): the database runs in WAL mode with synchronous=FULL,
// so a method that returned nil has its write on disk; a killed process or
// a power cut cannot lose it. The one exception is Delivered, the bot's
// record of what Discord shows, which is bookkeeping the bot can recover by
// asking Discord: it is committed with synchronous=NORMAL (no fsync), so a
// killed process keeps it but a power cut may lose the last ones. A change
// of a game and the posts it plans are one transaction: one fsync.
//
// Durability (PostgreSQL): a method that returned nil has committed with
// synchronous_commit on (the server's default; the store never lowers it
// for games): the server flushed its WAL to disk before answering, one
// flush per move as SQLite's one fsync, so neither a killed Tengen nor a
// crashed server loses it. (A server run with fsync or synchronous_commit
// off, or one relying on asynchronous replicas, gives only what its
// administrator chose.) Delivered, as on SQLite, is the exception: it
// commits with SET LOCAL synchronous_commit = off, so a crash of the server
// may lose the last ones (never part of one), as a power cut may with
// SQLite.
//
// Concurrency (SQLite): every write goes through one connection and starts
// with BEGIN IMMEDIATE, so writers queue in Go (respecting their context)
// instead of failing with "database is locked"; reads use a separate pool
// of read-only connections that WAL lets run alongside the writer. A busy
// timeout covers other processes (such as "tengen migrate") holding the
// file.
//
// Concurrency (PostgreSQL): one pool of connections serves reads and
// writes, and any number of processes may share the database. Every write
// transaction is SERIALIZABLE, so writers behave as if they ran one after
// another, as SQLite's do. The version check in the UPDATE of a game alone
// would keep moves exactly-once, but other writes read, then write what
// they read (a player's rating and the leaderboard tallies when two of
// their games end at once, the open challenges counted before an insert,
// the pending rematch offer looked up before another is made), and only
// serializable transactions keep those exact without a lock per case. When
// PostgreSQL cannot order a transaction after the others it aborts it
// (serialization failure, deadlock, or a unique key another transaction
// took meanwhile), and the store runs it again after a short random pause,
// up to 20 times: the new run sees the other's commit and gives SQLite's
// answer (engine.VersionConflict, engine.RematchPending,
// engine.TooManyChallenges). Reads that must agree (Leaderboard, Delivery)
// share one REPEATABLE READ snapshot. Options.BusyTimeout becomes the
// session's lock_timeout: how long a write waits for a row another
// transaction holds.
//
// The PostgreSQL URL is pgx's: postgres://user:password@host:port/dbname,
// with parameters such as sslmode=require; any parameter pgx does not know
// is a session setting, e.g. search_path=tengen to keep the tables in
// schema tengen (which must exist). Errors show the URL without its
// password. The schema comes from package migrations (its postgres
// directory); processes starting at once migrate one after the other,
// under an advisory lock of the schema.
//
// Games use optimistic concurrency: every game row carries a version, and
// Update and Finish only apply when the version the caller read is still the
// current one, otherwise they fail with engine.VersionConflict. Two clicks racing to
// play a move can therefore never both apply.
//
// Ratings are Glicko-2 (package store/glicko2) per player and game kind,
// moved only by rated games between two people; each such game is one rating
// period for both players. The rating deviation grows with inactivity: one
// rating period per Options.RatingPeriod (default 7 days) without a rated
// game, phi' = sqrt(phi² + n·sigma²) capped at 350, applied when a game is
// rated and when ratings are read. New players start at 1500 / RD 350 /
// volatility 0.06, with tau = 0.5. Games against the AI are kept as a record
// per AI level instead.
//
// Leaderboards, global or per guild (the players who have played a rated
// game there), rank players by rating; to qualify a player needs at least 3
// rated games (Options.MinGames) and an RD, after inactivity growth, of at
// most 250 (Options.MaxRD); above ProvisionalRD the adapter marks a rating
// as provisional rather than hiding it. Totals and ranks come from per-bucket tallies
// and covering indexes rather than counting rows, so a page with the
// caller's rank stays within a few milliseconds with 100,000 players and a
// million games (see BenchmarkLeaderboard).
package store

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"
	// The SQLite driver, registered as "sqlite3".

	_ "github.com/mattn/go-sqlite3"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// Defaults of Options.
const (
	DefaultTau          = glicko2.DefaultTau    // Glicko-2 system constant
	DefaultRatingPeriod = 7 * 24 * time.Hour    // idle time that counts as one rating period
	DefaultMinGames     = 3                     // rated games needed to appear on a leaderboard
	DefaultMaxRD        = 250.0                 // largest rating deviation that appears on a leaderboard
	ProvisionalRD       = 110.0                 // a rating deviation above this is shown as provisional
	DefaultBusyTimeout  = 10 * time.Second      // how long to wait for another process's lock
	DefaultPairGames    = 3                     // rated games between two players that count per PairWindow
	DefaultPairWindow   = 24 * time.Hour        // the window of PairGames
	DefaultPageSize     = 10                    // leaderboard rows per page
	MaxPageSize         = 100                   // the most leaderboard rows per page
	InitialRating       = glicko2.DefaultRating // rating of a new player
	InitialRD           = glicko2.DefaultRD     // rating deviation of a new player (also the cap)
	InitialVolatility   = glicko2.DefaultVolatility
)

// Options tunes a DB. The zero value means every default.
type Options struct {
	// Now is the clock (time.Now when nil); tests set it to move time.
	Now func() time.Time
	// Tau is the Glicko-2 system constant (DefaultTau when 0).
	Tau float64
	// RatingPeriod is the idle time that grows a rating deviation by one
	// rating period (DefaultRatingPeriod when 0).
	RatingPeriod time.Duration
	// MinGames is the number of rated games a player needs to appear on a
	// leaderboard (DefaultMinGames when 0).
	MinGames int
	// MaxRD is the largest rating deviation, after inactivity growth, that
	// appears on a leaderboard (DefaultMaxRD when 0).
	MaxRD float64
	// BusyTimeout bounds the wait for a lock held by another process
	// (DefaultBusyTimeout when 0); on PostgreSQL it is the session's
	// lock_timeout, unless the URL sets one.
	BusyTimeout time.Duration
	// PairGames is how many rated games between the same two players
	// move ratings within PairWindow; later ones finish unrated, so two
	// accounts cannot farm a rating off each other (DefaultPairGames
	// when 0; negative means no limit).
	PairGames int
	// PairWindow is the window of PairGames (DefaultPairWindow when 0).
	PairWindow time.Duration
	// Committed, when not nil, is told how long each durable write took,
	// from its call to its commit (for metrics).
	Committed func(time.Duration)
}

func (o Options) withDefaults() Options {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Tau <= 0 {
		o.Tau = DefaultTau
	}
	if o.RatingPeriod <= 0 {
		o.RatingPeriod = DefaultRatingPeriod
	}
	if o.MinGames <= 0 {
		o.MinGames = DefaultMinGames
	}
	if o.MaxRD <= 0 {
		o.MaxRD = DefaultMaxRD
	}
	if o.BusyTimeout <= 0 {
		o.BusyTimeout = DefaultBusyTimeout
	}
	if o.PairGames == 0 {
		o.PairGames = DefaultPairGames
	}
	if o.PairWindow <= 0 {
		o.PairWindow = DefaultPairWindow
	}
	return o
}

// DB is an open Tengen database. It is safe for concurrent use.
type DB struct {
	// SQLite: w is the single writer connection, r the read-only
	// connections (the writer itself for :memory:). PostgreSQL: one pool,
	// both w and r.
	w, r     *sql.DB
	d        *dialect
	opt      Options
	migrated []string
	// origin tells this handle's change notifications from other
	// processes' (see Listen).
	origin string
	// batch commits an SQLite file's writes in groups (nil elsewhere).
	batch *batcher
}

// read runs the store's queries on the read connections.
func (db *DB) read() runner { return runner{db.r, db.d} }

// querier is what *sql.DB, *sql.Conn and *sql.Tx have in common for reads.
type querier interface {
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
}

// Open opens the database at path, applies the pending migrations and
// returns the DB. A path starting with postgres:// or postgresql:// is a
// PostgreSQL connection URL (see the package doc and pgx's
// pgconn.ParseConfig for its parameters); anything else is an SQLite file,
// created if needed. The path ":memory:" gives a private in-memory SQLite
// database on a single connection, for tests.
func Open(ctx context.Context, path string, opt Options) (*DB, error) {
	if path == "" {
		return nil, errors.New("open database: no file name given")
	}
	opt = opt.withDefaults()
	if IsPostgres(path) {
		return openPostgres(ctx, path, opt)
	}
	return openSQLite(ctx, path, opt)
}

// openSQLite opens the SQLite database file at path (see Open).
func openSQLite(ctx context.Context, path string, opt Options) (*DB, error) {
	busy := opt.BusyTimeout.Milliseconds()
	common := fmt.Sprintf("_busy_timeout=%d&_foreign_keys=on", busy)
	memory := path == ":memory:"

	var w *sql.DB
	var err error
	if memory {
		w, err = sql.Open("sqlite3", "file::memory:?"+common+"&_txlock=immediate")
	} else {
		w, err = sql.Open("sqlite3", fileURI(path)+"?"+common+"&_journal_mode=WAL&_synchronous=FULL&_txlock=immediate")
	}
	if err != nil {
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	w.SetMaxOpenConns(1)
	w.SetConnMaxLifetime(0)
	w.SetConnMaxIdleTime(0)
	if err := w.PingContext(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	db := &DB{w: w, r: w, d: sqliteDialect(), opt: opt}
	if db.migrated, err = migrate(ctx, w, db.d, db.d.migrations); err != nil {
		w.Close()
		return nil, fmt.Errorf("migrate database %s: %w", path, err)
	}
	if err := db.syncBoardParams(ctx); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: %w", path, err)
	}
	// One process owns an SQLite file: an AI lease found on opening it is
	// a dead process's, and its turn is free at once rather than when the
	// lease would lapse.
	if _, err := w.ExecContext(ctx, `UPDATE games SET ai_lease = NULL WHERE ai_lease IS NOT NULL`); err != nil {
		w.Close()
		return nil, fmt.Errorf("open database %s: free the AI turns: %w", path, err)
	}
	if !memory {
		r, err := sql.Open("sqlite3", fileURI(path)+"?mode=ro&"+common)
		if err != nil {
			w.Close()
			return nil, fmt.Errorf("open database %s for reading: %w", path, err)
		}
		r.SetMaxOpenConns(max(4, runtime.GOMAXPROCS(0)))
		if err := r.PingContext(ctx); err != nil {
			r.Close()
			w.Close()
			return nil, fmt.Errorf("open database %s for reading: %w", path, err)
		}
		db.r = r
		db.startBatcher()
	}
	return db, nil
}

// fileURI turns a file name into an SQLite URI, escaping the characters
// that would end the path part.
func fileURI(path string) string {
	return "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
}

// Close closes the database. Pending writes have already been committed.
func (db *DB) Close() error {
	db.stopBatcher()
	var rerr error
	if db.r != db.w {
		rerr = db.r.Close()
	}
	if err := db.w.Close(); err != nil {
		return fmt.Errorf("close database: %w", err)
	}
	if rerr != nil {
		return fmt.Errorf("close database: %w", rerr)
	}
	return nil
}

// SchemaVersion returns the number of the last migration applied.
func (db *DB) SchemaVersion(ctx context.Context) (int, error) {
	return schemaVersion(ctx, runner{db.w, db.d})
}

// Migrated returns the names of the migrations Open applied (none when the
// schema was already up to date).
func (db *DB) Migrated() []string { return append([]string(nil), db.migrated...) }

// maxAttempts bounds the runs of a PostgreSQL write transaction that
// fails to serialize with others (see write).
const maxAttempts = 20

// write runs fn in a write transaction and commits it; what names the
// operation in errors. On SQLite the transaction is a BEGIN IMMEDIATE on
// the single writer connection: writers run one at a time. On PostgreSQL it
// is SERIALIZABLE: writers run at once, and when PostgreSQL cannot order
// one after the others it aborts it (see dialect.retryable), and write runs
// fn again in a new transaction, after a short random pause, up to
// maxAttempts times; the last failure is returned as it is. fn must
// therefore set everything it returns, and undo what it changed in its
// arguments, on every run.
func (db *DB) write(ctx context.Context, what string, fn func(tx runner) error) error {
	if db.opt.Committed != nil {
		defer func(start time.Time) { db.opt.Committed(time.Since(start)) }(time.Now())
	}
	if db.batch != nil {
		return db.batchWrite(ctx, what, fn)
	}
	for attempt := 1; ; attempt++ {
		tx, err := db.w.BeginTx(ctx, db.d.writeTx)
		err = commit(db.d, tx, err, what, fn)
		if attempt == maxAttempts || !db.d.retryable(err) {
			return err
		}
		if err := pause(ctx, attempt); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
	}
}

// commit runs fn in tx (begun with error err) and commits it, or rolls it
// back when fn fails; what names the operation in errors.
func commit(d *dialect, tx *sql.Tx, err error, what string, fn func(tx runner) error) error {
	if err != nil {
		return fmt.Errorf("%s: begin: %w", what, err)
	}
	if err := fn(runner{tx, d}); err != nil {
		if rerr := tx.Rollback(); rerr != nil {
			return fmt.Errorf("%s: %w (rollback: %v)", what, err, rerr)
		}
		return commitError(what, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: commit: %w", what, err)
	}
	return nil
}

// commitError is a write's own error as the store returns it: an engine
// code as it is (the caller's refusal), anything else with what was being
// done.
func commitError(what string, err error) error {
	if engine.ErrorCode(err) != engine.OK {
		return err
	}
	return fmt.Errorf("%s: %w", what, err)
}

// writeLight is write for bookkeeping that may be lost in a power cut (see
// the package doc): the transaction commits with synchronous=NORMAL, which
// in WAL mode skips the fsync. A killed process keeps it (it is in the WAL,
// in the operating system's cache); the next full write syncs it too.
//
// On PostgreSQL the transaction commits with synchronous_commit off: the
// server acknowledges it before its WAL reaches the disk, so a crash of
// the server (not of Tengen) may lose the last ones, as a power cut may
// with SQLite.
func (db *DB) writeLight(ctx context.Context, what string, fn func(tx runner) error) error {
	if db.d.postgres {
		return db.write(ctx, what, func(tx runner) error {
			if _, err := tx.ExecContext(ctx, `SET LOCAL synchronous_commit = off`); err != nil {
				return err
			}
			return fn(tx)
		})
	}
	if db.r == db.w {
		return db.write(ctx, what, fn) // in memory: nothing to sync
	}
	conn, err := db.w.Conn(ctx)
	if err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, `PRAGMA synchronous = NORMAL`); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	defer func() {
		if _, err := conn.ExecContext(context.Background(), `PRAGMA synchronous = FULL`); err != nil {
			// Never hand a connection that skips fsyncs back to the pool:
			// a bad connection is closed, and its successor opens with FULL.
			conn.Raw(func(any) error { return driver.ErrBadConn })
		}
	}()
	tx, err := conn.BeginTx(ctx, nil)
	return commit(db.d, tx, err, what, fn)
}

// boolInt is b as stored: the schema keeps flags as integers 0 and 1 in
// both dialects (PostgreSQL does not turn a bool into an integer).
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// millis converts t to Unix milliseconds, NULL for the zero time.
func millis(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixMilli(), Valid: true}
}

// fromMillis is the inverse of millis.
func fromMillis(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.UnixMilli(n.Int64).UTC()
}

// Ping checks that the database answers (for readiness checks): a read
// on SQLite, a round trip to the server on PostgreSQL.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.read().QueryRowContext(ctx, `SELECT 1`).Scan(&one); err != nil {
		return fmt.Errorf("ping the database: %w", err)
	}
	return nil
}

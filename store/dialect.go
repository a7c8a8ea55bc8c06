package store

import (
	"context"
	"database/sql"
	"errors"
	"io/fs"
	"strconv"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tengen-bot/tengen/migrations"
)

// dialect is what differs between the two databases the store runs on.
// The store's queries are written once, in the SQL both accept, with
// SQLite's placeholders (? and ?N) and SQLite's index hints (INDEXED BY);
// rebind turns them into PostgreSQL's ($N, no hints). What else differs
// (the schema, transaction options, the schema_migrations table, which
// errors a new attempt may cure) is a field or a method here; only how a
// transaction skips the wait for the disk (DB.writeLight) and the opening
// of the database are written out per dialect.
type dialect struct {
	postgres bool
	// migrations are the dialect's numbered schema files.
	migrations fs.FS

	// writeTx and readTx begin the write transactions and the read
	// transactions that must see one snapshot.
	writeTx, readTx *sql.TxOptions
	// migrationsTable creates schema_migrations; nowMillis is the current
	// time in Unix milliseconds, in SQL; lockMigrations (when not "")
	// serializes the migrations of processes starting at once.
	migrationsTable, nowMillis, lockMigrations string

	cache sync.Map // query as written -> query in this dialect
}

func sqliteDialect() *dialect {
	return &dialect{
		migrations: migrations.FS(),
		// BEGIN IMMEDIATE (the writer's _txlock) already serializes the
		// writers; a read transaction sees one snapshot in WAL mode.
		writeTx: nil,
		readTx:  &sql.TxOptions{ReadOnly: true},
		migrationsTable: `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at INTEGER NOT NULL
		)`,
		nowMillis: `strftime('%s', 'now') * 1000`,
	}
}

func postgresDialect() *dialect {
	return &dialect{
		postgres:   true,
		migrations: migrations.Postgres(),
		// Serializable writers behave as if they ran one at a time, as
		// SQLite's do; the price is a retry when PostgreSQL finds two that
		// could not (see DB.write).
		writeTx: &sql.TxOptions{Isolation: sql.LevelSerializable},
		// Read committed would give each statement its own snapshot.
		readTx: &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true},
		migrationsTable: `CREATE TABLE IF NOT EXISTS schema_migrations (
			version    INTEGER PRIMARY KEY,
			name       TEXT NOT NULL,
			applied_at BIGINT NOT NULL
		)`,
		nowMillis: `(extract(epoch FROM clock_timestamp()) * 1000)::bigint`,
		// Keyed on the schema, so that databases in other schemas of the
		// same server migrate independently.
		lockMigrations: `SELECT pg_advisory_xact_lock(hashtext('tengen schema_migrations ' || current_schema()))`,
	}
}

// rebind returns query in the dialect, computing it once per query text.
func (d *dialect) rebind(query string) string {
	if !d.postgres {
		return query
	}
	if q, ok := d.cache.Load(query); ok {
		return q.(string)
	}
	q := toPostgres(query)
	d.cache.Store(query, q)
	return q
}

// toPostgres rewrites SQLite's placeholders as PostgreSQL's, numbering
// them as SQLite does (a bare ? is one more than the largest number so
// far), and drops SQLite's index hints ("INDEXED BY name"), which the
// PostgreSQL planner does without. String literals and quoted names are
// copied as they are.
func toPostgres(query string) string {
	var b strings.Builder
	b.Grow(len(query) + 16)
	largest := 0
	for i := 0; i < len(query); i++ {
		c := query[i]
		switch {
		case c == '\'' || c == '"':
			end := strings.IndexByte(query[i+1:], c)
			if end < 0 {
				b.WriteString(query[i:])
				return b.String()
			}
			b.WriteString(query[i : i+end+2])
			i += end + 1
		case c == '?':
			j := i + 1
			for j < len(query) && query[j] >= '0' && query[j] <= '9' {
				j++
			}
			n := largest + 1
			if j > i+1 {
				n, _ = strconv.Atoi(query[i+1 : j]) // digits: fails only past the int range, no query of ours
			}
			largest = max(largest, n)
			b.WriteByte('$')
			b.WriteString(strconv.Itoa(n))
			i = j - 1
		case (c == 'I' || c == 'i') && wordAt(query, i, "INDEXED"):
			// INDEXED BY name: skip the three words.
			j := i + len("INDEXED")
			j = skipSpace(query, j)
			if !wordAt(query, j, "BY") {
				b.WriteByte(c)
				continue
			}
			j = skipSpace(query, j+len("BY"))
			for j < len(query) && isWordByte(query[j]) {
				j++
			}
			i = j - 1
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// wordAt reports whether query holds the keyword w (any case) at i, as a
// whole word.
func wordAt(query string, i int, w string) bool {
	if i > 0 && isWordByte(query[i-1]) {
		return false
	}
	end := i + len(w)
	if end > len(query) || !strings.EqualFold(query[i:end], w) {
		return false
	}
	return end == len(query) || !isWordByte(query[end])
}

func isWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

func skipSpace(s string, i int) int {
	for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n' || s[i] == '\r') {
		i++
	}
	return i
}

// retryable reports whether err ended a write transaction that may
// succeed when run again: PostgreSQL could not serialize it with another
// (40001), chose it as a deadlock's victim (40P01), or found a unique key
// inserted by a transaction that committed meanwhile (23505: the store
// checks its unique keys before inserting, so a run that sees the other
// transaction explains the refusal, e.g. with engine.RematchPending).
func (d *dialect) retryable(err error) bool {
	if !d.postgres || err == nil {
		return false
	}
	var pe *pgconn.PgError
	if !errors.As(err, &pe) {
		return false
	}
	switch pe.Code {
	case "40001", "40P01", "23505":
		return true
	}
	return false
}

// sqlRunner is what *sql.DB and *sql.Tx have in common.
type sqlRunner interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// runner runs the store's queries on a database or a transaction,
// rebound to its dialect.
type runner struct {
	r sqlRunner
	d *dialect
}

// ExecContext is sql.Tx.ExecContext in the dialect.
func (r runner) ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error) {
	return r.r.ExecContext(ctx, r.d.rebind(query), args...)
}

// QueryContext is sql.Tx.QueryContext in the dialect.
func (r runner) QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error) {
	return r.r.QueryContext(ctx, r.d.rebind(query), args...)
}

// QueryRowContext is sql.Tx.QueryRowContext in the dialect.
func (r runner) QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row {
	return r.r.QueryRowContext(ctx, r.d.rebind(query), args...)
}

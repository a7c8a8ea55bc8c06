package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/storetest"
)

func TestToPostgres(t *testing.T) {
	tests := []struct{ in, want string }{
		{`SELECT x FROM t WHERE a = ? AND b = ?`, `SELECT x FROM t WHERE a = $1 AND b = $2`},
		{`WHERE first_user = ?1 OR second_user = ?1 AND kind = ?3`, `WHERE first_user = $1 OR second_user = $1 AND kind = $3`},
		{`a = ?2 AND b = ? AND c = ?`, `a = $2 AND b = $3 AND c = $4`}, // as SQLite numbers them
		{`VALUES (?, '?', "?x", ?)`, `VALUES ($1, '?', "?x", $2)`},
		{`SELECT id FROM games INDEXED BY games_live WHERE x = ?`, `SELECT id FROM games  WHERE x = $1`},
		{"FROM posts indexed\n\tby posts_due WHERE", "FROM posts  WHERE"},
		{`SELECT reindexed, indexed_by FROM t`, `SELECT reindexed, indexed_by FROM t`},
		{`ratings_stale`, `ratings_stale`},
		{`'unterminated ?`, `'unterminated ?`},
		{`? ?10 ?`, `$1 $10 $11`},
	}
	for _, tt := range tests {
		if got := toPostgres(tt.in); got != tt.want {
			t.Errorf("toPostgres(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestRebindIsIdentityOnSQLite(t *testing.T) {
	q := `SELECT id FROM games INDEXED BY games_live WHERE x = ?1`
	if got := sqliteDialect().rebind(q); got != q {
		t.Fatalf("SQLite rebind changed %q into %q", q, got)
	}
	d := postgresDialect()
	if a, b := d.rebind(q), d.rebind(q); a != b || strings.Contains(a, "?") {
		t.Fatalf("PostgreSQL rebind: %q then %q", a, b)
	}
}

func TestRedacted(t *testing.T) {
	for _, pg := range []string{"postgres", "postgresql"} {
		got := Redacted(pg + "://tengen:s3cret@db.example:5432/tengen?sslmode=require")
		if strings.Contains(got, "s3cret") || !strings.Contains(got, "db.example") {
			t.Errorf("Redacted = %q: want the host without the password", got)
		}
	}
	if got := Redacted("data/tengen.db"); got != "data/tengen.db" {
		t.Errorf("Redacted(a file) = %q, want it unchanged", got)
	}
}

// TestPostgresMigrationsRunOnceWhenProcessesStartAtOnce opens the store
// many times at once on one empty schema, as processes starting together
// would: every Open succeeds, and each migration is applied exactly once.
func TestPostgresMigrationsRunOnceWhenProcessesStartAtOnce(t *testing.T) {
	loc := storetest.Schema(t)
	ctx := context.Background()
	const starters = 6
	var (
		wg      sync.WaitGroup
		mu      sync.Mutex
		applied []string
		errs    = make([]error, starters)
	)
	start := make(chan struct{})
	for i := range starters {
		wg.Go(func() {
			<-start
			db, err := Open(ctx, loc, Options{})
			if err != nil {
				errs[i] = err
				return
			}
			mu.Lock()
			applied = append(applied, db.Migrated()...)
			mu.Unlock()
			errs[i] = db.Close()
		})
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("start %d: %v", i, err)
		}
	}
	ms, err := loadMigrations(postgresDialect().migrations)
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, m := range ms {
		want = append(want, m.name)
	}
	slices.Sort(applied)
	if !slices.Equal(applied, want) {
		t.Fatalf("applied %v in all, want each of %v once", applied, want)
	}
	db, err := Open(ctx, loc, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if v, err := db.SchemaVersion(ctx); err != nil || v != ms[len(ms)-1].version {
		t.Fatalf("SchemaVersion = %d, %v; want %d", v, err, ms[len(ms)-1].version)
	}
}

// TestPostgresSessionSettings checks what the package doc promises of a
// PostgreSQL session: writes are serializable and wait for the disk,
// Delivered's transaction alone does not, the busy timeout is the lock
// timeout, and reads that must agree share a repeatable-read snapshot.
func TestPostgresSessionSettings(t *testing.T) {
	db, _ := openPostgresTemp(t, Options{BusyTimeout: 3 * time.Second})
	ctx := context.Background()
	show := func(q querier, setting string) string {
		t.Helper()
		var v string
		if err := q.QueryRowContext(ctx, `SHOW `+setting).Scan(&v); err != nil {
			t.Fatal(err)
		}
		return v
	}
	if got := show(db.read(), "lock_timeout"); got != "3s" {
		t.Errorf("lock_timeout = %s, want 3s", got)
	}
	var inWrite, inLight [2]string
	err := db.write(ctx, "look", func(tx runner) error {
		inWrite = [2]string{show(tx, "transaction_isolation"), show(tx, "synchronous_commit")}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if inWrite != [2]string{"serializable", "on"} {
		t.Errorf("a write runs with isolation %s, synchronous_commit %s; want serializable, on", inWrite[0], inWrite[1])
	}
	err = db.writeLight(ctx, "look", func(tx runner) error {
		inLight = [2]string{show(tx, "transaction_isolation"), show(tx, "synchronous_commit")}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if inLight != [2]string{"serializable", "off"} {
		t.Errorf("a light write runs with isolation %s, synchronous_commit %s; want serializable, off", inLight[0], inLight[1])
	}
	tx, err := db.r.BeginTx(ctx, db.d.readTx)
	if err != nil {
		t.Fatal(err)
	}
	defer tx.Rollback()
	if got := show(runner{tx, db.d}, "transaction_isolation"); got != "repeatable read" {
		t.Errorf("a read snapshot runs with isolation %s, want repeatable read", got)
	}
}

// TestPostgresErrorsHideThePassword opens a server that refuses the
// password: the error names the database, not the password.
func TestPostgresErrorsHideThePassword(t *testing.T) {
	_, err := Open(context.Background(), "postgres://tengen:s3cret@127.0.0.1:1/nowhere?connect_timeout=2", Options{})
	if err == nil {
		t.Fatal("Open of a closed port succeeded")
	}
	if strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "127.0.0.1") {
		t.Fatalf("err = %v: want the address without the password", err)
	}
}

// TestPostgresMigrateFailureRollsBack checks that a failing migration
// leaves nothing behind on PostgreSQL either (its DDL is transactional),
// that the ones before it stay applied, and that the fixed file applies.
func TestPostgresMigrateFailureRollsBack(t *testing.T) {
	loc := storetest.Schema(t)
	ctx := context.Background()
	raw, err := sql.Open("pgx", loc)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.Close()
	d := postgresDialect()
	fsys := fstest.MapFS{
		"0001_a.sql":   {Data: []byte("CREATE TABLE a (x INTEGER);")},
		"0002_bad.sql": {Data: []byte("CREATE TABLE b (x INTEGER); INSERT INTO nowhere VALUES (1);")},
	}
	applied, err := migrate(ctx, raw, d, fsys)
	if err == nil || !strings.Contains(err.Error(), "0002_bad.sql") {
		t.Fatalf("err = %v, want it to name 0002_bad.sql", err)
	}
	if len(applied) != 1 || applied[0] != "0001_a.sql" {
		t.Fatalf("applied %v, want just 0001_a.sql", applied)
	}
	var b sql.NullString
	if err := raw.QueryRowContext(ctx, `SELECT to_regclass('b')::text`).Scan(&b); err != nil {
		t.Fatal(err)
	}
	if b.Valid {
		t.Fatal("table b of the failed migration survived: no rollback")
	}
	if v, err := schemaVersion(ctx, runner{raw, d}); err != nil || v != 1 {
		t.Fatalf("version %d, %v; want 1", v, err)
	}
	fsys["0002_bad.sql"] = &fstest.MapFile{Data: []byte("CREATE TABLE b (x INTEGER);")}
	if applied, err := migrate(ctx, raw, d, fsys); err != nil || len(applied) != 1 {
		t.Fatalf("after the fix: applied %v, err %v", applied, err)
	}
	if _, err := migrate(ctx, raw, d, fstest.MapFS{"0001_a.sql": {}}); err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("older program: err = %v, want a newer-schema error", err)
	}
}

// TestWriteRetriesWhatPostgreSQLCouldNotSerialize checks DB.write's
// retry: a run failing with a serialization failure is run again in a new
// transaction (its writes gone), up to maxAttempts times; other errors are
// not retried.
func TestWriteRetriesWhatPostgreSQLCouldNotSerialize(t *testing.T) {
	db, _ := openPostgresTemp(t, Options{})
	ctx := context.Background()
	serial := &pgconn.PgError{Code: "40001", Message: "could not serialize access"}
	runs := 0
	err := db.write(ctx, "retry once", func(tx runner) error {
		runs++
		if err := upsertPlayer(ctx, tx, fmt.Sprintf("run%d", runs), "", 0); err != nil {
			return err
		}
		if runs == 1 {
			return serial
		}
		return nil
	})
	if err != nil || runs != 2 {
		t.Fatalf("write: %v after %d runs, want success on the second", err, runs)
	}
	if _, err := db.PlayerName(ctx, "run1"); engine.ErrorCode(err) != engine.PlayerNotFound {
		t.Errorf("the failed run's write survived: %v", err)
	}
	if _, err := db.PlayerName(ctx, "run2"); err != nil {
		t.Errorf("the second run's write is missing: %v", err)
	}

	runs = 0
	err = db.write(ctx, "always fails", func(tx runner) error { runs++; return serial })
	if !errors.Is(err, serial) || runs != maxAttempts {
		t.Errorf("write: %v after %d runs, want the failure after %d", err, runs, maxAttempts)
	}
	runs = 0
	err = db.write(ctx, "refused", func(tx runner) error { runs++; return engine.E(engine.GameNotFound, 7) })
	if engine.ErrorCode(err) != engine.GameNotFound || runs != 1 {
		t.Errorf("write: %v after %d runs, want the refusal after 1", err, runs)
	}
}

// FuzzToPostgres checks the rewrite on any text: it never panics, leaves
// no SQLite placeholder outside quotes and keeps every quoted part as it
// was.
func FuzzToPostgres(f *testing.F) {
	f.Add(`SELECT id FROM games INDEXED BY games_live WHERE a = ?1 AND b = ? AND c = '?'`)
	f.Add(`UPDATE posts SET want = ?1, ping = CASE WHEN ?2 = '' THEN ping ELSE ping || ',' || ?2 END WHERE id = ?3`)
	f.Add(`"quoted ?" indexed by x ?99999999999999999999`)
	f.Fuzz(func(t *testing.T, q string) {
		got := toPostgres(q)
		// split returns s's parts outside quotes and its quoted parts.
		split := func(s string) (outside string, quoted []string) {
			var b strings.Builder
			for i := 0; i < len(s); i++ {
				if c := s[i]; c == '\'' || c == '"' {
					end := strings.IndexByte(s[i+1:], c)
					if end < 0 {
						break
					}
					quoted = append(quoted, s[i:i+end+2])
					i += end + 1
					continue
				}
				b.WriteByte(s[i])
			}
			return b.String(), quoted
		}
		outside, quoted := split(got)
		if strings.Contains(outside, "?") {
			t.Fatalf("toPostgres(%q) = %q keeps a ? outside quotes", q, got)
		}
		if _, want := split(q); !slices.Equal(quoted, want) {
			t.Fatalf("toPostgres(%q) = %q: quoted parts %q, want %q", q, got, quoted, want)
		}
	})
}

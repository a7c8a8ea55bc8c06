package store

import (
	"context"
	"slices"
	"strings"
	"sync"
	"testing"
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

func TestRedactURL(t *testing.T) {
	got := redactURL("postgres://tengen:s3cret@db.example:5432/tengen?sslmode=require")
	if strings.Contains(got, "s3cret") || !strings.Contains(got, "db.example") {
		t.Fatalf("redactURL = %q: want the host without the password", got)
	}
}

// TestPostgresMigrationsRunOnceWhenProcessesStartAtOnce opens the store
// many times at once on one empty schema, as processes starting together
// would: every Open succeeds, and each migration is applied exactly once.
func TestPostgresMigrationsRunOnceWhenProcessesStartAtOnce(t *testing.T) {
	loc := postgresSchema(t)
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

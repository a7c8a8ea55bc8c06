package store

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"net/url"
	"os"
	"testing"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // the "pgx" driver, for the test schemas
)

// postgresEnv names the PostgreSQL server the tests run the store on;
// defaultTestPostgres is used when it is unset.
const (
	postgresEnv         = "TENGEN_TEST_POSTGRES"
	defaultTestPostgres = "postgres://root@127.0.0.1:5432/test?sslmode=disable"
)

// opener opens a fresh, empty database for a test and closes it when the
// test ends. It returns the database's location too, for Open to open it
// again (a second handle, or a restart).
type opener func(t testing.TB, opt Options) (*DB, string)

// backends are the databases every store test runs on.
func backends() []struct {
	name string
	open opener
} {
	return []struct {
		name string
		open opener
	}{{"sqlite", openTemp}, {"postgres", openPostgresTemp}}
}

// forEachBackend runs fn as a subtest per backend: "sqlite" on a temp
// file, "postgres" in a fresh schema of the server named by
// TENGEN_TEST_POSTGRES (skipped, saying so, when it is unreachable). The
// PostgreSQL subtests run in parallel with each other.
func forEachBackend(t *testing.T, fn func(t *testing.T, open opener)) {
	for _, b := range backends() {
		t.Run(b.name, func(t *testing.T) {
			if b.name == "postgres" {
				t.Parallel()
			}
			fn(t, b.open)
		})
	}
}

// benchEachBackend is forEachBackend for benchmarks (run one at a time).
func benchEachBackend(b *testing.B, fn func(b *testing.B, open opener)) {
	for _, be := range backends() {
		b.Run(be.name, func(b *testing.B) { fn(b, be.open) })
	}
}

// testPostgresURL returns the URL of the test server.
func testPostgresURL() string {
	if u := os.Getenv(postgresEnv); u != "" {
		return u
	}
	return defaultTestPostgres
}

// openPostgresTemp opens the store in a fresh schema of the test server
// (see postgresSchema), closing it when the test ends.
func openPostgresTemp(t testing.TB, opt Options) (*DB, string) {
	t.Helper()
	loc := postgresSchema(t)
	db, err := Open(context.Background(), loc, opt)
	if err != nil {
		t.Fatalf("Open: %v", err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Errorf("Close: %v", err)
		}
	})
	return db, loc
}

// postgresSchema creates an empty schema of its own on the test server (a
// random name: tests run in parallel, in several processes too), drops it
// with everything in it when the test ends, and returns the URL that
// opens it (the server's with search_path set). It skips the test when the
// server is unreachable.
func postgresSchema(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	base := testPostgresURL()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("%s: %v", postgresEnv, err)
	}
	ping, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := admin.PingContext(ping); err != nil {
		admin.Close()
		t.Skipf("SKIPPING the PostgreSQL store test: no server at %s (set %s to a reachable server's URL): %v",
			redactURL(base), postgresEnv, err)
	}
	schema := fmt.Sprintf("tengen_test_%016x", rand.Uint64())
	if _, err := admin.ExecContext(ctx, `CREATE SCHEMA `+schema); err != nil {
		admin.Close()
		t.Fatalf("create test schema: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.ExecContext(context.Background(), `DROP SCHEMA `+schema+` CASCADE`); err != nil {
			t.Errorf("drop test schema %s: %v", schema, err)
		}
		admin.Close()
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("%s: %v", postgresEnv, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// Package storetest gives tests a PostgreSQL database of their own: a
// fresh schema on the server TENGEN_TEST_POSTGRES names (by default the
// local server this machine runs), dropped when the test ends. A test run
// where no server answers is skipped, loudly.
package storetest

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

// Env names the PostgreSQL server tests use; DefaultURL is used when it
// is unset.
const (
	Env        = "TENGEN_TEST_POSTGRES"
	DefaultURL = "postgres://root@127.0.0.1:5432/test?sslmode=disable"
)

// URL returns the URL of the test server.
func URL() string {
	if u := os.Getenv(Env); u != "" {
		return u
	}
	return DefaultURL
}

// Schema creates a schema of its own for t on the test server and returns
// the URL of a database whose search_path is that schema (what store.Open
// takes); the schema is dropped when t ends. Without a reachable server t
// is skipped, saying so.
func Schema(t testing.TB) string {
	t.Helper()
	ctx := context.Background()
	base := URL()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		t.Fatalf("%s: %v", Env, err)
	}
	ping, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := admin.PingContext(ping); err != nil {
		admin.Close()
		t.Skipf("SKIPPING a PostgreSQL test: no server at %s (set %s to a reachable server's URL): %v",
			redacted(base), Env, err)
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
		t.Fatalf("%s: %v", Env, err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

// redacted is a server URL without its password, for messages.
func redacted(s string) string {
	u, err := url.Parse(s)
	if err != nil {
		return "(an unreadable URL)"
	}
	return u.Redacted()
}

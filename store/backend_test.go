package store

import (
	"context"
	"testing"

	"github.com/tengen-bot/tengen/store/storetest"
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

// openPostgresTemp opens the store in a fresh schema of the test server
// (storetest.Schema), closing it when the test ends.
func openPostgresTemp(t testing.TB, opt Options) (*DB, string) {
	t.Helper()
	loc := storetest.Schema(t)
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

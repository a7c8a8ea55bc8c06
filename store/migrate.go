package store

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
)

// migration is one numbered SQL file.
type migration struct {
	version int
	name    string // file name, e.g. "0001_initial.sql"
	sql     string
}

// loadMigrations reads the *.sql files at the root of fsys, named
// NNNN_description.sql, and returns them in version order. Numbers must be
// positive and unique.
func loadMigrations(fsys fs.FS) ([]migration, error) {
	names, err := fs.Glob(fsys, "*.sql")
	if err != nil {
		return nil, fmt.Errorf("list migrations: %w", err)
	}
	var ms []migration
	seen := map[int]string{}
	for _, name := range names {
		num, _, ok := strings.Cut(path.Base(name), "_")
		v, err := strconv.Atoi(num)
		if !ok || err != nil || v <= 0 {
			return nil, fmt.Errorf("migration %s: name must be NNNN_description.sql with NNNN > 0", name)
		}
		if prev, dup := seen[v]; dup {
			return nil, fmt.Errorf("migrations %s and %s have the same number %d", prev, name, v)
		}
		seen[v] = name
		body, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read migration %s: %w", name, err)
		}
		ms = append(ms, migration{version: v, name: name, sql: string(body)})
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].version < ms[j].version })
	return ms, nil
}

// migrate applies, in order, every migration of fsys that db has not
// recorded in schema_migrations, each in its own transaction together with
// its record, and returns the names of those it applied. A failing migration
// is rolled back and named in the error; the ones before it stay applied.
//
// Each transaction first takes the dialect's migration lock (on SQLite the
// write lock of BEGIN IMMEDIATE is that lock) and then checks whether its
// migration is recorded, so two processes starting at once apply each
// migration once: the second waits, then finds it done.
func migrate(ctx context.Context, db *sql.DB, d *dialect, fsys fs.FS) ([]string, error) {
	ms, err := loadMigrations(fsys)
	if err != nil {
		return nil, err
	}
	err = migrationTx(ctx, db, d, "create schema_migrations", func(tx runner) error {
		_, err := tx.ExecContext(ctx, d.migrationsTable)
		return err
	})
	if err != nil {
		return nil, err
	}
	current, err := schemaVersion(ctx, runner{db, d})
	if err != nil {
		return nil, err
	}
	if n := len(ms); n > 0 && current > ms[n-1].version {
		return nil, fmt.Errorf("database schema version %d is newer than this program's (%d): upgrade tengen", current, ms[n-1].version)
	}
	var applied []string
	for _, m := range ms {
		done := false
		err := migrationTx(ctx, db, d, "migration "+m.name, func(tx runner) error {
			var n int
			if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations WHERE version = ?`, m.version).Scan(&n); err != nil {
				return fmt.Errorf("check: %w", err)
			}
			if done = n > 0; done {
				return nil
			}
			if _, err := tx.ExecContext(ctx, m.sql); err != nil {
				return err
			}
			if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, `+d.nowMillis+`)`,
				m.version, m.name); err != nil {
				return fmt.Errorf("record: %w", err)
			}
			return nil
		})
		if err != nil {
			return applied, err
		}
		if !done {
			applied = append(applied, m.name)
		}
	}
	return applied, nil
}

// migrationTx runs fn in a transaction holding the migration lock and
// commits it; what names it in errors.
func migrationTx(ctx context.Context, db *sql.DB, d *dialect, what string, fn func(tx runner) error) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("%s: begin: %w", what, err)
	}
	defer tx.Rollback() //nolint:errcheck // a no-op after Commit
	if d.lockMigrations != "" {
		if _, err := tx.ExecContext(ctx, d.lockMigrations); err != nil {
			return fmt.Errorf("%s: lock: %w", what, err)
		}
	}
	if err := fn(runner{tx, d}); err != nil {
		return fmt.Errorf("%s: %w", what, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("%s: commit: %w", what, err)
	}
	return nil
}

// schemaVersion returns the highest applied migration number, 0 for none.
func schemaVersion(ctx context.Context, q querier) (int, error) {
	var v int
	if err := q.QueryRowContext(ctx, `SELECT coalesce(max(version), 0) FROM schema_migrations`).Scan(&v); err != nil {
		return 0, fmt.Errorf("read schema version: %w", err)
	}
	return v, nil
}

// Package migrations holds Tengen's database schema as numbered SQL files
// (0001_initial.sql, 0002_...), embedded in the binary. The store applies
// them in order on start, each once and in its own transaction, and records
// each in the schema_migrations table. Add a change as a new file with the
// next number; never edit a file that has been released.
//
// The files at the root are SQLite's; postgres/ holds PostgreSQL's, which
// start with a baseline (0008_baseline.sql, the schema SQLite's 0001 to
// 0008 build). A change is a file with the same number and name in both.
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed *.sql postgres/*.sql
var files embed.FS

// FS returns the embedded SQLite migration files, named
// NNNN_description.sql.
func FS() fs.FS { return files }

// Postgres returns the embedded PostgreSQL migration files, named
// NNNN_description.sql.
func Postgres() fs.FS {
	sub, err := fs.Sub(files, "postgres")
	if err != nil {
		panic(err) // "postgres" is a valid path: fs.Sub cannot fail
	}
	return sub
}

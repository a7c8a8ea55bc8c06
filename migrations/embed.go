// Package migrations holds Tengen's database schema as numbered SQL files
// (0001_initial.sql, 0002_...), embedded in the binary. The store applies
// them in order on start, each once and in its own transaction, and records
// each in the schema_migrations table. Add a change as a new file with the
// next number; never edit a file that has been released.
package migrations

import (
	"embed"
	"io/fs"
)

//go:embed *.sql
var files embed.FS

// FS returns the embedded migration files, named NNNN_description.sql.
func FS() fs.FS { return files }

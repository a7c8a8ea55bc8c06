package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/tengen-bot/tengen/store"
)

const migrateUsage = `usage: tengen migrate [-db FILE or postgres://URL]

Creates the database if needed, applies the pending schema migrations (the
bot also does this on start) and prints the schema version.

Flags:
`

// migrateCommand implements "tengen migrate": it opens the database, which
// applies the pending migrations, and reports what it applied and the
// schema version. It returns the exit code: 0 done, 1 the database could
// not be opened or migrated, 2 bad flags.
func migrateCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("migrate", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, migrateUsage)
		fs.PrintDefaults()
	}
	path := fs.String("db", "tengen.db", "the SQLite database file, or a PostgreSQL URL")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tengen migrate: unexpected argument %q (the file goes after -db)\n", fs.Arg(0))
		return 2
	}
	if err := checkDatabase(*path); err != nil {
		fmt.Fprintf(stderr, "tengen migrate: %v\n", err)
		return 2
	}
	ctx := context.Background()
	db, err := store.Open(ctx, *path, store.Options{})
	if err != nil {
		fmt.Fprintf(stderr, "tengen migrate: %v\n", err)
		return 1
	}
	applied := db.Migrated()
	version, err := db.SchemaVersion(ctx)
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "tengen migrate: %v\n", err)
		return 1
	}
	for _, name := range applied {
		fmt.Fprintf(stdout, "%s: applied %s\n", store.Redacted(*path), name)
	}
	state := "up to date"
	if len(applied) > 0 {
		state = fmt.Sprintf("%d migration(s) applied", len(applied))
	}
	fmt.Fprintf(stdout, "%s: schema version %d (%s)\n", store.Redacted(*path), version, state)
	return 0
}

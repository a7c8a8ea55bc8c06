package main

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/migrations"
)

func TestMigrateCommand(t *testing.T) {
	// The migrations are numbered 1..n without gaps (the store tests
	// check it), so the schema version is their count.
	names, err := fs.Glob(migrations.FS(), "*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	last := names[len(names)-1]
	dir := t.TempDir()
	db := filepath.Join(dir, "t.db")
	tests := []struct {
		name   string
		args   []string
		code   int
		stdout []string // substrings
		stderr string
	}{
		{"fresh file", []string{"-db", db}, 0, []string{"applied 0001_initial.sql", "applied " + last,
			fmt.Sprintf("schema version %d (%d migration(s) applied)", len(names), len(names))}, ""},
		{"second run is a no-op", []string{"-db", db}, 0, []string{fmt.Sprintf("schema version %d (up to date)", len(names))}, ""},
		{"stray argument", []string{"-db", db, "extra"}, 2, nil, `unexpected argument "extra"`},
		{"bad flag", []string{"-nope"}, 2, nil, "flag provided but not defined"},
		{"help", []string{"-h"}, 0, nil, "usage: tengen migrate"},
		{"unwritable place", []string{"-db", filepath.Join(dir, "missing", "x.db")}, 2, nil, "tengen migrate: database: the directory " + filepath.Join(dir, "missing") + " does not exist"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out, errb bytes.Buffer
			code := migrateCommand(tt.args, &out, &errb)
			if code != tt.code {
				t.Fatalf("exit %d, want %d; stderr: %s", code, tt.code, errb.String())
			}
			for _, s := range tt.stdout {
				if !strings.Contains(out.String(), s) {
					t.Errorf("stdout %q lacks %q", out.String(), s)
				}
			}
			if tt.stderr != "" && !strings.Contains(errb.String(), tt.stderr) {
				t.Errorf("stderr %q lacks %q", errb.String(), tt.stderr)
			}
		})
	}
	if _, err := os.Stat(db); err != nil {
		t.Errorf("the database file was not created: %v", err)
	}
}

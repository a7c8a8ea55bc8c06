package main

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/tengen-bot/tengen/store"
)

// checkDatabase refuses, before anything is opened or written, an SQLite
// database the bot could read but not write: SQLite would open it, the bot
// would connect to Discord, and every move would then fail. It checks the
// file (when it exists) and its directory, where SQLite creates the file
// and keeps its journal (the -wal and -shm files). A database server (a
// postgres:// URL) is checked by connecting to it.
func checkDatabase(path string) error {
	if store.IsPostgres(path) {
		return nil
	}
	dir := filepath.Dir(path)
	st, err := os.Stat(path)
	switch {
	case err == nil && st.IsDir():
		return fmt.Errorf("database: %s is a directory: name a file in it, e.g. %s", path, filepath.Join(path, "tengen.db"))
	case err == nil && st.Mode().Perm()&0o222 == 0:
		return fmt.Errorf("database: %s is read-only (mode %v): make it writable (chmod u+w %s) or name another file", path, st.Mode().Perm(), path)
	case err == nil:
		f, err := os.OpenFile(path, os.O_RDWR, 0)
		if err != nil {
			return fmt.Errorf("database: %s cannot be written: %s", path, writeFix(err, dir))
		}
		if err := f.Close(); err != nil {
			return fmt.Errorf("database: %s: %w", path, err)
		}
	case errors.Is(err, fs.ErrNotExist):
		if _, err := os.Stat(dir); errors.Is(err, fs.ErrNotExist) {
			return fmt.Errorf("database: the directory %s does not exist: create it or name a file elsewhere", dir)
		}
	default:
		return fmt.Errorf("database: %s: %w", path, err)
	}
	probe, err := os.CreateTemp(dir, ".tengen-write-check-*")
	if err != nil {
		return fmt.Errorf("database: SQLite cannot create its files in %s: %s", dir, writeFix(err, dir))
	}
	name := probe.Name()
	if err := errors.Join(probe.Close(), os.Remove(name)); err != nil {
		return fmt.Errorf("database: checking %s: %w", dir, err)
	}
	return nil
}

// writeFix explains why a write in dir failed and what to do.
func writeFix(err error, dir string) string {
	switch {
	case errors.Is(err, syscall.EROFS):
		return "the file system is mounted read-only: name a file on a writable one"
	case errors.Is(err, fs.ErrPermission):
		return fmt.Sprintf("permission denied: let this user write to %s or name a file elsewhere", dir)
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

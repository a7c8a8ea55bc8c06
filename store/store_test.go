package store

import (
	"context"
	"strings"
	"testing"
)

func TestSQLiteOpenSetsPragmas(t *testing.T) {
	db, _ := openTemp(t, Options{})
	ctx := context.Background()
	tests := []struct {
		pragma string
		want   string
	}{
		{"journal_mode", "wal"},
		{"synchronous", "2"}, // FULL
		{"foreign_keys", "1"},
		{"busy_timeout", "10000"},
	}
	for _, tt := range tests {
		var got string
		if err := db.w.QueryRowContext(ctx, "PRAGMA "+tt.pragma).Scan(&got); err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("PRAGMA %s = %s, want %s", tt.pragma, got, tt.want)
		}
	}
	// The read pool must not be able to write.
	if _, err := db.r.ExecContext(ctx, `INSERT INTO players (user_id, updated_at) VALUES ('x', 0)`); err == nil ||
		!strings.Contains(err.Error(), "readonly") {
		t.Errorf("write through the read pool: err = %v, want a read-only error", err)
	}
}

func TestSQLiteOpenInMemory(t *testing.T) {
	ctx := context.Background()
	db, err := Open(ctx, ":memory:", Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	g := aiGame("u1", 3)
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Game(ctx, g.ID); err != nil {
		t.Fatalf("read back from the in-memory database: %v", err)
	}
}

func TestOpenNeedsAName(t *testing.T) {
	if _, err := Open(context.Background(), "", Options{}); err == nil {
		t.Fatal("Open(\"\") succeeded")
	}
}

package store

import (
	"context"
	"database/sql"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/tengen-bot/tengen/migrations"
)

func TestEmbeddedMigrationsAreNumberedFromOne(t *testing.T) {
	ms, err := loadMigrations(migrations.FS())
	if err != nil {
		t.Fatal(err)
	}
	if len(ms) == 0 {
		t.Fatal("no migrations embedded")
	}
	for i, m := range ms {
		if m.version != i+1 {
			t.Errorf("migration %s has number %d, want %d (no gaps)", m.name, m.version, i+1)
		}
	}
}

// TestPostgresMigrationsFollowSQLite checks the PostgreSQL files: a
// baseline, then no gaps, and every change after the baseline under the
// same number and name as SQLite's, ending at the same version.
func TestPostgresMigrationsFollowSQLite(t *testing.T) {
	lite, err := loadMigrations(migrations.FS())
	if err != nil {
		t.Fatal(err)
	}
	pg, err := loadMigrations(migrations.Postgres())
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) == 0 || !strings.HasSuffix(pg[0].name, "_baseline.sql") {
		t.Fatalf("PostgreSQL migrations %v: want a baseline first", pg)
	}
	for i, m := range pg {
		if m.version != pg[0].version+i {
			t.Errorf("PostgreSQL migration %s has number %d, want %d (no gaps)", m.name, m.version, pg[0].version+i)
		}
		if i > 0 && (m.version > len(lite) || lite[m.version-1].name != m.name) {
			t.Errorf("PostgreSQL migration %s has no SQLite twin of the same name", m.name)
		}
	}
	if last, want := pg[len(pg)-1].version, lite[len(lite)-1].version; last != want {
		t.Errorf("PostgreSQL schema ends at version %d, SQLite's at %d", last, want)
	}
}

func TestLoadMigrationsRejectsBadNames(t *testing.T) {
	tests := []struct {
		name  string
		files fstest.MapFS
		want  string
	}{
		{"no number", fstest.MapFS{"initial.sql": {Data: []byte("")}}, "NNNN_description.sql"},
		{"zero", fstest.MapFS{"0000_x.sql": {Data: []byte("")}}, "NNNN > 0"},
		{"duplicate", fstest.MapFS{"0001_a.sql": {}, "1_b.sql": {}}, "same number 1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := loadMigrations(tt.files)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("err = %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

// rawDB opens an empty SQLite database file without the store, for the
// SQLite-only tests of migrate.
func rawDB(t *testing.T) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite3", "file:"+filepath.Join(t.TempDir(), "m.db")+"?_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	db.SetMaxOpenConns(1)
	t.Cleanup(func() { db.Close() })
	return db
}

func TestSQLiteMigrateAppliesOnceInOrder(t *testing.T) {
	ctx := context.Background()
	db := rawDB(t)
	fsys := fstest.MapFS{
		"0002_b.sql": {Data: []byte("INSERT INTO log VALUES ('b');")},
		"0001_a.sql": {Data: []byte("CREATE TABLE log (x TEXT); INSERT INTO log VALUES ('a');")},
	}
	applied, err := migrate(ctx, db, sqliteDialect(), fsys)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(applied, ",") != "0001_a.sql,0002_b.sql" {
		t.Fatalf("applied %v", applied)
	}
	applied, err = migrate(ctx, db, sqliteDialect(), fsys)
	if err != nil || len(applied) != 0 {
		t.Fatalf("second run applied %v, err %v; want nothing", applied, err)
	}
	var log string
	if err := db.QueryRow(`SELECT group_concat(x, '') FROM log`).Scan(&log); err != nil {
		t.Fatal(err)
	}
	if log != "ab" {
		t.Fatalf("log = %q, want each migration once, in order", log)
	}
	if v, err := schemaVersion(ctx, runner{db, sqliteDialect()}); err != nil || v != 2 {
		t.Fatalf("version %d, %v", v, err)
	}
}

func TestSQLiteMigrateFailureRollsBackAndNamesTheFile(t *testing.T) {
	ctx := context.Background()
	db := rawDB(t)
	fsys := fstest.MapFS{
		"0001_a.sql":   {Data: []byte("CREATE TABLE a (x);")},
		"0002_bad.sql": {Data: []byte("CREATE TABLE b (x); INSERT INTO nowhere VALUES (1);")},
	}
	applied, err := migrate(ctx, db, sqliteDialect(), fsys)
	if err == nil || !strings.Contains(err.Error(), "0002_bad.sql") {
		t.Fatalf("err = %v, want it to name 0002_bad.sql", err)
	}
	if len(applied) != 1 || applied[0] != "0001_a.sql" {
		t.Fatalf("applied %v, want just 0001_a.sql", applied)
	}
	var n int
	if err := db.QueryRow(`SELECT count(*) FROM sqlite_schema WHERE name = 'b'`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Fatal("table b of the failed migration survived: no rollback")
	}
	if v, err := schemaVersion(ctx, runner{db, sqliteDialect()}); err != nil || v != 1 {
		t.Fatalf("version %d, %v; want 1", v, err)
	}
	// Fixing the file lets the next run apply it.
	fsys["0002_bad.sql"] = &fstest.MapFile{Data: []byte("CREATE TABLE b (x);")}
	if applied, err := migrate(ctx, db, sqliteDialect(), fsys); err != nil || len(applied) != 1 {
		t.Fatalf("after the fix: applied %v, err %v", applied, err)
	}
}

func TestSQLiteMigrateRefusesANewerDatabase(t *testing.T) {
	ctx := context.Background()
	db := rawDB(t)
	if _, err := migrate(ctx, db, sqliteDialect(), fstest.MapFS{"0001_a.sql": {}, "0002_b.sql": {}}); err != nil {
		t.Fatal(err)
	}
	_, err := migrate(ctx, db, sqliteDialect(), fstest.MapFS{"0001_a.sql": {}})
	if err == nil || !strings.Contains(err.Error(), "newer") {
		t.Fatalf("err = %v, want a newer-schema error", err)
	}
}

func TestOpenMigratesOnceAndReportsVersion(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		ctx := context.Background()
		db, path := open(t, Options{})
		ms, _ := loadMigrations(db.d.migrations)
		if got := db.Migrated(); len(got) != len(ms) {
			t.Fatalf("first Open applied %v, want all %d", got, len(ms))
		}
		db2, err := Open(ctx, path, Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer db2.Close()
		if got := db2.Migrated(); len(got) != 0 {
			t.Fatalf("second Open applied %v, want none", got)
		}
		if v, err := db2.SchemaVersion(ctx); err != nil || v != ms[len(ms)-1].version {
			t.Fatalf("SchemaVersion = %d, %v", v, err)
		}
	})
}

// TestSQLiteUpgradeFromVersion1 fills a database created by migration 0001 alone
// the way version-1 code wrote it, then opens it with the current code: the
// later migrations and the board preparation must rank its players.
func TestSQLiteUpgradeFromVersion1(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw, err := sql.Open("sqlite3", "file:"+path+"?_foreign_keys=on&_txlock=immediate")
	if err != nil {
		t.Fatal(err)
	}
	first, err := fs.ReadFile(migrations.FS(), "0001_initial.sql")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := migrate(ctx, raw, sqliteDialect(), fstest.MapFS{"0001_initial.sql": {Data: first}}); err != nil {
		t.Fatal(err)
	}
	clk := newClock()
	ms := clk.Now().UnixMilli()
	_, err = raw.ExecContext(ctx, `
		INSERT INTO players (user_id, name, updated_at) VALUES ('a', 'Ann', 0), ('b', 'Bo', 0), ('c', 'Cy', 0);
		INSERT INTO ratings (user_id, kind, rating, rd, volatility, games, wins, losses, draws, rated_at) VALUES
			('a', 'gomoku', 1600, 80, 0.06, 9, 6, 3, 0, ?1),
			('b', 'gomoku', 1700, 80, 0.06, 9, 7, 2, 0, ?1),
			('c', 'gomoku', 1800, 80, 0.06, 1, 1, 0, 0, ?1);
		INSERT INTO guild_players (guild_id, kind, user_id) VALUES ('g', 'gomoku', 'a'), ('g', 'gomoku', 'c');
		INSERT INTO games (kind, rules, size, channel_id, message_id, first_user, second_user, status, request, request_by, request_at, created_at, updated_at)
			VALUES ('gomoku', 'freestyle', 15, 'c1', 'm1', 'a', 'b', 'active', 'draw', 1, ?1, ?1, ?1);`, ms, ms)
	if err != nil {
		t.Fatal(err)
	}
	if err := raw.Close(); err != nil {
		t.Fatal(err)
	}

	db, err := Open(ctx, path, Options{Now: clk.Now, MinGames: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if got := db.Migrated(); len(got) == 0 || got[0] != "0002_leaderboard_buckets.sql" {
		t.Fatalf("applied %v, want 0002 onwards", got)
	}
	// The game of version 1 links to no rematch, and its request is found
	// through the index added since.
	if g, err := db.Game(ctx, 1); err != nil || g.RematchOf != 0 || g.Request.Kind != DrawRequest {
		t.Errorf("old game: %+v, %v", g, err)
	}
	if due, err := db.RequestsDue(ctx, clk.Now()); err != nil || len(due) != 1 || due[0].ID != 1 {
		t.Errorf("RequestsDue after the upgrade: %v, %v; want game 1", due, err)
	}
	// Its board, posted before posts existed, became the board post
	// Discord already shows; its request had no known prompt.
	if g, err := db.Game(ctx, 1); err != nil || g.BoardPost == 0 || g.PromptPost != 0 {
		t.Errorf("old game's posts: %+v, %v; want a board and no prompt", g, err)
	} else if p, err := db.Post(ctx, g.BoardPost); err != nil || p.Kind != BoardPost || p.MessageID != "m1" || p.ChannelID != "c1" || p.Due() {
		t.Errorf("old game's board post: %+v, %v; want message m1 in c1, not due", p, err)
	}
	for _, tt := range []struct {
		guild string
		want  []string
	}{{"", []string{"b", "a"}}, {"g", []string{"a"}}} {
		b, err := db.Leaderboard(ctx, BoardQuery{Kind: Gomoku, GuildID: tt.guild, UserID: "a"})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range b.Rows {
			got = append(got, r.UserID)
		}
		if strings.Join(got, ",") != strings.Join(tt.want, ",") || b.Total != len(tt.want) || b.Caller == nil {
			t.Errorf("guild %q: board %v (total %d, caller %+v), want %v", tt.guild, got, b.Total, b.Caller, tt.want)
		}
	}
}

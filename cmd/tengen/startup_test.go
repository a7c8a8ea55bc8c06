package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/match"
)

// TestStartupRefusals: each setting that cannot work stops "tengen run"
// before it connects anywhere, with exit status 2, one line naming the
// option and the fix, and nothing written.
func TestStartupRefusals(t *testing.T) {
	tests := []struct {
		name   string
		config string // the file, with DB standing for the database path
		prep   func(t *testing.T, db string)
		want   []string // fragments of the one line
	}{
		{name: "scale NaN", config: "board:\n  scale: .nan\n", want: []string{"board.scale", "NaN", "0.25 to 4"}},
		{name: "scale infinite", config: "board:\n  scale: -.inf\n", want: []string{"board.scale", "-Inf"}},
		{name: "no challenge time", config: "games:\n  challenge_ttl: 0s\n", want: []string{"games.challenge_ttl", "10m"}},
		{name: "no request time", config: "games:\n  request_ttl: 0s\n", want: []string{"games.request_ttl", "10m"}},
		{name: "no move time", config: "games:\n  move_timeout: 0s\n", want: []string{"games.move_timeout", "24h"}},
		{name: "no AI idle time", config: "games:\n  ai_abandon_after: 0s\n", want: []string{"games.ai_abandon_after", "24h"}},
		{name: "reminder after the deadline", config: "games:\n  move_timeout: 1h\n  remind_before: 2h\n", want: []string{"games.remind_before", "set 0 for no reminders"}},
		{name: "no challenges", config: "games:\n  max_open_challenges: 0\n", want: []string{"games.max_open_challenges", "at least 1"}},
		{name: "negative undos", config: "games:\n  ai_undo_limit: -1\n", want: []string{"games.ai_undo_limit", "0 for no undos"}},
		{name: "negative hints", config: "games:\n  ai_hints: -2\n", want: []string{"games.ai_hints", "0 for no hints"}},
		{name: "negative workers", config: "games:\n  ai_workers: -2\n", want: []string{"games.ai_workers", "0 for one per CPU"}},
		{name: "unknown rate limits", config: "games:\n  rate_limits: loose\n", want: []string{"games.rate_limits", "off, relaxed, normal, strict"}},
		{name: "negative AI game cap", config: "games:\n  max_ai_games: -1\n", want: []string{"games.max_ai_games", "0 for no cap"}},
		{name: "scale zero", config: "board:\n  scale: 0\n", want: []string{"board.scale", "0.25 to 4"}},
		{name: "no defer time", config: "discord:\n  defer_after: 0s\n", want: []string{"discord.defer_after", "1s"}},
		{name: "no AI memory", config: "games:\n  ai_memory_mb: 0\n", want: []string{"games.ai_memory_mb", "1 to 1024"}},
		{name: "unknown AI place", config: "games:\n  ai: cloud\n", want: []string{"games.ai", "neither here nor workers"}},
		{name: "AI workers on SQLite", config: "games:\n  ai: workers\n", want: []string{"games.ai", "PostgreSQL database that the workers share"}},
		{name: "endpoint without public key", config: "interactions:\n  listen: \":8080\"\n", want: []string{"interactions.public_key", "required with interactions.listen", "Developer Portal"}},
		{name: "public key not hex", config: "interactions:\n  listen: \":8080\"\n  public_key: not-a-key\n", want: []string{"interactions.public_key", "not-a-key", "64 hex digits"}},
		{name: "public key too short", config: "interactions:\n  listen: \":8080\"\n  public_key: " + strings.Repeat("ab", 31) + "\n", want: []string{"interactions.public_key", "64 hex digits"}},
		{name: "database read-only", config: "", prep: func(t *testing.T, db string) {
			writeFile(t, db, "not touched")
			if err := os.Chmod(db, 0o444); err != nil {
				t.Fatal(err)
			}
		}, want: []string{"database:", "read-only", "chmod u+w"}},
		{name: "database a directory", config: "", prep: func(t *testing.T, db string) {
			if err := os.Mkdir(db, 0o755); err != nil {
				t.Fatal(err)
			}
		}, want: []string{"database:", "is a directory"}},
		{name: "database directory missing", config: "database: DB/missing/tengen.db\n", want: []string{"database:", "does not exist", "create it"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "tengen.db")
			text := tt.config
			if !strings.Contains(text, "database:") {
				text = "database: DB\n" + text
			}
			cfg := writeConfig(t, strings.ReplaceAll(text, "DB", db))
			if tt.prep != nil {
				tt.prep(t, db)
			}
			before := snapshot(t, filepath.Dir(db))
			code, line := runRefused(t, cfg)
			if code != 2 {
				t.Fatalf("exit %d, want 2: %q", code, line)
			}
			for _, f := range tt.want {
				if !strings.Contains(line, f) {
					t.Errorf("%q does not mention %q", line, f)
				}
			}
			if after := snapshot(t, filepath.Dir(db)); after != before {
				t.Errorf("the refusal wrote to the database's directory:\nbefore %s\nafter  %s", before, after)
			}
		})
	}
}

// TestStartupRefusesReadOnlyMount: a database on a read-only mount is
// refused with that reason, not "no such file or directory".
func TestStartupRefusesReadOnlyMount(t *testing.T) {
	dir := readOnlyMount(t)
	for _, db := range []string{filepath.Join(dir, "tengen.db"), existingFileIn(dir)} {
		if db == "" {
			continue
		}
		code, line := runRefused(t, writeConfig(t, "database: "+db+"\n"))
		if code != 2 || !strings.Contains(line, "read-only") || strings.Contains(line, "no such file") {
			t.Errorf("%s: exit %d, %q; want 2 and the read-only mount named", db, code, line)
		}
	}
}

// TestZeroMeansWhatItSays: in the file, 0 undos is none and a reminder 0
// before the deadline is none, where the lifecycle's zero values mean its
// defaults; the defaults are the lifecycle's.
func TestZeroMeansWhatItSays(t *testing.T) {
	c, err := loadConfig(writeConfig(t, "games:\n  ai_undo_limit: 0\n  ai_hints: 0\n  remind_before: 0s\n  max_ai_games: 0\n"), true)
	if err != nil {
		t.Fatal(err)
	}
	if mc := c.lifecycle(); mc.AIUndoLimit >= 0 || mc.HintLimit >= 0 || mc.RemindBefore >= 0 || mc.MaxAIGames >= 0 {
		t.Fatalf("undos %d, reminder %v: want none of either", mc.AIUndoLimit, mc.RemindBefore)
	}
	d := defaultConfig()
	mc := d.lifecycle()
	if mc.AIUndoLimit != match.DefaultAIUndoLimit || mc.HintLimit != match.DefaultHintLimit || mc.RemindBefore != match.DefaultRemindBefore || mc.MoveTimeout != match.DefaultMoveTimeout ||
		mc.ChallengeTTL != match.DefaultChallengeTTL || mc.MaxOpenChallenges != match.DefaultMaxOpenChallenges || time.Duration(d.Games.AIAbandonAfter) != match.DefaultAIAbandonAfter {
		t.Fatalf("defaults %+v", mc)
	}
}

// runRefused runs "tengen run -config cfg" with a token set and returns the
// exit code and the one line it printed.
func runRefused(t *testing.T, cfg string) (int, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	env := func(k string) string {
		if k == "DISCORD_TOKEN" {
			return "not-a-real-token"
		}
		return ""
	}
	code := runWith([]string{"run", "-config", cfg}, &stdout, &stderr, env)
	out := strings.TrimSuffix(stderr.String(), "\n")
	if strings.Contains(out, "\n") {
		t.Errorf("the refusal is not one line: %q", out)
	}
	if strings.Contains(out, "not-a-real-token") {
		t.Errorf("the refusal shows the token: %q", out)
	}
	return code, out
}

// snapshot lists a directory's names, sizes and modification times.
func snapshot(t *testing.T, dir string) string {
	t.Helper()
	var b strings.Builder
	err := filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		info, err := d.Info()
		if err != nil {
			return err
		}
		b.WriteString(p + " " + info.Mode().String() + " " + info.ModTime().String())
		if !d.IsDir() {
			b.WriteString(" " + strings.Repeat("#", int(info.Size())))
		}
		b.WriteString("; ")
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return b.String()
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// readOnlyMount returns a directory on a file system mounted read-only,
// from /proc/mounts, or skips loudly where there is none.
func readOnlyMount(t *testing.T) string {
	t.Helper()
	f, err := os.Open("/proc/mounts")
	if err != nil {
		t.Skipf("SKIPPED: no /proc/mounts to find a read-only mount: %v", err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		if len(fields) < 4 || !strings.HasPrefix(fields[3], "ro,") && fields[3] != "ro" {
			continue
		}
		if st, err := os.Stat(fields[1]); err == nil && st.IsDir() {
			return fields[1]
		}
	}
	t.Skip("SKIPPED: this machine has no read-only mount to put a database on")
	return ""
}

// existingFileIn returns a regular file in dir, or "".
func existingFileIn(dir string) string {
	es, err := os.ReadDir(dir)
	if err != nil {
		return ""
	}
	for _, e := range es {
		if e.Type().IsRegular() {
			return filepath.Join(dir, e.Name())
		}
	}
	return ""
}

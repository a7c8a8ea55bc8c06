package main

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/store/storetest"
)

// TestAIWorker: a bot process configured with games.ai: workers computes
// no AI turn; an AI worker sharing its PostgreSQL database computes it,
// and the bot process hears of the move at its commit and shows it.
func TestAIWorker(t *testing.T) {
	dc := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	cfg := fakeConfig(t, dc)
	cfg.Database = storetest.Schema(t)
	cfg.Games.AI = aiWorkers
	var logs, wlogs syncBuffer
	m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	lobby := dc.NewChannel("lobby")
	alice := dc.User("alice")
	_, err := alice.Slash(ctx, lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("level", 1), discordtest.Opt("colour", "black")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Slash(ctx, lobby, "move", discordtest.Opt("move", "h8")); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond) // long enough for a level-1 reply, were the bot computing it
	for _, x := range lobby.Messages() {
		if x.Embeds != nil && strings.Contains(embedField(x, "Moves played"), "2") {
			t.Fatalf("the AI replied without a worker: %q", x.Content)
		}
	}

	wctx, stopWorker := context.WithCancel(ctx)
	worked := make(chan error, 1)
	wcfg := cfg
	wcfg.Metrics.Address = freeAddr(t)
	w := &Worker{Config: wcfg, Logger: slog.New(slog.NewTextHandler(&wlogs, nil))}
	go func() { worked <- w.Run(wctx) }()
	if _, err := lobby.WaitMessage(ctx, func(x *discordtest.Message) bool {
		return len(x.Embeds) > 0 && embedField(x, "Moves played") == "2" && strings.Contains(x.Content, "<@"+alice.ID+">")
	}); err != nil {
		t.Fatalf("the worker's move never showed: %v\nbot:\n%s\nworker:\n%s", err, logs.String(), wlogs.String())
	}
	// The turn is counted done just after its move is committed: read the
	// metrics until they say so.
	var missing []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(20 * time.Millisecond) {
		resp, err := http.Get("http://" + wcfg.Metrics.Address + "/metrics")
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		missing = missing[:0]
		for _, want := range []string{"tengen_ai_wait_seconds_count 1", "tengen_ai_searches 0", "tengen_store_commit_seconds_count"} {
			if !strings.Contains(string(body), want) {
				missing = append(missing, want)
			}
		}
		if len(missing) == 0 {
			break
		}
	}
	if len(missing) > 0 {
		t.Errorf("the worker's /metrics lacks %q", missing)
	}
	stopWorker()
	if err := <-worked; err != nil {
		t.Fatal(err)
	}
	if f := dc.Failures(); len(f) != 0 {
		t.Fatalf("failures: %+v", f)
	}
	if s := logs.String() + wlogs.String(); strings.Contains(s, "level=ERROR") {
		t.Fatalf("errors in the logs:\n%s", s)
	}
}

// embedField returns the value of the first embed's field named name.
func embedField(m *discordtest.Message, name string) string {
	if len(m.Embeds) == 0 {
		return ""
	}
	for _, f := range m.Embeds[0].Fields {
		if f.Name == name {
			return f.Value
		}
	}
	return ""
}

// TestAIWorkerNeedsPostgres: a worker on an SQLite file would share it with
// nobody: it refuses, saying what to set, and needs no Discord token.
func TestAIWorkerNeedsPostgres(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte("database: "+filepath.Join(dir, "tengen.db")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr strings.Builder
	code := runWith([]string{"ai-worker", "-config", path}, io.Discard, &stderr, func(string) string { return "" })
	if code != 1 || !strings.Contains(stderr.String(), "shares a PostgreSQL database with the bot processes") {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
}

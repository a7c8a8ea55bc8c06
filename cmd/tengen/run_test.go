package main

import (
	"bytes"
	"context"
	"io"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot"
	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/store"
)

// TestMainAgainstFakeDiscord runs the binary's Main end to end: it connects
// through the REST override, registers the commands in the dev guild,
// serves a challenge and a move, and on Close leaves the game in the
// database for the next start, which resumes it.
func TestMainAgainstFakeDiscord(t *testing.T) {
	dc := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg := fakeConfig(t, dc)
	var logs bytes.Buffer
	m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	if got, want := len(dc.Commands(dc.Guild().ID)), len(bot.Commands()); got != want {
		t.Fatalf("%d commands in the dev guild, want %d", got, want)
	}
	if got := dc.Commands(""); len(got) != 0 {
		t.Fatalf("%d global commands, want none with dev_guild set", len(got))
	}
	_, _, bob := playFirstMove(ctx, t, dc)
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if f := dc.Failures(); len(f) != 0 {
		t.Fatalf("failures: %+v", f)
	}
	t.Log(logs.String())
	if !strings.Contains(logs.String(), "commands registered") || strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("logs:\n%s", logs.String())
	}

	// The database was closed cleanly and keeps the game.
	db, err := store.Open(ctx, cfg.Database, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	games, err := db.UserGames(ctx, bob.ID)
	if err != nil || len(games) != 1 || games[0].Status != store.Active || games[0].BoardPost == 0 {
		t.Fatalf("bob's games after shutdown: %+v, %v", games, err)
	}
	if p, err := db.Post(ctx, games[0].BoardPost); err != nil || p.MessageID == "" || p.Due() {
		t.Fatalf("the game's board after shutdown: %+v, %v; want it delivered", p, err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
}

// TestRunNeedsToken: without a token or with a bad config the command says
// in one line what to fix and exits with 2.
func TestRunNeedsToken(t *testing.T) {
	tests := []struct {
		name, config, token, want string
	}{
		{name: "no token", want: "DISCORD_TOKEN is not set"},
		{name: "bad config", config: "log:\n  level: loud\n", token: "x", want: "log.level"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := []string{"run"}
			if tt.config != "" {
				args = append(args, "-config", writeConfig(t, tt.config))
			}
			var stdout, stderr bytes.Buffer
			env := func(k string) string {
				if k == "DISCORD_TOKEN" {
					return tt.token
				}
				return ""
			}
			code := runWith(args, &stdout, &stderr, env)
			if code != 2 || !strings.Contains(stderr.String(), tt.want) || strings.Count(stderr.String(), "\n") != 1 {
				t.Fatalf("exit %d, stderr %q", code, stderr.String())
			}
		})
	}
}

// TestRunStopsOnSignal runs "tengen run" as main does, against the fake
// (REST URL from TENGEN_DISCORD_REST_URL, token from DISCORD_TOKEN), and
// stops it with SIGINT: it shuts down cleanly with exit status 0.
func TestRunStopsOnSignal(t *testing.T) {
	dc := discordtest.New(t)
	cfg := writeConfig(t, "database: "+filepath.Join(t.TempDir(), "t.db")+"\ndev_guild: \""+dc.Guild().ID+"\"\nlog:\n  format: json\n")
	env := map[string]string{"DISCORD_TOKEN": "test", "TENGEN_DISCORD_REST_URL": dc.URL()}
	var stdout, stderr syncBuffer
	done := make(chan int, 1)
	go func() {
		done <- runWith([]string{"run", "-config", cfg}, &stdout, &stderr, func(k string) string { return env[k] })
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	select {
	case <-stderr.seen(`"msg":"running"`):
	case code := <-done:
		t.Fatalf("run exited early with %d: %s", code, stderr.String())
	case <-ctx.Done():
		t.Fatalf("the bot never started: %s", stderr.String())
	}
	if len(dc.Commands(dc.Guild().ID)) == 0 {
		t.Fatal("no commands registered")
	}
	if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	select {
	case code := <-done:
		if code != 0 || !strings.Contains(stderr.String(), `"msg":"stopped"`) {
			t.Fatalf("exit %d, logs:\n%s", code, stderr.String())
		}
	case <-ctx.Done():
		t.Fatalf("the bot did not stop on SIGINT: %s", stderr.String())
	}
}

// syncBuffer is a bytes.Buffer safe for the logger and the test at once,
// which tells when a text has been written.
type syncBuffer struct {
	mu      sync.Mutex
	b       bytes.Buffer
	waiters []waiter
}

type waiter struct {
	text string
	ch   chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	n, err := s.b.Write(p)
	s.wakeLocked()
	return n, err
}

func (s *syncBuffer) wakeLocked() {
	kept := s.waiters[:0]
	for _, w := range s.waiters {
		if strings.Contains(s.b.String(), w.text) {
			close(w.ch)
		} else {
			kept = append(kept, w)
		}
	}
	s.waiters = kept
}

// seen returns a channel closed once text has been written.
func (s *syncBuffer) seen(text string) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	ch := make(chan struct{})
	s.waiters = append(s.waiters, waiter{text, ch})
	s.wakeLocked()
	return ch
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// TestRegisterOnce: "tengen register" registers the commands through REST
// alone and exits; a "tengen run" with discord.register false registers
// nothing, as each of several processes should.
func TestRegisterOnce(t *testing.T) {
	dc := discordtest.New(t)
	cfg := writeConfig(t, "database: "+filepath.Join(t.TempDir(), "t.db")+"\ndev_guild: \""+dc.Guild().ID+"\"\ndiscord:\n  register: false\n")
	env := func(k string) string {
		switch k {
		case "DISCORD_TOKEN":
			return strings.TrimPrefix(discordtest.Token, "Bot ")
		case "TENGEN_DISCORD_REST_URL":
			return dc.URL()
		}
		return ""
	}
	var stdout, stderr bytes.Buffer
	if code := runWith([]string{"register", "-config", cfg}, &stdout, &stderr, env); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if got, want := len(dc.Commands(dc.Guild().ID)), len(bot.Commands()); got != want {
		t.Fatalf("%d commands registered, want %d", got, want)
	}
	if !strings.Contains(stdout.String(), "commands registered in guild "+dc.Guild().ID) {
		t.Errorf("stdout %q", stdout.String())
	}

	dc2 := discordtest.New(t)
	c, err := loadConfig(cfg, true)
	if err != nil {
		t.Fatal(err)
	}
	c.DevGuild, c.Discord.RESTURL = dc2.Guild().ID, dc2.URL()
	m := &Main{Config: c, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if got := len(dc2.Commands(dc2.Guild().ID)); got != 0 {
		t.Fatalf("run with discord.register false registered %d commands", got)
	}
}

// TestMetricsAndHealth: with metrics.address set, the bot serves liveness,
// readiness (connected, database answering) and Prometheus metrics that
// count the interactions it answered, by kind and outcome; Close stops it.
func TestMetricsAndHealth(t *testing.T) {
	dc := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg := fakeConfig(t, dc)
	cfg.Metrics.Address = "127.0.0.1:0"
	m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	base := "http://" + m.ops.addr.String()
	get := func(path string) (int, string) {
		t.Helper()
		resp, err := http.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		body, err := io.ReadAll(resp.Body)
		if err != nil {
			t.Fatal(err)
		}
		return resp.StatusCode, string(body)
	}
	if code, _ := get("/healthz"); code != http.StatusOK {
		t.Fatalf("/healthz %d", code)
	}
	if code, body := get("/readyz"); code != http.StatusOK {
		t.Fatalf("/readyz %d: %s", code, body)
	}
	lobby := dc.NewChannel("lobby")
	alice, bob := dc.User("alice"), dc.User("bob")
	if _, err := alice.Slash(ctx, lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID))); err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Slash(ctx, lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", alice.ID))); err != nil {
		t.Fatal(err)
	}
	// The bot counts an interaction just after Discord has its answer, and
	// a scrape reads one metric after another: wait for all of them.
	want := []string{
		`tengen_interactions_total{kind="/gomoku challenge",outcome="ok"} 1`,
		`tengen_interactions_total{kind="/gomoku challenge",outcome="refused"} 1`,
		`tengen_interaction_seconds_count{kind="/gomoku challenge"} 2`,
		"tengen_gateway_connected 1", "tengen_ai_turns_waiting 0", "tengen_gateway_reconnects_total 0",
		"tengen_ai_searches 0", "tengen_games_live 1", "tengen_store_commit_seconds_count",
		`tengen_rest_requests_total{route="POST /api/v9/interactions/{id}/{token}/callback",status="200"}`,
	}
	var missing []string
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		_, body := get("/metrics")
		missing = missing[:0]
		for _, w := range want {
			if !strings.Contains(body, w) {
				missing = append(missing, w)
			}
		}
		if len(missing) == 0 {
			break
		}
	}
	if len(missing) > 0 {
		t.Errorf("/metrics lacks %q", missing)
	}
	if _, body := get("/metrics"); strings.Contains(body, dc.Guild().ID) || strings.Contains(body, "aW50ZXJhY3Rpb24") {
		t.Error("/metrics names an id or an interaction token")
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := http.Get(base + "/healthz"); err == nil {
		t.Error("the endpoint still answers after Close")
	}
}

// TestMainInHTTPMode runs Main with interactions.listen set: it opens no
// gateway, serves the interactions endpoint, which Discord accepts (it
// PONGs a signed PING and refuses a forged one), and a challenge, its
// acceptance and a move go through it; /readyz says ready without a
// gateway; Close stops the endpoint.
func TestMainInHTTPMode(t *testing.T) {
	dc := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg := fakeConfig(t, dc)
	cfg.Interactions.Listen = "127.0.0.1:0"
	cfg.Interactions.PublicKey = dc.PublicKeyHex()
	cfg.Metrics.Address = "127.0.0.1:0"
	var logs syncBuffer
	m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(&logs, nil))}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	url := "http://" + m.interactionsAddr.String() + "/interactions"
	if err := dc.SetInteractionsEndpoint(ctx, url); err != nil {
		t.Fatal(err)
	}
	resp, err := http.Get("http://" + m.ops.addr.String() + "/readyz")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("/readyz in HTTP mode: %d %s", resp.StatusCode, body)
	}

	playFirstMove(ctx, t, dc)
	if err := dc.WaitEndpointAnswers(ctx); err != nil {
		t.Fatal(err)
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	if f := dc.Failures(); len(f) != 0 {
		t.Fatalf("failures: %+v", f)
	}
	if gs := dc.GatewayConnections(); len(gs) != 0 {
		t.Fatalf("HTTP mode connected to the gateway: %+v", gs)
	}
	if st := dc.EndpointStats(); st.Failed != 0 || st.Inline+st.Accepted != 3 {
		t.Fatalf("endpoint %+v: want the challenge, the accept and the move answered", st)
	}
	if !strings.Contains(logs.String(), "serving the interactions endpoint") || strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("logs:\n%s", logs.String())
	}
	if _, err := http.Post(url, "application/json", strings.NewReader("{}")); err == nil {
		t.Error("the interactions endpoint still answers after Close")
	}
}

// playFirstMove has alice challenge bob in a new channel, bob accept and
// alice play h8, and waits for the board that asks bob to move.
func playFirstMove(ctx context.Context, t *testing.T, dc *discordtest.Discord) (lobby *discordtest.Channel, alice, bob *discordtest.User) {
	t.Helper()
	lobby = dc.NewChannel("lobby")
	alice, bob = dc.User("alice"), dc.User("bob")
	r, err := alice.Slash(ctx, lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID), discordtest.Opt("first", "me")))
	if err != nil {
		t.Fatal(err)
	}
	id := r.Message().ID
	ch, err := lobby.WaitMessage(ctx, func(x *discordtest.Message) bool { return x.ID == id && !x.Loading() })
	if err != nil {
		t.Fatal(err)
	}
	accept := ""
	for _, b := range ch.Buttons() {
		if b.Label == "Accept" {
			accept = b.CustomID
		}
	}
	if _, err := bob.Click(ctx, ch, accept); err != nil {
		t.Fatal(err)
	}
	if _, err := alice.Slash(ctx, lobby, "move", discordtest.Opt("move", "h8")); err != nil {
		t.Fatal(err)
	}
	if _, err := lobby.WaitMessage(ctx, func(x *discordtest.Message) bool {
		return len(x.Embeds) > 0 && !x.Loading() && strings.Contains(x.Content, "<@"+bob.ID+">")
	}); err != nil {
		t.Fatal(err)
	}
	return lobby, alice, bob
}

// fakeConfig is the default configuration for a Main against the fake
// Discord dc: a fresh SQLite file, the commands in dc's guild, REST through
// the fake.
func fakeConfig(t *testing.T, dc *discordtest.Discord) Config {
	cfg := defaultConfig()
	cfg.Database = filepath.Join(t.TempDir(), "tengen.db")
	cfg.DevGuild = dc.Guild().ID
	cfg.Discord.RESTURL = dc.URL()
	return cfg
}

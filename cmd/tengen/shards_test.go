package main

import (
	"bytes"
	"context"
	"fmt"
	"log/slog"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestShardConfig: discord.shards is auto by default or a count, and
// discord.shard_ids a range or one id within it.
func TestShardConfig(t *testing.T) {
	tests := []struct {
		text      string
		wantCount int
		wantIDs   []int
	}{
		{text: ""},
		{text: "discord:\n  shards: auto\n"},
		{text: "discord:\n  shards: 4\n", wantCount: 4},
		{text: "discord:\n  shards: \"4\"\n  shard_ids: 2-3\n", wantCount: 4, wantIDs: []int{2, 3}},
		{text: "discord:\n  shards: 4\n  shard_ids: \"1\"\n", wantCount: 4, wantIDs: []int{1}},
		{text: "discord:\n  shard_ids: 0-1\n", wantIDs: []int{0, 1}},
	}
	for _, tt := range tests {
		c, err := loadConfig(writeConfig(t, tt.text), true)
		if err != nil {
			t.Fatalf("%q: %v", tt.text, err)
		}
		count, ids, err := c.shards()
		if err != nil || count != tt.wantCount || !slices.Equal(ids, tt.wantIDs) {
			t.Errorf("%q: shards %d, ids %v, %v; want %d, %v", tt.text, count, ids, err, tt.wantCount, tt.wantIDs)
		}
	}
}

// TestShardRefusals: a shard count below 1 or not a number, a malformed
// range and a range outside the count stop "tengen run" with exit status 2
// and one line naming the option.
func TestShardRefusals(t *testing.T) {
	tests := []struct {
		name, config string
		want         []string
	}{
		{name: "no shards", config: "discord:\n  shards: 0\n", want: []string{"discord.shards", "at least 1", "auto"}},
		{name: "negative shards", config: "discord:\n  shards: -2\n", want: []string{"discord.shards", "-2"}},
		{name: "shards not a number", config: "discord:\n  shards: many\n", want: []string{"discord.shards", `"many"`, "auto"}},
		{name: "range backwards", config: "discord:\n  shard_ids: 3-1\n", want: []string{"discord.shard_ids", `"3-1"`, "such as 0-3"}},
		{name: "range not numbers", config: "discord:\n  shard_ids: a-b\n", want: []string{"discord.shard_ids", "such as 0-3"}},
		{name: "range open", config: "discord:\n  shard_ids: 2-\n", want: []string{"discord.shard_ids"}},
		{name: "negative id", config: "discord:\n  shard_ids: -1\n", want: []string{"discord.shard_ids"}},
		{name: "range outside", config: "discord:\n  shards: 2\n  shard_ids: 0-3\n", want: []string{"discord.shard_ids", "outside the 2 shards", "0-1"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db := filepath.Join(t.TempDir(), "tengen.db")
			before := snapshot(t, filepath.Dir(db))
			code, line := runRefused(t, writeConfig(t, "database: "+db+"\n"+tt.config))
			if code != 2 {
				t.Fatalf("exit %d, want 2: %q", code, line)
			}
			for _, f := range tt.want {
				if !strings.Contains(line, f) {
					t.Errorf("%q does not mention %q", line, f)
				}
			}
			if after := snapshot(t, filepath.Dir(db)); after != before {
				t.Errorf("the refusal wrote to the database's directory")
			}
		})
	}
}

// TestMainWithShards runs Main against a fake Discord that recommends
// shards, with discord.shards 2 and with auto (Discord's 3): every shard
// connects, the bot is ready, and a game in a guild on each shard is
// played. A range past Discord's recommendation is refused at start.
func TestMainWithShards(t *testing.T) {
	tests := []struct {
		name      string
		shards    string
		recommend int
	}{
		{name: "shards 2", shards: "2", recommend: 1},
		{name: "auto", shards: "auto", recommend: 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dc := discordtest.New(t, discordtest.WithShards(tt.recommend, 4))
			n := max(tt.recommend, 2)
			if tt.shards == "auto" {
				n = tt.recommend
			}
			var lobbies []*discordtest.Channel
			for id := range n {
				lobbies = append(lobbies, dc.NewGuildOnShard(fmt.Sprintf("guild %d", id), id, n).NewChannel("lobby"))
			}
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cfg := defaultConfig()
			cfg.Database = filepath.Join(t.TempDir(), "tengen.db")
			cfg.Discord.RESTURL = dc.URL()
			cfg.Discord.Shards = tt.shards
			var logs syncBuffer
			m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(&logs, nil))}
			if err := m.Run(ctx); err != nil {
				t.Fatal(err)
			}
			defer m.Close()
			if got := dc.ConnectedShards(n); len(got) != n {
				t.Fatalf("connected shards %v of %d", got, n)
			}
			if err := m.ready(ctx); err != nil {
				t.Fatalf("not ready: %v", err)
			}
			for id, lobby := range lobbies {
				if err := playGame(ctx, dc, lobby); err != nil {
					t.Fatalf("in the guild on shard %d: %v", id, err)
				}
			}
			if err := m.Close(); err != nil {
				t.Fatal(err)
			}
			if f := dc.Failures(); len(f) != 0 {
				t.Fatalf("failures: %+v", f)
			}
			if st := dc.Gateway(); st.Identifies != n || st.RateLimitedIdentifies != 0 {
				t.Fatalf("gateway %+v, want %d identifies, none rate-limited", st, n)
			}
			if strings.Contains(logs.String(), "level=ERROR") {
				t.Fatalf("logs:\n%s", logs.String())
			}
		})
	}

	t.Run("range past Discord's count", func(t *testing.T) {
		dc := discordtest.New(t, discordtest.WithShards(2, 1))
		cfg := defaultConfig()
		cfg.Database = filepath.Join(t.TempDir(), "tengen.db")
		cfg.Discord.RESTURL = dc.URL()
		cfg.Discord.ShardIDs = "2-3"
		var logs bytes.Buffer
		m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(&logs, nil))}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		err := m.Run(ctx)
		if err == nil || !strings.Contains(err.Error(), "shard 2 is outside the 2 shards") {
			t.Fatalf("Run = %v, want the range refused", err)
		}
		if st := dc.Gateway(); st.Identifies != 0 {
			t.Fatalf("%d identifies, want none", st.Identifies)
		}
	})
}

// playGame has alice challenge bob in lobby, bob accept and alice move,
// and waits for the board that asks bob to play.
func playGame(ctx context.Context, dc *discordtest.Discord, lobby *discordtest.Channel) error {
	alice, bob := dc.User("alice"), dc.User("bob")
	r, err := alice.Slash(ctx, lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID), discordtest.Opt("first", "me")))
	if err != nil {
		return err
	}
	id := r.Message().ID
	ch, err := lobby.WaitMessage(ctx, func(x *discordtest.Message) bool { return x.ID == id && !x.Loading() })
	if err != nil {
		return err
	}
	accept := ""
	for _, b := range ch.Buttons() {
		if b.Label == "Accept" {
			accept = b.CustomID
		}
	}
	if _, err := bob.Click(ctx, ch, accept); err != nil {
		return err
	}
	if _, err := alice.Slash(ctx, lobby, "move", discordtest.Opt("move", "h8")); err != nil {
		return err
	}
	_, err = lobby.WaitMessage(ctx, func(x *discordtest.Message) bool {
		return len(x.Embeds) > 0 && !x.Loading() && strings.Contains(x.Content, "<@"+bob.ID+">")
	})
	return err
}

package main

import (
	"context"
	"io"
	"log/slog"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/storetest"
)

func TestWakeAfter(t *testing.T) {
	now := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	last := now.Add(-time.Second)
	tests := []struct {
		name string
		next time.Time
		want time.Duration
	}{
		{"no deadline", time.Time{}, 5 * time.Second},
		{"a flag in 800ms", now.Add(800 * time.Millisecond), 800 * time.Millisecond},
		{"a deadline after the interval", now.Add(time.Hour), 5 * time.Second},
		{"due since the last tick", now.Add(-500 * time.Millisecond), 0},
		{"already due at the last tick", last, 5 * time.Second},
		{"long overdue", now.Add(-time.Hour), 5 * time.Second},
	}
	for _, tt := range tests {
		if got := wakeAfter(now, last, tt.next, 5*time.Second); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestFlagFallsAtDeadline: with a tick interval of an hour, a flag that
// falls half a second after the start still ends the game then, with
// nobody interacting: the ticker wakes at the next deadline.
func TestFlagFallsAtDeadline(t *testing.T) {
	dc := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg := fakeConfig(t, dc)
	cfg.Games.TickInterval = Duration(time.Hour)
	lobby := dc.NewChannel("lobby")
	alice, bob := dc.User("alice"), dc.User("bob")

	// A 1+0 game in which bob, to move, has half a second left.
	db, err := store.Open(ctx, cfg.Database, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	eg, err := match.NewGame(match.Setup{Kind: store.Gomoku})
	if err != nil {
		t.Fatal(err)
	}
	for _, mv := range []string{"h8", "h9", "i8"} { // both clocks have started
		if _, err := eg.Play(mv); err != nil {
			t.Fatal(err)
		}
	}
	moves, err := eg.MarshalText()
	if err != nil {
		t.Fatal(err)
	}
	now := time.Now().Truncate(time.Millisecond)
	g := &store.Game{Kind: store.Gomoku, Rules: "freestyle", Size: 15, GuildID: dc.Guild().ID, ChannelID: lobby.ID,
		Perms: store.PermsUnknown, Seats: [2]store.Seat{store.Human(alice.ID, "alice"), store.Human(bob.ID, "bob")},
		Status: store.Active, Moves: string(moves), TimeControl: "1+0",
		Clock: [2]time.Duration{time.Minute, 500 * time.Millisecond}, TurnStart: now, Deadline: now.Add(500 * time.Millisecond)}
	if err := db.CreateGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}

	m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	if _, err := lobby.WaitMessage(ctx, func(x *discordtest.Message) bool {
		return strings.HasPrefix(x.Content, "⏰ <@"+alice.ID+"> (black) wins by time")
	}); err != nil {
		t.Fatalf("the flag did not fall: %v", err)
	}
	got, err := m.db.Game(ctx, g.ID)
	if err != nil || got.Outcome != engine.WinFor(engine.First, engine.Timeout) {
		t.Fatalf("stored: %+v, %v", got, err)
	}
}

// TestTickerWakesOnChange: the ticker, asleep for an hour with nothing
// due, hears of a new challenge and expires it at its deadline.
func TestTickerWakesOnChange(t *testing.T) {
	dc := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg := fakeConfig(t, dc)
	cfg.Games.TickInterval = Duration(time.Hour)
	cfg.Games.ChallengeTTL = Duration(500 * time.Millisecond)
	m := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := m.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	lobby := dc.NewChannel("lobby")
	alice, bob := dc.User("alice"), dc.User("bob")
	r, err := alice.Slash(ctx, lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", bob.ID)))
	if err != nil {
		t.Fatal(err)
	}
	id := r.Message().ID
	if _, err := lobby.WaitMessage(ctx, func(x *discordtest.Message) bool {
		return x.ID == id && strings.HasPrefix(x.Content, "⌛ The challenge expired")
	}); err != nil {
		t.Fatalf("the challenge did not expire: %v", err)
	}
}

// TestLeaderWakesOnOtherProcess: on PostgreSQL the deadline leader, asleep
// for an hour, hears (through the store's change notifications) of a
// challenge another process made and expires it at its deadline.
func TestLeaderWakesOnOtherProcess(t *testing.T) {
	database := storetest.Schema(t)
	dc := discordtest.New(t)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	cfg := fakeConfig(t, dc)
	cfg.Database = database
	cfg.Games.TickInterval = Duration(time.Hour)
	leader := &Main{Config: cfg, Token: strings.TrimPrefix(discordtest.Token, "Bot "), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if err := leader.Run(ctx); err != nil {
		t.Fatal(err)
	}
	defer leader.Close()
	lobby := dc.NewChannel("lobby")
	alice, bob := dc.User("alice"), dc.User("bob")

	// The other process: a lifecycle on the same database, ticking never.
	db, err := store.Open(ctx, database, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	other := match.New(db, match.Config{ChallengeTTL: 500 * time.Millisecond, NoLimits: true})
	defer other.Close(context.Background())
	g, err := other.Challenge(ctx, match.ChallengeSpec{Setup: match.Setup{Kind: store.Gomoku, Time: match.Blitz},
		Challenger: match.Player{ID: alice.ID, Name: "alice"}, Opponent: match.Player{ID: bob.ID, Name: "bob"},
		GuildID: dc.Guild().ID, ChannelID: lobby.ID})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := lobby.WaitMessage(ctx, func(x *discordtest.Message) bool {
		return strings.HasPrefix(x.Content, "⌛ The challenge expired")
	}); err != nil {
		t.Fatalf("the leader did not expire challenge %d: %v", g.ID, err)
	}
}

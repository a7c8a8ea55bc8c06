package store

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// TestMirror: a game paired across servers keeps its mirror: the posts
// planned in the mirror's channel become its board and prompt, written
// with the game by create, update and finish; /games lists the game in the
// mirror's server while it is live; each player of a rated one joins the
// leaderboard of the server they played from.
func TestMirror(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		g := humanGame("a", "b", true)
		g.Mirror = Mirror{GuildID: "g2", ChannelID: "c1", UserID: "b", Locale: "ja"}
		if err := db.Create(ctx, g, nil); engine.ErrorCode(err) != engine.Internal {
			t.Fatalf("a mirror in the game's own channel: %v", err)
		}
		g.Mirror.ChannelID = "m1"
		plan := &Plan{Posts: []*Post{
			{Kind: BoardPost, ChannelID: "c1", Want: WantVersion(1), Ping: []string{"a"}},
			{Kind: BoardPost, ChannelID: "m1", Want: WantVersion(1), Ping: []string{"b"}},
		}}
		if err := db.Create(ctx, g, plan); err != nil {
			t.Fatal(err)
		}
		if g.BoardPost != plan.Posts[0].ID || g.Mirror.BoardPost != plan.Posts[1].ID {
			t.Fatalf("boards %d and %d, posts %d and %d", g.BoardPost, g.Mirror.BoardPost, plan.Posts[0].ID, plan.Posts[1].ID)
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil || got.Mirror != g.Mirror {
			t.Fatalf("the mirror as stored: %+v, want %+v (%v)", got.Mirror, g.Mirror, err)
		}

		// A prompt in the mirror's channel, the locale changed there.
		got.Mirror.Locale = "ko"
		prompt := &Plan{Posts: []*Post{{Kind: PromptPost, ChannelID: "m1", Want: WantOpen}, {Kind: PromptPost, ChannelID: "c1", Want: WantOpen}},
			Wants: []Want{{Post: got.BoardPost, Want: WantVersion(2)}, {Post: got.Mirror.BoardPost, Want: WantVersion(2)}}}
		if err := db.update(ctx, got, prompt); err != nil {
			t.Fatal(err)
		}
		again, err := db.Game(ctx, g.ID)
		if err != nil || again.Mirror.PromptPost != prompt.Posts[0].ID || again.PromptPost != prompt.Posts[1].ID ||
			again.Mirror.Locale != "ko" || again.Mirror.BoardPost != g.Mirror.BoardPost || again.Mirror != got.Mirror {
			t.Fatalf("after the update: %+v (%v)", again, err)
		}

		for _, guild := range []string{"g1", "g2"} {
			if live, err := db.LiveGamesIn(ctx, guild, ""); err != nil || len(live) != 1 || live[0].ID != g.ID {
				t.Fatalf("live games of %s: %+v %v", guild, live, err)
			}
		}

		// Finished with a new board in the mirror's channel.
		again.Outcome = engine.WinFor(engine.First, engine.Resignation)
		again.Status = Finished
		end := &Plan{Posts: []*Post{{Kind: BoardPost, ChannelID: "m1", Want: WantVersion(3)}},
			Wants: []Want{{Post: again.Mirror.BoardPost, Want: WantRetired}}}
		if _, err := db.finish(ctx, again, end); err != nil {
			t.Fatal(err)
		}
		done, err := db.Game(ctx, g.ID)
		if err != nil || done.Mirror.BoardPost != end.Posts[0].ID || done.Status != Finished {
			t.Fatalf("after the finish: %+v (%v)", done, err)
		}
		if live, err := db.LiveGamesIn(ctx, "g2", ""); err != nil || len(live) != 0 {
			t.Fatalf("live games of g2 after the end: %+v %v", live, err)
		}
		rows, err := db.read().QueryContext(ctx, `SELECT guild_id || ':' || user_id FROM guild_players ORDER BY guild_id, user_id`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		var boards []string
		for rows.Next() {
			var s string
			if err := rows.Scan(&s); err != nil {
				t.Fatal(err)
			}
			boards = append(boards, s)
		}
		if !slices.Equal(boards, []string{"g1:a", "g2:b"}) {
			t.Fatalf("leaderboards: %v", boards)
		}
	})
}

// TestWaitingAcross: those waiting in other servers that allow games
// across servers, rated as the joiner is, for the same game.
func TestWaitingAcross(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		now := clk.Now()
		entry := func(user, guild string, across, rated bool) QueueEntry {
			now = now.Add(time.Millisecond)
			return QueueEntry{UserID: user, GuildID: guild, ChannelID: "c-" + user, Kind: Gomoku, Rules: "freestyle", Size: 15,
				Rating: 1500, JoinedAt: now, ExpiresAt: now.Add(10 * time.Minute), Locale: "vi", Across: across, Rated: rated}
		}
		for _, e := range []QueueEntry{
			entry("same", "g1", true, true),     // the joiner's own server
			entry("ok", "g2", true, true),       // paired
			entry("closed", "g3", false, true),  // its server refused when they joined
			entry("unrated", "g4", true, false), // rated differently
			entry("off", "g5", true, true),      // its server refuses now
			entry("dm", "", true, true),         // not a server
			entry("late", "g6", true, true),     // paired too, after ok
		} {
			if err := db.JoinQueue(ctx, e); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.SetGuildSetting(ctx, "g5", "cross_server", "off"); err != nil {
			t.Fatal(err)
		}
		if err := db.SetGuildSetting(ctx, "g2", "cross_server", "on"); err != nil {
			t.Fatal(err)
		}
		me := entry("me", "g1", true, true)
		w, err := db.WaitingAcross(ctx, me, "cross_server", "off", me.JoinedAt)
		if err != nil {
			t.Fatal(err)
		}
		var users []string
		for _, x := range w {
			users = append(users, x.UserID)
		}
		if !slices.Equal(users, []string{"ok", "late"}) || w[0].Locale != "vi" || !w[0].Across || !w[0].Rated {
			t.Fatalf("waiting across: %+v", w)
		}
		me.GuildID = ""
		if w, err := db.WaitingAcross(ctx, me, "cross_server", "off", me.JoinedAt); err != nil || len(w) != 0 {
			t.Fatalf("from a DM: %+v %v", w, err)
		}
	})
}

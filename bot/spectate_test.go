package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// TestGamesLists: /games lists the caller's games by default, the
// server's with scope:here and a player's with user:, each with a link to
// its board message, a page of 10 at a time.
func TestGamesLists(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	dave := w.dc.User("dave")
	board := w.startGame()
	hall := w.dc.NewChannel("hall")
	open := w.do(w.carol.Slash(ctx, hall, "xiangqi", discordtest.Sub("open")))

	link := "https://discord.com/channels/" + w.dc.Guild().ID + "/" + w.lobby.ID + "/" + board.ID
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "games")), "#1 **Gomoku** · against <@"+w.bob.ID+">", "**your move**", "[board]("+link+")")
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "games")), "You have no games in progress")
	here := ephemeralText(t, w.must(dave.Slash(ctx, hall, "games", discordtest.Opt("scope", "here"))))
	for _, want := range []string{
		"#1 **Gomoku** · <@" + w.alice.ID + "> vs <@" + w.bob.ID + "> · <#" + w.lobby.ID + "> · <@" + w.alice.ID + "> to move · [board](" + link + ")",
		"#2 **Xiangqi** · <@" + w.carol.ID + "> vs whoever accepts", "(https://discord.com/channels/" + w.dc.Guild().ID + "/" + hall.ID + "/" + open.ID + ")",
	} {
		if !strings.Contains(here, want) {
			t.Fatalf("/games scope:here\n%s\ndoes not say %q", here, want)
		}
	}
	mine := ephemeralText(t, w.must(dave.Slash(ctx, w.lobby, "games", discordtest.Opt("user", w.bob.ID))))
	if !strings.Contains(mine, "#1 **Gomoku**") || strings.Contains(mine, "#2") {
		t.Fatalf("/games user:bob: %s", mine)
	}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "games", discordtest.Opt("user", dave.ID))), "<@"+dave.ID+"> plays no game here right now")

	// Games of another server are not listed here.
	other := w.dc.NewGuild("other").NewChannel("elsewhere")
	w.do(dave.Slash(ctx, other, "gomoku", discordtest.Sub("open")))
	if again := ephemeralText(t, w.must(dave.Slash(ctx, hall, "games", discordtest.Opt("scope", "here")))); again != here {
		t.Fatalf("a game of another server changed this server's list:\n%s", again)
	}

	// 14 games here: two pages of 7.
	for _, u := range []*discordtest.User{w.alice, w.bob, w.carol, dave} {
		for range 3 { // and dave's in the other server
			w.do(u.Slash(ctx, hall, "gomoku", discordtest.Sub("open")))
		}
	}
	first := ephemeralText(t, w.must(dave.Slash(ctx, hall, "games", discordtest.Opt("scope", "here"))))
	second := ephemeralText(t, w.must(dave.Slash(ctx, hall, "games", discordtest.Opt("scope", "here"), discordtest.Opt("page", 2))))
	if strings.Count(first, "\n#") != 6 || !strings.Contains(first, "Page 1 of 2") || strings.Count(second, "\n#") != 6 || !strings.Contains(second, "Page 2 of 2") {
		t.Fatalf("the pages:\n%s\n\n%s", first, second)
	}
	if len(first) > 2000 || len(second) > 2000 {
		t.Fatalf("pages of %d and %d characters", len(first), len(second))
	}
	wantEphemeral(t, w.must(dave.Slash(ctx, hall, "games", discordtest.Opt("scope", "here"), discordtest.Opt("page", 3))), "page 3 does not exist: the last page is 2")

	// In a group DM: its own games, linked with @me.
	gdm := w.dc.GroupDM(w.alice, w.bob)
	ch := w.do(w.alice.Slash(ctx, gdm, "gomoku", discordtest.Sub("open")))
	wantEphemeral(t, w.must(w.bob.Slash(ctx, gdm, "games", discordtest.Opt("scope", "here"))), "https://discord.com/channels/@me/"+gdm.ID+"/"+ch.ID)
	w.noFailures()
}

// TestFollow: anyone here may follow a game (not its players, not a game
// of elsewhere) and is told its result when it ends: by DM, or, when they
// accept no DM from the bot, by a message mentioning them in the game's
// channel; Unfollow stops it; a result decided while the bot was down is
// told when it starts again.
func TestFollow(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	dave, erin, frank := w.dc.User("dave"), w.dc.User("erin", discordtest.ClosedDMs()), w.dc.User("frank")
	w.startGame()

	r := w.must(dave.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1)))
	wantEphemeral(t, r, "You follow game #1")
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1))), "you already follow game #1")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1))), "you play in game #1")
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 99))), "there is no game #99")
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "unfollow", discordtest.Opt("game", 2))), "there is no game #2")
	w.must(erin.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1)))
	fr := w.must(frank.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1)))
	if got := w.click(frank, fr.Message(), "Unfollow"); !strings.Contains(got.Content, "You no longer follow game #1") || len(got.Buttons()) != 0 {
		t.Fatalf("after Unfollow: %+v", got)
	}
	wantEphemeral(t, w.must(frank.Slash(ctx, w.lobby, "unfollow", discordtest.Opt("game", 1))), "you do not follow game #1")

	other := w.dc.NewGuild("other").NewChannel("elsewhere")
	w.do(w.carol.Slash(ctx, other, "gomoku", discordtest.Sub("open")))
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 2))), "Game #2 is not played here")

	w.resign(w.bob, w.play(w.alice, "h8"))
	w.idle()
	dm := w.dc.DM(dave).Messages()
	if len(dm) != 1 || !strings.Contains(dm[0].Content, "Game #1 (Gomoku, <@"+w.alice.ID+"> vs <@"+w.bob.ID+">) is over: <@"+w.alice.ID+"> (black) wins by resignation") ||
		!strings.Contains(dm[0].Content, "https://discord.com/channels/"+w.dc.Guild().ID+"/"+w.lobby.ID+"/") {
		t.Fatalf("dave's DMs: %+v", dm)
	}
	if n := dave.Notifications(); len(n) != 1 || n[0].MessageID != dm[0].ID {
		t.Fatalf("dave's notifications: %+v", n)
	}
	var told *discordtest.Message
	for _, m := range w.lobby.Messages() {
		if strings.HasPrefix(m.Content, "<@"+erin.ID+"> 🏁 Game #1") {
			told = m
		}
	}
	if told == nil || len(erin.Notifications()) != 1 || erin.Notifications()[0].MessageID != told.ID {
		t.Fatalf("erin, who accepts no DM, was not told in the channel: %+v", erin.Notifications())
	}
	if len(w.dc.DM(frank).Messages()) != 0 || len(frank.Notifications()) != 0 {
		t.Fatal("frank, who unfollowed, was told")
	}
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1))), "game #1 is over: there is nothing to follow")

	// A result decided while the bot is down is told once it is back.
	next := w.startGame()
	id, err := parseButton(next)
	if err != nil {
		t.Fatal(err)
	}
	w.must(dave.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", id)))
	w.stop()
	w.resignOffline(id, w.alice.ID)
	w.start()
	w.idle()
	if dm := w.dc.DM(dave).Messages(); len(dm) != 2 || !strings.Contains(dm[1].Content, "wins by resignation") {
		t.Fatalf("dave's DMs after the restart: %+v", dm)
	}
	w.nothingDue()
	w.noFailures()
}

// resignOffline has user resign game id through a lifecycle of its own,
// while the bot is stopped: what another process (or the last moments
// before a crash) would leave in the store.
func (w *world) resignOffline(id int64, user string) {
	w.t.Helper()
	db, err := store.Open(context.Background(), w.path, store.Options{Now: w.dc.Clock().Now})
	if err != nil {
		w.t.Fatal(err)
	}
	defer db.Close()
	m := match.New(db, match.Config{Clock: w.dc.Clock(), Workers: 1})
	defer m.Close(context.Background())
	if _, err := m.Resign(context.Background(), id, match.Actor{Player: match.Player{ID: user}}, match.AnyPly); err != nil {
		w.t.Fatal(err)
	}
}

// TestGamesHiddenChannels: /games and /follow show nobody the games of a
// channel they cannot see (its permissions computed as Discord does), and
// show them again to whoever can.
func TestGamesHiddenChannels(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	dave := w.dc.User("dave")
	secret := w.dc.NewChannel("secret")
	board := w.do(w.alice.Slash(ctx, secret, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID))))
	w.click(w.bob, board, "Accept")
	secret.Hide(dave)

	if here := ephemeralText(t, w.must(dave.Slash(ctx, w.lobby, "games", discordtest.Opt("scope", "here")))); strings.Contains(here, "#1") {
		t.Fatalf("dave, who cannot see #secret, is shown its game: %s", here)
	}
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "games", discordtest.Opt("user", w.alice.ID))), "plays no game here right now")
	wantEphemeral(t, w.must(dave.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1))), "Game #1 is not played here")

	// carol can see #secret: she is shown the game and may follow it.
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "games", discordtest.Opt("scope", "here"))), "#1 **Gomoku**")
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "follow", discordtest.Opt("game", 1))), "You follow game #1")
	w.noFailures()
}

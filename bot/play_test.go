package bot_test

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
)

// TestPlayQueue: /play join waits privately (saying until when and where
// others wait in the server, when they cannot play in each other's
// channels), pairs the next player asking for the same game in the same
// channel, starts the game there as the answer to their
// command with both mentioned and notified, survives a restart, lapses,
// and is left with /play leave or the answer's button.
func TestPlayQueue(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	hall := w.dc.NewChannel("hall")
	hall.Hide(w.alice)
	w.lobby.Hide(w.carol)
	gomoku := discordtest.Opt("game", "gomoku")

	wait := w.must(w.alice.Slash(ctx, w.lobby, "play", discordtest.Sub("join", gomoku)))
	wantEphemeral(t, wait, "You are waiting for a game of Gomoku (freestyle · 15×15) here until <t:")
	carol := w.must(w.carol.Slash(ctx, hall, "play", discordtest.Sub("join", gomoku)))
	wantEphemeral(t, carol, "Players wait for the same game in <#"+w.lobby.ID+">")
	wantEphemeral(t, w.must(w.bob.Slash(ctx, w.lobby, "play", discordtest.Sub("join", gomoku, discordtest.Opt("size", 19)))), "You are waiting")

	alicePings, bobPings := len(w.alice.Notifications()), len(w.bob.Notifications())
	board := w.do(w.bob.Slash(ctx, w.lobby, "play", discordtest.Sub("join", gomoku)))
	if field(board, "Moves played") != "0" || board.ChannelID != w.lobby.ID || board.Ephemeral() ||
		!strings.Contains(board.Content, "<@"+w.alice.ID+">") || !strings.Contains(board.Content, "<@"+w.bob.ID+">") {
		t.Fatalf("the paired game's board: %+v", board)
	}
	if len(w.alice.Notifications()) != alicePings+1 || len(w.bob.Notifications()) != bobPings+1 {
		t.Fatalf("notifications: alice %+v, bob %+v", w.alice.Notifications(), w.bob.Notifications())
	}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "play", discordtest.Sub("leave"))), "you are not waiting in the queue")
	if left := w.click(w.carol, carol.Message(), "Leave the queue"); !strings.Contains(left.Content, "You left the queue") || len(left.Buttons()) != 0 {
		t.Fatalf("after Leave: %+v", left)
	}

	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.dc.DM(w.alice), "play", discordtest.Sub("join", gomoku))), "nobody could be paired with you here")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "play", discordtest.Sub("join", discordtest.Opt("game", "xiangqi"), discordtest.Opt("rule", "renju")))), "has no rule set 'renju'")

	// The queue is in the store: a restart loses nobody.
	dave, erin := w.dc.User("dave"), w.dc.User("erin")
	wantEphemeral(t, w.must(dave.Slash(ctx, hall, "play", discordtest.Sub("join", discordtest.Opt("game", "xiangqi")))), "You are waiting")
	w.stop()
	w.start()
	if b := w.do(erin.Slash(ctx, hall, "play", discordtest.Sub("join", discordtest.Opt("game", "xiangqi")))); b.ChannelID != hall.ID || !strings.Contains(b.Content, "<@"+dave.ID+">") {
		t.Fatalf("erin after the restart: %+v", b)
	}

	// An entry lapses.
	frank, gina := w.dc.User("frank"), w.dc.User("gina")
	w.must(frank.Slash(ctx, hall, "play", discordtest.Sub("join", gomoku)))
	w.dc.Clock().Advance(match.DefaultQueueTTL)
	wantEphemeral(t, w.must(gina.Slash(ctx, hall, "play", discordtest.Sub("join", gomoku))), "You are waiting")
	w.nothingDue()
	w.noFailures()
}

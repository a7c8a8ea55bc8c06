package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestWithoutSendMessages: in a channel where Tengen may not send messages
// (nor attach files), a whole game is still played through interaction
// responses, the boards say which permissions are missing, and nothing is
// tried with the bot token that Discord would refuse: no 403 and no
// "Something went wrong" next to a move that was made.
func TestWithoutSendMessages(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{opts: []discordtest.Option{discordtest.WithRateLimits()}})
	ctx := ctxT(t)
	w.lobby.SetAppPermissions(discordtest.DefaultPermissions &^ (discordgo.PermissionSendMessages | discordgo.PermissionAttachFiles))
	board := w.startGame()
	for _, name := range []string{"Send Messages", "Attach Files"} {
		if !strings.Contains(board.Content, name) {
			t.Fatalf("the board does not say %s is missing: %q", name, board.Content)
		}
	}
	if len(board.Attachments) != 0 {
		t.Fatalf("a board with an image where files may not be attached: %+v", board.Attachments)
	}
	board = w.play(w.alice, "h8")
	// The picker: the board of its move is the answer to its last select.
	p := w.must(w.bob.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
	p = w.must(w.bob.Select(ctx, p, p.Components[0].Components[0].CustomID, "h")).Message()
	r := w.must(w.bob.Select(ctx, p, p.Components[0].Components[0].CustomID, "9"))
	w.idle()
	if m := r.Message(); m == nil || m.Ephemeral() || field(m, "Moves played") != "2" {
		t.Fatalf("the picker's move was not answered with its board: %+v", m)
	}
	// A reminder the bot may not post is dropped, not retried into 403s;
	// the loss on time shows on the board, edited with the bot token once
	// the interaction tokens have expired.
	w.tickAfter(22*time.Hour + time.Minute)
	w.tickAfter(2 * time.Hour)
	if final := w.current(r.Message()); !strings.Contains(final.Content, "wins by time") {
		t.Fatalf("the board after the loss on time: %q", final.Content)
	}
	w.nothingDue()
	if got := refusals(w.lobby); got != 0 {
		t.Fatalf("%d private refusals, want none: nothing failed", got)
	}
	for _, req := range w.dc.Requests() {
		if req.Status == 403 {
			t.Fatalf("the bot tried %s %s, which Discord refused", req.Method, req.Path)
		}
	}
	if n := w.dc.InvalidRequests(); n != 0 {
		t.Fatalf("%d invalid requests", n)
	}
	w.noFailures()
}

// refusals counts the private refusals in a channel.
func refusals(c *discordtest.Channel) int {
	n := 0
	for _, m := range c.Messages() {
		if m.Ephemeral() && strings.Contains(m.Content, "⚠️") {
			n++
		}
	}
	return n
}

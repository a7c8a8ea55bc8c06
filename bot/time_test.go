package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
)

// TestReminderAndLossOnTime: a day-long move timer outlives every
// interaction token; the reminder and the loss on time are posted and the
// board finished with the bot token.
func TestReminderAndLossOnTime(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	board := w.play(w.alice, "h8")

	w.tickAfter(match.DefaultMoveTimeout - match.DefaultRemindBefore + time.Minute)
	if err := w.b.Idle(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "⏰ <@"+w.bob.ID+">, it is your move")
	}); err != nil {
		t.Fatal(err)
	}

	w.tickAfter(match.DefaultRemindBefore)
	if err := w.b.Idle(ctx); err != nil {
		t.Fatal(err)
	}
	final := w.current(board)
	checkBoard(t, final, "Rematch", "Review")
	if !strings.Contains(final.Content, "<@"+w.alice.ID+"> (black) wins by time") {
		t.Fatalf("after the timeout: %q", final.Content)
	}
	if _, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "⏰ <@"+w.alice.ID+"> (black) wins by time")
	}); err != nil {
		t.Fatal(err)
	}
	w.noFailures()
}

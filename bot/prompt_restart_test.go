package bot_test

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
)

// TestPromptAcrossRestart covers undo prompts whose request ends after a
// restart: the prompt is a post the store keeps, so an expiry or a move
// settles the old prompt as it does without a restart.
func TestPromptAcrossRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	w.startGame()
	board := w.play(w.alice, "h8")
	expire := func() {
		t.Helper()
		w.tickAfter(match.DefaultRequestTTL)
	}
	settled := func(p *discordtest.Message, how string) {
		t.Helper()
		if p = w.current(p); len(p.Buttons()) != 0 || !strings.Contains(p.Content, how) {
			t.Fatalf("the prompt shows %q with %d buttons, want %q and none", p.Content, len(p.Buttons()), how)
		}
	}

	// Without a restart, the expiry edits the prompt.
	prompt := w.click(w.alice, board, "Undo")
	expire()
	settled(prompt, "expired")

	// After a restart too.
	prompt = w.click(w.alice, board, "Undo")
	w.stop()
	w.start()
	expire()
	settled(prompt, "expired")

	// A move after a restart cancels the request and settles its prompt.
	prompt = w.click(w.alice, board, "Undo")
	w.stop()
	w.start()
	w.play(w.bob, "h9")
	settled(prompt, "no longer stands")
	w.noFailures()
}

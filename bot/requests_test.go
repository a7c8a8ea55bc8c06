package bot_test

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestUndoAcceptedAndDeclined: an undo request is a prompt only the opponent
// answers; accepting takes the move back on the board, declining leaves it.
func TestUndoAcceptedAndDeclined(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	w.play(w.alice, "h8")
	board := w.play(w.bob, "h9")

	prompt := w.click(w.bob, board, "Undo")
	if prompt.Ephemeral() || !strings.Contains(prompt.Content, "<@"+w.alice.ID+">") || !strings.Contains(prompt.Content, "take back") {
		t.Fatalf("undo prompt: %+v", prompt)
	}
	// bob cannot accept his own request, carol cannot answer at all
	wantEphemeral(t, w.must(w.bob.Click(ctx, prompt, buttonID(t, prompt, "Accept"))), "only")
	wantEphemeral(t, w.must(w.carol.Click(ctx, prompt, buttonID(t, prompt, "Accept"))), "not playing")
	// Accepting shows the position on a new board, which asks bob (whose
	// move was taken back) to move again; the prompt says it was accepted
	// and the old board loses its buttons.
	b := w.click(w.alice, prompt, "Accept")
	if answered := w.current(prompt); len(answered.Buttons()) != 0 || !strings.Contains(answered.Content, "accepted") {
		t.Fatalf("answered prompt: %q, %d buttons", answered.Content, len(answered.Buttons()))
	}
	if b.ID == board.ID || field(b, "Moves played") != "1" || !strings.Contains(b.Content, "<@"+w.bob.ID+">") {
		t.Fatalf("after the undo the board shows %q moves, content %q", field(b, "Moves played"), b.Content)
	}
	if len(w.current(board).Buttons()) != 0 {
		t.Fatal("the board before the undo kept its buttons")
	}
	board = w.play(w.bob, "i9")
	prompt = w.click(w.bob, board, "Undo")
	answered := w.click(w.alice, prompt, "Decline")
	if !strings.Contains(answered.Content, "declined") || len(answered.Buttons()) != 0 {
		t.Fatalf("declined prompt: %+v", answered)
	}
	if got := field(w.current(board), "Moves played"); got != "2" {
		t.Fatalf("a declined undo changed the board: %s moves", got)
	}
	// a withdrawn request: the asker's Decline
	prompt = w.click(w.alice, board, "Draw")
	answered = w.click(w.alice, prompt, "Decline")
	if !strings.Contains(answered.Content, "withdrew") {
		t.Fatalf("withdrawn prompt: %+v", answered)
	}
	// a move cancels a pending request: its prompt says so and loses its buttons
	prompt = w.click(w.alice, board, "Draw")
	w.play(w.alice, "i8")
	if p := w.current(prompt); len(p.Buttons()) != 0 || !strings.Contains(p.Content, "no longer stands") {
		t.Fatalf("prompt after a move: %+v", p)
	}
	w.noFailures()
}

// TestDrawAndRematch: a draw offer accepted ends the game; a rematch is
// offered with the colours swapped, declined once, then accepted.
func TestDrawAndRematch(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	board := w.play(w.alice, "h8")
	prompt := w.click(w.alice, board, "Draw")
	if !strings.Contains(prompt.Content, "offers a draw") {
		t.Fatalf("draw prompt: %q", prompt.Content)
	}
	w.click(w.bob, prompt, "Accept")
	final := w.current(board)
	checkBoard(t, final, "Rematch", "Review")
	if !strings.Contains(final.Content, "Draw by agreement") {
		t.Fatalf("final board: %q", final.Content)
	}
	if _, ok := final.Attachment("replay.gif"); !ok {
		t.Fatal("no replay after a draw")
	}
	// moving after the end is refused
	wantEphemeral(t, w.must(w.bob.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h9"))), "no game in progress")

	// rematch, declined
	w.must(w.bob.Click(ctx, final, buttonID(t, final, "Rematch")))
	offer, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "rematch") && len(m.Buttons()) == 2 && !disabled(m)
	})
	if err != nil {
		t.Fatal(err)
	}
	w.idle()
	if len(w.current(final).Buttons()) != 0 {
		t.Fatal("the finished board kept its Rematch button after the offer")
	}
	// bob (white before) is black now: the offer says so
	if !strings.Contains(offer.Embeds[0].Description, "**black**: <@"+w.bob.ID+">") {
		t.Fatalf("rematch colours: %q", offer.Embeds[0].Description)
	}
	declined := w.click(w.alice, offer, "Decline")
	if !strings.Contains(declined.Content, "declined") || len(declined.Buttons()) != 0 {
		t.Fatalf("declined offer: %+v", declined)
	}

	// a new game, resigned, then a rematch accepted
	board = w.startGame()
	final = w.resign(w.alice, board)
	if !strings.Contains(final.Content, "wins by resignation") {
		t.Fatalf("after resigning: %q", final.Content)
	}
	w.must(w.alice.Click(ctx, final, buttonID(t, final, "Rematch")))
	offer, err = w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "rematch") && len(m.Buttons()) == 2 && !disabled(m)
	})
	if err != nil {
		t.Fatal(err)
	}
	next := w.click(w.bob, offer, "Accept")
	checkBoard(t, next, startButtons...)
	if !strings.Contains(next.Content, "<@"+w.bob.ID+">") {
		t.Fatalf("the rematch should start with bob (black): %q", next.Content)
	}
	w.noFailures()
}

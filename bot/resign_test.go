package bot_test

import (
	"testing"
)

// TestResignAsksOnce: the Resign button and /resign only ask, privately;
// No leaves the game as it was, Yes ends it, and a second Yes is refused
// as a game already over. A bystander is refused at the first click.
func TestResignAsksOnce(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	board := w.play(w.alice, "h8")

	ask := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Resign")))
	wantEphemeral(t, ask, "Resign game #1?", "counts as a loss")
	w.idle()
	checkBoard(t, w.current(board), liveButtons...)
	no := w.do(w.alice.Click(ctx, ask.Message(), buttonID(t, ask.Message(), "No, play on")))
	if no.Content != "Game #1 goes on." || len(no.Buttons()) != 0 {
		t.Fatalf("after No: %+v", no)
	}
	checkBoard(t, w.current(board), liveButtons...)

	wantEphemeral(t, w.must(w.carol.Click(ctx, board, buttonID(t, board, "Resign"))), "not")
	checkBoard(t, w.current(board), liveButtons...)

	// two questions open at once: the second Yes finds the game over
	first := w.must(w.bob.Slash(ctx, w.lobby, "resign"))
	second := w.must(w.bob.Slash(ctx, w.lobby, "resign"))
	final := w.confirmResign(w.bob, first, board)
	checkBoard(t, final, "Rematch", "Review")
	if got := field(final, "Rated"); got != "no: a game shorter than 10 moves never counts for ratings" {
		t.Errorf("a rated game resigned at move 1 shows Rated %q", got)
	}
	wantEphemeral(t, w.must(w.bob.Click(ctx, second.Message(), buttonID(t, second.Message(), "Yes, resign"))), "over")
	w.noFailures()
}

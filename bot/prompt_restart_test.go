package bot_test

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/match"
)

// TestPromptAcrossRestart covers an undo prompt whose request expires after
// a restart. The prompt's message id is only kept in memory (the store has
// no place for it), so the expiry cannot edit the prompt; its buttons must
// still never fail: the first press explains, privately, that there is no
// request any more and closes the prompt in place. In the same process the
// expiry edits the prompt itself.
func TestPromptAcrossRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	board := w.play(w.alice, "h8")

	// Without a restart, the expiry edits the prompt.
	prompt := w.click(w.alice, board, "Undo")
	w.dc.Clock().Advance(match.DefaultRequestTTL)
	if err := w.b.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.b.Idle(ctx); err != nil {
		t.Fatal(err)
	}
	if p := w.current(prompt); len(p.Buttons()) != 0 || !strings.Contains(p.Content, "expired") {
		t.Fatalf("the expiry left the prompt as %+v", p)
	}

	// After a restart, it cannot.
	prompt = w.click(w.alice, board, "Undo")
	w.stop()
	w.start()
	w.dc.Clock().Advance(match.DefaultRequestTTL)
	if err := w.b.Tick(ctx); err != nil {
		t.Fatal(err)
	}
	if err := w.b.Idle(ctx); err != nil {
		t.Fatal(err)
	}
	p := w.current(prompt)
	if p.Version != prompt.Version {
		t.Fatalf("the prompt changed after a restart, so its id is now kept: update this test and the report (%+v)", p)
	}
	r := w.must(w.bob.Click(ctx, p, buttonID(t, p, "Accept")))
	note, err := r.WaitFollowup(ctx, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !note.Ephemeral() || note.VisibleTo != w.bob.ID || !strings.Contains(note.Content, "no request to answer") {
		t.Fatalf("bob was told %+v, want a private \"no request to answer\"", note)
	}
	if p := w.current(prompt); len(p.Buttons()) != 0 || !strings.Contains(p.Content, "no longer stands") {
		t.Fatalf("the stale prompt was not closed: %+v", p)
	}
	if got := field(w.current(board), "Moves played"); got != "1" {
		t.Fatalf("the expired undo changed the board: %s moves", got)
	}
	w.noFailures()
}

package bot_test

import (
	"context"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// TestPromptAcrossRestart covers undo prompts whose request ends after a
// restart. The prompt's message id is stored with the request, so an
// expiry or a move closes the old prompt as it does without a restart.
// A prompt the store never knew (posted before it kept prompt ids) still
// never fails: the first press explains, privately, that there is no
// request any more and closes the prompt in place.
func TestPromptAcrossRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	board := w.play(w.alice, "h8")
	expire := func() {
		t.Helper()
		w.dc.Clock().Advance(match.DefaultRequestTTL)
		if err := w.b.Tick(ctx); err != nil {
			t.Fatal(err)
		}
		if err := w.b.Idle(ctx); err != nil {
			t.Fatal(err)
		}
	}
	expired := func(p *discordtest.Message) {
		t.Helper()
		if len(p.Buttons()) != 0 || !strings.Contains(p.Content, "expired") {
			t.Fatalf("the expiry left the prompt as %+v", p)
		}
	}

	// Without a restart, the expiry edits the prompt.
	prompt := w.click(w.alice, board, "Undo")
	expire()
	expired(w.current(prompt))

	// After a restart too: the prompt's id was stored with the request.
	prompt = w.click(w.alice, board, "Undo")
	w.stop()
	w.start()
	if g := liveGame(t, w, ctx); g.Request.MessageID != prompt.ID {
		t.Fatalf("stored request %+v, want its prompt %s", g.Request, prompt.ID)
	}
	expire()
	expired(w.current(prompt))
	if g := liveGame(t, w, ctx); g.Request != (store.Request{}) {
		t.Fatalf("the expired request is still stored: %+v", g.Request)
	}

	// A prompt whose id the store lost (as before it kept them) stays up
	// after a restart; the first press on it closes it.
	prompt = w.click(w.alice, board, "Undo")
	w.stop()
	forgetPrompt(t, w, ctx)
	w.start()
	expire()
	p := w.current(prompt)
	if p.Version != prompt.Version {
		t.Fatalf("a prompt the store did not know changed after a restart: %+v", p)
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

// TestPromptCancelledByAMoveAfterRestart: a move that voids a pending
// request closes its prompt after a restart, from the stored id.
func TestPromptCancelledByAMoveAfterRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	w.startGame()
	w.play(w.alice, "h8")
	board := w.play(w.bob, "h9")
	prompt := w.click(w.bob, board, "Draw")
	w.stop()
	w.start()
	w.play(w.alice, "j8")
	if p := w.current(prompt); len(p.Buttons()) != 0 || !strings.Contains(p.Content, "no longer stands") {
		t.Fatalf("the move left the prompt as %+v", p)
	}
	w.noFailures()
}

// liveGame returns the only live game of w, as stored.
func liveGame(t *testing.T, w *world, ctx context.Context) *store.Game {
	t.Helper()
	games, err := w.db.LiveGames(ctx)
	if err != nil || len(games) != 1 {
		t.Fatalf("live games: %+v, %v; want one", games, err)
	}
	return games[0]
}

// forgetPrompt erases, while the bot is stopped, the stored prompt id of
// the live game, as for a request made before the store kept them.
func forgetPrompt(t *testing.T, w *world, ctx context.Context) {
	t.Helper()
	db, err := store.Open(ctx, w.path, store.Options{Now: w.dc.Clock().Now})
	if err != nil {
		t.Fatal(err)
	}
	defer func() {
		if err := db.Close(); err != nil {
			t.Errorf("closing the database: %v", err)
		}
	}()
	games, err := db.LiveGames(ctx)
	if err != nil || len(games) != 1 || games[0].Request.MessageID == "" {
		t.Fatalf("live games: %+v, %v; want one with a stored prompt", games, err)
	}
	g := games[0]
	g.Request.MessageID = ""
	if err := db.Update(ctx, g); err != nil {
		t.Fatal(err)
	}
}

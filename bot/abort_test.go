package bot_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// confirmLeave has u answer yes to the private question ask (the answer to
// Abort, Resign or /resign), which must start with question, and returns
// the confirmation as it then reads.
func (w *world) confirmLeave(u *discordtest.User, ask *discordtest.Reply, question, yes string) *discordtest.Message {
	w.t.Helper()
	q := ask.Message()
	if q == nil || q.Flags&discordgo.MessageFlagsEphemeral == 0 || !strings.HasPrefix(q.Content, question) {
		w.t.Fatalf("leaving did not ask %q: %+v", question, q)
	}
	return w.do(u.Click(ctxT(w.t), q, buttonID(w.t, q, yes)))
}

// TestAbortAgainstTheAI: in a game against the AI, before the player's
// third move, the board offers Abort instead of Resign, and /resign
// aborts too: the game ends with no result and no record. From the third
// move only Resign remains, and it records the loss.
func TestAbortAgainstTheAI(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	level3 := func() store.Record {
		t.Helper()
		st, err := w.db.Stats(ctx, w.alice.ID, store.Gomoku)
		if err != nil {
			t.Fatal(err)
		}
		return st.AI[3]
	}

	// The Abort button, confirmed.
	board := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	checkBoard(t, board, "Move…", "Draw", "Abort")
	// bob is not playing: he cannot abort it
	wantEphemeral(t, w.must(w.bob.Click(ctx, board, buttonID(t, board, "Abort"))), "not playing")
	done := w.confirmLeave(w.alice, w.must(w.alice.Click(ctx, board, buttonID(t, board, "Abort"))), "Abort game #1?", "Yes, abort")
	if done.Content != "You aborted game #1." || len(done.Buttons()) != 0 {
		t.Fatalf("the confirmation after Yes: %+v", done)
	}
	w.idle()
	final := w.current(board)
	if !strings.Contains(final.Content, "aborted in its first moves") || len(final.Buttons()) != 0 {
		t.Fatalf("the aborted board: %q, buttons %v", final.Content, labels(final))
	}
	g, err := w.db.Game(ctx, 1)
	if err != nil || g.Status != store.Abandoned || !g.Aborted() {
		t.Fatalf("the aborted game is stored as %+v, %v", g, err)
	}
	if r := level3(); r != (store.Record{}) {
		t.Fatalf("an aborted game was recorded: %+v", r)
	}

	// /resign aborts in the first moves (here after two moves of hers);
	// the third move takes Abort away.
	w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	for i, mv := range []string{"a1", "a3", "a5"} {
		board = w.play(w.alice, mv)
		if board, err = w.waitMoves(board, fmtInt(2*i+2)); err != nil {
			t.Fatal(err)
		}
		if i < 2 {
			if !slices.Contains(labels(board), "Abort") || slices.Contains(labels(board), "Resign") {
				t.Fatalf("after %d moves the board shows %v, want Abort", i+1, labels(board))
			}
			if i == 1 {
				ask := w.must(w.alice.Slash(ctx, w.lobby, "resign"))
				wantEphemeral(t, ask, "Abort game #2?")
				w.do(w.alice.Click(ctx, ask.Message(), buttonID(t, ask.Message(), "No, play on")))
			}
		}
	}
	if !slices.Contains(labels(board), "Resign") || slices.Contains(labels(board), "Abort") {
		t.Fatalf("after 3 moves the board shows %v, want Resign", labels(board))
	}
	// The lifecycle refuses an abort now, as between people.
	alice := match.Actor{Player: match.Player{ID: w.alice.ID}}
	if _, err := w.m.Abort(ctx, 2, alice, match.AnyPly); engine.ErrorCode(err) != engine.AbortTooLate {
		t.Fatalf("aborting after the third move: %v, want AbortTooLate", err)
	}
	ask := w.must(w.alice.Slash(ctx, w.lobby, "resign"))
	w.confirmLeave(w.alice, ask, "Resign game #2?", "Yes, resign")
	if r := level3(); r.Losses != 1 {
		t.Fatalf("the resignation after the first moves: %+v, want a loss", r)
	}
	w.noFailures()
}

// TestAbortOnlyAgainstTheAI: between people there is no Abort: the
// lifecycle refuses it, and /resign asks to resign.
func TestAbortOnlyAgainstTheAI(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.startGame()
	checkBoard(t, board, startButtons...)
	alice := match.Actor{Player: match.Player{ID: w.alice.ID}}
	if _, err := w.m.Abort(ctx, 1, alice, match.AnyPly); engine.ErrorCode(err) != engine.AbortOnlyAI {
		t.Fatalf("aborting a game between people: %v, want AbortOnlyAI", err)
	}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "resign")), "Resign game #1?")
	w.noFailures()
}

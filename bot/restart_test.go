package bot_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/engine"
)

// TestRestartMidGame: a new process (new bot, new session, same database)
// keeps the old board's buttons working.
func TestRestartMidGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	w.play(w.alice, "h8")
	board := w.play(w.bob, "h9")

	w.stop()
	w.start()

	p := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
	p = w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "i")).Message()
	w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "8"))
	next, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return field(m, "Moves played") == "3" && len(m.Buttons()) == 5 // and Moves
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(w.current(board).Buttons()) != 0 {
		t.Fatal("the board from before the restart kept its buttons")
	}
	// the next board's Resign, from the new process, ends the game
	final := w.resign(w.bob, next)
	checkBoard(t, final, "Rematch", "Review")
	w.noFailures()
}

// blockingAI thinks until released, then fails: the process stops in the
// middle of the AI's turn.
type blockingAI struct{ release chan struct{} }

func (a *blockingAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	select {
	case <-a.release:
		return "", errors.New("the process is stopping")
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

func (a *blockingAI) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	return 0, nil
}

// TestRestartDuringTheAITurn: the AI's pending turn is resumed by the next
// process, which edits the board posted by the previous one.
func TestRestartDuringTheAITurn(t *testing.T) {
	t.Parallel()
	ai := &blockingAI{release: make(chan struct{})}
	w := newWorld(t, setup{ai: ai, budget: time.Hour})
	ctx := ctxT(t)
	w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
	board := w.play(w.alice, "h8")
	close(ai.release)
	w.stop()

	w.ai = &scriptAI{}
	w.start()
	replied, err := w.waitMoves(board, "2")
	if err != nil {
		t.Fatalf("the resumed AI turn never reached the board: %v", err)
	}
	checkBoard(t, replied, earlyAIButtons...)
	w.noFailures()
}

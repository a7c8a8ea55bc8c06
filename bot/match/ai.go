package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/store"
)

// aiTurn does the AI's pending work in game id: answer a draw offer made
// to it, or move. The result is committed only if the game has not changed
// meanwhile in a way that matters (its moves or the request answered);
// otherwise it is dropped, and whatever changed it queued new work if the
// AI owes any.
func (m *Manager) aiTurn(ctx context.Context, id int64) {
	l, err := m.load(ctx, id, false)
	if err != nil {
		m.aiFailed(ctx, id, nil, err)
		return
	}
	if !aiOwes(l) {
		return
	}
	if m.cfg.AI == nil {
		m.aiFailed(ctx, id, l, errors.New("no AI is configured to play this game"))
		return
	}
	// One process computes a turn: another holding its lease computes it,
	// and when that one dies the lease lapses and the next Tick's queue
	// takes it.
	now := m.now()
	until := now.Add(m.cfg.Budget(l.g.AILevel()) + AILeaseGrace)
	held, err := m.st.LeaseAI(ctx, id, now, until)
	if err != nil {
		m.aiFailed(ctx, id, l, err)
		return
	}
	if !held {
		return
	}
	// A lease not released lapses at until: the game's next AI turn then
	// waits for it, and for the Tick after, instead of starting at once.
	// It is released even when the process is stopping (ctx cancelled),
	// so that the next process takes the turn at once.
	defer func() {
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		defer cancel()
		_ = m.st.ReleaseAI(rctx, id, until)
	}()
	// Another process may have played the turn and released it between
	// the load above and the lease: look again.
	if l, err = m.load(ctx, id, false); err != nil {
		m.aiFailed(ctx, id, nil, err)
		return
	}
	if !aiOwes(l) {
		return
	}
	if r := l.g.Request; r.Kind == store.DrawRequest && l.g.Seats[r.By.Other()].IsAI() {
		m.aiAnswerDraw(ctx, l)
		return
	}
	side := l.eg.Turn()
	level := l.g.Seats[side].AI
	tctx, cancel := context.WithTimeout(ctx, m.cfg.Budget(level))
	move, err := m.cfg.AI.Move(tctx, l.eg, level)
	cancel()
	if err != nil {
		m.aiFailed(ctx, id, l, fmt.Errorf("the AI (level %d) could not choose a move: %w", level, err))
		return
	}
	seen := l.g.Moves
	_, err = m.change(ctx, id, func(now *live) (step, error) {
		if now.g.Status != store.Active || now.g.Moves != seen || now.eg.Turn() != side {
			return step{}, errDropped
		}
		s, err := m.play(now, side, move)
		if err == nil {
			now.showBoard(now.pingSide(now.eg.Turn(), ""))
		}
		return s, err
	})
	if err != nil && !errors.Is(err, errDropped) {
		m.aiFailed(ctx, id, l, fmt.Errorf("the AI (level %d) played %s: %w", level, quoteName(move), err))
	}
}

// AILeaseGrace is how much longer than the level's budget a process holds
// the AI turn it computes: past it, another process may take the turn over.
const AILeaseGrace = 10 * time.Second

// aiAnswerDraw lets the AI answer the draw offer made to it: it accepts
// when its evaluation is within Config.DrawThreshold of level.
func (m *Manager) aiAnswerDraw(ctx context.Context, l *live) {
	r := l.g.Request
	side := r.By.Other()
	level := l.g.Seats[side].AI
	tctx, cancel := context.WithTimeout(ctx, m.cfg.Budget(level))
	score, err := m.cfg.AI.Evaluate(tctx, l.eg, level)
	cancel()
	if err != nil {
		m.aiFailed(ctx, l.g.ID, l, fmt.Errorf("the AI (level %d) could not judge the draw offer: %w", level, err))
		return
	}
	accept := score >= -m.cfg.DrawThreshold && score <= m.cfg.DrawThreshold
	seen := l.g.Moves
	_, err = m.change(ctx, l.g.ID, func(now *live) (step, error) {
		if now.g.Status != store.Active || now.g.Moves != seen || !sameRequest(now.g.Request, r) {
			return step{}, errDropped
		}
		return m.answer(now, side, accept, Actor{})
	})
	if err != nil && !errors.Is(err, errDropped) {
		m.aiFailed(ctx, l.g.ID, l, fmt.Errorf("the AI (level %d) could not answer the draw offer: %w", level, err))
	}
}

// errDropped is how the AI's commit says the game moved on without it.
var errDropped = errors.New("the game changed while the AI was thinking")

// aiFailed reports an AI failure, unless the pool is shutting down (the
// work is resumed after the restart). Tick retries the game.
func (m *Manager) aiFailed(ctx context.Context, id int64, l *live, err error) {
	if ctx.Err() != nil || m.cfg.Notifier == nil {
		return
	}
	e := Event{Kind: AIFailed, GameID: id, Err: err}
	if l != nil {
		e.Game, e.Actor = *l.g, l.eg.Turn()
	}
	m.cfg.Notifier.Notify(e)
}

func sameRequest(a, b store.Request) bool {
	return a.Kind == b.Kind && a.By == b.By && a.At.Equal(b.At)
}

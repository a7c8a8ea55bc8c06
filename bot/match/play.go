package match

import (
	"context"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Play plays move (in any notation the game accepts) for userID in game id.
// ply is the number of moves the player saw when they acted, or AnyPly.
// Rule and notation errors come back as *engine.Error; the move cancels a
// pending request. It returns the game as stored.
func (m *Manager) Play(ctx context.Context, id int64, userID, move string, ply int) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		side, err := l.player(userID)
		if err != nil {
			return step{}, err
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		if turn := l.eg.Turn(); turn != side {
			return step{}, errorf(NotYourTurn, "it is not your turn: waiting for %s", l.who(turn))
		}
		return m.play(l, side, move)
	})
}

// play applies move for side, who is to move in the active game l.
func (m *Manager) play(l *live, side engine.Side, move string) (step, error) {
	canonical, err := l.eg.Play(move)
	if err != nil {
		return step{}, err
	}
	if err := l.save(); err != nil {
		return step{}, err
	}
	var events []Event
	if r := l.g.Request; r.Kind != store.NoRequest {
		e := l.event(RequestCancelled, side)
		e.Request = r.Kind
		events = append(events, e)
		l.g.Request = store.Request{}
	}
	e := l.event(MoveMade, side)
	e.Move = canonical
	events = append(events, e)
	if o := l.eg.Outcome(); o.Over() {
		return finish(l, o, side, events...), nil
	}
	m.armTurn(l, m.now())
	return step{write: writeUpdate, events: events}, nil
}

// Resign ends game id at once: userID loses by resignation, whoever is to
// move. ply is as for Play.
func (m *Manager) Resign(ctx context.Context, id int64, userID string, ply int) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		side, err := l.player(userID)
		if err != nil {
			return step{}, err
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		return finish(l, engine.WinFor(side.Other(), engine.Resignation), side), nil
	})
}

package match

import (
	"context"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Play plays move (in any notation the game accepts) for who in game id.
// ply is the number of moves the player saw when they acted, or AnyPly.
// Rule and notation errors come back as *engine.Error; the move cancels a
// pending request. A move that arrived (who.Via.At) after the player's
// flag fell loses on time and is refused with engine.FlagFell. The move is
// shown on a new board, which asks (and notifies) the player to move next.
// It returns the game as stored.
func (m *Manager) Play(ctx context.Context, id int64, who Actor, move string, ply int) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		side, err := l.player(who.ID)
		if err != nil {
			return step{}, err
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		if turn := l.eg.Turn(); turn != side {
			return step{}, engine.E(engine.NotYourTurn, l.seat(turn))
		}
		if s, fell := m.flagged(l, who); fell {
			return s, nil // too late: judged by when the move arrived
		}
		at := m.arrival(who)
		if l.vsAI() {
			if err := m.checkAIRoom(l.g); err != nil {
				return step{}, err
			}
		}
		l.charge(side, at, true)
		s, err := m.play(l, side, move)
		if err != nil {
			return s, err
		}
		l.seen(who.Via)
		l.newBoard(who.Via, l.pingSide(l.eg.Turn(), who.ID))
		return s, nil
	})
}

// play applies move for side, who is to move in the active game l; the
// caller plans the board.
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
		l.settlePrompt(store.WantCancelled)
	}
	e := l.event(MoveMade, side)
	e.Move = canonical
	events = append(events, e)
	if o := l.eg.Outcome(); o.Over() {
		return finish(l, o, side, events...), nil
	}
	m.armTurn(l, m.now())
	return step{write: true, events: events}, nil
}

// Resign ends game id at once: who loses by resignation, whoever is to
// move. ply is as for Play. A click on the latest board shows the result
// there; otherwise (a command, an older board) on a new board.
func (m *Manager) Resign(ctx context.Context, id int64, who Actor, ply int) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		side, err := l.player(who.ID)
		if err != nil {
			return step{}, err
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		if s, fell := m.flagged(l, who); fell {
			return s, nil // lost on time before the resignation arrived
		}
		l.seen(who.Via)
		s := finish(l, engine.WinFor(side.Other(), engine.Resignation), side)
		l.refreshBoard(who.Via)
		return s, nil
	})
}

// AbortBeforeMove is the move of a player against the AI from which the
// game can no longer be aborted: before their 3rd move (with at most 2
// moves of theirs on the board, counted after any undo) a player who
// started a game against the AI by mistake, or at the wrong level, may
// abort it with no record; after it only Resign remains, which records
// the loss.
const AbortBeforeMove = 3

// CanAbort reports whether a player of the active game g (eg its
// position) may abort it now: it is against the AI and the person has
// not yet made move AbortBeforeMove (see there) since the game's start
// (an imported game's start: store.Game.Start).
func CanAbort(g *store.Game, eg engine.Game) bool {
	if g.Status != store.Active || g.Seats[0].IsAI() == g.Seats[1].IsAI() {
		return false
	}
	return movesSince(eg, personSide(g), g.Start) < AbortBeforeMove
}

// personSide is the side the person holds in a game against the AI.
func personSide(g *store.Game) engine.Side {
	if g.Seats[engine.First].IsAI() {
		return engine.Second
	}
	return engine.First
}

// Abort ends game id against the AI at the request of its player, in its
// first moves (CanAbort), with no result: store.Abandoned, which counts in
// no record or rating, and no deadline (an idle game keeps the one it
// passed), which the board says. ply is as for Play. A game between
// people, or one past the first moves, is refused: Resign it.
func (m *Manager) Abort(ctx context.Context, id int64, who Actor, ply int) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		side, err := l.player(who.ID)
		if err != nil {
			return step{}, err
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		if !l.vsAI() {
			return step{}, engine.E(engine.AbortOnlyAI)
		}
		if !CanAbort(l.g, l.eg) {
			return step{}, engine.E(engine.AbortTooLate, AbortBeforeMove)
		}
		l.seen(who.Via)
		s := l.abandon(side)
		// No deadline left tells an aborted game from an idle one.
		l.g.Deadline, l.g.RemindAt = time.Time{}, time.Time{}
		l.g.Request = store.Request{}
		l.refreshBoard(who.Via)
		return s, nil
	})
}

// abandon ends the game with no result (store.Abandoned: no record, no
// rating), cancelling its open prompt; by is the side it is put down to.
// The caller shows the board.
func (l *live) abandon(by engine.Side) step {
	l.g.Status = store.Abandoned
	l.settlePrompt(store.WantCancelled)
	l.announce()
	return step{write: true, events: []Event{l.event(GameAbandoned, by)}}
}

// MayLeave reports whether who may leave game id from the position at ply
// (AnyPly: any), and how: abort it (CanAbort) or resign it. It refuses as
// Resign would and changes nothing: the bot asks to confirm first.
func (m *Manager) MayLeave(ctx context.Context, id int64, who Actor, ply int) (g *store.Game, abort bool, err error) {
	g, err = m.change(ctx, id, func(l *live) (step, error) {
		if _, err := l.player(who.ID); err != nil {
			return step{}, err
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		abort = CanAbort(l.g, l.eg)
		return step{}, nil
	})
	return g, abort, err
}

// ShowBoard shows game id on a new board through the interaction of who,
// who must be one of its players (the /board command: the board again, at
// the bottom of the channel). Nobody is notified.
func (m *Manager) ShowBoard(ctx context.Context, id int64, who Actor) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		if _, err := l.player(who.ID); err != nil {
			return step{}, err
		}
		l.seen(who.Via)
		l.newBoard(who.Via, nil)
		return step{write: true}, nil
	})
}

package match

import (
	"context"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Ask opens a request of userID to the other player of game id: an undo
// (take back the asker's last move, and the reply to it if there is one)
// or a draw offer. ply is as for Play. Against the AI an undo applies at
// once, up to Config.AIUndoLimit per game, and a draw offer is answered by
// the AI in its own time.
func (m *Manager) Ask(ctx context.Context, id int64, who Actor, kind store.RequestKind, ply int) (*store.Game, error) {
	if kind != store.UndoRequest && kind != store.DrawRequest {
		return nil, engine.E(engine.NotARequest, clip(string(kind)))
	}
	return m.change(ctx, id, func(l *live) (step, error) {
		side, err := l.player(who.ID)
		if err != nil {
			return step{}, err
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		if s, fell := m.flagged(l, who); fell {
			return s, nil
		}
		l.seen(who.Via)
		now := m.now()
		var events []Event
		if r := l.g.Request; r.Kind != store.NoRequest {
			if !m.requestExpired(r, now) {
				if r.By == side && r.Kind == kind {
					return step{}, engine.E(engine.AlreadyAsked, requestTerm(kind), l.seat(side.Other()))
				}
				return step{}, engine.E(engine.RequestPending, requestTerm(l.g.Request.Kind), l.seat(l.g.Request.By))
			}
			events = append(events, m.expireRequest(l))
		}
		if kind == store.UndoRequest {
			if _, err := l.undoPlies(side); err != nil {
				return step{}, err
			}
			if err := l.checkUndoCap(side); err != nil {
				return step{}, err
			}
		}
		if aiUndo := kind == store.UndoRequest && l.g.Seats[side.Other()].IsAI(); !aiUndo {
			if err := m.limitRequest(ctx, l, who.ID, side, requestTerm(kind)); err != nil {
				return step{}, err
			}
		}
		if kind == store.DrawRequest && l.g.Seats[side.Other()].IsAI() {
			if err := m.checkAIRoom(l.g); err != nil {
				return step{}, err
			}
		}
		opened := l.event(RequestOpened, side)
		opened.Request = kind
		events = append(events, opened)
		l.g.Request = store.Request{Kind: kind, By: side, At: now}
		if kind == store.UndoRequest && l.g.Seats[side.Other()].IsAI() {
			return m.aiUndo(l, side, now, events, who.Via)
		}
		l.newPrompt(who.Via, who.ID)
		return step{write: true, events: events}, nil
	})
}

// aiUndo applies side's undo request at once against the AI, within the
// game's undo allowance; the board clicked (or a new one) shows it.
func (m *Manager) aiUndo(l *live, side engine.Side, now time.Time, events []Event, v Via) (step, error) {
	switch limit := m.cfg.AIUndoLimit; {
	case limit < 0:
		return step{}, engine.E(engine.NoUndoAgainstAI)
	case l.g.AIUndos >= limit:
		return step{}, engine.E(engine.UndosUsed, limit)
	}
	l.g.AIUndos++
	accepted, err := m.takeBack(l, now)
	if err != nil {
		return step{}, err
	}
	accepted.Actor = side.Other()
	l.refreshBoard(v)
	return step{write: true, events: append(events, accepted)}, nil
}

// undoPlies returns how many moves an undo asked by side takes back: its
// last move, and the reply to it if there is one.
func (l *live) undoPlies(side engine.Side) (int, error) {
	n := 1
	if l.eg.Turn() == side {
		n = 2
	}
	if l.eg.Ply() < n {
		return 0, engine.E(engine.NothingToUndo)
	}
	if l.eg.Ply()-l.g.Start < n { // never back into an imported start
		return 0, engine.E(engine.UndoBeforeStart, l.g.Start)
	}
	return n, nil
}

// checkUndoCap refuses an undo of side between people once the game's
// undo cap (its server's UndosSetting when it was created) is reached.
// Against the AI, Config.AIUndoLimit holds instead (aiUndo).
func (l *live) checkUndoCap(side engine.Side) error {
	if l.g.Seats[side.Other()].IsAI() {
		return nil
	}
	switch c := l.g.UndoCap; {
	case c == store.NoUndos:
		return engine.E(engine.NoUndosHere)
	case c > 0 && l.g.Undos[side] >= c:
		return engine.E(engine.UndoCapReached, c)
	}
	return nil
}

// UndoRoom says whether a player of the active game g (eg its position)
// may ask for an undo now: they have a move to take back, and undos left
// (against the AI, Config.AIUndoLimit; between people, the game's undo
// cap). left is how many the player has left against the AI, -1 between
// people. The board shows its Undo button only when ok.
func (m *Manager) UndoRoom(g *store.Game, eg engine.Game) (ok bool, left int) {
	for _, side := range []engine.Side{engine.First, engine.Second} {
		if g.Seats[side].IsAI() {
			continue
		}
		l := &live{g: g, eg: eg}
		if _, err := l.undoPlies(side); err != nil {
			continue
		}
		if g.Seats[side.Other()].IsAI() {
			if n := m.cfg.AIUndoLimit - g.AIUndos; m.cfg.AIUndoLimit >= 0 && n > 0 {
				return true, n
			}
			continue
		}
		if l.checkUndoCap(side) == nil {
			return true, -1
		}
	}
	return false, 0
}

// takeBack applies the pending undo request and returns its
// RequestAccepted event (with the moves taken back).
func (m *Manager) takeBack(l *live, now time.Time) (Event, error) {
	by := l.g.Request.By
	n, err := l.undoPlies(by)
	if err != nil {
		return Event{}, err
	}
	moves := l.eg.Moves()
	undone := append([]string(nil), moves[len(moves)-n:]...)
	l.charge(l.eg.Turn(), now, false) // the request did not stop the clock
	if err := l.eg.Undo(n); err != nil {
		return Event{}, err
	}
	if err := l.save(); err != nil {
		return Event{}, err
	}
	l.g.Request = store.Request{}
	m.armTurn(l, now)
	e := l.event(RequestAccepted, by.Other())
	e.Request, e.Undone = store.UndoRequest, undone
	return e, nil
}

// Answer accepts or declines the pending undo or draw request of game id
// for userID, who must be the player it was made to. ply is as for Play.
// A request answered after it expired is cleared and refused with
// engine.RequestExpired.
func (m *Manager) Answer(ctx context.Context, id int64, who Actor, accept bool, ply int) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		side, err := l.player(who.ID)
		if err != nil {
			return step{}, err
		}
		if l.g.Request.Kind == store.NoRequest {
			// the losing click of a double click: say so, not that an
			// accepted undo moved the game on
			return step{}, engine.E(engine.NothingToAnswer, l.g.ID)
		}
		if err := l.checkPly(ply); err != nil {
			return step{}, err
		}
		if s, fell := m.flagged(l, who); fell {
			return s, nil // a draw accepted after the flag fell is too late
		}
		l.seen(who.Via)
		return m.answer(l, side, accept, who)
	})
}

// answer settles the pending request of the active game l for side, whose
// player is who (the AI: the zero Actor). An accepted undo shows the
// position on a new board, which asks the asker to move; an accepted draw
// ends the game on its board.
func (m *Manager) answer(l *live, side engine.Side, accept bool, who Actor) (step, error) {
	r := l.g.Request
	if r.Kind == store.NoRequest {
		return step{}, engine.E(engine.NothingToAnswer, l.g.ID)
	}
	if r.By == side {
		return step{}, engine.E(engine.AnswerOnlyOther, l.seat(side.Other()), requestTerm(r.Kind))
	}
	now := m.now()
	if m.requestExpired(r, now) {
		e := m.expireRequest(l)
		return step{write: true, events: []Event{e},
			err: engine.E(engine.RequestExpired, requestTerm(r.Kind), r.At.Add(m.cfg.RequestTTL))}, nil
	}
	if !accept {
		e := l.event(RequestDeclined, side)
		e.Request = r.Kind
		l.g.Request = store.Request{}
		l.settlePrompt(store.WantDeclined)
		return step{write: true, events: []Event{e}}, nil
	}
	l.settlePrompt(store.WantAccepted)
	switch r.Kind {
	case store.UndoRequest:
		if err := l.checkUndoCap(r.By); err != nil {
			return step{}, err
		}
		l.g.Undos[r.By]++
		e, err := m.takeBack(l, now)
		if err != nil {
			return step{}, err
		}
		l.newBoard(who.Via, l.pingSide(l.eg.Turn(), who.ID))
		return step{write: true, events: []Event{e}}, nil
	case store.DrawRequest:
		e := l.event(RequestAccepted, side)
		e.Request = r.Kind
		s := finish(l, engine.DrawBy(engine.Agreement), side, e)
		l.showBoard(nil)
		return s, nil
	}
	return step{}, engine.E(engine.CannotAnswerHere, requestTerm(r.Kind))
}

// Withdraw takes back userID's pending undo or draw request in game id,
// or, when game id is a challenge (or rematch offer) userID issued, the
// challenge itself.
func (m *Manager) Withdraw(ctx context.Context, id int64, who Actor) (*store.Game, error) {
	return m.change(ctx, id, func(l *live) (step, error) {
		if l.g.Status == store.Challenge {
			return m.withdrawChallenge(l, who)
		}
		side, err := l.player(who.ID)
		if err != nil {
			return step{}, err
		}
		r := l.g.Request
		switch {
		case r.Kind == store.NoRequest:
			return step{}, engine.E(engine.NothingToWithdraw, l.g.ID)
		case r.By != side:
			return step{}, engine.E(engine.WithdrawOnlyAsker, l.seat(r.By), requestTerm(r.Kind))
		}
		l.seen(who.Via)
		e := l.event(RequestWithdrawn, side)
		e.Request = r.Kind
		l.g.Request = store.Request{}
		l.settlePrompt(store.WantWithdrawn)
		return step{write: true, events: []Event{e}}, nil
	})
}

// requestExpired reports whether r has had its time by now.
func (m *Manager) requestExpired(r store.Request, now time.Time) bool {
	return r.Kind != store.NoRequest && !now.Before(r.At.Add(m.cfg.RequestTTL))
}

// expireRequest clears the pending request and returns its event.
func (m *Manager) expireRequest(l *live) Event {
	e := l.event(RequestExpired, l.g.Request.By)
	e.Request = l.g.Request.Kind
	l.g.Request = store.Request{}
	l.settlePrompt(store.WantExpired)
	return e
}

// requestTerm is the Term that names a request kind in messages.
func requestTerm(k store.RequestKind) engine.Term {
	switch k {
	case store.UndoRequest:
		return engine.RequestUndo
	case store.DrawRequest:
		return engine.RequestDraw
	case store.RematchRequest:
		return engine.RequestRematch
	}
	return engine.NoTerm
}

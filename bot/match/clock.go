package match

import (
	"context"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Clocks. A game's time control (TimeControl) is kept with it
// (store.Game.TimeControl), and so are both clocks: store.Game.Clock is the
// time each side had when the current turn began at store.Game.TurnStart,
// and store.Game.Deadline is when the flag of the side to move falls. All
// three are stored with every move, so a restart neither gives nor takes
// time, and Tick finds a fallen flag like any other deadline.
//
// A move is charged the time from the start of the turn to the moment the
// interaction carrying it reached the bot (Via.At), not to when it was
// processed; one that arrives at or after the flag fell loses on time
// (engine.FlagFell), and so does any other operation of the players then
// (a resignation, a request, an answer: flagged). The increment is added
// after each move. Undo and draw requests do not stop the clock: the
// player to move keeps thinking on their own time while a request waits,
// and an accepted undo charges them what they used before the turn goes
// back. Against the AI only the person's clock runs.
//
// A player's clock starts with their first move, as on chess servers: the
// first move is not charged (and gets no increment), but must come within
// FirstMoveWindow of the turn's start (a challenger may be away when the
// challenge is accepted); if it does not, the game is abandoned with no
// result rather than lost on time.

// FirstMoveWindow is how long a player of a live clock has for their first
// move, which their clock does not count; a game whose player makes none
// in that time is abandoned, counting for nothing.
const FirstMoveWindow = 10 * time.Minute

// TimeControlOf returns the time control of game g (the default when it
// has none, or one this version cannot read).
func TimeControlOf(g *store.Game) TimeControl {
	tc, err := ParseTimeControl(g.TimeControl)
	if err != nil {
		return TimeControl{}
	}
	return tc
}

// Remaining returns the time each side of g (eg its position) has left at
// now: for the side to move, once its clock has started, what it had when
// its turn began minus what has passed since. It is meaningful for a live
// clock only (TimeControlOf(g).Live()).
func Remaining(g *store.Game, eg engine.Game, now time.Time) [2]time.Duration {
	left, turn := g.Clock, eg.Turn()
	if g.Status == store.Active && !g.TurnStart.IsZero() && !g.Seats[turn].IsAI() && ClockStarted(g, eg, turn) {
		left[turn] = max(left[turn]-max(now.Sub(g.TurnStart), 0), 0)
	}
	return left
}

// startClocks gives both sides of the new game l the base time of its
// control.
func (l *live) startClocks(tc TimeControl) {
	l.g.TimeControl = tc.String()
	if tc.Live() {
		l.g.Clock = [2]time.Duration{tc.Base, tc.Base}
	}
}

// armClock starts the turn of the side to move in l at now: its flag falls
// when its time is used up. While the AI is to move no clock runs; the
// game is abandoned if the AI stays behind for Config.AIAbandonAfter.
func (m *Manager) armClock(l *live, now time.Time) {
	turn := l.eg.Turn()
	now = now.Truncate(time.Millisecond) // as stored
	l.g.TurnStart, l.g.RemindAt = now, time.Time{}
	switch {
	case l.g.Seats[turn].IsAI():
		l.g.Deadline = now.Add(m.cfg.AIAbandonAfter)
	case !l.started(turn):
		l.g.Deadline = now.Add(FirstMoveWindow)
	default:
		l.g.Deadline = now.Add(l.g.Clock[turn])
	}
}

// started reports whether side's clock has started: it has moved in this
// game (an imported game's moves are not its own).
func (l *live) started(side engine.Side) bool { return movesSince(l.eg, side, l.g.Start) > 0 }

// ClockStarted reports whether the clock of side in game g (eg its
// position) has started: side has made its first move (see
// FirstMoveWindow).
func ClockStarted(g *store.Game, eg engine.Game, side engine.Side) bool {
	return (&live{g: g, eg: eg}).started(side)
}

// charge stops the clock of side, to move in l, at at: it is charged the
// time since its turn began, plus the increment when it moved.
func (l *live) charge(side engine.Side, at time.Time, moved bool) {
	tc := TimeControlOf(l.g)
	if !tc.Live() || l.g.Seats[side].IsAI() || l.g.TurnStart.IsZero() || !l.started(side) {
		return // no clock runs, or this is side's first move
	}
	at = at.Truncate(time.Millisecond) // clocks are kept in milliseconds
	left := max(l.g.Clock[side]-max(at.Sub(l.g.TurnStart), 0), 0)
	if moved {
		left += tc.Increment
	}
	l.g.Clock[side] = left
}

// flagFell reports whether side, a person to move in l, had run out of
// time by at: between people, when the turn's deadline has passed; against
// the AI, when a live clock's has (a correspondence deadline against the AI
// abandons the game instead).
func (l *live) flagFell(side engine.Side, at time.Time) bool {
	if l.g.Status != store.Active || l.g.Deadline.IsZero() || l.g.Seats[side].IsAI() || at.Before(l.g.Deadline) {
		return false
	}
	return !l.vsAI() || TimeControlOf(l.g).Live()
}

// lostOnTime ends l: turn, to move, loses on time. The board shows it and
// both players are told. With a live clock that turn has not started yet
// (no first move in FirstMoveWindow), the game is abandoned instead.
func (l *live) lostOnTime(turn engine.Side) step {
	if TimeControlOf(l.g).Live() {
		if !l.started(turn) {
			s := l.abandon(turn)
			l.showBoard(nil)
			return s
		}
		l.g.Clock[turn] = 0
	}
	s := finish(l, engine.WinFor(turn.Other(), engine.Timeout), turn)
	l.showBoard(nil)
	l.notice(store.WantTimeout, l.players())
	return s
}

// arrival is when the operation of who reached the bot: its interaction's
// time, or now for an operation without one.
func (m *Manager) arrival(who Actor) time.Time {
	if who.Via.At.IsZero() {
		return m.now()
	}
	return who.Via.At
}

// NextDeadline returns the earliest moment at which Tick has something to
// do by the time alone (a flag falling, a turn's timeout, a challenge
// expiring, a reminder), the zero time for none. The bot's ticker sleeps
// until then or its interval, whichever comes first.
func (m *Manager) NextDeadline(ctx context.Context) (time.Time, error) {
	next, err := m.st.NextDeadline(ctx)
	if err != nil {
		return time.Time{}, fmt.Errorf("next deadline: %w", err)
	}
	return next, nil
}

// Changed returns a channel that receives a value after a write of this
// Manager, or a Wake, may have changed the next deadline: the ticker
// then asks NextDeadline again. It is the same channel every time, and
// holds one value at most.
func (m *Manager) Changed() <-chan struct{} { return m.wake }

// Wake tells the ticker that the next deadline may have changed: the bot
// calls it when it hears that another process changed a game.
func (m *Manager) Wake() {
	select {
	case m.wake <- struct{}{}:
	default:
	}
}

// flagged ends l on time when the flag of the person to move had fallen by
// the time the operation of who arrived, whatever it asks (a move, a
// resignation, a request, an answer): time decided first. The refusal is
// engine.FlagFell for the player whose flag fell, the game's result for
// the other. It reports whether it did.
func (m *Manager) flagged(l *live, who Actor) (step, bool) {
	turn := l.eg.Turn()
	if !l.flagFell(turn, m.arrival(who)) {
		return step{}, false
	}
	fell := l.g.Deadline
	l.seen(who.Via)
	s := l.lostOnTime(turn)
	switch side, ok := sideOf(l.g, who.ID); {
	case l.g.Status != store.Finished:
		s.err = l.active() // abandoned: no first move in time
	case ok && side == turn:
		s.err = engine.E(engine.FlagFell, fell)
	default:
		s.err = l.over()
	}
	return s, true
}

package match

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/store"
)

// Tick does what is due by the Clock's now: it expires unanswered
// challenges and requests, sends reminders, ends games between people whose
// player to move has run out of time (they lose on time), abandons idle
// games against the AI and queues AI work that is pending (after a failure
// of the AI, for one). The bot calls it every few seconds. It reads only
// the games with something due and those against the AI, through indexed
// store queries, so its cost does not grow with the games between people in
// progress. Problems with single games do not stop the others; they are
// joined in the error.
func (m *Manager) Tick(ctx context.Context) error {
	now := m.now()
	var errs []error
	due, err := m.st.DueGames(ctx, now)
	if err != nil {
		return fmt.Errorf("tick: %w", err)
	}
	for _, g := range due {
		if _, err := m.change(ctx, g.ID, m.deadlineDue); err != nil {
			errs = append(errs, fmt.Errorf("tick: game %d deadline: %w", g.ID, err))
		}
	}
	reminders, err := m.st.RemindersDue(ctx, now)
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("tick: %w", err))...)
	}
	for _, g := range reminders {
		if _, err := m.change(ctx, g.ID, m.reminderDue); err != nil {
			errs = append(errs, fmt.Errorf("tick: game %d reminder: %w", g.ID, err))
		}
	}
	requests, err := m.st.RequestsDue(ctx, now.Add(-m.cfg.RequestTTL))
	if err != nil {
		return errors.Join(append(errs, fmt.Errorf("tick: %w", err))...)
	}
	expired := make(map[int64]bool, len(requests))
	for _, g := range requests {
		if g.Status != store.Active {
			continue // a rematch offer expires with its deadline, above
		}
		expired[g.ID] = true
		if _, err := m.change(ctx, g.ID, m.requestDue); err != nil {
			errs = append(errs, fmt.Errorf("tick: game %d request: %w", g.ID, err))
		}
	}
	// Expiring a request queued what the AI owes in its game.
	if err := m.queueOwed(ctx, expired); err != nil {
		errs = append(errs, fmt.Errorf("tick: %w", err))
	}
	return errors.Join(errs...)
}

// deadlineDue acts on a game whose deadline has passed: a challenge
// expires, the player to move loses on time, an idle game against the AI
// is abandoned. It checks again on the fresh copy, which may have moved on.
func (m *Manager) deadlineDue(l *live) (step, error) {
	if l.g.Deadline.IsZero() || m.now().Before(l.g.Deadline) {
		return step{}, nil
	}
	switch l.g.Status {
	case store.Challenge:
		e := l.event(ChallengeExpired, l.g.Challenger)
		e.Request = l.g.Request.Kind
		l.settleChallenge(store.WantExpired)
		l.g.Status = store.Expired
		return step{write: true, events: []Event{e}}, nil
	case store.Active:
		turn := l.eg.Turn()
		if l.flagFell(turn, m.now()) {
			return l.lostOnTime(turn), nil
		}
		if aiOwes(l) {
			return step{}, nil // the AI is behind, not the player; Tick queues it
		}
		s := l.abandon(turn)
		l.showBoard(nil)
		return s, nil
	}
	return step{}, nil
}

// reminderDue reminds the player to move, once.
func (m *Manager) reminderDue(l *live) (step, error) {
	if l.g.Status != store.Active || l.g.RemindAt.IsZero() || m.now().Before(l.g.RemindAt) {
		return step{}, nil
	}
	l.g.RemindAt = time.Time{}
	l.notice(store.WantRemind, l.pingSide(l.eg.Turn(), ""))
	return step{write: true, events: []Event{l.event(ReminderDue, l.eg.Turn())}}, nil
}

// requestDue expires the pending request if it has had its time.
func (m *Manager) requestDue(l *live) (step, error) {
	if l.g.Status != store.Active || !m.requestExpired(l.g.Request, m.now()) {
		return step{}, nil
	}
	return step{write: true, events: []Event{m.expireRequest(l)}}, nil
}

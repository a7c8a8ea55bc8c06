package bot

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// eventQueue hands the lifecycle's events to a few workers. Notify must
// never block an AI worker or a handler, so the queue is unbounded.
type eventQueue struct {
	mu      sync.Mutex
	cond    *sync.Cond
	items   []match.Event
	busy    int  // events being handled
	closing bool // no more events: workers exit when the queue is empty
	done    sync.WaitGroup
	idleCh  chan struct{} // closed and replaced whenever the queue drains
}

func newEventQueue(workers int, handle func(match.Event)) *eventQueue {
	q := &eventQueue{idleCh: make(chan struct{})}
	q.cond = sync.NewCond(&q.mu)
	for range workers {
		q.done.Add(1)
		go q.work(handle)
	}
	return q
}

func (q *eventQueue) push(e match.Event) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closing {
		return
	}
	q.items = append(q.items, e)
	q.cond.Signal()
}

func (q *eventQueue) work(handle func(match.Event)) {
	defer q.done.Done()
	q.mu.Lock()
	for {
		for len(q.items) == 0 && !q.closing {
			q.cond.Wait()
		}
		if len(q.items) == 0 {
			q.mu.Unlock()
			return
		}
		e := q.items[0]
		q.items = q.items[1:]
		q.busy++
		q.mu.Unlock()
		handle(e)
		q.mu.Lock()
		q.busy--
		if q.busy == 0 && len(q.items) == 0 {
			close(q.idleCh)
			q.idleCh = make(chan struct{})
		}
	}
}

// idle waits until nothing is queued or being handled.
func (q *eventQueue) idle(ctx context.Context) error {
	for {
		q.mu.Lock()
		if q.busy == 0 && len(q.items) == 0 {
			q.mu.Unlock()
			return nil
		}
		ch := q.idleCh
		q.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("waiting for events to be shown: %w", ctx.Err())
		}
	}
}

// close handles what is queued, then stops the workers.
func (q *eventQueue) close(ctx context.Context) error {
	q.mu.Lock()
	q.closing = true
	q.cond.Broadcast()
	q.mu.Unlock()
	done := make(chan struct{})
	go func() { q.done.Wait(); close(done) }()
	select {
	case <-done:
		return nil
	case <-ctx.Done():
		return fmt.Errorf("showing the last events: %w", ctx.Err())
	}
}

// notify receives the lifecycle's events. The handlers show what their own
// calls did; the rest (the AI's moves and answers, and everything Tick
// decides) is queued for the workers.
func (b *Bot) notify(e match.Event) {
	if background(e) {
		b.events.push(e)
	}
}

// background reports whether e happened outside any interaction: the AI
// acted, or time passed.
func background(e match.Event) bool {
	switch e.Kind {
	case match.ChallengeExpired, match.RequestExpired, match.ReminderDue, match.GameAbandoned, match.AIFailed:
		return true
	case match.GameEnded:
		if e.Outcome.Reason == engine.Timeout {
			return true
		}
	case match.RequestAccepted:
		if e.Request == store.UndoRequest {
			return false // against the AI an undo is answered inside Ask
		}
	}
	return e.Actor.Valid() && e.Game.Seats[e.Actor].IsAI()
}

// eventTimeout bounds the work of showing one event.
const eventTimeout = time.Minute

// handleEvent shows one background event.
func (b *Bot) handleEvent(e match.Event) {
	ctx, cancel := context.WithTimeout(context.Background(), eventTimeout)
	defer cancel()
	if err := b.showEvent(ctx, e); err != nil {
		b.log.Error("showing a game event", "game", e.GameID, "event", e.Kind.String(), "err", err)
	}
}

func (b *Bot) showEvent(ctx context.Context, e match.Event) error {
	if e.Kind == match.AIFailed {
		b.log.Warn("the AI failed; Tick retries", "game", e.GameID, "err", e.Err)
		return nil
	}
	unlock := b.locks.lock(e.GameID)
	defer unlock()
	g, err := b.st.Game(ctx, e.GameID)
	if err != nil {
		return fmt.Errorf("loading game %d: %w", e.GameID, err)
	}
	loc := b.storedLocale(g.GuildID)
	switch e.Kind {
	case match.ReminderDue:
		turn := e.Actor
		_, err := b.post(ctx, g.ChannelID, &outMessage{Content: loc.t("remind", seatName(loc, g.Seats[turn]), g.ID, fmt.Sprintf("<t:%d:R>", g.Deadline.Unix()))})
		return err
	case match.RequestExpired, match.RequestAccepted, match.RequestDeclined:
		if p, ok := b.takePrompt(g.ID); ok {
			key := map[match.EventKind]string{match.RequestExpired: "prompt.expired", match.RequestAccepted: "prompt.accepted", match.RequestDeclined: "prompt.declined"}[e.Kind]
			text := loc.t(key, seatName(loc, g.Seats[e.Actor]), loc.t("request."+string(e.Request)), g.ID)
			if err := b.editChannel(ctx, p.channelID, p.messageID, &outMessage{Content: text}); err != nil {
				b.log.Warn("updating a request prompt", "game", g.ID, "err", err)
			}
		}
		if e.Kind != match.RequestAccepted {
			return nil
		}
	}
	if g.MessageID == "" {
		return nil // the handler that created the game shows it
	}
	m, err := b.gameMessage(g, loc)
	if err != nil {
		return err
	}
	if err := b.editChannel(ctx, g.ChannelID, g.MessageID, m); err != nil {
		return err
	}
	if e.Kind == match.GameEnded && e.Outcome.Reason == engine.Timeout {
		_, err := b.post(ctx, g.ChannelID, &outMessage{Content: "⏰ " + outcomeText(loc, g)})
		return err
	}
	return nil
}

package match

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"strconv"
	"sync"
	"time"

	"github.com/tengen-bot/tengen/bot/queue"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Store is the storage the lifecycle needs; *store.DB satisfies it. Every
// write of a game stores the posts it plans in the same transaction.
type Store interface {
	Create(ctx context.Context, g *store.Game, plan *store.Plan) error
	CreateChallengePlan(ctx context.Context, g *store.Game, limit int, now time.Time, plan *store.Plan) error
	Game(ctx context.Context, id int64) (*store.Game, error)
	Save(ctx context.Context, g *store.Game, plan *store.Plan) (store.RatingChanges, error)
	Delivered(ctx context.Context, post int64, shown, messageID string) error
	AIGames(ctx context.Context) ([]*store.Game, error)
	DueGames(ctx context.Context, now time.Time) ([]*store.Game, error)
	RemindersDue(ctx context.Context, now time.Time) ([]*store.Game, error)
	RequestsDue(ctx context.Context, cutoff time.Time) ([]*store.Game, error)
	RematchOffer(ctx context.Context, id int64) (*store.Game, error)
	UserGames(ctx context.Context, userID string) ([]*store.Game, error)
	GuildSetting(ctx context.Context, guildID, key string) (string, error)
	Rating(ctx context.Context, userID string, kind store.Kind) (store.PlayerRating, error)
	JoinQueue(ctx context.Context, e store.QueueEntry) error
	LeaveQueue(ctx context.Context, userID string, now time.Time) error
	Waiting(ctx context.Context, e store.QueueEntry, here bool, now time.Time) ([]store.QueueEntry, error)
	WaitingAcross(ctx context.Context, e store.QueueEntry, setting, refuse string, now time.Time) ([]store.QueueEntry, error)
	CreatePaired(ctx context.Context, g *store.Game, plan *store.Plan, taken store.QueueEntry, joiner string) error
	LeaseAI(ctx context.Context, id int64, now, until time.Time) (bool, error)
	ReleaseAI(ctx context.Context, id int64, until time.Time) error
	NextDeadline(ctx context.Context) (time.Time, error)
}

// AI plays the AI's seats. Both methods get their own copy of the game and
// a context whose deadline is the level's time budget: they should return
// their best answer by then. Evaluate scores the position for the side to
// move; the lifecycle only looks at how far it is from level (zero).
type AI interface {
	Move(ctx context.Context, g engine.Game, level int) (move string, err error)
	Evaluate(ctx context.Context, g engine.Game, level int) (score int, err error)
}

// AnyPly, passed as the expected ply of an operation, skips the check that
// the button pressed belongs to the current position.
const AnyPly = -1

// Manager runs games. It is safe for concurrent use; create it with New and
// stop it with Close.
type Manager struct {
	st    Store
	cfg   Config
	pool  *queue.Queue
	cache stateCache    // engine states of recently used games
	lim   *limiter      // rate limits and cooldowns
	wake  chan struct{} // see Changed
	rev   reviews       // the reviews being made
	// quit is closed by Close: work outside the pool's turns (a review)
	// stops.
	quit     chan struct{}
	quitOnce sync.Once
}

// New returns a Manager over st and starts its AI workers. Call Resume to
// pick up the AI's pending work after a restart.
func New(st Store, cfg Config) *Manager {
	m := &Manager{st: st, cfg: cfg.withDefaults(), lim: newLimiter(), wake: make(chan struct{}, 1), quit: make(chan struct{})}
	m.pool = queue.NewBounded(queue.Options{Workers: m.cfg.Workers, MaxQueued: m.cfg.MaxAIQueued, Waited: m.cfg.AIWaited}, m.aiTurn)
	return m
}

// Close stops the AI workers: no new AI work starts and Close waits for the
// turns being computed to be committed or dropped. When ctx ends first, the
// AI is interrupted (its unfinished turns are resumed by the next Resume)
// and Close returns ctx's error.
func (m *Manager) Close(ctx context.Context) error {
	m.quitOnce.Do(func() { close(m.quit) })
	return m.pool.Close(ctx)
}

func (m *Manager) now() time.Time { return m.cfg.Clock.Now() }

// untilClosed returns a context that ends with parent or when the Manager
// closes, whichever comes first: for work outside the pool's turns.
func (m *Manager) untilClosed(parent context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancel(parent)
	go func() {
		select {
		case <-m.quit:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, cancel
}

// sleep waits d; false means ctx ended first.
func sleep(ctx context.Context, d time.Duration) bool {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// AIWaiting returns how many AI turns wait for a worker.
func (m *Manager) AIWaiting() int { return m.pool.Waiting() }

// AIRunning returns how many AI turns are being computed.
func (m *Manager) AIRunning() int { return m.pool.Running() }

// Budget is the thinking time of the AI at level.
func (m *Manager) Budget(level int) time.Duration { return m.cfg.Budget(level) }

// step is the result of one attempt at an operation: whether to store the
// changed game (with its plan, store.Save), what to report once stored, and
// the error to return to the caller after the write (an expired request is
// cleared, then refused).
type step struct {
	write  bool
	events []Event
	err    error
}

// live is a loaded game with its engine state, which an attempt may
// change, and what the change shows on Discord.
type live struct {
	g    *store.Game
	eg   engine.Game
	plan store.Plan
	// also lists other games whose posts the plan changes (a rematch
	// retires the board of the game it rematches).
	also []int64
}

func (l *live) names() [2]string { return l.eg.SideNames() }

// event returns an event of kind k with the actor set.
func (l *live) event(k EventKind, actor engine.Side) Event {
	return Event{Kind: k, GameID: l.g.ID, Actor: actor}
}

// save writes the engine state back into the record.
func (l *live) save() error {
	text, err := l.eg.MarshalText()
	if err != nil {
		return fmt.Errorf("game %d: save moves: %w", l.g.ID, err)
	}
	l.g.Moves = string(text)
	return nil
}

// raced reports whether a save failed because someone else changed the
// game first (a newer version, or a status that moved on): a fresh load
// decides again.
func raced(err error) bool {
	switch engine.ErrorCode(err) {
	case engine.VersionConflict, engine.AlreadyOver, engine.NotStarted:
		return true
	}
	return false
}

// load reads game id and restores its engine state, from the cache when
// cached is true and the cache has it.
func (m *Manager) load(ctx context.Context, id int64, cached bool) (*live, error) {
	g, err := m.st.Game(ctx, id)
	if engine.ErrorCode(err) == engine.GameNotFound {
		return nil, err
	}
	if err != nil {
		return nil, fmt.Errorf("load game %d: %w", id, err)
	}
	if cached {
		if eg, ok := m.cache.take(id, g.Moves); ok {
			return &live{g: g, eg: eg}, nil
		}
	}
	eg, err := Restore(g.Kind, g.Moves)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", id, err)
	}
	return &live{g: g, eg: eg}, nil
}

// change runs one operation on game id: load, let attempt check and apply
// it, store it with the version read, then report it. When another writer
// changed the game first it starts again from a fresh load, at most
// Config.Retries times. It returns the game as stored (nil when the
// attempt refused).
func (m *Manager) change(ctx context.Context, id int64, attempt func(*live) (step, error)) (*store.Game, error) {
	for range m.cfg.Retries {
		l, err := m.load(ctx, id, true)
		if err != nil {
			return nil, err
		}
		loaded := l.g.Moves
		s, err := attempt(l)
		if err != nil {
			m.keep(l, loaded)
			return nil, err
		}
		var rc store.RatingChanges
		if s.write {
			rc, err = m.st.Save(ctx, l.g, &l.plan)
		} else {
			m.keep(l, loaded)
		}
		if raced(err) {
			continue // someone else wrote first: look again
		}
		if err != nil {
			return nil, fmt.Errorf("game %d: %w", id, err)
		}
		if s.write {
			m.report(l, s.events, rc)
			if l.g.Status.Live() {
				m.cache.put(id, l.g.Moves, l.eg)
			}
		}
		return l.g, s.err
	}
	return nil, engine.E(engine.GameBusy, id)
}

// keep caches the engine state of an attempt that stored nothing, provided
// it is still the state of the stored moves (a refused move leaves it so).
func (m *Manager) keep(l *live, stored string) {
	if !l.g.Status.Live() {
		return
	}
	if text, err := l.eg.MarshalText(); err == nil && string(text) == stored {
		m.cache.put(l.g.ID, stored, l.eg)
	}
}

// report sends the events of a stored change and queues the AI's work.
func (m *Manager) report(l *live, events []Event, rc store.RatingChanges) {
	m.Wake() // the deadlines may have moved
	if n := m.cfg.Notifier; n != nil {
		for i, e := range events {
			e.GameID, e.Game = l.g.ID, *l.g
			if e.Kind == GameEnded {
				e.Outcome, e.Ratings = l.g.Outcome, rc
			}
			if i == len(events)-1 {
				e.Also = l.also
			}
			n.Notify(e)
		}
	}
	m.noteDeclines(l, events)
	if aiOwes(l) {
		m.queueAI(l.g)
	}
}

// queueAI queues the AI's work in g under its human player. A full queue
// leaves it to the next Tick, which queues what the AI owes; moves that
// would overfill it are refused before they are stored (checkAIRoom).
func (m *Manager) queueAI(g *store.Game) {
	if m.cfg.AIElsewhere {
		return // a worker hears of the change and queues it
	}
	_ = m.pool.AddFor(ownerOf(g), g.ID) // full: Tick queues it again
}

// hasAI reports whether games against the AI can be played: this process
// computes the AI's turns, or workers do.
func (m *Manager) hasAI() bool { return m.cfg.AI != nil || m.cfg.AIElsewhere }

// QueueAI queues the AI's pending work in game id, if it owes any: an AI
// worker calls it for each game it hears has changed.
func (m *Manager) QueueAI(ctx context.Context, id int64) error {
	g, err := m.st.Game(ctx, id)
	if err != nil {
		return fmt.Errorf("queue the AI of game %d: %w", id, err)
	}
	eg, err := Restore(g.Kind, g.Moves)
	if err != nil {
		return fmt.Errorf("queue the AI of game %d: %w", id, err)
	}
	if aiOwes(&live{g: g, eg: eg}) {
		m.queueAI(g)
	}
	return nil
}

// checkAIRoom refuses a change that would give the AI work in g (id 0: a
// new game) when its queue is full. Where workers compute the AI, their
// queues are theirs to bound.
func (m *Manager) checkAIRoom(g *store.Game) error {
	if m.cfg.AIElsewhere {
		return nil
	}
	if err := m.pool.Check(ownerOf(g), g.ID); err != nil {
		return engine.E(engine.AIBusy)
	}
	return nil
}

// ownerOf is the queue owner of an AI game: its human player, whose turns
// share the workers fairly with everyone else's.
func ownerOf(g *store.Game) int64 {
	for _, s := range g.Seats {
		if s.UserID == "" {
			continue
		}
		if id, err := strconv.ParseInt(s.UserID, 10, 64); err == nil {
			return id
		}
		h := fnv.New64a()
		h.Write([]byte(s.UserID))
		return int64(h.Sum64() >> 1)
	}
	return 0
}

// aiOwes reports whether the AI has something to do in the game: answer a
// draw offer, or move.
func aiOwes(l *live) bool {
	if l.g.Status != store.Active {
		return false
	}
	if r := l.g.Request; r.Kind == store.DrawRequest && l.g.Seats[r.By.Other()].IsAI() {
		return true
	}
	return l.g.Seats[l.eg.Turn()].IsAI() && !l.eg.Outcome().Over()
}

// Resume queues the AI's pending work after a start: every active game in
// which the AI is to move or owes an answer. Deadlines need no re-arming:
// they are stored, and Tick acts on them.
func (m *Manager) Resume(ctx context.Context) error {
	if err := m.queueOwed(ctx, nil); err != nil {
		return fmt.Errorf("resume: %w", err)
	}
	return nil
}

// queueOwed queues the AI's pending work in every game against the AI but
// those in skip. Where workers compute the AI (AIElsewhere) it reads
// nothing: they look for the work themselves.
func (m *Manager) queueOwed(ctx context.Context, skip map[int64]bool) error {
	if m.cfg.AIElsewhere {
		return nil
	}
	games, err := m.st.AIGames(ctx)
	if err != nil {
		return err
	}
	var errs []error
	for _, g := range games {
		if skip[g.ID] {
			continue
		}
		eg, err := Restore(g.Kind, g.Moves)
		if err != nil {
			errs = append(errs, fmt.Errorf("game %d: %w", g.ID, err))
			continue
		}
		if aiOwes(&live{g: g, eg: eg}) {
			m.queueAI(g)
		}
	}
	return errors.Join(errs...)
}

package match

import (
	"context"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// manualClock is a Clock that moves only when the test says so.
type manualClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *manualClock {
	return &manualClock{t: time.Date(2026, 3, 2, 9, 0, 0, 0, time.UTC)}
}

func (c *manualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *manualClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// recorder keeps every event and lets tests wait for them.
type recorder struct {
	mu      sync.Mutex
	events  []Event
	changed chan struct{}   // closed and replaced on every event
	seen    map[waitKey]int // events of each key already returned by waitFor
}

type waitKey struct {
	id   int64
	kind EventKind
}

func newRecorder() *recorder {
	return &recorder{changed: make(chan struct{}), seen: map[waitKey]int{}}
}

func (r *recorder) Notify(e Event) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, e)
	close(r.changed)
	r.changed = make(chan struct{})
}

// all returns the events so far.
func (r *recorder) all() []Event {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Event(nil), r.events...)
}

// kinds returns the kinds of the events of game id so far.
func (r *recorder) kinds(id int64) []EventKind {
	var ks []EventKind
	for _, e := range r.all() {
		if e.GameID == id {
			ks = append(ks, e.Kind)
		}
	}
	return ks
}

// count returns how many events of kind k game id has had.
func (r *recorder) count(id int64, k EventKind) int {
	n := 0
	for _, e := range r.all() {
		if e.GameID == id && e.Kind == k {
			n++
		}
	}
	return n
}

// waitFor returns the next event of kind k in game id that waitFor has not
// returned yet, waiting for it; it fails the test after a generous timeout.
func (r *recorder) waitFor(t testing.TB, id int64, k EventKind) Event {
	t.Helper()
	key := waitKey{id, k}
	timeout := time.After(10 * time.Second)
	for {
		r.mu.Lock()
		n := 0
		for _, e := range r.events {
			if e.GameID == id && e.Kind == k {
				if n == r.seen[key] {
					r.seen[key]++
					r.mu.Unlock()
					return e
				}
				n++
			}
		}
		changed := r.changed
		r.mu.Unlock()
		select {
		case <-changed:
		case <-timeout:
			t.Fatalf("game %d: no new %v event within 10s; events: %v", id, k, r.kinds(id))
			return Event{}
		}
	}
}

// openDB opens a fresh store on a temporary file, closed at the end of the test.
func openDB(t testing.TB, clock Clock) (*store.DB, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "tengen.db")
	return reopenDB(t, path, clock), path
}

func reopenDB(t testing.TB, path string, clock Clock) *store.DB {
	t.Helper()
	db, err := store.Open(context.Background(), path, store.Options{Now: clock.Now})
	if err != nil {
		t.Fatalf("open store: %v", err)
	}
	t.Cleanup(func() {
		if err := db.Close(); err != nil {
			t.Errorf("close store: %v", err)
		}
	})
	return db
}

// env is a Manager over a real store with a manual clock and a recorder.
type env struct {
	t     *testing.T
	m     *Manager
	db    *store.DB
	path  string
	clock *manualClock
	rec   *recorder
}

// newEnv returns an env; cfg's Clock and Notifier are set by it, and its AI
// defaults to a seeded RandomAI.
func newEnv(t *testing.T, cfg Config) *env {
	t.Helper()
	clock := newClock()
	db, path := openDB(t, clock)
	e := &env{t: t, db: db, path: path, clock: clock, rec: newRecorder()}
	e.m = e.start(db, cfg)
	return e
}

// start returns a new Manager over db with the env's clock and recorder,
// closed at the end of the test.
func (e *env) start(db Store, cfg Config) *Manager {
	cfg.Clock, cfg.Notifier = e.clock, e.rec
	if cfg.AI == nil {
		cfg.AI = NewRandomAI(1)
	}
	if cfg.Coin == nil {
		cfg.Coin = func() bool { return true }
	}
	// Tests of the lifecycle play loops a person would be stopped in:
	// limits apply only where a test sets them (limits_test.go).
	if cfg.Limits == (Limits{}) {
		cfg.NoLimits = true
	}
	if cfg.MaxAIGames == 0 {
		cfg.MaxAIGames = -1
	}
	m := New(db, cfg)
	e.t.Cleanup(func() {
		if err := m.Close(context.Background()); err != nil {
			e.t.Errorf("close manager: %v", err)
		}
	})
	return m
}

var (
	alice = Player{ID: "100", Name: "alice"}
	bob   = Player{ID: "200", Name: "bob"}
	carol = Player{ID: "300", Name: "carol"}
)

var ctx = context.Background()

// duel starts an accepted Gomoku game: alice black (first), bob white.
func (e *env) duel(rated bool) *store.Game {
	e.t.Helper()
	g, err := e.m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Gomoku}, Challenger: alice, Opponent: bob, Rated: rated, ChannelID: "c1"})
	if err != nil {
		e.t.Fatalf("Challenge: %v", err)
	}
	if g, err = e.m.Accept(ctx, g.ID, as(bob.ID)); err != nil {
		e.t.Fatalf("Accept: %v", err)
	}
	return g
}

// play plays moves alternately by whoever is to move among alice and bob.
func (e *env) play(id int64, moves ...string) *store.Game {
	e.t.Helper()
	var g *store.Game
	for _, mv := range moves {
		cur, err := e.db.Game(ctx, id)
		if err != nil {
			e.t.Fatal(err)
		}
		eg, err := Restore(cur.Kind, cur.Moves)
		if err != nil {
			e.t.Fatal(err)
		}
		if g, err = e.m.Play(ctx, id, as(cur.Seats[eg.Turn()].UserID), mv, AnyPly); err != nil {
			e.t.Fatalf("play %s: %v", mv, err)
		}
	}
	return g
}

// game loads game id and its engine state.
func (e *env) game(id int64) (*store.Game, engine.Game) {
	e.t.Helper()
	g, err := e.db.Game(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	eg, err := Restore(g.Kind, g.Moves)
	if err != nil {
		e.t.Fatal(err)
	}
	return g, eg
}

// wantCode fails unless err is a match *Error with code c.
func wantCode(t testing.TB, err error, c engine.Class) {
	t.Helper()
	if got := engine.ErrorCode(err).Class(); got != c {
		t.Fatalf("error %v: code %v, want %v", err, got, c)
	}
}

// turn returns the side to move in game id.
func (e *env) turn(id int64) engine.Side {
	e.t.Helper()
	_, eg := e.game(id)
	return eg.Turn()
}

// as is userID acting without an interaction.
func as(userID string) Actor { return Actor{Player: Player{ID: userID}} }

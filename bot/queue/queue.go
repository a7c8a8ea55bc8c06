// Package queue runs work keyed by game on a fixed number of workers, one
// piece of work per game at a time: the lifecycle's AI turns, and the
// Discord adapter's deliveries of what a game shows.
//
// A game is queued at most once; a game queued again while a worker has it
// runs again once that worker is done, so no request is lost and no game is
// worked on twice at once. Do runs a function for a game exclusively with
// that work, for callers that must not cross it.
//
// Work carries an owner (the user whose game it is). Workers serve the
// owners with work waiting in turn, round-robin, each owner's games first
// in, first out; so one owner's hundreds of games delay another owner's
// single game by at most one game per other owner waiting, not by all of
// them. With a single owner (Add) the queue is first in, first out.
// Options bound the games waiting, in all and per owner (see AddFor).
//
// Low-priority work (Low: a review's next position) runs only when no game
// waits, one piece at a time.
package queue

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"time"
)

// Options configure a Queue made by NewBounded.
type Options struct {
	// Workers is the number of goroutines working at once (at least 1).
	Workers int
	// MaxQueued bounds the games waiting in all (0 = no bound).
	MaxQueued int
	// MaxPerOwner bounds the games one owner has waiting (0 = no bound).
	MaxPerOwner int
	// Waited, when not nil, is told how long each game waited before a
	// worker took it (for metrics).
	Waited func(time.Duration)
}

// ErrFull is returned (wrapped) by AddFor when the queue already holds
// Options.MaxQueued waiting games.
var ErrFull = errors.New("the queue is full")

// ErrOwnerFull is returned (wrapped) by AddFor when the owner already has
// Options.MaxPerOwner waiting games.
var ErrOwnerFull = errors.New("the owner has too many games waiting")

// Queue is a keyed work queue. Create it with New or NewBounded and stop it
// with Close.
type Queue struct {
	run func(ctx context.Context, id int64)
	opt Options

	ctx    context.Context // ends when Close gives up waiting
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu   sync.Mutex
	cond *sync.Cond
	// ring lists the owners with games waiting, the next to be served
	// first; an owner served goes to the back.
	ring   []*owner
	owners map[int64]*owner // the owners in ring, by id
	n      int              // games waiting
	// queued maps a waiting game to its owner, running marks the games a
	// worker or a Do has, and again maps a running game asked for again to
	// its owner.
	queued  map[int64]int64
	since   map[int64]time.Time // when each waiting game was queued
	running map[int64]bool
	again   map[int64]int64
	closed  bool
	idle    chan struct{} // closed and replaced whenever nothing is queued or running
	// low is the low-priority work waiting, first in first out; lowBusy
	// says one piece runs.
	low     []func(context.Context)
	lowBusy bool
}

// owner is one owner's waiting games, first in first out.
type owner struct {
	id  int64
	ids []int64
}

// New starts workers goroutines that call run for each queued game, with
// no bound on the games waiting.
func New(workers int, run func(ctx context.Context, id int64)) *Queue {
	return NewBounded(Options{Workers: workers}, run)
}

// NewBounded starts opt.Workers goroutines that call run for each queued
// game, with opt's bounds on the games waiting.
func NewBounded(opt Options, run func(ctx context.Context, id int64)) *Queue {
	opt.Workers = max(opt.Workers, 1)
	q := &Queue{run: run, opt: opt, owners: map[int64]*owner{}, queued: map[int64]int64{}, since: map[int64]time.Time{},
		running: map[int64]bool{}, again: map[int64]int64{}, idle: make(chan struct{})}
	q.cond = sync.NewCond(&q.mu)
	q.ctx, q.cancel = context.WithCancel(context.Background())
	q.wg.Add(opt.Workers)
	for range opt.Workers {
		go q.work()
	}
	return q
}

// Add queues game id for owner 0 (see AddFor), ignoring the bounds: for an
// unbounded queue, where AddFor never fails.
func (q *Queue) Add(id int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.add(0, id, false)
}

// AddFor queues game id for owner unless it is already waiting. A game
// that is waiting, or that a worker has (it runs again after), is never
// refused: it keeps its place and its first owner. A new game is refused
// with an error wrapping ErrFull or ErrOwnerFull when Options.MaxQueued
// games are waiting, or owner has Options.MaxPerOwner waiting. Games queued
// again while they run are not refused either, so the bounds may be passed
// by up to Options.Workers games. AddFor does nothing once the queue is
// closed.
func (q *Queue) AddFor(owner, id int64) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.add(owner, id, true)
}

// Running returns how many games a worker (or a Do) has.
func (q *Queue) Running() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return len(q.running)
}

// Waiting returns how many games wait for a worker.
func (q *Queue) Waiting() int {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.n
}

// Check returns the error AddFor(owner, id) would return now, without
// queuing anything: for refusing what would queue work before doing it.
func (q *Queue) Check(owner, id int64) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	return q.refuse(owner, id)
}

// add queues id for owner, within the bounds when bounded; q.mu is held.
func (q *Queue) add(owner, id int64, bounded bool) error {
	if q.closed {
		return nil
	}
	if _, ok := q.queued[id]; ok {
		return nil
	}
	if q.running[id] {
		if _, ok := q.again[id]; !ok {
			q.again[id] = owner
		}
		return nil
	}
	if bounded {
		if err := q.refuse(owner, id); err != nil {
			return err
		}
	}
	q.push(owner, id)
	q.cond.Signal()
	return nil
}

// refuse returns why a new game id of owner may not be queued, if it may
// not; q.mu is held.
func (q *Queue) refuse(owner, id int64) error {
	if _, ok := q.queued[id]; ok || q.running[id] || q.closed {
		return nil
	}
	if q.opt.MaxQueued > 0 && q.n >= q.opt.MaxQueued {
		return fmt.Errorf("queue game %d: %w (%d waiting)", id, ErrFull, q.n)
	}
	if o := q.owners[owner]; o != nil && q.opt.MaxPerOwner > 0 && len(o.ids) >= q.opt.MaxPerOwner {
		return fmt.Errorf("queue game %d: %w (%d waiting for owner %d)", id, ErrOwnerFull, len(o.ids), owner)
	}
	return nil
}

// push appends id to owner's games, putting the owner at the back of the
// ring if it had none waiting; q.mu is held.
func (q *Queue) push(ownerID, id int64) {
	o := q.owners[ownerID]
	if o == nil {
		o = &owner{id: ownerID}
		q.owners[ownerID] = o
		q.ring = append(q.ring, o)
	}
	o.ids = append(o.ids, id)
	q.queued[id] = ownerID
	q.since[id] = time.Now()
	q.n++
}

// Do runs fn for game id while no worker (and no other Do) has the game,
// waiting its turn; it returns ctx's error if ctx ends first. Work queued
// for the game meanwhile runs after fn.
func (q *Queue) Do(ctx context.Context, id int64, fn func()) error {
	stop := context.AfterFunc(ctx, func() {
		q.mu.Lock()
		q.cond.Broadcast()
		q.mu.Unlock()
	})
	defer stop()
	q.mu.Lock()
	for q.running[id] {
		if err := ctx.Err(); err != nil {
			q.mu.Unlock()
			return fmt.Errorf("waiting for game %d: %w", id, err)
		}
		q.cond.Wait()
	}
	q.running[id] = true
	q.mu.Unlock()
	defer q.done(id)
	fn()
	return nil
}

// Low queues fn as low-priority work: a worker runs it only when no game
// waits for one, and only one piece of low-priority work runs at a time. So
// with two workers or more a game never waits for low-priority work while
// fewer than all workers have games; with one, it waits for the piece
// running at most. Keep each piece short (a review queues one position at
// a time). Low does nothing once the queue is closed; what is waiting when
// it closes is dropped.
func (q *Queue) Low(fn func(ctx context.Context)) {
	q.mu.Lock()
	defer q.mu.Unlock()
	if q.closed {
		return
	}
	q.low = append(q.low, fn)
	q.cond.Signal()
}

func (q *Queue) work() {
	defer q.wg.Done()
	for {
		id, low, waited, ok := q.next()
		if !ok {
			return
		}
		if low != nil {
			low(q.ctx)
			q.lowDone()
			continue
		}
		if q.opt.Waited != nil {
			q.opt.Waited(waited)
		}
		q.run(q.ctx, id)
		q.done(id)
	}
}

// lowDone marks the running piece of low-priority work finished.
func (q *Queue) lowDone() {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.lowBusy = false
	q.cond.Broadcast()
}

// next waits for a game to work on that nobody has, taking the oldest game
// of the first owner in the ring that has one, or, when no game waits and
// no low-priority work runs, the oldest low-priority work; false when the
// queue is closed.
func (q *Queue) next() (int64, func(context.Context), time.Duration, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if q.closed {
			return 0, nil, 0, false
		}
		if id, ok := q.take(); ok {
			waited := time.Since(q.since[id])
			delete(q.since, id)
			return id, nil, waited, true
		}
		if len(q.low) > 0 && !q.lowBusy && q.n == 0 {
			fn := q.low[0]
			q.low[0] = nil
			q.low = q.low[1:]
			q.lowBusy = true
			return 0, fn, 0, true
		}
		q.cond.Wait()
	}
}

// take removes and returns the next game to work on, marking it running;
// q.mu is held.
func (q *Queue) take() (int64, bool) {
	for r, o := range q.ring {
		for i, id := range o.ids {
			if q.running[id] {
				continue // a Do has it: leave it queued
			}
			o.ids = slices.Delete(o.ids, i, i+1)
			copy(q.ring[r:], q.ring[r+1:])
			if len(o.ids) > 0 {
				q.ring[len(q.ring)-1] = o // served: to the back
			} else {
				q.ring[len(q.ring)-1] = nil
				q.ring = q.ring[:len(q.ring)-1]
				delete(q.owners, o.id)
			}
			delete(q.queued, id)
			q.n--
			q.running[id] = true
			return id, true
		}
	}
	return 0, false
}

// done marks game id finished and queues it again if work arrived for it
// meanwhile.
func (q *Queue) done(id int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.running, id)
	if owner, ok := q.again[id]; ok {
		delete(q.again, id)
		if _, waiting := q.queued[id]; !q.closed && !waiting {
			q.push(owner, id)
		}
	}
	q.cond.Broadcast()
	if q.n == 0 && len(q.running) == 0 {
		close(q.idle)
		q.idle = make(chan struct{})
	}
}

// Idle waits until nothing is queued or running; it returns ctx's error if
// that comes first.
func (q *Queue) Idle(ctx context.Context) error {
	for {
		q.mu.Lock()
		if q.n == 0 && len(q.running) == 0 {
			q.mu.Unlock()
			return nil
		}
		ch := q.idle
		q.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("waiting for the queue to drain: %w", ctx.Err())
		}
	}
}

// Close stops the workers after their current game and waits for them;
// what is still queued is dropped (the owner finds it again after a
// restart). When ctx ends first it interrupts them and returns ctx's
// error.
func (q *Queue) Close(ctx context.Context) error {
	q.mu.Lock()
	q.closed = true
	q.ring, q.owners, q.queued, q.n = nil, map[int64]*owner{}, map[int64]int64{}, 0
	q.low = nil
	q.cond.Broadcast()
	q.mu.Unlock()

	stopped := make(chan struct{})
	go func() {
		q.wg.Wait()
		close(stopped)
	}()
	select {
	case <-stopped:
		q.cancel()
		return nil
	case <-ctx.Done():
		q.cancel()
		<-stopped
		return ctx.Err()
	}
}

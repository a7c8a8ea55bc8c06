// Package queue runs work keyed by game on a fixed number of workers, one
// piece of work per game at a time: the lifecycle's AI turns, and the
// Discord adapter's deliveries of what a game shows.
//
// A game is queued at most once (first in, first out); a game queued again
// while a worker has it runs again once that worker is done, so no request
// is lost and no game is worked on twice at once. Do runs a function for a
// game exclusively with that work, for callers that must not cross it.
package queue

import (
	"context"
	"fmt"
	"sync"
)

// Queue is a keyed work queue. Create it with New and stop it with Close.
type Queue struct {
	run func(ctx context.Context, id int64)

	ctx    context.Context // ends when Close gives up waiting
	cancel context.CancelFunc
	wg     sync.WaitGroup

	mu      sync.Mutex
	cond    *sync.Cond
	queue   []int64
	queued  map[int64]bool
	running map[int64]bool
	again   map[int64]bool
	closed  bool
	idle    chan struct{} // closed and replaced whenever nothing is queued or running
}

// New starts workers goroutines that call run for each queued game.
func New(workers int, run func(ctx context.Context, id int64)) *Queue {
	q := &Queue{run: run, queued: map[int64]bool{}, running: map[int64]bool{}, again: map[int64]bool{},
		idle: make(chan struct{})}
	q.cond = sync.NewCond(&q.mu)
	q.ctx, q.cancel = context.WithCancel(context.Background())
	q.wg.Add(workers)
	for range workers {
		go q.work()
	}
	return q
}

// Add queues game id unless it is already waiting. It does nothing once
// the queue is closed.
func (q *Queue) Add(id int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	switch {
	case q.closed || q.queued[id]:
	case q.running[id]:
		q.again[id] = true
	default:
		q.queued[id] = true
		q.queue = append(q.queue, id)
		q.cond.Signal()
	}
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

func (q *Queue) work() {
	defer q.wg.Done()
	for {
		id, ok := q.next()
		if !ok {
			return
		}
		q.run(q.ctx, id)
		q.done(id)
	}
}

// next waits for a game to work on that nobody has; false when the queue
// is closed.
func (q *Queue) next() (int64, bool) {
	q.mu.Lock()
	defer q.mu.Unlock()
	for {
		if q.closed {
			return 0, false
		}
		for i, id := range q.queue {
			if q.running[id] {
				continue // a Do has it: leave it queued
			}
			q.queue = append(q.queue[:i:i], q.queue[i+1:]...)
			delete(q.queued, id)
			q.running[id] = true
			return id, true
		}
		q.cond.Wait()
	}
}

// done marks game id finished and queues it again if work arrived for it
// meanwhile.
func (q *Queue) done(id int64) {
	q.mu.Lock()
	defer q.mu.Unlock()
	delete(q.running, id)
	if q.again[id] {
		delete(q.again, id)
		if !q.closed && !q.queued[id] {
			q.queued[id] = true
			q.queue = append(q.queue, id)
		}
	}
	q.cond.Broadcast()
	if len(q.queue) == 0 && len(q.running) == 0 {
		close(q.idle)
		q.idle = make(chan struct{})
	}
}

// Idle waits until nothing is queued or running; it returns ctx's error if
// that comes first.
func (q *Queue) Idle(ctx context.Context) error {
	for {
		q.mu.Lock()
		if len(q.queue) == 0 && len(q.running) == 0 {
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
	q.queue, q.queued = nil, map[int64]bool{}
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

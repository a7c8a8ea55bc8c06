package match

import (
	"context"
	"sync"
)

// pool runs the AI's work on a fixed number of workers, taking games from a
// FIFO queue that holds each game at most once. A game queued again while
// a worker has it is run again once that worker is done, so no request is
// lost and no game is worked on twice at once.
type pool struct {
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
}

func newPool(workers int, run func(ctx context.Context, id int64)) *pool {
	p := &pool{run: run, queued: map[int64]bool{}, running: map[int64]bool{}, again: map[int64]bool{}}
	p.cond = sync.NewCond(&p.mu)
	p.ctx, p.cancel = context.WithCancel(context.Background())
	p.wg.Add(workers)
	for range workers {
		go p.work()
	}
	return p
}

// enqueue queues game id unless it is already waiting. It does nothing
// once the pool is closed (Resume picks the work up after a restart).
func (p *pool) enqueue(id int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.closed || p.queued[id]:
	case p.running[id]:
		p.again[id] = true
	default:
		p.queued[id] = true
		p.queue = append(p.queue, id)
		p.cond.Signal()
	}
}

func (p *pool) work() {
	defer p.wg.Done()
	for {
		id, ok := p.next()
		if !ok {
			return
		}
		p.run(p.ctx, id)
		p.done(id)
	}
}

// next waits for a game to work on; false when the pool is closed.
func (p *pool) next() (int64, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for len(p.queue) == 0 && !p.closed {
		p.cond.Wait()
	}
	if p.closed {
		return 0, false
	}
	id := p.queue[0]
	p.queue[0] = 0
	p.queue = p.queue[1:]
	delete(p.queued, id)
	p.running[id] = true
	return id, true
}

// done marks game id finished by its worker and queues it again if work
// arrived for it meanwhile.
func (p *pool) done(id int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	delete(p.running, id)
	if p.again[id] {
		delete(p.again, id)
		if !p.closed && !p.queued[id] {
			p.queued[id] = true
			p.queue = append(p.queue, id)
			p.cond.Signal()
		}
	}
}

// close stops the workers after their current game and waits for them;
// when ctx ends first it interrupts them and returns ctx's error.
func (p *pool) close(ctx context.Context) error {
	p.mu.Lock()
	p.closed = true
	p.queue, p.queued = nil, map[int64]bool{}
	p.cond.Broadcast()
	p.mu.Unlock()

	stopped := make(chan struct{})
	go func() {
		p.wg.Wait()
		close(stopped)
	}()
	select {
	case <-stopped:
		p.cancel()
		return nil
	case <-ctx.Done():
		p.cancel()
		<-stopped
		return ctx.Err()
	}
}

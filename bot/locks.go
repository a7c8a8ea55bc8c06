package bot

import "sync"

// gameLocks serialises the bot's work on one game inside the process: a
// handler holds a game's lock from the lifecycle call until the new board's
// message id is saved, so that the AI's reply, shown by an event worker, is
// always drawn on the board that the handler posted.
type gameLocks struct {
	mu    sync.Mutex
	locks map[int64]*gameLock
}

type gameLock struct {
	sync.Mutex
	refs int
}

// lock locks game id and returns its unlock function.
func (l *gameLocks) lock(id int64) (unlock func()) {
	l.mu.Lock()
	if l.locks == nil {
		l.locks = map[int64]*gameLock{}
	}
	g := l.locks[id]
	if g == nil {
		g = &gameLock{}
		l.locks[id] = g
	}
	g.refs++
	l.mu.Unlock()
	g.Lock()
	return func() {
		g.Unlock()
		l.mu.Lock()
		if g.refs--; g.refs == 0 {
			delete(l.locks, id)
		}
		l.mu.Unlock()
	}
}

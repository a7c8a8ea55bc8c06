package match

import (
	"sync"

	"github.com/tengen-bot/tengen/engine"
)

// maxCached bounds the engine states kept between operations.
const maxCached = 4096

// stateCache keeps the engine state of games after an operation so that
// the next operation on the game need not replay every move from the
// stored text. An entry is used only when the stored moves are exactly the
// text it was made from, so a change by another process simply misses.
// Entries are taken out while in use: a state is never shared.
type stateCache struct {
	mu sync.Mutex
	m  map[int64]cachedState
}

type cachedState struct {
	moves string
	eg    engine.Game
}

// take removes and returns the state of game id if it was cached for
// exactly these moves.
func (c *stateCache) take(id int64, moves string) (engine.Game, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	s, ok := c.m[id]
	if !ok {
		return nil, false
	}
	delete(c.m, id)
	if s.moves != moves {
		return nil, false
	}
	return s.eg, true
}

// put caches eg as the state of game id after moves.
func (c *stateCache) put(id int64, moves string, eg engine.Game) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = make(map[int64]cachedState)
	}
	if _, ok := c.m[id]; !ok && len(c.m) >= maxCached {
		for old := range c.m { // evict one: any will do
			delete(c.m, old)
			break
		}
	}
	c.m[id] = cachedState{moves, eg}
}

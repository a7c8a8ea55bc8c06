package ai

// evalCacheEntries is the number of slots of an engine's evaluation cache
// (8 bytes each: 512 KB).
const evalCacheEntries = 1 << 16

// evalCache remembers full static evaluations by position key. A slot
// holds the key's upper 48 bits and the score in the low 16 bits; the
// slot index is the key's low 16 bits, so a hit means the whole 64-bit key
// matched (as sure as the transposition table). Evaluations stay well
// inside int16 (a whole army is worth about 6,000).
type evalCache []uint64

// newEvalCache returns an empty cache.
func newEvalCache() evalCache { return make(evalCache, evalCacheEntries) }

// get returns the cached evaluation of the position with key.
func (c evalCache) get(key uint64) (int, bool) {
	v := c[key&(evalCacheEntries-1)]
	if v&^0xffff != key&^0xffff || v == 0 {
		return 0, false
	}
	return int(int16(v)), true
}

// put stores score for the position with key.
func (c evalCache) put(key uint64, score int) {
	c[key&(evalCacheEntries-1)] = key&^0xffff | uint64(uint16(int16(score)))
}

// evaluate returns the full static evaluation of the search position from
// the side to move's view, from the cache when it is there.
func (e *Engine) evaluate() int {
	key := e.pos.Key()
	if s, ok := e.evals.get(key); ok {
		return s
	}
	s := evaluateWith(&e.pos, &e.mat)
	e.evals.put(key, s)
	return s
}

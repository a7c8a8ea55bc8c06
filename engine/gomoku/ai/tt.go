package ai

// Bound says how a transposition-table score relates to the true value.
const (
	boundNone uint8 = iota
	boundExact
	boundLower // the true score is at least this (a fail high)
	boundUpper // the true score is at most this (a fail low)
)

// ttEntry is one slot of the transposition table: 16 bytes.
type ttEntry struct {
	key   uint64
	score int16
	move  int16
	depth int8
	bound uint8
	age   uint8
}

// ttEntrySize is the size of a ttEntry in bytes, for sizing the table.
const ttEntrySize = 16

// DefaultTTSize is the transposition table size used when Options.TTSize is 0.
const DefaultTTSize = 16 << 20

// tt is a transposition table of buckets of two entries: the first keeps the
// deepest result, the second the most recent.
type tt struct {
	entries []ttEntry
	mask    uint64
	age     uint8
}

// newTT returns a table that uses at most bytes bytes (at least 1024 entries).
func newTT(bytes int) tt {
	n := ttSlots(bytes)
	return tt{entries: make([]ttEntry, n), mask: uint64(n - 2)}
}

// ttSlots is the number of entries of a table of at most bytes bytes: a
// power of two, at least 1024.
func ttSlots(bytes int) int {
	n := 1024
	for n*2*ttEntrySize <= bytes {
		n *= 2
	}
	return n
}

// probe returns the entry for key, if any.
func (t *tt) probe(key uint64) (ttEntry, bool) {
	i := key & t.mask
	if e := t.entries[i]; e.key == key && e.bound != boundNone {
		return e, true
	}
	if e := t.entries[i+1]; e.key == key && e.bound != boundNone {
		return e, true
	}
	return ttEntry{}, false
}

// store records a result for key: in the first slot when it is at least as
// deep as what is there (or that is stale), else in the second.
func (t *tt) store(key uint64, score, move, depth int, bound uint8) {
	i := key & t.mask
	e := ttEntry{key: key, score: int16(score), move: int16(move), depth: int8(depth), bound: bound, age: t.age}
	if first := &t.entries[i]; first.key == key || first.age != t.age || int(first.depth) <= depth {
		*first = e
		return
	}
	t.entries[i+1] = e
}

// scoreToTT turns a win/loss score at ply into one relative to the node, so
// that it means the same wherever the position is met again.
func scoreToTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score + ply
	case score <= -winBound:
		return score - ply
	}
	return score
}

// scoreFromTT undoes scoreToTT at ply.
func scoreFromTT(score, ply int) int {
	switch {
	case score >= winBound:
		return score - ply
	case score <= -winBound:
		return score + ply
	}
	return score
}

// threatEntry caches a threat-space search: whether the attacker wins, and
// within how many threats a failure was proved.
type threatEntry struct {
	key   uint64
	depth int8
	win   bool
	move  int16
}

// threatTT is a direct-mapped cache of threat-space search results.
type threatTT struct {
	entries []threatEntry
	mask    uint64
}

// newThreatTT returns a threat cache that uses at most bytes bytes (at
// least 1024 entries).
func newThreatTT(bytes int) threatTT {
	n := threatSlots(bytes)
	return threatTT{entries: make([]threatEntry, n), mask: uint64(n - 1)}
}

// threatSlots is the number of entries of a threat cache of at most bytes
// bytes: a power of two, at least 1024.
func threatSlots(bytes int) int {
	n := 1024
	for n*2*16 <= bytes {
		n *= 2
	}
	return n
}

func (t *threatTT) probe(key uint64) (threatEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && key != 0
}

func (t *threatTT) store(key uint64, depth int, win bool, move int) {
	t.entries[key&t.mask] = threatEntry{key: key, depth: int8(depth), win: win, move: int16(move)}
}

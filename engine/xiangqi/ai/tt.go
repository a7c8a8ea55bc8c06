package ai

import "github.com/tengen-bot/tengen/engine/xiangqi"

// Bounds of a stored score.
const (
	boundNone uint8 = iota
	boundUpper
	boundLower
	boundExact
)

// ttEntry is one transposition table slot: 16 bytes.
type ttEntry struct {
	key   uint64
	move  xiangqi.Move
	score int16
	depth int8
	bound uint8
	age   uint8
}

// ttEntrySize is the size of a ttEntry in bytes.
const ttEntrySize = 16

// DefaultTTSize is the transposition table size when Options.TTSize is 0.
const DefaultTTSize = 16 << 20

// table is a fixed-size transposition table, always replaced by position
// key modulo its power-of-two length.
type table struct {
	entries []ttEntry
	mask    uint64
	age     uint8
}

// newTable returns a table of at most bytes bytes (at least one entry).
func newTable(bytes int) table {
	n := ttEntries(bytes)
	return table{entries: make([]ttEntry, n), mask: uint64(n - 1)}
}

// ttEntries is the number of entries of a table of at most bytes bytes: the
// largest power of two that fits, at least one.
func ttEntries(bytes int) int {
	n := 1
	for n*2*ttEntrySize <= bytes {
		n *= 2
	}
	return n
}

// probe returns the entry for key, if stored.
func (t *table) probe(key uint64) (ttEntry, bool) {
	e := t.entries[key&t.mask]
	return e, e.key == key && e.bound != boundNone
}

// store records a search result, preferring deeper and fresher entries.
func (t *table) store(key uint64, m xiangqi.Move, score, depth, ply int, bound uint8) {
	e := &t.entries[key&t.mask]
	if e.key == key {
		if m == xiangqi.NoMove {
			m = e.move
		}
		if depth < int(e.depth)-2 && bound != boundExact && e.age == t.age {
			return
		}
	} else if e.age == t.age && int(e.depth) > depth+3 && e.bound != boundNone {
		return
	}
	*e = ttEntry{key: key, move: m, score: int16(scoreToTT(score, ply)), depth: int8(depth), bound: bound, age: t.age}
}

// clear empties the table.
func (t *table) clear() {
	clear(t.entries)
	t.age = 0
}

// scoreToTT makes a mate score relative to the node before storing it.
func scoreToTT(s, ply int) int {
	switch {
	case s >= mateBound:
		return s + ply
	case s <= -mateBound:
		return s - ply
	}
	return s
}

// scoreFromTT turns a stored mate score back into one relative to the root.
func scoreFromTT(s, ply int) int {
	switch {
	case s >= mateBound:
		return s - ply
	case s <= -mateBound:
		return s + ply
	}
	return s
}

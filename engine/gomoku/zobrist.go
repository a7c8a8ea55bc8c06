package gomoku

// ZobristKey returns the hash key of a stone st on point p. Board.Hash is the
// XOR of the keys of all its stones. The keys come from a pure function
// (SplitMix64's finaliser applied to the pair), so they are the same in every
// run and need no table; the finaliser is a bijection, so distinct pairs get
// distinct keys.
func ZobristKey(p Point, st Stone) uint64 {
	z := (uint64(p)<<2 | uint64(st&3)) + 0x9e3779b97f4a7c15
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

package xiangqi

// Perft counts the leaf nodes of the legal move tree of the given depth: the
// standard test of a move generator. The last ply is counted without being
// played (bulk counting).
func (p *Position) Perft(depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.GenerateMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		u := p.MakeMove(m)
		n += p.Perft(depth - 1)
		p.UnmakeMove(m, u)
	}
	return n
}

// Divide returns the perft count below each legal move (depth >= 1), keyed
// by the move in coordinate notation, as fairy-stockfish's "go perft" lists.
func (p *Position) Divide(depth int) map[string]uint64 {
	var buf [MaxMoves]Move
	out := make(map[string]uint64)
	for _, m := range p.GenerateMoves(buf[:0]) {
		u := p.MakeMove(m)
		out[m.String()] = p.Perft(depth - 1)
		p.UnmakeMove(m, u)
	}
	return out
}

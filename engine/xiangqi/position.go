package xiangqi

import "github.com/tengen-bot/tengen/engine"

// Position is a Xiangqi position: the pieces, the side to move, the
// Zobrist key and the FEN move counters. It is built for search: MakeMove and
// UnmakeMove are unchecked and allocation-free, and the zero value is not a
// usable position (use StartPosition or ParseFEN).
//
// A Position is a plain value: copying it copies the whole board.
type Position struct {
	board    [256]uint8 // piece id per square; 0 empty, offBoard on the padding
	squares  [48]Square // square per piece id; NoSquare when captured/absent
	turn     engine.Side
	key      uint64
	clock    int // plies since the last capture (FEN halfmove clock)
	fullmove int // FEN fullmove number, starting at 1, +1 after black moves
}

// Undo is what UnmakeMove needs to take a move back. MakeMove returns it.
type Undo struct {
	captured uint8 // id of the captured piece, 0 if none
	clock    int32
}

// Captured returns the piece the move captured, or NoPiece.
func (u Undo) Captured() Piece { return idPiece[u.captured] }

// emptyPosition returns a position with no pieces, red to move.
func emptyPosition() Position {
	var p Position
	for i := range p.board {
		if !Square(i).Valid() {
			p.board[i] = offBoard
		}
	}
	p.fullmove = 1
	return p
}

// Turn returns the side to move.
func (p *Position) Turn() engine.Side { return p.turn }

// Key returns the Zobrist key of the position (pieces and side to move; the
// move counters are not part of it).
func (p *Position) Key() uint64 { return p.key }

// At returns the piece on sq, or NoPiece when sq is empty or not on the board.
func (p *Position) At(sq Square) Piece { return idPiece[p.board[sq]] }

// General returns the square of side s's general, or NoSquare if it has none.
func (p *Position) General(s engine.Side) Square { return p.squares[idBase(s)+offGeneral] }

// Clock returns the number of plies since the last capture (the FEN
// halfmove clock).
func (p *Position) Clock() int { return p.clock }

// FullMove returns the FEN fullmove number.
func (p *Position) FullMove() int { return p.fullmove }

// put places the piece with the given id on an empty square.
func (p *Position) put(id int, sq Square) {
	p.board[sq] = uint8(id)
	p.squares[id] = sq
	p.key ^= zobrist[idPiece[id]][sq]
}

// MakeMove plays m, which must be legal (or at least pseudo-legal: a piece
// of the side to move going to a point not holding one of its own pieces),
// and returns what UnmakeMove needs. It does not check anything.
func (p *Position) MakeMove(m Move) Undo {
	from, to := m.From(), m.To()
	id := p.board[from]
	captured := p.board[to]
	u := Undo{captured: captured, clock: int32(p.clock)}
	pc := idPiece[id]
	p.key ^= zobrist[pc][from] ^ zobrist[pc][to] ^ zobristBlack
	if captured != 0 {
		p.key ^= zobrist[idPiece[captured]][to]
		p.squares[captured] = NoSquare
		p.clock = 0
	} else {
		p.clock++
	}
	p.board[from] = 0
	p.board[to] = id
	p.squares[id] = to
	if p.turn == Black {
		p.fullmove++
	}
	p.turn ^= 1
	return u
}

// UnmakeMove takes back m, which must be the last move made, given the Undo
// that MakeMove returned for it.
func (p *Position) UnmakeMove(m Move, u Undo) {
	from, to := m.From(), m.To()
	id := p.board[to]
	p.turn ^= 1
	if p.turn == Black {
		p.fullmove--
	}
	pc := idPiece[id]
	p.key ^= zobrist[pc][from] ^ zobrist[pc][to] ^ zobristBlack
	p.board[from] = id
	p.squares[id] = from
	p.board[to] = u.captured
	if u.captured != 0 {
		p.squares[u.captured] = to
		p.key ^= zobrist[idPiece[u.captured]][to]
	}
	p.clock = int(u.clock)
}

// MakeNullMove passes the turn to the other side (for null-move pruning).
// Undo it with UnmakeNullMove.
func (p *Position) MakeNullMove() {
	p.turn ^= 1
	p.key ^= zobristBlack
}

// UnmakeNullMove takes back MakeNullMove.
func (p *Position) UnmakeNullMove() {
	p.turn ^= 1
	p.key ^= zobristBlack
}

// computeKey recomputes the Zobrist key from scratch (for tests and FEN).
func (p *Position) computeKey() uint64 {
	var k uint64
	for id := 16; id < 48; id++ {
		if sq := p.squares[id]; sq != NoSquare {
			k ^= zobrist[idPiece[id]][sq]
		}
	}
	if p.turn == Black {
		k ^= zobristBlack
	}
	return k
}

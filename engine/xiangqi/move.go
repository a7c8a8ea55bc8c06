package xiangqi

// Move is a move from one point to another: From in the low byte, To in the
// high byte. The zero Move (NoMove) is not a move.
type Move uint16

// NoMove is the zero Move.
const NoMove Move = 0

// NewMove returns the move from one square to another.
func NewMove(from, to Square) Move { return Move(from) | Move(to)<<8 }

// From returns the square the piece leaves.
func (m Move) From() Square { return Square(m) }

// To returns the square the piece goes to.
func (m Move) To() Square { return Square(m >> 8) }

// String returns the move in coordinate notation, e.g. "h3e3".
func (m Move) String() string {
	if m == NoMove {
		return "0000"
	}
	return m.From().String() + m.To().String()
}

package gomoku

import (
	"fmt"
	"strings"
)

// FormatMoves writes a move list: the points in canonical notation separated
// by single spaces, e.g. "h8 h9 i9". ParseMoves reads it back.
func FormatMoves(moves []Point) string {
	var b strings.Builder
	for i, p := range moves {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(p.String())
	}
	return b.String()
}

// ParseMoves reads a move list for a size×size board: points separated by
// spaces or commas ("h8 h9 i9", "H8, H9, I9"). It checks the notation only;
// whether the moves are legal is for Game to say. Errors name the move at
// fault ("move 3: ...") and keep ParsePoint's code.
func ParseMoves(text string, size int) ([]Point, error) {
	fields := strings.FieldsFunc(text, func(r rune) bool {
		return r == ',' || r == ' ' || r == '\t' || r == '\n' || r == '\r' || r == '\v' || r == '\f'
	})
	moves := make([]Point, 0, len(fields))
	for i, f := range fields {
		p, err := ParsePoint(f, size)
		if err != nil {
			return nil, fmt.Errorf("move %d: %w", i+1, err)
		}
		moves = append(moves, p)
	}
	return moves, nil
}

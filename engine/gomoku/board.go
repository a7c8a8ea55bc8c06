package gomoku

import (
	"strconv"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// Black and White are Gomoku's names for the two sides: black moves first.
const (
	Black = engine.First
	White = engine.Second
)

// sideName returns "black" or "white".
func sideName(s engine.Side) string { return colour(s).String() }

// colour returns the Term for side s: ColourBlack or ColourWhite.
func colour(s engine.Side) engine.Term {
	if s == Black {
		return engine.ColourBlack
	}
	return engine.ColourWhite
}

// Stone is what lies on one cell of Board's array.
type Stone uint8

// Cell contents. Wall fills the padding around the board, so that a line scan
// stops at the edge without checking coordinates.
const (
	Empty Stone = iota
	BlackStone
	WhiteStone
	Wall
)

// StoneOf returns the stone of side s.
func StoneOf(s engine.Side) Stone { return Stone(s&1) + 1 }

// The four line directions as steps in Board's flat array. A line through p
// is p+k*d for a direction d and k of either sign; a scan along it meets a
// Wall at the edge of the board before it can leave the array.
const (
	Horizontal   Point = 1          // a1 towards b1
	Vertical     Point = stride     // a1 towards a2
	Diagonal     Point = stride + 1 // a1 towards b2
	AntiDiagonal Point = stride - 1 // b1 towards a2
)

// dirs lists the four directions, for loops (read-only).
var dirs = [4]Point{Horizontal, Vertical, Diagonal, AntiDiagonal}

// Board is a Gomoku position: the stones on a 15×15 or 19×19 board and the
// rule that decides what wins and what black may play. It keeps an
// incremental Zobrist hash of the stones.
//
// Put and Take are the unchecked make/unmake for the search; Play is the
// checked move for people. A Board is a plain value: copying it copies the
// position. The zero Board is not usable; call NewBoard.
type Board struct {
	cells  [cellCount]Stone
	hash   uint64
	stones int16
	size   uint8
	rule   Rule
}

// NewBoard returns an empty size×size board (Small or Large) played by rule.
func NewBoard(size int, rule Rule) (*Board, error) {
	if size != Small && size != Large {
		return nil, engine.E(engine.BadBoardSize, Small, Large, size)
	}
	if !rule.Valid() {
		return nil, engine.E(engine.UnknownRule, rule.String())
	}
	b := &Board{size: uint8(size), rule: rule}
	for i := range b.cells {
		if !Point(i).OnBoard(size) {
			b.cells[i] = Wall
		}
	}
	return b, nil
}

// Size returns the number of points across the board (15 or 19).
func (b *Board) Size() int { return int(b.size) }

// Rule returns the rule the board is played by.
func (b *Board) Rule() Rule { return b.rule }

// Hash returns the Zobrist hash of the stones on the board (0 when empty).
func (b *Board) Hash() uint64 { return b.hash }

// Stones returns the number of stones on the board.
func (b *Board) Stones() int { return int(b.stones) }

// Full reports whether no empty point is left.
func (b *Board) Full() bool { return int(b.stones) == int(b.size)*int(b.size) }

// At returns what lies at p: Empty, BlackStone, WhiteStone, or Wall for a
// point off the board.
func (b *Board) At(p Point) Stone {
	if p < 0 || int(p) >= cellCount {
		return Wall
	}
	return b.cells[p]
}

// Put places a stone of side s on p without any check: p must be an empty
// point of the board. It is the search's make; Take is its unmake.
func (b *Board) Put(p Point, s engine.Side) {
	st := StoneOf(s)
	b.cells[p] = st
	b.hash ^= ZobristKey(p, st)
	b.stones++
}

// Take removes the stone on p without any check: p must hold a stone.
func (b *Board) Take(p Point) {
	b.hash ^= ZobristKey(p, b.cells[p])
	b.cells[p] = Empty
	b.stones--
}

// Play places a stone of side s on p after checking that p is an empty point
// of the board and, under Renju, that black is not playing a forbidden point.
// Errors are *engine.Error: OffBoard (NoSuchPoint for a value that is no
// point of either board), Occupied or ForbiddenPoint; on error nothing changes.
func (b *Board) Play(p Point, s engine.Side) error {
	if !p.OnBoard(b.Size()) {
		if p.OnBoard(Large) {
			return engine.E(engine.OffBoard, p.String(), lastColumn(b.Size()), b.Size())
		}
		return engine.E(engine.NoSuchPoint, lastColumn(b.Size()), b.Size())
	}
	if b.cells[p] != Empty {
		return engine.E(engine.Occupied, p.String())
	}
	if b.rule == Renju && s == Black {
		if f := b.Forbidden(p); f != NoFoul {
			return engine.E(engine.ForbiddenPoint, f.term(), p.String())
		}
	}
	b.Put(p, s)
	return nil
}

// run counts the stones equal to st from p+d onwards in direction d, p
// excluded. Walls and other stones stop it, so it never leaves the array.
func (b *Board) run(p, d Point, st Stone) int {
	n := 0
	for q := p + d; b.cells[q] == st; q += d {
		n++
	}
	return n
}

// lineLen returns the length of the unbroken line of st through p in
// direction d, p included (p must hold st, or be treated as if it did).
func (b *Board) lineLen(p, d Point, st Stone) int {
	return 1 + b.run(p, d, st) + b.run(p, -d, st)
}

// wins reports whether a line of n stones of st wins under the board's rule.
func (b *Board) wins(n int, st Stone) bool {
	if b.rule == Freestyle || (b.rule == Renju && st == WhiteStone) {
		return n >= 5
	}
	return n == 5
}

// Wins reports whether the stone on p completes a winning line under the
// board's rule: five or more in a row in Freestyle (and for white in Renju),
// exactly five in Standard (and for black in Renju). It looks only at the
// four lines through p, so it is the check to run after each move.
func (b *Board) Wins(p Point) bool {
	st := b.cells[p]
	if st != BlackStone && st != WhiteStone {
		return false
	}
	for _, d := range dirs {
		if b.wins(b.lineLen(p, d, st), st) {
			return true
		}
	}
	return false
}

// WinningLine returns the points of the winning line through the stone on p
// (five or more, from one end to the other), or nil when p does not win.
// When several lines win it returns the first in the order Horizontal, Vertical, Diagonal, AntiDiagonal.
func (b *Board) WinningLine(p Point) []Point {
	st := b.cells[p]
	if st != BlackStone && st != WhiteStone {
		return nil
	}
	for _, d := range dirs {
		back := b.run(p, -d, st)
		n := 1 + back + b.run(p, d, st)
		if !b.wins(n, st) {
			continue
		}
		line := make([]Point, n)
		start := p - Point(back)*d
		for i := range line {
			line[i] = start + Point(i)*d
		}
		return line
	}
	return nil
}

// String draws the board as text, top row first, with row numbers on the left
// and column letters below: X is black, O is white, . is empty.
func (b *Board) String() string {
	var sb strings.Builder
	n := b.Size()
	for r := n - 1; r >= 0; r-- {
		num := strconv.Itoa(r + 1)
		sb.WriteString(strings.Repeat(" ", 2-len(num)) + num)
		for c := 0; c < n; c++ {
			sb.WriteByte(' ')
			sb.WriteByte(".XO"[b.cells[PointAt(c, r)]])
		}
		sb.WriteByte('\n')
	}
	sb.WriteString("  ")
	for c := 0; c < n; c++ {
		sb.WriteByte(' ')
		sb.WriteByte(byte('a' + c))
	}
	sb.WriteByte('\n')
	return sb.String()
}

package xiangqi

import (
	"fmt"

	"github.com/tengen-bot/tengen/engine"
)

// Square is a point of the board, stored as an index into a 16×16 padded
// mailbox so that move generation needs no bounds checks: the point on file
// f (0..8 = a..i, from red's left) and rank r (0..9 = ranks 1..10, from red's
// side) is (r+3)*16 + f+3. Only the 90 points for which Valid is true are on
// the board; NoSquare (0) is not one of them.
type Square uint8

// NoSquare is the zero Square; it is not on the board.
const NoSquare Square = 0

// Files and ranks of the board.
const (
	Files = 9
	Ranks = 10
)

// SquareAt returns the point on file 0..8 (a..i) and rank 0..9 (ranks 1..10
// counted from red's side), or NoSquare when either is out of range.
func SquareAt(file, rank int) Square {
	if file < 0 || file >= Files || rank < 0 || rank >= Ranks {
		return NoSquare
	}
	return Square((rank+3)*16 + file + 3)
}

// File returns the square's file, 0..8 for a..i.
func (s Square) File() int { return int(s&15) - 3 }

// Rank returns the square's rank, 0..9 for ranks 1..10 (red's back rank is 0).
func (s Square) Rank() int { return int(s>>4) - 3 }

// Valid reports whether s is one of the 90 points of the board.
func (s Square) Valid() bool { return squareInfo[s]&infoBoard != 0 }

// String returns the square in coordinate notation, e.g. "e1" or "h10".
func (s Square) String() string {
	if !s.Valid() {
		return fmt.Sprintf("square(%d)", uint8(s))
	}
	return fmt.Sprintf("%c%d", 'a'+s.File(), s.Rank()+1)
}

// Squares returns the 90 points of the board, rank by rank from a1 to i10.
func Squares() [90]Square {
	var out [90]Square
	for r := 0; r < Ranks; r++ {
		for f := 0; f < Files; f++ {
			out[r*Files+f] = SquareAt(f, r)
		}
	}
	return out
}

// Per-square facts, precomputed once: a read-only table.
const (
	infoBoard       = 1 << iota // on the board
	infoRedHalf                 // ranks 1..5
	infoBlackHalf               // ranks 6..10
	infoRedPalace               // d1..f3
	infoBlackPalace             // d8..f10
)

var squareInfo = func() (t [256]uint8) {
	for r := 0; r < Ranks; r++ {
		for f := 0; f < Files; f++ {
			v := uint8(infoBoard)
			if r < 5 {
				v |= infoRedHalf
			} else {
				v |= infoBlackHalf
			}
			if f >= 3 && f <= 5 {
				if r <= 2 {
					v |= infoRedPalace
				}
				if r >= 7 {
					v |= infoBlackPalace
				}
			}
			t[SquareAt(f, r)] = v
		}
	}
	return t
}()

// ownHalf and palace give the squareInfo bit of side s's half and palace.
func ownHalf(s engine.Side) uint8 { return infoRedHalf << s }
func palace(s engine.Side) uint8  { return infoRedPalace << s }

// forward returns the square delta of one step forward for side s.
func forward(s engine.Side) int { return 16 - 32*int(s) }

// Step deltas on the mailbox.
var (
	orthogonal = [4]int{16, -16, 1, -1}
	diagonal   = [4]int{17, 15, -15, -17}
	// horseSteps[i] is a horse jump and horseLegs[i] the point next to the
	// horse that must be empty for it (the "leg").
	horseSteps = [8]int{33, 31, -31, -33, 18, -14, 14, -18}
	horseLegs  = [8]int{16, 16, -16, -16, 1, 1, -1, -1}
	// A horse on t-horseSteps[i] jumps to t through its leg at
	// t+horseAttackLegs[i]: the point diagonally next to t towards it.
	horseAttackLegs = func() (l [8]int) {
		for i := range horseSteps {
			l[i] = -horseSteps[i] + horseLegs[i]
		}
		return l
	}()
)

// Package engine is the vocabulary shared by Tengen's games: sides, outcomes,
// player-facing errors and the Game interface through which the game
// lifecycle drives any game without knowing which one it is.
//
// The concrete games live in engine/gomoku and engine/xiangqi. They expose
// their fast types (boards, moves, make/unmake) directly for the AI; this
// package only names what every game has in common. It imports nothing
// outside the standard library.
package engine

// Side is one of the two seats of a game. First is the side that moves first:
// black in Gomoku, red in Xiangqi.
type Side uint8

// The two sides. Games give them their own names (gomoku.Black, xiangqi.Red).
const (
	First  Side = 0
	Second Side = 1
)

// Other returns the opponent of s.
func (s Side) Other() Side { return s ^ 1 }

// Valid reports whether s is First or Second.
func (s Side) Valid() bool { return s <= Second }

// String returns "first" or "second"; games have their own colour names.
func (s Side) String() string {
	switch s {
	case First:
		return "first"
	case Second:
		return "second"
	}
	return "invalid side"
}

package ai

import "time"

// Level describes what one playing level does.
type Level struct {
	// MoveTime is the default time budget per move.
	MoveTime time.Duration
	// Depth caps the nominal search depth (0 = no cap).
	Depth int
	// Temperature, in centipawns, of the softmax used to pick among root
	// moves: a move scoring d centipawns below the best is chosen with
	// weight exp(-d/Temperature). 0 = always the best move. With a positive
	// temperature every root move gets an exact score (no pruning at the
	// root), which costs time but is what makes the choice fair.
	Temperature int
	// Clamp bounds the root scores fed to the softmax (±Clamp), so that even
	// a mate is only "much better" and a weak level sometimes misses it.
	Clamp int
}

// Levels lists levels 1..10 (Levels[0] is level 1).
//
//	level  time    depth  temperature  clamp   meaning
//	1      50ms    1      150 cp       ±500    sees captures only; plays a mate in one about half the time
//	2      100ms   2      110 cp       ±600    sees the reply; still loose
//	3      150ms   2      70 cp        ±800
//	4      200ms   3      45 cp        ±1000
//	5      300ms   4      30 cp        ±1500
//	6      400ms   5      18 cp        ±3000
//	7      600ms   6      10 cp        ±5000   club player; rarely errs
//	8      800ms   -      0            -       full search, short budget
//	9      1.3s    -      0            -
//	10     2s      -      0            -       full strength
var Levels = [10]Level{
	{MoveTime: 50 * time.Millisecond, Depth: 1, Temperature: 150, Clamp: 500},
	{MoveTime: 100 * time.Millisecond, Depth: 2, Temperature: 110, Clamp: 600},
	{MoveTime: 150 * time.Millisecond, Depth: 2, Temperature: 70, Clamp: 800},
	{MoveTime: 200 * time.Millisecond, Depth: 3, Temperature: 45, Clamp: 1000},
	{MoveTime: 300 * time.Millisecond, Depth: 4, Temperature: 30, Clamp: 1500},
	{MoveTime: 400 * time.Millisecond, Depth: 5, Temperature: 18, Clamp: 3000},
	{MoveTime: 600 * time.Millisecond, Depth: 6, Temperature: 10, Clamp: 5000},
	{MoveTime: 800 * time.Millisecond},
	{MoveTime: 1300 * time.Millisecond},
	{MoveTime: 2 * time.Second},
}

// MinLevel and MaxLevel bound Options.Level.
const (
	MinLevel = 1
	MaxLevel = 10
)

// levelOf returns the Level for n, clamping n into 1..10.
func levelOf(n int) Level {
	return Levels[min(max(n, MinLevel), MaxLevel)-1]
}

// DrawThreshold is the largest score (centipawns, the engine's view) at which
// the engine accepts a draw offer.
const DrawThreshold = 50

// AcceptsDraw reports whether the engine accepts a draw offer in a position
// that Evaluate scored as score: when it is not clearly better. A side that
// is worse is glad of a draw.
func AcceptsDraw(score int) bool { return score <= DrawThreshold }

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
	// Clamp bounds the root scores fed to the softmax (±Clamp; 0 = no
	// bound), so that even a mate is only "much better" and a weak level
	// sometimes misses it.
	Clamp int
}

// levels lists levels 1..10 (levels[0] is level 1); see LevelInfo. Read-only.
var levels = [10]Level{
	{MoveTime: 50 * time.Millisecond, Depth: 1, Temperature: 250, Clamp: 400},
	{MoveTime: 100 * time.Millisecond, Depth: 2, Temperature: 160, Clamp: 500},
	{MoveTime: 150 * time.Millisecond, Depth: 2, Temperature: 100, Clamp: 700},
	{MoveTime: 200 * time.Millisecond, Depth: 3, Temperature: 60, Clamp: 1000},
	{MoveTime: 300 * time.Millisecond, Depth: 4, Temperature: 35},
	{MoveTime: 400 * time.Millisecond, Depth: 5, Temperature: 20},
	{MoveTime: 600 * time.Millisecond, Depth: 6, Temperature: 10},
	{MoveTime: 800 * time.Millisecond},
	{MoveTime: 1300 * time.Millisecond},
	{MoveTime: 2 * time.Second},
}

// MinLevel and MaxLevel bound Options.Level.
const (
	MinLevel = 1
	MaxLevel = 10
)

// LevelInfo returns what level n does (a copy: the table itself cannot be
// changed), clamping n into 1..10:
//
//	level  time    depth  temperature  clamp   meaning
//	1      50ms    1      250 cp       ±400    sees captures only; mates in one 39%, takes a hanging chariot 75%
//	2      100ms   2      160 cp       ±500    sees the reply; mates 97% (in one 44%, else in two), takes a chariot 98%
//	3      150ms   2      100 cp       ±700    mates 100% (in one 46%), takes a chariot 100%
//	4      200ms   3      60 cp        ±1000   may pick a longer mate over a mate in one
//	5      300ms   4      35 cp        -       plays the shortest mate it sees
//	6      400ms   5      20 cp        -
//	7      600ms   6      10 cp        -       club player; rarely errs
//	8      800ms   -      0            -       full search, short budget
//	9      1.3s    -      0            -
//	10     2s      -      0            -       full strength
//
// The percentages were measured over 100 seeds in two positions: a mate in
// one with material about level (where quiescence's quiet checks also find
// mates in two, which the clamped scores rank level with it), and a
// hanging chariot.
func LevelInfo(n int) Level {
	return levels[min(max(n, MinLevel), MaxLevel)-1]
}

// DrawThreshold is the largest score (centipawns, the engine's view) at which
// the engine accepts a draw offer.
const DrawThreshold = 50

// AcceptsDraw reports whether the engine accepts a draw offer in a position
// that Evaluate scored as score: when it is not clearly better. A side that
// is worse is glad of a draw.
func AcceptsDraw(score int) bool { return score <= DrawThreshold }

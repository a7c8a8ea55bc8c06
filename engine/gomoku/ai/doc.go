// Package ai is Tengen's Gomoku player: an alpha-beta search over
// incrementally evaluated line shapes, with threat-space search for forced
// wins and for defence. It plays freestyle, standard (exactly five) and renju
// on 15×15 and 19×19 boards.
//
// # How it thinks
//
// For every empty point and both sides the engine keeps, per line direction,
// the shape that side would make by playing there (five, open four, four,
// open three, three, open two, two, one), read from a precomputed table
// indexed by the five points on each side; only the points on the four lines
// through a stone are updated when it is placed or taken. The shapes give
// each point a combined threat (five, open four or double four, four-three,
// four, double three, open three) and a value that orders moves and, up to
// level 9, sums into the evaluation. Level 10 evaluates with two other
// values instead, what the point's set of four shapes is worth to the side
// to move and what it is worth to the side that has just moved, plus a
// value for the threats both sides hold, fitted to a stronger engine's
// judgement of positions (evalCombo, evalMask).
//
// A move is chosen in this order: make a five; block the opponent's five;
// a VCF (victory by continuous fours) found by threat-space search; a VCT
// (victory by threes and fours); otherwise iterative-deepening principal
// variation search with a transposition table, killer moves and late-move
// reductions; level 10 also stops a null-window node near the horizon whose
// evaluation is far enough above beta (static futility pruning, futile).
// Before the search, if the opponent threatens a VCF (from
// level 4) or a VCT (from level 7), the root moves are limited to those that
// refute it; inside the search a four must be blocked (searched without
// using depth) and an open three must be answered by a move that stops it or
// by a four.
//
// Renju: black never plays a forbidden point (checked with the rules engine's
// exact check wherever black's shapes could make one), a black three whose
// open-four point is forbidden is not a threat, and a black defender forced
// onto a forbidden point loses, which white's VCF uses.
//
// # Levels
//
// Up to level 8 each level adds a capability or removes randomness, besides
// a larger budget; levels 9 and 10 add time (the full table, and why, is on
// the unexported levels variable in levels.go):
//
//	level  time    depth  threat search                      randomness
//	  1    15 ms     1    none                               40 % random move, may miss a five or four
//	  2    20 ms     2    none                               25 % random move, may miss a five or four
//	  3    25 ms     3    own VCF                            12 % random move, margin 150
//	  4    40 ms     4    own VCF, refutes opponent's VCF     6 % random move, margin 100
//	  5    60 ms     5    as 4                               margin 60
//	  6   100 ms     6    as 5, own VCT                      margin 40
//	  7   170 ms     7    as 6, refutes opponent's VCT       margin 5
//	  8   300 ms     9    as 7                               none
//	  9   800 ms    10    as 7                               none
//	 10   2 s        -    as 7, largest threat budgets       none
//
// "Margin" picks at random among the root moves proved (by a null-window
// test) to score within that many units of the best. A seed makes the random
// choices reproducible.
//
// # Limits
//
// Every search is bounded by its context, the level's (or Options.MoveTime)
// budget and optional node and depth caps, checked every 1024 nodes. The
// memory of an Engine is fixed when it is made (Options.TTSize plus about
// 1 MiB of buffers; the shape tables, 2 MiB, are shared read-only by all
// engines). Reset readies an Engine for any other game as New would,
// without allocating, for pools of engines.
package ai

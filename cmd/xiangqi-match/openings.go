package main

import "strings"

// openings are common Xiangqi opening lines in coordinate notation (2-6
// plies), so that games start varied. Each is played twice, with colours
// swapped.
var openings = []string{
	"h3e3 h10g8",             // central cannon v screen horse
	"h3e3 h10g8 h1g3 i10h10", // central cannon, screen horses
	"h3e3 b8e8",              // same-direction cannons
	"h3e3 h8e8",              // opposite-direction cannons
	"h3e3 h10g8 h1g3 g7g6",   // central cannon v screen horse with 3rd soldier
	"h3e3 c10e8",             // central cannon v left elephant
	"h3e3 b10c8 h1g3 a10b10", // central cannon v screen horse, left
	"h3e3 h8f8",              // central cannon v palace cannon
	"c1e3 h8e8",              // elephant opening v central cannon
	"c1e3 c7c6",              // elephant opening v 3rd soldier
	"c1e3 h10g8 h1g3 i10h10",
	"g4g5 h8g8", // soldier opening v cannon to the side
	"g4g5 c7c6", // paired soldiers
	"g4g5 h10g8",
	"c4c5 b10c8",
	"h1g3 g7g6", // horse opening
	"h1g3 h10g8 i1h1 i10h10",
	"b3d3 h8e8", // cross-palace cannon
	"b3f3 h10g8",
	"h3g3 h10g8", // cannon one step aside
	"c1e3 b8e8 b1d2 b10c8",
	"h3e3 h10g8 h1g3 c10e8 i1h1 i10i9",
	"h3e3 h8e8 h1g3 h10g8 i1h1 i10h10",
	"h3e3 b10c8 h1g3 a10b10 i1h1 h10g8",
	"g4g5 g7g6 h1g3 h10g8",
	"c4c5 c7c6 b1c3 b10c8",
	"f1e2 h8e8", // advisor opening
	"b3e3 h10g8 b1c3 i10h10",
	"h3h7 h10g8", // cannon to the river
	"h3e3 b8e8 h1g3 b10c8 i1h1 a10b10",
}

// openingMoves splits an opening line into moves.
func openingMoves(line string) []string { return strings.Fields(line) }

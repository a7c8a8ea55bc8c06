// Command pbrain-tengen is Tengen's Gomoku AI as a Gomocup "brain": it speaks
// the piskvork protocol on standard input and output, so it can play in
// piskvork, Yixin-board and Gomocup tournament managers.
//
// It understands START, RESTART, BEGIN, TURN, BOARD ... DONE, YXBOARD ...
// DONE, TAKEBACK, INFO (timeout_turn, timeout_match, time_left, max_memory,
// max_node, rule: 0 freestyle, 1 exactly five, 4 renju), ABOUT, END and Yixin's
// YXSHOWFORBID, which prints black's renju forbidden points. Boards of 15×15
// and 19×19 are supported. Coordinates are piskvork's: "x,y" counted from 0
// at the top-left corner.
//
// Of each turn it keeps back a tenth plus 3 ms for the search to notice its
// deadline and for the answer to travel; it builds and clears its tables at
// START, before the clock runs. INFO max_node caps the nodes searched per
// move, which makes its moves reproducible.
//
// Just before each move it writes "MESSAGE movekind KIND by=HOW depth=D
// nodes=N": KIND is forced (a five, a block of a four, a threat-space win
// found before the main search, or the only move that stops a threat),
// proved (the main search proved a win or a loss early) or searched (the
// main search ran until its deadline or node budget). cmd/gomoku-match
// reports the think times of each kind apart.
//
// Usage:
//
//	pbrain-tengen [-level n]
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
)

func main() {
	level := flag.Int("level", 10, "playing level, 1 (weakest) to 10 (strongest)")
	flag.Parse()
	b := newBrain(*level)
	if err := b.run(context.Background(), os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "pbrain-tengen:", err)
		os.Exit(1)
	}
}

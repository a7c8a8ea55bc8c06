// Command tengen-uci is Tengen's Xiangqi engine behind the UCI protocol, as
// fairy-stockfish speaks it for UCI_Variant xiangqi: the same FEN and the
// same coordinate moves (e.g. h3e3, a10a9).
//
// Usage:
//
//	tengen-uci
//
// It reads UCI commands on standard input and answers on standard output.
// See Run for the commands understood. Options: UCI_Variant (xiangqi only),
// Skill Level 0..20 (default 20 = full strength), mapped onto the AI's
// levels 1..10 by SkillToLevel, and Hash in MiB (the transposition table).
// "go movetime N" spends all of N milliseconds less a few for the reply;
// with a clock it spends about a thirtieth of the time left plus most of
// the increment.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if err := Run(ctx, os.Stdin, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "tengen-uci:", err)
		os.Exit(1)
	}
}

// Package pbrain holds what the Gomoku tools share of the Gomocup ("pbrain",
// piskvork) protocol: starting an engine as piskvork does, the pause its
// answers need, the protocol's rule numbers, its coordinates and moves, and
// the BOARD command.
package pbrain

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/engineproc"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// Start starts the command line cmdline (a path, then arguments separated
// by spaces) in the directory of its program, as piskvork does, so that an
// engine finds its configuration files beside it.
func Start(ctx context.Context, name, cmdline string) (*engineproc.Process, error) {
	args := strings.Fields(cmdline)
	if len(args) == 0 {
		return nil, fmt.Errorf("engine %s: empty command", name)
	}
	path, err := filepath.Abs(args[0])
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", name, err)
	}
	return engineproc.Start(ctx, name, path, args[1:], filepath.Dir(path))
}

// Settle is how long to wait after an engine's answer before its next
// command: Rapfi still counts itself as thinking for a moment after it
// answers and drops a command that arrives then.
const Settle = 20 * time.Millisecond

// ParseMove reads an engine's move "x,y" (the protocol's coordinates: from
// the top-left corner, 0-based). It checks the form only, not the board.
func ParseMove(text string) (x, y int, err error) {
	xs, ys, ok := strings.Cut(text, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errX != nil || errY != nil {
		return 0, 0, fmt.Errorf("%q is not a move x,y", text)
	}
	return x, y, nil
}

// Rule is the protocol's INFO rule value of r: 0 freestyle, 1 exactly five,
// 4 renju.
func Rule(r gomoku.Rule) int {
	switch r {
	case gomoku.Standard:
		return 1
	case gomoku.Renju:
		return 4
	}
	return 0
}

// Coords writes p as the protocol's "x,y", counted from the top-left corner.
func Coords(p gomoku.Point, size int) string {
	return fmt.Sprintf("%d,%d", p.Col(), size-1-p.Row())
}

// Board is the BOARD command that gives an engine g's stones in the order
// they were played, marked 1 for the side to move's and 2 for the other
// side's, and asks for its move.
func Board(g *gomoku.Game) string {
	var sb strings.Builder
	sb.WriteString("BOARD")
	me := g.Ply() & 1 // the colour to move: 0 black, 1 white
	for i, p := range g.History() {
		who := 2
		if i&1 == me {
			who = 1
		}
		fmt.Fprintf(&sb, "\n%s,%d", Coords(p, g.Size()), who)
	}
	sb.WriteString("\nDONE")
	return sb.String()
}

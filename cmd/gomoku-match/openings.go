package main

import (
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// parseOpenings reads openings, one a line in canonical notation ("h8 h9
// g10"); blank lines and lines starting with # are skipped. Each must be
// legal under every rule and leave the game undecided.
func parseOpenings(text string, size int) ([][]gomoku.Point, error) {
	var out [][]gomoku.Point
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		g, err := gomoku.NewGame(size, gomoku.Renju)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		for _, m := range strings.Fields(l) {
			if _, err := g.Play(m); err != nil {
				return nil, fmt.Errorf("line %d: %s: %w", i+1, m, err)
			}
		}
		if g.Outcome().Over() {
			return nil, fmt.Errorf("line %d: the game is over", i+1)
		}
		out = append(out, g.History())
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no openings")
	}
	return out, nil
}

// transformed returns the openings followed by each of them seen through
// the board's symmetries 1..n-1 (n at most 8): all the openings under one
// symmetry, then all under the next. Symmetry k transposes the board when
// bit 0 is set, mirrors the columns for bit 1 and the rows for bit 2. An
// engine's search breaks ties between equal moves in board order, so the
// same opening seen another way gives other games of the same strength.
func transformed(openings [][]gomoku.Point, n, size int) [][]gomoku.Point {
	out := make([][]gomoku.Point, 0, n*len(openings))
	for k := range n {
		for _, o := range openings {
			t := make([]gomoku.Point, len(o))
			for i, p := range o {
				t[i] = symmetry(p, k, size)
			}
			out = append(out, t)
		}
	}
	return out
}

// symmetry maps p through symmetry k (0..7) of a size×size board.
func symmetry(p gomoku.Point, k, size int) gomoku.Point {
	c, r := p.Col(), p.Row()
	if k&1 != 0 {
		c, r = r, c
	}
	if k&2 != 0 {
		c = size - 1 - c
	}
	if k&4 != 0 {
		r = size - 1 - r
	}
	return gomoku.PointAt(c, r)
}

// openingText writes an opening in canonical notation.
func openingText(moves []gomoku.Point) string {
	s := make([]string, len(moves))
	for i, p := range moves {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}

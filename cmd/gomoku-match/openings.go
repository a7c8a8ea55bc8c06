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

// openingText writes an opening in canonical notation.
func openingText(moves []gomoku.Point) string {
	s := make([]string, len(moves))
	for i, p := range moves {
		s[i] = p.String()
	}
	return strings.Join(s, " ")
}

package ai

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// diagram builds a game from a board drawn top row first: X black, O white,
// anything else empty. Rows may be shorter than the board; they are aligned to
// the left and the last row drawn is row 1 unless the diagram has fewer rows
// than the board, in which case it is placed at the top-left corner shifted
// down by nothing: row i of the drawing is board row size-1-i. The stones are
// played alternately (black first), so black must have as many stones as white
// or one more; black is to move in the first case.
func diagram(t testing.TB, size int, rule gomoku.Rule, rows ...string) *gomoku.Game {
	t.Helper()
	var black, white []gomoku.Point
	for i, row := range rows {
		for c, ch := range strings.ReplaceAll(row, " ", "") {
			p := gomoku.PointAt(c, size-1-i)
			switch ch {
			case 'X':
				black = append(black, p)
			case 'O':
				white = append(white, p)
			}
		}
	}
	if len(black) != len(white) && len(black) != len(white)+1 {
		t.Fatalf("diagram has %d black and %d white stones", len(black), len(white))
	}
	g, err := gomoku.NewGame(size, rule)
	if err != nil {
		t.Fatal(err)
	}
	for i := range black {
		if err := g.PlayPoint(black[i]); err != nil {
			t.Fatalf("black %s: %v", black[i], err)
		}
		if i < len(white) {
			if err := g.PlayPoint(white[i]); err != nil {
				t.Fatalf("white %s: %v", white[i], err)
			}
		}
	}
	return g
}

// at parses a point of a size×size board or fails the test.
func at(t testing.TB, text string, size int) gomoku.Point {
	t.Helper()
	p, err := gomoku.ParsePoint(text, size)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// position builds a game from two move lists: black's stones and white's,
// played alternately (black first). Black must have as many stones as white
// (black to move) or one more (white to move).
func position(t testing.TB, size int, rule gomoku.Rule, black, white string) *gomoku.Game {
	t.Helper()
	bs, err := gomoku.ParseMoves(black, size)
	if err != nil {
		t.Fatal(err)
	}
	ws, err := gomoku.ParseMoves(white, size)
	if err != nil {
		t.Fatal(err)
	}
	if len(bs) != len(ws) && len(bs) != len(ws)+1 {
		t.Fatalf("position has %d black and %d white stones", len(bs), len(ws))
	}
	g, err := gomoku.NewGame(size, rule)
	if err != nil {
		t.Fatal(err)
	}
	for i := range bs {
		if err := g.PlayPoint(bs[i]); err != nil {
			t.Fatalf("black %s: %v", bs[i], err)
		}
		if i < len(ws) {
			if err := g.PlayPoint(ws[i]); err != nil {
				t.Fatalf("white %s: %v", ws[i], err)
			}
		}
	}
	return g
}

package pbrain

import (
	"testing"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

func TestRule(t *testing.T) {
	for r, want := range map[gomoku.Rule]int{gomoku.Freestyle: 0, gomoku.Standard: 1, gomoku.Renju: 4} {
		if got := Rule(r); got != want {
			t.Errorf("Rule(%s) = %d, want %d", r, got, want)
		}
	}
}

// TestBoard checks the coordinates (from the top-left corner) and the
// marks (1 the side to move's stones, 2 the other's) of BOARD.
func TestBoard(t *testing.T) {
	g, err := gomoku.NewGame(gomoku.Small, gomoku.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"h8", "h9", "a1"} {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := Board(g), "BOARD\n7,7,2\n7,6,1\n0,14,2\nDONE"; got != want {
		t.Errorf("white to move: %q, want %q", got, want)
	}
	if _, err := g.Play("o15"); err != nil {
		t.Fatal(err)
	}
	if got, want := Board(g), "BOARD\n7,7,1\n7,6,2\n0,14,1\n14,0,2\nDONE"; got != want {
		t.Errorf("black to move: %q, want %q", got, want)
	}
}

func TestStartEmpty(t *testing.T) {
	if _, err := Start(t.Context(), "none", "  "); err == nil {
		t.Error("an empty command started")
	}
}

func TestParseMove(t *testing.T) {
	if x, y, err := ParseMove(" 7, 12"); err != nil || x != 7 || y != 12 {
		t.Errorf(`ParseMove(" 7, 12") = %d, %d, %v`, x, y, err)
	}
	for _, bad := range []string{"7", "7,x", "MESSAGE 1,2", ""} {
		if _, _, err := ParseMove(bad); err == nil {
			t.Errorf("ParseMove(%q) read a move", bad)
		}
	}
}

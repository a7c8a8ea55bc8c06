package gomoku

import (
	"strings"
	"testing"
)

// diagram builds a board from an ASCII picture: X is a black stone, O a white
// one, '.' an empty point, and any lower-case letter or '*' an empty point
// the test wants to name (returned in marks). Spaces are ignored, as are row
// numbers at the start of a line and a line of column letters, so the output
// of Board.String reads back. The last line is row 1 and each line starts at
// column a; lines may be shorter than the board.
func diagram(t testing.TB, size int, rule Rule, picture string) (*Board, map[rune]Point) {
	t.Helper()
	b, err := NewBoard(size, rule)
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(picture, "\n") {
		line = strings.TrimLeft(strings.Join(strings.Fields(line), ""), "0123456789")
		if line == "" || (len(line) > 1 && strings.HasPrefix("abcdefghijklmnopqrs", line)) {
			continue
		}
		lines = append(lines, line)
	}
	if len(lines) > size {
		t.Fatalf("diagram has %d rows, the board %d", len(lines), size)
	}
	marks := map[rune]Point{}
	for i, line := range lines {
		row := len(lines) - 1 - i
		if len(line) > size {
			t.Fatalf("diagram row %d has %d points, the board %d", row+1, len(line), size)
		}
		for col, c := range line {
			p := PointAt(col, row)
			switch {
			case c == 'X':
				b.Put(p, Black)
			case c == 'O':
				b.Put(p, White)
			case c == '.':
			case c == '*' || (c >= 'a' && c <= 'z'):
				if _, dup := marks[c]; dup {
					t.Fatalf("mark %q used twice", c)
				}
				marks[c] = p
			default:
				t.Fatalf("diagram: unknown symbol %q", c)
			}
		}
	}
	return b, marks
}

func TestDiagramReadsBoardString(t *testing.T) {
	b, _ := diagram(t, Small, Renju, `
		. . O . .
		. X X . .
		X . . . O`)
	again, _ := diagram(t, Small, Renju, b.String())
	if *again != *b {
		t.Fatalf("Board.String does not read back:\n%s\n%s", b, again)
	}
	if b.At(PointAt(0, 0)) != BlackStone || b.At(PointAt(2, 2)) != WhiteStone || b.Stones() != 5 {
		t.Fatalf("diagram placed stones wrongly:\n%s", b)
	}
}

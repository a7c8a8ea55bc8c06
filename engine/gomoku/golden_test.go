package gomoku

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// foulMarks are the symbols the golden maps use for forbidden points.
var foulMarks = map[Foul]byte{DoubleThree: '3', DoubleFour: '4', Overline: '6'}

// foulMap draws the board like Board.String with black's forbidden points
// marked 3 (double three), 4 (double four) and 6 (overline).
func foulMap(b *Board) string {
	lines := strings.Split(b.String(), "\n")
	for _, fp := range b.ForbiddenPoints() {
		i := b.Size() - 1 - fp.Point.Row()
		line := []byte(lines[i])
		line[3+2*fp.Point.Col()] = foulMarks[fp.Foul]
		lines[i] = string(line)
	}
	return strings.Join(lines, "\n")
}

// TestForbiddenMapGolden keeps the forbidden-point maps of a few crowded
// positions in testdata/ so that any change in the renju check shows up as
// a readable diff. Run with -update to rewrite them after checking by eye.
func TestForbiddenMapGolden(t *testing.T) {
	g, err := ParseGame(midGame)
	if err != nil {
		t.Fatal(err)
	}
	mid := g.Board()
	crowdedBoard, _ := diagram(t, Small, Renju, crowded)
	positions := []struct {
		name  string
		board *Board
	}{
		{"midgame", &mid},
		{"crowded", crowdedBoard},
		{"random19", randomBoard(t, Large, 7, 30, 10)},
	}
	for _, pos := range positions {
		t.Run(pos.name, func(t *testing.T) {
			got := foulMap(pos.board)
			path := filepath.Join("testdata", "forbidden-"+pos.name+".golden")
			if *update {
				if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run go test -update to create it)", err)
			}
			if got != string(want) {
				t.Errorf("forbidden map of %s changed:\n got:\n%s\nwant:\n%s", pos.name, got, want)
			}
		})
	}
}

package gomoku

import (
	"testing"
)

// midGame is a legal 15×15 renju game of 40 moves, black to play, with the
// stones packed around the centre.
const midGame = "15 renju: h8 h7 g6 h6 i8 g7 f6 i6 g5 h5 g4 h4 f4 i5 i7 f7 i4 j5 f5 g8 " +
	"e6 j6 f8 e5 e4 j7 h3 e7 f3 d5 g9 j4 h9 g3 j8 e3 d4 d6 g2 i3"

// crowded is a renju position where black has many stones in lines, so the
// forbidden check has threes and fours to examine and recurse into.
const crowded = `
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .
	. . . X . . X . . . X . . . .
	. . . . X . X . X X . . . . .
	. . X X . . . . . . . X . . .
	. . . . X . X X . X . . . . .
	. . . X . . . . X . . X . . .
	. . X . X X . X . . X . . . .
	. . . . . . X . . X . . . . .
	. . . X . X . . X . X . X . .
	. . X . . . X . . X . . . . .
	. . . . X . . X . . . X . . .
	. . . X . X . . . X X . . . .
	. . . . . . . . . . . . . . .
	. . . . . . . . . . . . . . .`

// BenchmarkPlayUndo measures the search's inner step on a mid-game board:
// put a stone, check it for a win, take it back. It must not allocate.
func BenchmarkPlayUndo(b *testing.B) {
	g, err := ParseGame(midGame)
	if err != nil {
		b.Fatal(err)
	}
	board := g.Board()
	points := board.Near(2)
	side := g.Turn()
	b.ReportAllocs()
	b.ResetTimer()
	wins := 0
	for i := 0; b.Loop(); i++ {
		p := points[i%len(points)]
		board.Put(p, side)
		if board.Wins(p) {
			wins++
		}
		board.Take(p)
	}
	if board != g.Board() {
		b.Fatal("Put/Take left the board changed")
	}
}

// BenchmarkForbidden measures one renju forbidden check on a crowded black
// position, cycling through the empty points near the stones.
func BenchmarkForbidden(b *testing.B) {
	board, _ := diagram(b, Small, Renju, crowded)
	points := board.Near(2)
	b.ReportAllocs()
	b.ResetTimer()
	fouls := 0
	for i := 0; b.Loop(); i++ {
		if board.Forbidden(points[i%len(points)]) != NoFoul {
			fouls++
		}
	}
	b.ReportMetric(float64(len(points)), "points")
}

// BenchmarkForbiddenPoints measures listing every forbidden point of the
// crowded position, as the board image does once per move.
func BenchmarkForbiddenPoints(b *testing.B) {
	board, _ := diagram(b, Small, Renju, crowded)
	b.ReportAllocs()
	n := 0
	for b.Loop() {
		n = len(board.ForbiddenPoints())
	}
	b.ReportMetric(float64(n), "forbidden")
}

func TestPutWinsTakeDoNotAllocate(t *testing.T) {
	g, err := ParseGame(midGame)
	if err != nil {
		t.Fatal(err)
	}
	board := g.Board()
	p := board.Near(2)[0]
	allocs := testing.AllocsPerRun(100, func() {
		board.Put(p, White)
		board.Wins(p)
		board.Take(p)
		board.Forbidden(p)
	})
	if allocs != 0 {
		t.Fatalf("Put/Wins/Take/Forbidden allocate %.1f times", allocs)
	}
}

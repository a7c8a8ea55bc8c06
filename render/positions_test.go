package render

import (
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// points parses space-separated points in the engine's notation ("h8 i9").
func points(t testing.TB, s string) []Point {
	t.Helper()
	var ps []Point
	for _, f := range strings.Fields(s) {
		var p Point
		p.X = int(f[0] - 'a')
		n := 0
		for _, c := range f[1:] {
			if c < '0' || c > '9' {
				t.Fatalf("bad point %q", f)
			}
			n = 10*n + int(c-'0')
		}
		p.Y = n - 1
		ps = append(ps, p)
	}
	return ps
}

// midGomoku returns a deterministic game of n stones clustered around the
// centre, as real games are.
func midGomoku(size, n int) *Gomoku {
	rng := rand.New(rand.NewPCG(7, uint64(size)))
	c := size / 2
	moves := []Point{{c, c}}
	used := map[Point]bool{{c, c}: true}
	for len(moves) < n {
		from := moves[rng.IntN(len(moves))]
		p := Point{from.X + rng.IntN(5) - 2, from.Y + rng.IntN(5) - 2}
		if p.X < 0 || p.Y < 0 || p.X >= size || p.Y >= size || used[p] {
			continue
		}
		used[p] = true
		moves = append(moves, p)
	}
	return &Gomoku{Size: size, Moves: moves, Header: Header{Players: [2]Player{{Name: "Alice"}, {AI: true, Level: 3}}}}
}

// midXiangqi is a middle game: red's chariot has just gone b5-e5, checking
// black's general on e10.
func midXiangqi(t testing.TB) *Xiangqi {
	t.Helper()
	return XiangqiFromGame(midXiangqiGame(t), Header{Players: [2]Player{{Name: "Wei"}, {Name: "Bob the Cannon"}}}, false)
}

// matedXiangqi is a finished game: red's chariot has just gone h9-e9,
// guarded by a soldier, and black is checkmated.
func matedXiangqi(t testing.TB) *Xiangqi {
	t.Helper()
	g := playXiangqi(t, "3rkr3/7R1/4P4/p7p/9/9/P7P/4B4/9/3AK4 w - - 0 40", "h9e9")
	return XiangqiFromGame(g, Header{Players: [2]Player{{AI: true, Level: 5}, {Name: "Bob"}}}, false)
}

// playXiangqi returns the game from fen after the moves, space separated.
func playXiangqi(t testing.TB, fen, moves string) *xiangqi.Game {
	t.Helper()
	g, err := xiangqi.NewGameFromFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields(moves) {
		if _, err := g.Play(m); err != nil {
			t.Fatalf("play %s: %v", m, err)
		}
	}
	return g
}

// midXiangqiGame is the game that reaches midXiangqi's position.
func midXiangqiGame(t testing.TB) *xiangqi.Game {
	t.Helper()
	return playXiangqi(t, "r1bakab2/9/1cn3nc1/p1p3p1p/9/1R7/2P3P2/1C2B2C1/9/2BAKA1NR w - - 2 14", "b5e5")
}

// longXiangqiGame plays up to n legal moves from the start, chosen by a
// fixed seed, stopping early if the game ends.
func longXiangqiGame(t testing.TB, n int) *xiangqi.Game {
	t.Helper()
	g := xiangqi.NewGame()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := 0; i < n; i++ {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

package render

import (
	"fmt"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// fenOf writes x's board, side to move and move number as a FEN, with the
// engine's piece letters.
func fenOf(x *Xiangqi) string {
	var b strings.Builder
	for rank := len(x.Board) - 1; rank >= 0; rank-- {
		empty := 0
		for _, p := range x.Board[rank] {
			if p == xiangqi.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteString(p.String())
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if x.Turn == xiangqi.Black {
		side = "b"
	}
	fmt.Fprintf(&b, " %s - - 0 %d", side, x.Ply/2+1)
	return b.String()
}

// FuzzXiangqiFromPosition feeds FEN text through the engine's parser and
// the adapter: whatever the engine accepts must become a view the renderer
// draws, with the last move and any check marked where they are, and
// writing the view back as FEN must give the engine the same position.
func FuzzXiangqiFromPosition(f *testing.F) {
	for _, s := range []string{
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
		"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b",
		"r1bakab2/9/1cn3nc1/p1p3p1p/9/4R4/2P3P2/1C2B2C1/9/2BAKA1NR b - - 3 14",
		"3rkr3/4R4/4P4/p7p/9/9/P7P/4B4/9/3AK4 b - - 0 40",
		"3k5/9/9/9/9/9/9/9/9/4K4 r - - 3 10000",
		"9/9/9/9/9/9/9/9/9/9",
		"45/9/9/9/9/9/9/9/9/9 w - - 0 0",
	} {
		f.Add(s)
	}
	r := NewRenderer()
	f.Fuzz(func(t *testing.T, fen string) {
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			return
		}
		x := XiangqiFromPosition(&p, xiangqi.NoMove, Header{}, p.Turn() == xiangqi.Black)
		if err := x.check(); err != nil {
			t.Fatalf("the view of %q is one the renderer rejects: %v", fen, err)
		}
		if p.InCheck() != (x.Check != nil) {
			t.Fatalf("%q: in check %v, but the view marks %v", fen, p.InCheck(), x.Check)
		}
		again, err := xiangqi.ParseFEN(fenOf(x))
		if err != nil {
			t.Fatalf("FEN %q of the view of %q does not parse: %v", fenOf(x), fen, err)
		}
		if again.Key() != p.Key() || again.FullMove() != p.FullMove() {
			t.Fatalf("round trip of %q through %q changed the position", fen, fenOf(x))
		}
		if y := XiangqiFromPosition(&again, xiangqi.NoMove, Header{}, x.Flip); y.Board != x.Board || y.Turn != x.Turn || y.Ply != x.Ply {
			t.Fatalf("round trip of %q through %q changed the view", fen, fenOf(x))
		}
		if _, err := r.XiangqiImage(x, Options{Scale: 0.25}); err != nil {
			t.Fatalf("draw %q: %v", fen, err)
		}

		// After a move, it is marked and the view follows the position.
		moves := p.GenerateMoves(nil)
		if len(moves) == 0 {
			return
		}
		m := moves[len(fen)%len(moves)]
		p.MakeMove(m)
		x = XiangqiFromPosition(&p, m, Header{}, false)
		if err := x.check(); err != nil {
			t.Fatalf("%q after %v: the renderer rejects the view: %v", fen, m, err)
		}
		if x.From.String()+x.To.String() != m.String() || x.Board[x.To.Rank][x.To.File] != p.At(m.To()) ||
			x.Board[x.From.Rank][x.From.File] != xiangqi.NoPiece || p.InCheck() != (x.Check != nil) {
			t.Fatalf("%q after %v: the view marks %v-%v, check %v", fen, m, x.From, x.To, x.Check)
		}
		if _, err := r.XiangqiImage(x, Options{Scale: 0.25}); err != nil {
			t.Fatalf("draw %q after %v: %v", fen, m, err)
		}
	})
}

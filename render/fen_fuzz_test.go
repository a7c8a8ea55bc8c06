package render

import (
	"fmt"
	"strings"
	"testing"
)

// fenOf writes x's board, side to move and move number as a FEN.
func fenOf(x *Xiangqi) string {
	var b strings.Builder
	for rank := 9; rank >= 0; rank-- {
		empty := 0
		for _, c := range x.Board[rank] {
			if c == 0 {
				empty++
				continue
			}
			if empty > 0 {
				fmt.Fprint(&b, empty)
				empty = 0
			}
			b.WriteByte(c)
		}
		if empty > 0 {
			fmt.Fprint(&b, empty)
		}
		if rank > 0 {
			b.WriteByte('/')
		}
	}
	side := "w"
	if x.Turn == 1 {
		side = "b"
	}
	fmt.Fprintf(&b, " %s - - 0 %d", side, x.Ply/2+1)
	return b.String()
}

// FuzzXiangqiFromFEN checks that whatever parses is a position the package
// can draw, and that writing it back as FEN and parsing again gives it back.
func FuzzXiangqiFromFEN(f *testing.F) {
	for _, s := range []string{
		"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
		"rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR b",
		"3rkr3/4R4/4P4/p7p/9/9/P7P/4B4/9/3AK4 b - - 0 40",
		"9/9/9/9/9/9/9/9/9/9",
		"45/9/9/9/9/9/9/9/9/9 w - - 0 0",
		"k8/9/9/9/9/9/9/9/9/8K r - - 3 1000000",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, fen string) {
		x, err := XiangqiFromFEN(fen)
		if err != nil {
			return
		}
		if err := x.check(); err != nil {
			t.Fatalf("XiangqiFromFEN(%q) gave a position the renderer rejects: %v", fen, err)
		}
		again, err := XiangqiFromFEN(fenOf(&x))
		if err != nil {
			t.Fatalf("FEN %q of %q does not parse: %v", fenOf(&x), fen, err)
		}
		if again.Board != x.Board || again.Turn != x.Turn || again.Ply != x.Ply {
			t.Fatalf("round trip of %q through %q changed the position", fen, fenOf(&x))
		}
	})
}

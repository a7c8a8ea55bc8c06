package xiangqi

import "testing"

// Published perft counts of the start position.
var startPerft = []uint64{1, 44, 1920, 79666, 3290240, 133312995}

func TestPerftStart(t *testing.T) {
	for depth := 1; depth < len(startPerft); depth++ {
		if depth == 5 && testing.Short() {
			t.Skip("perft 5 (133312995 nodes) skipped in -short mode")
		}
		p := StartPosition()
		if got := p.Perft(depth); got != startPerft[depth] {
			t.Errorf("perft(%d) = %d, want %d", depth, got, startPerft[depth])
		}
		if p.FEN() != StartFEN {
			t.Fatalf("perft(%d) left the position changed: %s", depth, p.FEN())
		}
	}
}

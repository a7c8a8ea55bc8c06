package ai

import (
	"math/rand/v2"
	"testing"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

func TestTTSizeRespected(t *testing.T) {
	for _, size := range []int{1, 100, 1 << 10, 1<<20 + 5, 3 << 20, 16 << 20} {
		e := New(Options{TTSize: size})
		got := e.TTBytes()
		if got > max(size, ttEntrySize) || (size >= 2*ttEntrySize && got*2 <= size) {
			t.Errorf("TTSize %d: table holds %d bytes", size, got)
		}
	}
	if got := New(Options{}).TTBytes(); got != DefaultTTSize {
		t.Errorf("default table %d bytes, want %d", got, DefaultTTSize)
	}
}

func TestTTMateScoresRelativeToNode(t *testing.T) {
	tab := newTable(1 << 12)
	m := xiangqi.NewMove(xiangqi.SquareAt(0, 0), xiangqi.SquareAt(0, 1))
	// A mate in 5 plies from the root found at ply 3 is a mate in 2 from
	// the node; read back at ply 7 it is a mate in 9 from that root.
	tab.store(42, m, MateScore-5, 4, 3, boundExact)
	e, ok := tab.probe(42)
	if !ok || e.move != m {
		t.Fatalf("probe after store: %+v %v", e, ok)
	}
	if got := scoreFromTT(int(e.score), 7); got != MateScore-9 {
		t.Fatalf("mate score read at ply 7 = %d, want %d", got, MateScore-9)
	}
	if _, ok := tab.probe(43); ok {
		t.Fatal("probe found a key never stored")
	}
}

func TestSetOptionsKeepsTable(t *testing.T) {
	e := New(Options{TTSize: 1 << 20})
	before := &e.tt.entries[0]
	e.SetOptions(Options{TTSize: 1 << 20, Level: 3, MaxDepth: 4})
	if &e.tt.entries[0] != before || e.level != LevelInfo(3) {
		t.Fatal("SetOptions with the same size replaced the table or missed the level")
	}
	e.SetOptions(Options{TTSize: 1 << 12})
	if e.TTBytes() != 1<<12 || e.level != LevelInfo(10) {
		t.Fatalf("SetOptions to 4 KiB: %d bytes, level %+v", e.TTBytes(), e.level)
	}
}

func TestIncrementalScoreMatchesScan(t *testing.T) {
	g := randomGame(t, rand.New(rand.NewPCG(9, 9)), 30)
	e := New(fixed(1))
	if err := e.load(g); err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	var moves [64]xiangqi.Move
	var undos [64]xiangqi.Undo
	n := 0
	for ; n < 64; n++ {
		legal := e.pos.GenerateMoves(nil)
		if len(legal) == 0 {
			break
		}
		moves[n] = legal[rng.IntN(len(legal))]
		undos[n] = e.make(moves[n])
		if m := scan(&e.pos); m != e.mat || materialOf(&e.pos) != m {
			t.Fatalf("after %d moves: incremental %+v, piece lists %+v, scan %+v", n+1, e.mat, materialOf(&e.pos), m)
		}
	}
	for n--; n >= 0; n-- {
		e.unmake(moves[n], undos[n])
	}
	if scan(&e.pos) != e.mat {
		t.Fatal("unmake did not restore the incremental score")
	}
}

// scan computes p's material by looking at all 90 points.
func scan(p *xiangqi.Position) material {
	m := material{board: boardTemplate}
	for _, sq := range allSquares {
		if pc := p.At(sq); pc != xiangqi.NoPiece {
			m.add(pc, sq)
		}
	}
	return m
}

package xiangqi

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// TestRepetitionJudgement feeds the repetition rule synthetic histories: a
// sequence of position keys (one per ply, the set-up first) and whether each
// move gave check. Red moves first.
func TestRepetitionJudgement(t *testing.T) {
	tests := []struct {
		name   string
		keys   []uint64 // keys[0] is the set-up
		checks string   // per move: 'c' gave check, '.' did not
		want   engine.Outcome
		found  bool
	}{
		{"twofold is nothing", []uint64{1, 2, 3, 4, 1}, "....", engine.Outcome{}, false},
		{"threefold draws", []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}, "........", engine.DrawBy(engine.Repetition), true},
		{"red checks throughout", []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}, "c.c.c.c.", engine.WinFor(Black, engine.PerpetualCheck), true},
		{"black checks throughout", []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}, ".c.c.c.c", engine.WinFor(Red, engine.PerpetualCheck), true},
		{"both check throughout: draw", []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}, "cccccccc", engine.DrawBy(engine.Repetition), true},
		{"one quiet red move breaks the perpetual", []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}, "c.c...c.", engine.DrawBy(engine.Repetition), true},
		{"checks before the cycle do not matter", []uint64{9, 8, 1, 2, 3, 4, 1, 2, 3, 4, 1}, "..c.c.c.c.", engine.WinFor(Black, engine.PerpetualCheck), true},
		{"longer cycles count too", []uint64{1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 1}, "c.c.c.c.c.c.", engine.WinFor(Black, engine.PerpetualCheck), true},
		{"the same key with the other side to move is another position", []uint64{1, 2, 1, 2, 1, 2, 1}, "......", engine.DrawBy(engine.Repetition), true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := &Game{pos: StartPosition(), keys: tt.keys}
			for _, c := range tt.checks {
				g.plies = append(g.plies, played{check: c == 'c'})
			}
			g.pos.turn = engine.Side(len(g.plies) % 2)
			g.pos.clock = len(g.plies)
			got, found := g.repetition()
			if got != tt.want || found != tt.found {
				t.Errorf("repetition() = %v, %v; want %v, %v", got, found, tt.want, tt.found)
			}
		})
	}
}

// TestRepetitionAfterCapture checks that positions before the last capture
// are not counted (the clock bounds the search).
func TestRepetitionAfterCapture(t *testing.T) {
	g := &Game{pos: StartPosition(), keys: []uint64{1, 2, 3, 4, 1, 2, 3, 4, 1}}
	for range 8 {
		g.plies = append(g.plies, played{})
	}
	g.pos.clock = 4 // a capture 4 plies ago: only one earlier occurrence counts
	if o, found := g.repetition(); found {
		t.Fatalf("repetition() = %v across a capture", o)
	}
}

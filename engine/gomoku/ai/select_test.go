package ai

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// TestSelectBest checks selectBest against the selection sort it replaces on
// random move lists with many equal scores: the same moves in the same order.
func TestSelectBest(t *testing.T) {
	e := New(Options{TTSize: 1 << 16})
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 20000; trial++ {
		size := 2 + rng.IntN(120)
		moves := make([]int16, size)
		scores := make([]int32, size)
		spread := 1 + rng.IntN(40)
		for i := range moves {
			moves[i] = int16(i)
			scores[i] = int32(rng.IntN(spread))
		}
		n := 1 + rng.IntN(size-1)
		wantM, wantS := slices.Clone(moves), slices.Clone(scores)
		selectionSort(wantM, wantS, n)
		e.selectBest(moves, scores, n)
		if !slices.Equal(moves[:n], wantM[:n]) || !slices.Equal(scores[:n], wantS[:n]) {
			t.Fatalf("size %d, n %d: got %v %v, want %v %v", size, n, moves[:n], scores[:n], wantM[:n], wantS[:n])
		}
	}
}

package match

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tengen-bot/tengen/engine"
)

// Engines is the AI that plays with Tengen's own engines: engine/gomoku/ai
// for Gomoku and engine/xiangqi/ai for Xiangqi. It satisfies AI.
//
// Every call gets a fresh engine with its own transposition table of TTSize
// bytes (plus the Xiangqi engine's 4 MB of move histories,
// xiangqiai.HistoryBytes), so memory is bounded by that times the number of
// AI workers and calls share nothing. The zero value is ready to use.
type Engines struct {
	// TTSize is the transposition table size of each search in bytes
	// (0 = the engines' default, 16 MiB).
	TTSize int
	// Seed, when not zero, makes the weak levels' random choices depend
	// only on Seed and the position, so tests replay the same games. When
	// zero every move draws a new random seed.
	Seed int64
}

var _ AI = (*Engines)(nil)

// Move returns the engine's choice for the side to move in g at level,
// within ctx's deadline.
func (e *Engines) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	kind, spec, ok := specOf(g)
	if !ok {
		return "", fmt.Errorf("no engine plays %T", g)
	}
	mv, err := spec.think(ctx, g, aiOptions{level: level, seed: e.seed(g), ttSize: e.TTSize})
	if err != nil {
		return "", fmt.Errorf("%s engine: %w", kind, err)
	}
	return mv, nil
}

// Evaluate scores g for the side to move. Each engine decides for itself
// what a level position is (its own DrawThreshold, in its own units): such
// a position scores 0, so the lifecycle accepts a draw offer exactly when
// the engine would. Other positions keep the engine's score and sign.
func (e *Engines) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	kind, spec, ok := specOf(g)
	if !ok {
		return 0, fmt.Errorf("no engine plays %T", g)
	}
	score, level0, err := spec.evaluate(ctx, g, aiOptions{level: level, seed: e.seed(g), ttSize: e.TTSize})
	if err != nil {
		return 0, fmt.Errorf("%s engine: %w", kind, err)
	}
	if level0 {
		return 0, nil
	}
	return score, nil
}

// seed returns the seed of one search: from Seed and the moves played when
// Seed is set, otherwise random.
func (e *Engines) seed(g engine.Game) int64 {
	if e.Seed == 0 {
		return rand.Int64()
	}
	h := uint64(e.Seed)
	for _, m := range g.Moves() {
		for i := 0; i < len(m); i++ {
			h = (h ^ uint64(m[i])) * 0x100000001b3 // FNV-1a step
		}
		h = (h ^ ' ') * 0x100000001b3
	}
	return int64(h)
}

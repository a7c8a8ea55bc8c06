package match

import (
	"context"
	"math/rand/v2"
	"sync"

	"github.com/tengen-bot/tengen/engine"
)

// RandomAI plays a uniformly random move among the game's legal moves. It
// is a real, if weak, player of any kind and level: the lifecycle's tests
// and benchmark use it, and it can stand in while no engine is wired. It
// has no opinion of positions: Evaluate always says the game is level.
type RandomAI struct {
	mu  sync.Mutex
	rng *rand.Rand
}

// NewRandomAI returns a RandomAI whose choices follow seed.
func NewRandomAI(seed uint64) *RandomAI {
	return &RandomAI{rng: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
}

// Move returns a random legal move of g.
func (r *RandomAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	moves := g.LegalMoves()
	if len(moves) == 0 {
		return "", engine.E(engine.NoLegalMove)
	}
	r.mu.Lock()
	i := r.rng.IntN(len(moves))
	r.mu.Unlock()
	return moves[i], nil
}

// Evaluate returns 0: a random player sees every position as level.
func (r *RandomAI) Evaluate(ctx context.Context, g engine.Game, level int) (int, error) {
	return 0, ctx.Err()
}

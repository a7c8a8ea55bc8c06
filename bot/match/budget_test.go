package match

import (
	"context"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// budgetAI records the deadline it is given.
type budgetAI struct {
	*RandomAI
	deadlines chan time.Duration
}

func (a budgetAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	d, ok := ctx.Deadline()
	if !ok {
		a.deadlines <- -1
	} else {
		a.deadlines <- time.Until(d)
	}
	return a.RandomAI.Move(ctx, g, level)
}

func TestAIGetsItsBudget(t *testing.T) {
	ai := budgetAI{NewRandomAI(1), make(chan time.Duration, 1)}
	e := newEnv(t, Config{AI: ai, Budget: func(level int) time.Duration { return time.Duration(level) * time.Hour }})
	g := e.solo(OpponentFirst) // level 3
	e.aiMoved(g.ID)
	if left := <-ai.deadlines; left <= 2*time.Hour || left > 3*time.Hour {
		t.Errorf("the AI at level 3 got %v to think, want 3h", left)
	}
}

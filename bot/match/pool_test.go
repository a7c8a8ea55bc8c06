package match

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

func TestPoolDedupeAndRequeue(t *testing.T) {
	var (
		mu   sync.Mutex
		runs = map[int64]int{}
	)
	entered := make(chan int64)
	release := make(chan struct{})
	p := newPool(1, func(ctx context.Context, id int64) {
		mu.Lock()
		runs[id]++
		mu.Unlock()
		entered <- id
		<-release
	})
	p.enqueue(1)
	if id := <-entered; id != 1 {
		t.Fatalf("ran %d first", id)
	}
	// While 1 runs: 2 is queued once however often it is asked for, and 1
	// asked for again runs again after the current run.
	p.enqueue(2)
	p.enqueue(2)
	p.enqueue(1)
	p.enqueue(1)
	release <- struct{}{}
	var order []int64
	for range 2 {
		order = append(order, <-entered)
		release <- struct{}{}
	}
	if order[0] != 2 || order[1] != 1 {
		t.Errorf("order %v, want [2 1] (FIFO, re-run after the queue)", order)
	}
	if err := p.close(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if runs[1] != 2 || runs[2] != 1 {
		t.Errorf("runs %v, want 1 twice and 2 once", runs)
	}
	p.enqueue(3) // ignored after close: Resume picks it up after a restart
}

func TestPoolCloseInterrupts(t *testing.T) {
	entered := make(chan struct{})
	p := newPool(2, func(ctx context.Context, id int64) {
		entered <- struct{}{}
		<-ctx.Done()
	})
	p.enqueue(1)
	<-entered
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := p.close(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("close = %v, want the deadline", err)
	}
}

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

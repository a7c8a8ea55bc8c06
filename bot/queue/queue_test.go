package queue

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"
)

func TestDedupeAndRequeue(t *testing.T) {
	var (
		mu   sync.Mutex
		runs = map[int64]int{}
	)
	entered := make(chan int64)
	release := make(chan struct{})
	p := New(1, func(ctx context.Context, id int64) {
		mu.Lock()
		runs[id]++
		mu.Unlock()
		entered <- id
		<-release
	})
	p.Add(1)
	if id := <-entered; id != 1 {
		t.Fatalf("ran %d first", id)
	}
	// While 1 runs: 2 is queued once however often it is asked for, and 1
	// asked for again runs again after the current run.
	p.Add(2)
	p.Add(2)
	p.Add(1)
	p.Add(1)
	release <- struct{}{}
	var order []int64
	for range 2 {
		order = append(order, <-entered)
		release <- struct{}{}
	}
	if order[0] != 2 || order[1] != 1 {
		t.Errorf("order %v, want [2 1] (FIFO, re-run after the queue)", order)
	}
	if err := p.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if runs[1] != 2 || runs[2] != 1 {
		t.Errorf("runs %v, want 1 twice and 2 once", runs)
	}
	p.Add(3) // ignored after Close
}

func TestCloseInterrupts(t *testing.T) {
	entered := make(chan struct{})
	p := New(2, func(ctx context.Context, id int64) {
		entered <- struct{}{}
		<-ctx.Done()
	})
	p.Add(1)
	<-entered
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := p.Close(ctx); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("close = %v, want the deadline", err)
	}
}

func TestDoExcludesTheWorker(t *testing.T) {
	entered := make(chan int64)
	release := make(chan struct{})
	p := New(2, func(ctx context.Context, id int64) {
		entered <- id
		<-release
	})
	defer p.Close(context.Background())
	p.Add(1)
	<-entered
	// Do waits for the worker that has game 1, and work queued meanwhile
	// waits for Do.
	done := make(chan struct{})
	go func() {
		if err := p.Do(context.Background(), 1, func() { close(done) }); err != nil {
			t.Error(err)
		}
	}()
	select {
	case <-done:
		t.Fatal("Do ran while a worker had the game")
	case <-time.After(20 * time.Millisecond):
	}
	release <- struct{}{}
	<-done
	// A Do that cannot get its turn before its context ends gives up.
	p.Add(2)
	<-entered
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer cancel()
	if err := p.Do(ctx, 2, func() { t.Error("Do ran while a worker had the game") }); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("Do = %v, want the deadline", err)
	}
	release <- struct{}{}
	if err := p.Idle(context.Background()); err != nil {
		t.Fatal(err)
	}
}

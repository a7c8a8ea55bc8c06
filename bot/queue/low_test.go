package queue

import (
	"context"
	"sync"
	"testing"
	"time"
)

func TestLowWaitsForGames(t *testing.T) {
	// One worker, held by game 1; game 2 and a low-priority piece wait.
	// Game 2 goes first.
	release := make(chan struct{})
	var mu sync.Mutex
	var order []string
	ran := make(chan struct{}, 3)
	q := New(1, func(ctx context.Context, id int64) {
		if id == 1 {
			<-release
		}
		mu.Lock()
		order = append(order, map[int64]string{1: "game 1", 2: "game 2"}[id])
		mu.Unlock()
		ran <- struct{}{}
	})
	defer q.Close(context.Background())
	q.Add(1)
	for q.Running() == 0 {
		time.Sleep(time.Millisecond)
	}
	q.Low(func(context.Context) {
		mu.Lock()
		order = append(order, "low")
		mu.Unlock()
		ran <- struct{}{}
	})
	q.Add(2)
	close(release)
	for range 3 {
		<-ran
	}
	mu.Lock()
	defer mu.Unlock()
	if len(order) != 3 || order[0] != "game 1" || order[1] != "game 2" || order[2] != "low" {
		t.Errorf("order %v, want game 1, game 2, low", order)
	}
}

func TestLowRunsOneAtATime(t *testing.T) {
	// Two workers, two low-priority pieces: the second starts only once
	// the first is done, though a worker is free; a game queued meanwhile
	// gets the free worker at once.
	gameRan := make(chan struct{})
	q := New(2, func(ctx context.Context, id int64) { close(gameRan) })
	defer q.Close(context.Background())
	first, release := make(chan struct{}), make(chan struct{})
	second := make(chan struct{})
	q.Low(func(context.Context) {
		close(first)
		<-release
	})
	<-first
	q.Low(func(context.Context) { close(second) })
	q.Add(7)
	<-gameRan
	select {
	case <-second:
		t.Fatal("the second low-priority piece ran while the first still ran")
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	<-second
}

func TestLowAfterCloseDoesNothing(t *testing.T) {
	q := New(1, func(ctx context.Context, id int64) {})
	if err := q.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	q.Low(func(context.Context) { t.Error("low-priority work ran after Close") })
	time.Sleep(10 * time.Millisecond)
}

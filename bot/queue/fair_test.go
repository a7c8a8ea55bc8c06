package queue

import (
	"context"
	"errors"
	"slices"
	"sync"
	"testing"
	"time"
)

// gated returns a queue of one worker whose run records the order of the
// games and, the first time it runs game gate, waits for a release before
// returning from it.
func gated(t *testing.T, opt Options, gate int64) (q *Queue, entered chan int64, release chan struct{}, order func() []int64) {
	t.Helper()
	var (
		mu  sync.Mutex
		got []int64
	)
	entered = make(chan int64, 1)
	release = make(chan struct{})
	opt.Workers = 1
	q = NewBounded(opt, func(ctx context.Context, id int64) {
		mu.Lock()
		got = append(got, id)
		first := id == gate && !slices.Contains(got[:len(got)-1], gate)
		mu.Unlock()
		if first {
			entered <- id
			<-release
		}
	})
	t.Cleanup(func() {
		if err := q.Close(context.Background()); err != nil {
			t.Error(err)
		}
	})
	return q, entered, release, func() []int64 {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(got)
	}
}

func TestRoundRobinBetweenOwners(t *testing.T) {
	q, entered, release, order := gated(t, Options{}, 99)
	if err := q.AddFor(9, 99); err != nil {
		t.Fatal(err)
	}
	<-entered
	// While the worker is held: owner 1 queues three games, owner 2 one,
	// owner 3 two. They run in turns, each owner's games in order.
	for _, w := range []struct{ owner, id int64 }{{1, 11}, {1, 12}, {1, 13}, {2, 21}, {3, 31}, {3, 32}} {
		if err := q.AddFor(w.owner, w.id); err != nil {
			t.Fatal(err)
		}
	}
	release <- struct{}{}
	if err := q.Idle(context.Background()); err != nil {
		t.Fatal(err)
	}
	want := []int64{99, 11, 21, 31, 12, 32, 13}
	if got := order(); !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestSingleOwnerIsFIFO(t *testing.T) {
	q, entered, release, order := gated(t, Options{}, 99)
	q.Add(99)
	<-entered
	for id := int64(1); id <= 5; id++ {
		q.Add(id)
	}
	q.Add(3) // already waiting: keeps its place
	release <- struct{}{}
	if err := q.Idle(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got, want := order(), []int64{99, 1, 2, 3, 4, 5}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
}

func TestBounds(t *testing.T) {
	q, entered, release, order := gated(t, Options{MaxQueued: 3, MaxPerOwner: 2}, 99)
	if err := q.AddFor(1, 99); err != nil {
		t.Fatal(err)
	}
	<-entered // running games do not count as waiting
	for _, id := range []int64{10, 11} {
		if err := q.AddFor(1, id); err != nil {
			t.Fatalf("owner 1's game %d: %v", id, err)
		}
	}
	if err := q.AddFor(1, 12); !errors.Is(err, ErrOwnerFull) {
		t.Errorf("owner 1's third game: %v, want ErrOwnerFull", err)
	}
	if err := q.Check(1, 12); !errors.Is(err, ErrOwnerFull) {
		t.Errorf("Check of owner 1's third game: %v, want ErrOwnerFull", err)
	}
	if err := q.AddFor(2, 20); err != nil {
		t.Fatalf("owner 2's game: %v", err)
	}
	if err := q.Check(3, 30); !errors.Is(err, ErrFull) {
		t.Errorf("Check of a fourth game: %v, want ErrFull", err)
	}
	if err := q.AddFor(3, 30); !errors.Is(err, ErrFull) || errors.Is(err, ErrOwnerFull) {
		t.Errorf("a fourth game: %v, want ErrFull only", err)
	}
	// Games already waiting or running are never refused, whoever asks.
	for _, id := range []int64{10, 11, 20} {
		if err := q.AddFor(1, id); err != nil {
			t.Errorf("game %d again: %v", id, err)
		}
		if err := q.Check(5, id); err != nil {
			t.Errorf("Check of game %d again: %v", id, err)
		}
	}
	if err := q.AddFor(7, 99); err != nil {
		t.Errorf("the running game again: %v", err)
	}
	release <- struct{}{}
	if err := q.Idle(context.Background()); err != nil {
		t.Fatal(err)
	}
	// 99 runs again, queued when its first run ended for owner 7, who
	// asked for it: in turn after owners 1 and 2.
	if got, want := order(), []int64{99, 10, 20, 99, 11}; !slices.Equal(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	// Once drained there is room again.
	if err := q.AddFor(3, 30); err != nil {
		t.Errorf("after draining: %v", err)
	}
}

// TestFlood has one owner queue 200 games of 1-5 ms of work while another
// owner adds a game now and then. The light owner's game starts within
// Workers games of being queued, where first in, first out (the same
// flood with one owner) makes it wait for most of the heavy owner's games.
func TestFlood(t *testing.T) {
	const (
		workers = 2
		heavy   = 200
	)
	flood := func(t *testing.T, lightOwner int64) (items []int, waits []time.Duration) {
		var (
			mu       sync.Mutex
			started  int
			queuedAt = map[int64]int{}
			queuedT  = map[int64]time.Time{}
			q        *Queue
		)
		addLight := func(id int64) {
			mu.Lock()
			queuedAt[id], queuedT[id] = started, time.Now()
			mu.Unlock()
			if err := q.AddFor(lightOwner, id); err != nil {
				t.Error(err)
			}
		}
		q = NewBounded(Options{Workers: workers}, func(ctx context.Context, id int64) {
			mu.Lock()
			started++
			if at, ok := queuedAt[id]; ok {
				items = append(items, started-1-at)
				waits = append(waits, time.Since(queuedT[id]))
			}
			mu.Unlock()
			if id <= heavy && id%30 == 10 {
				addLight(1000 + id) // a light game every 30 heavy ones
			}
			time.Sleep(time.Duration(1+id%5) * time.Millisecond)
		})
		defer q.Close(context.Background())
		for id := int64(1); id <= heavy; id++ {
			if err := q.AddFor(1, id); err != nil {
				t.Fatal(err)
			}
		}
		if err := q.Idle(context.Background()); err != nil {
			t.Fatal(err)
		}
		if len(items) != 7 {
			t.Fatalf("%d light games ran, want 7", len(items))
		}
		return items, waits
	}
	report := func(name string, items []int, waits []time.Duration) {
		slices.Sort(items)
		slices.Sort(waits)
		t.Logf("%s: the light owner's games waited for %v games (median %d, longest %d); median %v, longest %v",
			name, items, items[len(items)/2], items[len(items)-1], waits[len(waits)/2].Round(time.Millisecond),
			waits[len(waits)-1].Round(time.Millisecond))
	}
	items, waits := flood(t, 2)
	report("round-robin", items, waits)
	for _, n := range items {
		if n > workers {
			t.Errorf("a light game waited for %d games, want at most %d (the workers)", n, workers)
		}
	}
	items, waits = flood(t, 1)
	report("one owner (FIFO)", items, waits)
	if items[len(items)-1] <= workers {
		t.Errorf("first in, first out: the light games waited for at most %d games, want the flood", items[len(items)-1])
	}
}

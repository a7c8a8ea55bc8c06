package engineproc

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"
)

// TestEchoEngine runs cat as an engine: what is sent comes back as lines,
// trimmed, and Close ends it.
func TestEchoEngine(t *testing.T) {
	p, err := Start(context.Background(), "cat", "cat", nil, "")
	if err != nil {
		t.Skipf("no cat here: %v", err)
	}
	if err := p.Send("  hello  \nworld"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"hello", "world"} {
		select {
		case l := <-p.Lines():
			if l.Text != want || l.At.IsZero() {
				t.Fatalf("got %+v, want %q", l, want)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("no %q", want)
		}
	}
	p.Close("bye", time.Second)
	if _, open := <-p.Lines(); open {
		t.Error("the output is still open after Close")
	}
	if err := p.Send("late"); err == nil {
		t.Error("sending to a closed engine succeeded")
	}
}

// TestKill ends an engine that ignores its input.
func TestKill(t *testing.T) {
	p, err := Start(context.Background(), "sleep", "sleep", []string{"60"}, "")
	if err != nil {
		t.Skipf("no sleep here: %v", err)
	}
	p.Kill()
	if _, open := <-p.Lines(); open {
		t.Error("the output is still open after Kill")
	}
}

// TestAwait skips unwanted lines, times out, and reports an engine that
// exited.
func TestAwait(t *testing.T) {
	p, err := Start(context.Background(), "cat", "cat", nil, "")
	if err != nil {
		t.Skipf("no cat here: %v", err)
	}
	if err := p.Send("info depth 1\nbestmove h2e2"); err != nil {
		t.Fatal(err)
	}
	best := func(text string) bool { return strings.HasPrefix(text, "bestmove") }
	if l, err := p.Await(5*time.Second, best); err != nil || l.Text != "bestmove h2e2" {
		t.Fatalf("got %+v, %v", l, err)
	}
	if _, err := p.Await(50*time.Millisecond, best); !errors.Is(err, ErrNoAnswer) {
		t.Fatalf("silence: %v, want ErrNoAnswer", err)
	}
	p.Close("bye", time.Second)
	if _, err := p.Await(time.Second, best); !errors.Is(err, ErrExited) {
		t.Fatalf("after Close: %v, want ErrExited", err)
	}
}

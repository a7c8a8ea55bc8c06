package bot_test

import (
	"context"
	"log/slog"
	"strings"
	"sync"
	"testing"
)

// testLogger sends the bot's logs to the test log; errors fail the test,
// since every failure the tests provoke is one the bot must handle quietly.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(&testHandler{t: t})
}

// capturingLogger is testLogger that also keeps every line in out.
func capturingLogger(t testing.TB, out *lines) *slog.Logger {
	return slog.New(&testHandler{t: t, out: out})
}

// lines collects log lines; it is safe for concurrent use.
type lines struct {
	mu sync.Mutex
	b  strings.Builder
}

func (l *lines) add(s string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.b.WriteString(s + "\n")
}

func (l *lines) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

type testHandler struct {
	t     testing.TB
	attrs []slog.Attr
	out   *lines
}

func (h *testHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelInfo }

func (h *testHandler) Handle(_ context.Context, r slog.Record) error {
	msg := r.Level.String() + " " + r.Message
	r.Attrs(func(a slog.Attr) bool { msg += " " + a.String(); return true })
	for _, a := range h.attrs {
		msg += " " + a.String()
	}
	if h.out != nil {
		h.out.add(msg)
	}
	if r.Level >= slog.LevelError {
		h.t.Errorf("bot logged an error: %s", msg)
	} else {
		h.t.Log(msg)
	}
	return nil
}

func (h *testHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &testHandler{t: h.t, attrs: append(append([]slog.Attr(nil), h.attrs...), as...), out: h.out}
}

func (h *testHandler) WithGroup(string) slog.Handler { return h }

package bot_test

import (
	"context"
	"log/slog"
	"testing"
)

// testLogger sends the bot's logs to the test log; errors fail the test,
// since every failure the tests provoke is one the bot must handle quietly.
func testLogger(t testing.TB) *slog.Logger {
	return slog.New(&testHandler{t: t})
}

type testHandler struct {
	t     testing.TB
	attrs []slog.Attr
}

func (h *testHandler) Enabled(_ context.Context, l slog.Level) bool { return l >= slog.LevelInfo }

func (h *testHandler) Handle(_ context.Context, r slog.Record) error {
	msg := r.Level.String() + " " + r.Message
	r.Attrs(func(a slog.Attr) bool { msg += " " + a.String(); return true })
	for _, a := range h.attrs {
		msg += " " + a.String()
	}
	if r.Level >= slog.LevelError {
		h.t.Errorf("bot logged an error: %s", msg)
	} else {
		h.t.Log(msg)
	}
	return nil
}

func (h *testHandler) WithAttrs(as []slog.Attr) slog.Handler {
	return &testHandler{t: h.t, attrs: append(append([]slog.Attr(nil), h.attrs...), as...)}
}

func (h *testHandler) WithGroup(string) slog.Handler { return h }

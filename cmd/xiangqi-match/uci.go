package main

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/engineproc"
)

// uciEngine is a UCI engine running as a child process.
type uciEngine struct{ *engineproc.Process }

// startEngine starts path, says "uci", sets UCI_Variant xiangqi and the
// given options ("Name=value"), and waits for readyok.
func startEngine(ctx context.Context, name, path string, options []string) (*uciEngine, error) {
	p, err := engineproc.Start(ctx, name, path, nil, "")
	if err != nil {
		return nil, err
	}
	e := &uciEngine{p}
	if err := e.Send("uci"); err != nil {
		return nil, err
	}
	if _, err := e.waitFor("uciok", 10*time.Second); err != nil {
		e.close()
		return nil, fmt.Errorf("engine %s (%s): waiting for uciok: %w", name, path, err)
	}
	if err := e.Send("setoption name UCI_Variant value xiangqi"); err != nil {
		return nil, err
	}
	for _, o := range options {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			e.close()
			return nil, fmt.Errorf("engine %s: option %q is not Name=value", name, o)
		}
		if err := e.Send("setoption name " + strings.TrimSpace(k) + " value " + strings.TrimSpace(v)); err != nil {
			return nil, err
		}
	}
	if err := e.ready(); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// ready sends isready and waits for readyok.
func (e *uciEngine) ready() error {
	if err := e.Send("isready"); err != nil {
		return err
	}
	if _, err := e.waitFor("readyok", 10*time.Second); err != nil {
		return fmt.Errorf("engine %s: waiting for readyok: %w", e.Name, err)
	}
	return nil
}

// waitFor reads lines until one starts with prefix, and returns it.
func (e *uciEngine) waitFor(prefix string, timeout time.Duration) (string, error) {
	l, err := e.Await(timeout, func(text string) bool { return strings.HasPrefix(text, prefix) })
	return l.Text, err
}

// close asks the engine to quit and waits for it (killing it after a while).
func (e *uciEngine) close() { e.Close("quit", 3*time.Second) }

package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"time"
)

// uciEngine is a UCI engine running as a child process.
type uciEngine struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan string // stdout, line by line; closed when the process ends
}

// errNoAnswer is returned when an engine does not answer in time.
var errNoAnswer = errors.New("no answer in time")

// startEngine starts path, says "uci", sets UCI_Variant xiangqi and the
// given options ("Name=value"), and waits for readyok.
func startEngine(ctx context.Context, name, path string, options []string) (*uciEngine, error) {
	cmd := exec.CommandContext(ctx, path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", name, err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", name, err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("engine %s: starting %s: %w", name, path, err)
	}
	e := &uciEngine{name: name, cmd: cmd, in: in, lines: make(chan string, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- sc.Text()
		}
		close(e.lines)
	}()
	if err := e.send("uci"); err != nil {
		return nil, err
	}
	if _, err := e.waitFor("uciok", 10*time.Second); err != nil {
		e.close()
		return nil, fmt.Errorf("engine %s (%s): waiting for uciok: %w", name, path, err)
	}
	if err := e.send("setoption name UCI_Variant value xiangqi"); err != nil {
		return nil, err
	}
	for _, o := range options {
		k, v, ok := strings.Cut(o, "=")
		if !ok {
			e.close()
			return nil, fmt.Errorf("engine %s: option %q is not Name=value", name, o)
		}
		if err := e.send("setoption name " + strings.TrimSpace(k) + " value " + strings.TrimSpace(v)); err != nil {
			return nil, err
		}
	}
	if err := e.ready(); err != nil {
		e.close()
		return nil, err
	}
	return e, nil
}

// send writes one command.
func (e *uciEngine) send(cmd string) error {
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		return fmt.Errorf("engine %s: sending %q: %w", e.name, cmd, err)
	}
	return nil
}

// ready sends isready and waits for readyok.
func (e *uciEngine) ready() error {
	if err := e.send("isready"); err != nil {
		return err
	}
	if _, err := e.waitFor("readyok", 10*time.Second); err != nil {
		return fmt.Errorf("engine %s: waiting for readyok: %w", e.name, err)
	}
	return nil
}

// waitFor reads lines until one starts with prefix, and returns it.
func (e *uciEngine) waitFor(prefix string, timeout time.Duration) (string, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return "", fmt.Errorf("engine %s exited", e.name)
			}
			if strings.HasPrefix(l, prefix) {
				return l, nil
			}
		case <-timer.C:
			return "", errNoAnswer
		}
	}
}

// close asks the engine to quit and waits for it (killing it after a while).
func (e *uciEngine) close() {
	_ = e.send("quit") // it may be gone already; Wait tells
	e.in.Close()
	done := make(chan struct{})
	go func() {
		for range e.lines {
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(3 * time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
	_ = e.cmd.Wait() // the exit status of a quitting engine does not matter
}

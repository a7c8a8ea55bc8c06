// Package engineproc runs a game engine as a child process that speaks a
// line-based protocol (UCI, the Gomocup protocol) on its standard input and
// output, for the match runners.
package engineproc

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

// Line is one line of an engine's output, trimmed of surrounding space,
// and when it arrived.
type Line struct {
	Text string
	At   time.Time
}

// Process is an engine running as a child process.
type Process struct {
	Name  string // for messages
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan Line // stdout, line by line; closed when the process ends
}

// Start starts path with args in dir ("": the current directory).
func Start(ctx context.Context, name, path string, args []string, dir string) (*Process, error) {
	cmd := exec.CommandContext(ctx, path, args...)
	cmd.Dir = dir
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
	p := &Process{Name: name, cmd: cmd, in: in, lines: make(chan Line, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			p.lines <- Line{Text: strings.TrimSpace(sc.Text()), At: time.Now()}
		}
		close(p.lines)
	}()
	return p, nil
}

// Lines is the engine's output, line by line; it is closed when the
// process ends.
func (p *Process) Lines() <-chan Line { return p.lines }

// ErrNoAnswer is Await's error when no wanted line came in time.
var ErrNoAnswer = errors.New("no answer in time")

// ErrExited is Await's error when the engine's output ended: it crashed or
// quit.
var ErrExited = errors.New("the engine exited")

// Await returns the engine's next line whose text want accepts, skipping
// the others, and waits at most timeout for it.
func (p *Process) Await(timeout time.Duration, want func(text string) bool) (Line, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-p.lines:
			if !ok {
				return Line{}, fmt.Errorf("engine %s: %w", p.Name, ErrExited)
			}
			if want(l.Text) {
				return l, nil
			}
		case <-timer.C:
			return Line{}, fmt.Errorf("engine %s: %w", p.Name, ErrNoAnswer)
		}
	}
}

// Send writes one command (which may span lines).
func (p *Process) Send(cmd string) error {
	if _, err := io.WriteString(p.in, cmd+"\n"); err != nil {
		first, _, _ := strings.Cut(cmd, "\n")
		return fmt.Errorf("engine %s: sending %q: %w", p.Name, first, err)
	}
	return nil
}

// Close sends bye (the protocol's "quit" or "END"), closes the engine's
// input and waits for it to go, killing it after wait.
func (p *Process) Close(bye string, wait time.Duration) {
	_ = p.Send(bye) // it may be gone already; Wait tells
	p.in.Close()
	done := make(chan struct{})
	go func() {
		for range p.lines {
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(wait):
		_ = p.cmd.Process.Kill()
		<-done
	}
	_ = p.cmd.Wait() // the exit status of a closing engine does not matter
}

// Kill ends the engine at once, for one that broke the rules or hangs.
func (p *Process) Kill() {
	_ = p.cmd.Process.Kill()
	p.in.Close()
	for range p.lines {
	}
	_ = p.cmd.Wait()
}

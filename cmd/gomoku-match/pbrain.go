package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// pbrain is a Gomocup engine ("brain") running as a child process and
// speaking the piskvork protocol on its standard input and output.
type pbrain struct {
	name  string
	cmd   *exec.Cmd
	in    io.WriteCloser
	lines chan line // stdout, line by line; closed when the process ends
}

// line is one line of an engine's output and when it arrived.
type line struct {
	text string
	at   time.Time
}

// errNoAnswer is returned when an engine does not answer in time.
var errNoAnswer = errors.New("no answer in time")

// errExited is returned when an engine's output ends: it crashed or quit.
var errExited = errors.New("the engine exited")

// startBrain starts the command line cmdline (a path, then arguments
// separated by spaces) in the directory of its program, as piskvork does, so
// that an engine finds its configuration files beside it.
func startBrain(ctx context.Context, name, cmdline string) (*pbrain, error) {
	args := strings.Fields(cmdline)
	if len(args) == 0 {
		return nil, fmt.Errorf("engine %s: empty command", name)
	}
	path, err := filepath.Abs(args[0])
	if err != nil {
		return nil, fmt.Errorf("engine %s: %w", name, err)
	}
	cmd := exec.CommandContext(ctx, path, args[1:]...)
	cmd.Dir = filepath.Dir(path)
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
	e := &pbrain{name: name, cmd: cmd, in: in, lines: make(chan line, 256)}
	go func() {
		sc := bufio.NewScanner(out)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			e.lines <- line{text: strings.TrimSpace(sc.Text()), at: time.Now()}
		}
		close(e.lines)
	}()
	return e, nil
}

// send writes one command.
func (e *pbrain) send(cmd string) error {
	if _, err := io.WriteString(e.in, cmd+"\n"); err != nil {
		return fmt.Errorf("engine %s: sending %q: %w", e.name, firstLine(cmd), err)
	}
	return nil
}

// chatter reports whether an output line is talk the manager ignores:
// anything that is neither a move ("x,y") nor an ERROR or UNKNOWN reply,
// such as MESSAGE, DEBUG and SUGGEST lines. Engines print odd things (one
// writes its search depth as a raw byte, which can be a line break), so only
// those replies count.
func chatter(text string) bool {
	if _, _, err := parseMove(text); err == nil {
		return false
	}
	word, _, _ := strings.Cut(text, " ")
	switch strings.ToUpper(word) {
	case "ERROR", "UNKNOWN", "OK":
		return false
	}
	return true
}

// answer waits up to timeout for the engine's next line that is not
// chatter, and returns it with its arrival time.
func (e *pbrain) answer(timeout time.Duration) (line, error) {
	timer := time.NewTimer(timeout)
	defer timer.Stop()
	for {
		select {
		case l, ok := <-e.lines:
			if !ok {
				return line{}, errExited
			}
			if !chatter(l.text) {
				return l, nil
			}
		case <-timer.C:
			return line{}, errNoAnswer
		}
	}
}

// parseMove reads an engine's move "x,y" (piskvork coordinates: from the
// top-left corner, 0-based). It checks the form only, not the board.
func parseMove(text string) (x, y int, err error) {
	xs, ys, ok := strings.Cut(text, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errX != nil || errY != nil {
		return 0, 0, fmt.Errorf("%q is not a move x,y", text)
	}
	return x, y, nil
}

// close says END and waits for the engine to go, killing it after a while.
func (e *pbrain) close() {
	_ = e.send("END") // it may be gone already; Wait tells
	e.in.Close()
	done := make(chan struct{})
	go func() {
		for range e.lines {
		}
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(2 * time.Second):
		_ = e.cmd.Process.Kill()
		<-done
	}
	_ = e.cmd.Wait() // the exit status of a closing engine does not matter
}

// kill ends the engine at once, for one that broke the rules or hangs.
func (e *pbrain) kill() {
	_ = e.cmd.Process.Kill()
	e.in.Close()
	for range e.lines {
	}
	_ = e.cmd.Wait()
}

func firstLine(s string) string {
	first, _, _ := strings.Cut(s, "\n")
	return first
}

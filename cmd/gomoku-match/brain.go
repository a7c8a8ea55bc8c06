package main

import (
	"context"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/engineproc"
	"github.com/tengen-bot/tengen/cmd/internal/pbrain"
)

// brain is a Gomocup engine ("brain") running as a child process and
// speaking the piskvork protocol on its standard input and output.
type brain struct{ *engineproc.Process }

// startBrain starts an engine as piskvork does (see pbrain.Start).
func startBrain(ctx context.Context, name, cmdline string) (*brain, error) {
	p, err := pbrain.Start(ctx, name, cmdline)
	if err != nil {
		return nil, err
	}
	return &brain{p}, nil
}

// chatter reports whether an output line is talk the manager ignores:
// anything that is neither a move ("x,y") nor an ERROR or UNKNOWN reply,
// such as MESSAGE, DEBUG and SUGGEST lines. Engines print odd things (one
// writes its search depth as a raw byte, which can be a line break), so only
// those replies count.
func chatter(text string) bool {
	if _, _, err := pbrain.ParseMove(text); err == nil {
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
// chatter, and returns it with its arrival time and the kind of move the
// engine said it was in a movekind message before it ("" when it said none;
// see moveKind). info is the INFO line sent just before the request ("" if
// none): the engine's refusals of it are not its answer, only counted in
// refused (see refusesInfo).
func (e *brain) answer(timeout time.Duration, info string) (l engineproc.Line, kind string, refused int, err error) {
	l, err = e.Await(timeout, func(text string) bool {
		if k, ok := moveKind(text); ok {
			kind = k
		}
		if refusesInfo(text, info) {
			refused++
			return false
		}
		return !chatter(text)
	})
	return l, kind, refused, err
}

// moveKind reads a line "MESSAGE movekind KIND ...", which pbrain-tengen
// writes before each move (KIND: forced, proved or searched), and returns
// KIND. ok is false for any other line.
func moveKind(text string) (kind string, ok bool) {
	f := strings.Fields(text)
	if len(f) < 3 || !strings.EqualFold(f[0], "MESSAGE") || f[1] != "movekind" {
		return "", false
	}
	return f[2], true
}

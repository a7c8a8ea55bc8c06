package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// FuzzParsePosition: any "position" arguments either fail with an error or
// give a game that, written back as "fen <set-up> moves <moves>", parses to
// the same position.
func FuzzParsePosition(f *testing.F) {
	for _, seed := range []string{
		"startpos",
		"startpos moves h3e3 h10g8",
		"fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
		"fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1 moves b1b10",
		"fen rnbakabnr/9 w",
		"startpos moves h3h10 z1z1",
		"moves",
	} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		g, err := parsePosition(strings.Fields(s))
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a message")
			}
			return
		}
		args := append([]string{"fen"}, strings.Fields(g.StartFEN())...)
		if moves := g.Moves(); len(moves) > 0 {
			args = append(append(args, "moves"), moves...)
		}
		h, err := parsePosition(args)
		if err != nil {
			t.Fatalf("%q parsed, but its round trip %q failed: %v", s, args, err)
		}
		p, q := g.Position(), h.Position()
		if p.FEN() != q.FEN() {
			t.Fatalf("%q: round trip gives %s, want %s", s, q.FEN(), p.FEN())
		}
	})
}

// format writes limits back as "go" arguments.
func (l goLimits) format() []string {
	var out []string
	add := func(k string, v int64) {
		if v != 0 {
			out = append(out, k, fmt.Sprint(v))
		}
	}
	add("movetime", l.moveTime.Milliseconds())
	add("wtime", l.wtime.Milliseconds())
	add("btime", l.btime.Milliseconds())
	add("winc", l.winc.Milliseconds())
	add("binc", l.binc.Milliseconds())
	add("movestogo", int64(l.movesToGo))
	add("depth", int64(l.depth))
	add("nodes", int64(l.nodes))
	add("perft", int64(l.perft))
	if l.infinite {
		out = append(out, "infinite")
	}
	return out
}

// FuzzParseGo: any "go" arguments either fail or round-trip through format,
// and the time budget is at least a millisecond unless there is no limit.
func FuzzParseGo(f *testing.F) {
	for _, seed := range []string{"movetime 100", "depth 5 nodes 1000", "wtime 60000 btime 59000 winc 1000 binc 1000 movestogo 20", "infinite", "perft 3", "depth", "nodes x", "mate 3"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, s string) {
		l, err := parseGo(strings.Fields(s))
		if err != nil {
			return
		}
		m, err := parseGo(l.format())
		if err != nil || m != l {
			t.Fatalf("%q: %+v formats as %q, which parses to %+v (%v)", s, l, l.format(), m, err)
		}
		for _, red := range []bool{true, false} {
			if b := l.budget(red); b < time.Millisecond && b != -1 {
				t.Fatalf("%q: budget %v", s, b)
			}
		}
	})
}

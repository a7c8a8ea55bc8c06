package main

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// runScript feeds a whole script to Run and returns its output lines.
func runScript(t *testing.T, script ...string) []string {
	t.Helper()
	var out strings.Builder
	in := strings.NewReader(strings.Join(script, "\n") + "\n")
	if err := Run(context.Background(), in, &out); err != nil {
		t.Fatalf("Run: %v", err)
	}
	return strings.Split(strings.TrimRight(out.String(), "\n"), "\n")
}

func TestHandshake(t *testing.T) {
	lines := runScript(t, "uci", "isready")
	want := map[string]bool{
		"id name Tengen": false,
		"option name UCI_Variant type combo default xiangqi var xiangqi": false,
		"option name Skill Level type spin default 20 min 0 max 20":      false,
		"uciok":   false,
		"readyok": false,
	}
	for _, l := range lines {
		if _, ok := want[l]; ok {
			want[l] = true
		}
	}
	for l, seen := range want {
		if !seen {
			t.Errorf("missing line %q in %q", l, lines)
		}
	}
	if lines[len(lines)-1] != "readyok" || lines[len(lines)-2] != "uciok" {
		t.Errorf("want uciok then readyok last, got %q", lines)
	}
}

var infoLine = regexp.MustCompile(`^info depth \d+ score (cp -?\d+|mate -?\d+) nodes \d+ nps \d+ time \d+ pv( [a-i]\d{1,2}[a-i]\d{1,2})+$`)

func TestGoDepth(t *testing.T) {
	tests := []struct {
		name   string
		script []string
		legal  string // FEN + moves the bestmove must be legal in
	}{
		{"startpos", []string{"position startpos", "go depth 3"}, xiangqi.StartFEN},
		{"startpos moves", []string{"position startpos moves h3e3 h10g8", "go depth 3"}, xiangqi.StartFEN + " moves h3e3 h10g8"},
		{"fen moves", []string{"ucinewgame", "position fen 1rbakabnr/9/2n4R1/pCp1p1p2/8p/2PN4P/P3c1P2/4B3N/4A4/1R2KAB2 b - - 3 12 moves b10b9", "go depth 3"},
			"1rbakabnr/9/2n4R1/pCp1p1p2/8p/2PN4P/P3c1P2/4B3N/4A4/1R2KAB2 b - - 3 12 moves b10b9"},
		{"nodes", []string{"position startpos", "go nodes 5000"}, xiangqi.StartFEN},
		{"movetime", []string{"setoption name Skill Level value 20", "position startpos", "go movetime 50"}, xiangqi.StartFEN},
		{"clock", []string{"position startpos moves h3e3", "go wtime 1000 btime 1000 winc 10 binc 10"}, xiangqi.StartFEN + " moves h3e3"},
		{"weak level", []string{"setoption name Skill Level value 0", "position startpos", "go depth 5"}, xiangqi.StartFEN},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			lines := runScript(t, tt.script...)
			last := lines[len(lines)-1]
			best, ok := strings.CutPrefix(last, "bestmove ")
			if !ok {
				t.Fatalf("last line %q, want bestmove (all: %q)", last, lines)
			}
			infos := 0
			for _, l := range lines[:len(lines)-1] {
				if !infoLine.MatchString(l) {
					t.Errorf("not an info line: %q", l)
				}
				infos++
			}
			if infos == 0 {
				t.Error("no info line before bestmove")
			}
			var g xiangqi.Game
			if err := g.UnmarshalText([]byte(tt.legal)); err != nil {
				t.Fatal(err)
			}
			if _, err := g.Play(best); err != nil {
				t.Fatalf("bestmove %s is not legal: %v", best, err)
			}
		})
	}
}

func TestBadInput(t *testing.T) {
	tests := []struct {
		cmd, want string
	}{
		{"position fen rnbakabnr/9/9 w", "info string position: bad FEN"},
		{"position startpos moves h3e3 h3e3", "info string position: move 2 (h3e3)"},
		{"position sideways", "info string position needs startpos or fen"},
		{"setoption name Skill Level value 99", "info string Skill Level must be a whole number from 0 to 20"},
		{"setoption name UCI_Variant value chess", "info string only the xiangqi variant is supported"},
		{"go depth x", "info string go depth needs a whole number"},
		{"go movetime -5", "info string go movetime needs a whole number from 0 up"},
		{"frobnicate", "info string unknown command: frobnicate"},
	}
	for _, tt := range tests {
		lines := runScript(t, tt.cmd)
		if !strings.HasPrefix(lines[0], tt.want) {
			t.Errorf("%q answered %q, want a line starting %q", tt.cmd, lines, tt.want)
		}
	}
	// After a bad position, go answers (none) rather than searching something else.
	lines := runScript(t, "position startpos moves z9z9", "go depth 2")
	if lines[len(lines)-1] != "bestmove (none)" {
		t.Errorf("go after a bad position: %q", lines)
	}
}

// pipeSession runs Run on pipes so that a test can talk to it line by line.
type pipeSession struct {
	t    *testing.T
	in   *io.PipeWriter
	out  *bufio.Scanner
	done chan error
}

func startSession(t *testing.T) *pipeSession {
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	s := &pipeSession{t: t, in: inW, out: bufio.NewScanner(outR), done: make(chan error, 1)}
	go func() {
		err := Run(context.Background(), inR, outW)
		outW.Close()
		s.done <- err
	}()
	return s
}

func (s *pipeSession) send(cmd string) {
	if _, err := io.WriteString(s.in, cmd+"\n"); err != nil {
		s.t.Fatalf("send %q: %v", cmd, err)
	}
}

// expect reads lines until one starts with prefix and returns it.
func (s *pipeSession) expect(prefix string) string {
	for s.out.Scan() {
		if strings.HasPrefix(s.out.Text(), prefix) {
			return s.out.Text()
		}
	}
	s.t.Fatalf("output ended before a line starting %q", prefix)
	return ""
}

func TestGoInfiniteAndStop(t *testing.T) {
	s := startSession(t)
	s.send("position startpos")
	s.send("go infinite")
	s.expect("info depth 3 ")
	s.send("isready")
	s.expect("readyok") // answered while searching
	s.send("stop")
	best := s.expect("bestmove ")
	if _, err := xiangqi.NewGame().Play(strings.TrimPrefix(best, "bestmove ")); err != nil {
		t.Fatalf("%q: %v", best, err)
	}
	s.send("quit")
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

func TestGoInfiniteWaitsForStopAfterMate(t *testing.T) {
	// The mate is found at once, but "go infinite" answers only after stop.
	s := startSession(t)
	s.send("position fen 4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	s.send("go infinite")
	s.expect("info depth 1 score mate 1")
	s.send("isready")
	l := s.expect("")
	for strings.HasPrefix(l, "info ") {
		l = s.expect("")
	}
	if l != "readyok" {
		t.Fatalf("after the mate and isready: %q, want readyok before any bestmove", l)
	}
	s.send("stop")
	if l := s.expect("bestmove"); l != "bestmove b1b10" {
		t.Fatalf("%q, want bestmove b1b10", l)
	}
	s.in.Close()
	if err := <-s.done; err != nil {
		t.Fatal(err)
	}
}

func TestSkillToLevel(t *testing.T) {
	for _, tt := range []struct{ skill, level int }{{0, 1}, {1, 1}, {2, 1}, {3, 2}, {10, 5}, {18, 9}, {19, 10}, {20, 10}} {
		if got := SkillToLevel(tt.skill); got != tt.level {
			t.Errorf("SkillToLevel(%d) = %d, want %d", tt.skill, got, tt.level)
		}
	}
}

// perftLines returns the "move: count" lines and the total of a go perft answer.
func perftLines(t *testing.T, lines []string) (moves []string, total string) {
	t.Helper()
	for _, l := range lines {
		switch {
		case strings.HasPrefix(l, "Nodes searched: "):
			total = l
		case strings.Contains(l, ": "):
			moves = append(moves, l)
		}
	}
	sort.Strings(moves)
	return moves, total
}

func TestPerft(t *testing.T) {
	var out strings.Builder
	if err := Run(context.Background(), strings.NewReader("position startpos\ngo perft 2\n"), &out); err != nil {
		t.Fatal(err)
	}
	moves, total := perftLines(t, strings.Split(out.String(), "\n"))
	if len(moves) != 44 || total != "Nodes searched: 1920" {
		t.Fatalf("perft 2 from the start: %d moves, %q; want 44 moves and 1920 nodes", len(moves), total)
	}
	if !strings.HasSuffix(out.String(), ": 44\n\nNodes searched: 1920\n\n") {
		t.Fatalf("perft answer does not end like fairy-stockfish's (move lines, blank, total, blank): %q", out.String())
	}
}

func fairyStockfish(t *testing.T) string {
	path, err := exec.LookPath("fairy-stockfish")
	if err != nil {
		path = "/usr/games/fairy-stockfish"
	}
	if _, err := os.Stat(path); err != nil {
		t.Skip("SKIPPED: fairy-stockfish is not installed (apt-get install fairy-stockfish); cannot compare perft output")
	}
	return path
}

func TestPerftMatchesFairyStockfish(t *testing.T) {
	fsf := fairyStockfish(t)
	for _, pos := range []string{
		"startpos moves h3e3 h10g8 h1g3",
		"fen 1rbakabnr/9/2n4R1/pCp1p1p2/8p/2PN4P/P3c1P2/4B3N/4A4/1R2KAB2 b - - 3 12",
	} {
		ours, ourTotal := perftLines(t, runScript(t, "position "+pos, "go perft 3"))
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		cmd := exec.CommandContext(ctx, fsf)
		cmd.Stdin = strings.NewReader("setoption name UCI_Variant value xiangqi\nposition " + pos + "\ngo perft 3\nquit\n")
		out, err := cmd.Output()
		cancel()
		if err != nil {
			t.Fatalf("fairy-stockfish: %v", err)
		}
		var fsfLines []string
		for _, l := range strings.Split(string(out), "\n") {
			if strings.HasPrefix(l, "Nodes searched") || regexp.MustCompile(`^[a-i]\d+[a-i]\d+: \d+$`).MatchString(l) {
				fsfLines = append(fsfLines, l)
			}
		}
		theirs, theirTotal := perftLines(t, fsfLines)
		if ourTotal != theirTotal || strings.Join(ours, "\n") != strings.Join(theirs, "\n") {
			t.Errorf("position %s: ours %s (%d moves), fairy-stockfish %s (%d moves)", pos, ourTotal, len(ours), theirTotal, len(theirs))
		}
	}
}

package main

import (
	"bufio"
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// TestMain lets the test binary pose as a broken UCI engine when
// XIANGQI_MATCH_FAKE=illegal is set: it answers every go with an illegal
// move.
func TestMain(m *testing.M) {
	if mode := os.Getenv("XIANGQI_MATCH_FAKE"); mode != "" {
		fakeEngine(mode)
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func fakeEngine(mode string) {
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		switch f := strings.Fields(sc.Text()); {
		case len(f) == 0:
		case f[0] == "uci":
			fmt.Println("id name fake\nuciok")
		case f[0] == "isready":
			fmt.Println("readyok")
		case f[0] == "go" && mode == "illegal":
			fmt.Println("bestmove a1a9")
		case f[0] == "quit":
			return
		}
	}
}

func TestOpeningsAreLegalAndDistinct(t *testing.T) {
	seen := map[string]bool{}
	for _, line := range openings {
		g := xiangqi.NewGame()
		moves := openingMoves(line)
		if len(moves) < 2 || len(moves) > 6 {
			t.Errorf("opening %q has %d plies, want 2-6", line, len(moves))
		}
		for _, m := range moves {
			if _, err := g.Play(m); err != nil {
				t.Errorf("opening %q: %s: %v", line, m, err)
			}
		}
		p := g.Position()
		if seen[p.FEN()] {
			t.Errorf("opening %q repeats an earlier one's position", line)
		}
		seen[p.FEN()] = true
	}
	if len(openings) < 24 {
		t.Errorf("only %d openings", len(openings))
	}
}

// buildEngine builds cmd/tengen-uci into a temporary directory.
func buildEngine(t *testing.T) string {
	t.Helper()
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("SKIPPED: the go tool is not on PATH; cannot build tengen-uci for a match")
	}
	bin := filepath.Join(t.TempDir(), "tengen-uci")
	out, err := exec.Command(goTool, "build", "-o", bin, "../tengen-uci").CombinedOutput()
	if err != nil {
		t.Fatalf("go build tengen-uci: %v\n%s", err, out)
	}
	return bin
}

func TestMatchSelfPlay(t *testing.T) {
	bin := buildEngine(t)
	var out strings.Builder
	err := run(context.Background(), []string{"-a", bin, "-b", bin, "-aname", "A", "-bname", "B",
		"-bopt", "Skill Level=0", "-games", "2", "-movetime", "20ms", "-maxplies", "24"}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	s := out.String()
	for _, want := range []string{"game   1: A as red", "game   2: A as black", "A v B, 20ms per move, 2 games:", "W/D/L "} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

// TestNodeBudget: -nodes plays each move on a node budget, varied by ±10%
// so that the same opening does not replay the same game.
func TestNodeBudget(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	seen := map[string]bool{}
	for range 50 {
		cmd := config{nodes: 1000}.goCommand(rng)
		var n int
		if _, err := fmt.Sscanf(cmd, "go nodes %d", &n); err != nil || n < 900 || n > 1100 {
			t.Fatalf("goCommand = %q, want go nodes 900..1100", cmd)
		}
		seen[cmd] = true
	}
	if len(seen) < 10 {
		t.Errorf("only %d distinct budgets in 50 moves", len(seen))
	}
	if cmd := (config{moveTime: 100 * time.Millisecond}).goCommand(rng); cmd != "go movetime 100" {
		t.Errorf("goCommand without nodes = %q", cmd)
	}

	bin := buildEngine(t)
	var out strings.Builder
	err := run(context.Background(), []string{"-a", bin, "-b", bin, "-aname", "A", "-bname", "B",
		"-games", "2", "-nodes", "2000", "-maxplies", "16"}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	if s := out.String(); !strings.Contains(s, "A v B, 2000 nodes per move, 2 games:") {
		t.Errorf("output:\n%s", s)
	}
}

func TestIllegalMoveLoses(t *testing.T) {
	bin := buildEngine(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("XIANGQI_MATCH_FAKE", "illegal")
	var out strings.Builder
	err = run(context.Background(), []string{"-a", bin, "-b", self, "-aname", "A", "-bname", "fake",
		"-games", "2", "-movetime", "20ms"}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	s := out.String()
	if !strings.Contains(s, "illegal move a1a9 by fake") || !strings.Contains(s, "W/D/L 2/0/0") {
		t.Errorf("the fake engine's illegal moves did not lose both games:\n%s", s)
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{{}, {"-a", "x"}, {"-a", "x", "-b", "y", "-games", "0"}, {"-a", "x", "-b", "y", "-nodes", "-5"}} {
		if err := run(context.Background(), args, &strings.Builder{}); err == nil {
			t.Errorf("run(%q) succeeded", args)
		}
	}
	err := run(context.Background(), []string{"-a", "/nonexistent/engine", "-b", "/nonexistent/engine"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Errorf("missing engine: %v", err)
	}
}

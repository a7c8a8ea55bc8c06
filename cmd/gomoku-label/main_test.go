package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestMain lets the test binary pose as a judging engine when its first
// argument is "fake:MODE" (see fakeJudge).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], "fake:") {
		fakeJudge(strings.TrimPrefix(os.Args[1], "fake:"))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeJudge answers BOARD as Rapfi does with SHOW_DETAIL 2: INFO EVAL lines
// and MESSAGE depth lines, then a summary and a move. Its evaluation is ten
// times the number of stones, negated for white to move, or a mate when the
// position has nine stones. mode "mute" moves without an evaluation, "crash"
// exits on BOARD; "budget" gives as its evaluation the node budget in use
// (INFO max_node), and for an odd number of stones it prints "Eval VAL_NONE"
// below 400 nodes, as Rapfi does when its first depth does not finish.
func fakeJudge(mode string) {
	sc := bufio.NewScanner(os.Stdin)
	budget := 0
	for sc.Scan() {
		cmd := strings.ToUpper(strings.TrimSpace(sc.Text()))
		switch {
		case strings.HasPrefix(cmd, "INFO MAX_NODE "):
			var err error
			if budget, err = strconv.Atoi(strings.TrimPrefix(cmd, "INFO MAX_NODE ")); err != nil {
				fmt.Fprintln(os.Stderr, "fake judge:", err)
				os.Exit(2)
			}
		case cmd == "START 15":
			fmt.Println("OK")
		case cmd == "END":
			return
		case cmd == "BOARD":
			n := 0
			for sc.Scan() && !strings.EqualFold(strings.TrimSpace(sc.Text()), "DONE") {
				n++
			}
			if mode == "crash" {
				os.Exit(3)
			}
			ev := fmt.Sprint(10 * n)
			if n%2 == 1 {
				ev = fmt.Sprint(-10 * n)
			}
			if n == 9 {
				ev = "-M3"
			}
			if mode == "budget" {
				if n%2 == 1 && budget < 400 {
					ev = "VAL_NONE"
				} else {
					ev = fmt.Sprint(budget)
				}
			}
			switch mode {
			case "mute":
			case "budget":
				fmt.Printf("MESSAGE Speed 10K | Depth 0-0 | Eval %s | Node 10K | Time 1ms\n", ev)
			default:
				fmt.Println("INFO EVAL 1")
				fmt.Println("MESSAGE Depth 2-3 | Eval 1 | Time 0ms | H8")
				fmt.Printf("MESSAGE Speed 10K | Depth 9-12 | Eval %s | Node 10K | Time 1ms\n", ev)
			}
			fmt.Println("0,0")
		}
	}
}

func fakeEngine(t *testing.T, mode string) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return self + " fake:" + mode
}

// TestLabel checks that each position gets the engine's final evaluation,
// with its extra fields kept, in input order, with several engines at once.
func TestLabel(t *testing.T) {
	in := "h8 i9 j8\t1\t0\nh8 i9 j8 h9\t1\t-\n\nh8 i9 j8 h9 h10 a1 a2 a3 a4\t2\t1\nh8\t3\t0.5\n"
	var out strings.Builder
	cfg := config{cmdline: fakeEngine(t, "ok"), nodes: 100, timeout: 5 * time.Second}
	if err := label(context.Background(), cfg, 2, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := "h8 i9 j8\t1\t0\t-30\nh8 i9 j8 h9\t1\t-\t40\nh8 i9 j8 h9 h10 a1 a2 a3 a4\t2\t1\t-30000\nh8\t3\t0.5\t-10\n"
	if out.String() != want {
		t.Errorf("labelled:\n%s\nwant:\n%s", out.String(), want)
	}
}

// TestLabelRetries checks that a position the engine gives no evaluation
// for is asked again with twice the nodes until it gets one, and that the
// next position is asked with -nodes again.
func TestLabelRetries(t *testing.T) {
	in := "h8\t1\nh8 i9\t1\nh8 i9 j8\t2\n"
	var out strings.Builder
	cfg := config{cmdline: fakeEngine(t, "budget"), nodes: 100, timeout: 5 * time.Second}
	if err := label(context.Background(), cfg, 1, strings.NewReader(in), &out); err != nil {
		t.Fatal(err)
	}
	want := "h8\t1\t400\nh8 i9\t1\t100\nh8 i9 j8\t2\t400\n"
	if out.String() != want {
		t.Errorf("labelled:\n%s\nwant:\n%s", out.String(), want)
	}
	cfg.nodes = 40 // 8 times is 320: still none
	err := label(context.Background(), cfg, 1, strings.NewReader("h8\n"), &out)
	if want := `position "h8": the engine moved without printing an evaluation, at up to 320 nodes`; err == nil || err.Error() != want {
		t.Errorf("at 40 nodes: error %v, want %q", err, want)
	}
}

// TestLabelErrors checks that a position the engine cannot judge, or one
// that is not a position, stops the run with an error naming it.
func TestLabelErrors(t *testing.T) {
	for _, c := range []struct{ mode, in, want string }{
		{"mute", "h8 i9\n", `position "h8 i9": the engine moved without printing an evaluation`},
		{"crash", "h8 i9\n", `position "h8 i9"`},
		{"ok", "h8 h8\n", `move 2 (h8) of "h8 h8"`},
		{"ok", "h8 i9 z99\n", `move 3 (z99)`},
		{"ok", "a1 o1 a2 o2 a3 o3 a4 o4 a5 o5\n", "the game is over"},
	} {
		cfg := config{cmdline: fakeEngine(t, c.mode), nodes: 100, timeout: 5 * time.Second}
		var out strings.Builder
		err := label(context.Background(), cfg, 1, strings.NewReader(c.in), &out)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s, %q: error %v, want one containing %q", c.mode, c.in, err, c.want)
		}
	}
}

func TestEvalIn(t *testing.T) {
	for _, c := range []struct {
		line string
		v    int
		ok   bool
	}{
		{"INFO EVAL -40", -40, true},
		{"INFO EVAL M4", mate, true},
		{"MESSAGE Depth 11-16 | Eval -61 | Time 14ms | I7 I8", -61, true},
		{"MESSAGE Speed 24500 | Depth 26-2 | Eval -M4 | Node 49 | Time 2ms", -mate, true},
		{"MESSAGE Speed 714K | Depth 11-16 | Eval +M2 | Node 10K", mate, true},
		{"INFO EVALX 3", 0, false},
		{"DEBUG | Eval 5 |", 0, false},
		{"MESSAGE x | Eval Mx |", 0, false},
		{"8,6", 0, false},
	} {
		v, ok := evalIn(c.line)
		if v != c.v || ok != c.ok {
			t.Errorf("evalIn(%q) = %d, %v; want %d, %v", c.line, v, ok, c.v, c.ok)
		}
	}
}

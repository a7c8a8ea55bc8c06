package main

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/gomoku/ai"
)

// session runs the brain on the script (one command per line) and returns
// its answer lines, without the MESSAGE lines before its moves.
func session(t *testing.T, level int, script ...string) []string {
	t.Helper()
	var answers []string
	for _, l := range rawSession(t, level, script...) {
		if !strings.HasPrefix(l, movePrefix) {
			answers = append(answers, l)
		}
	}
	return answers
}

// rawSession is session with every line the brain writes.
func rawSession(t *testing.T, level int, script ...string) []string {
	t.Helper()
	var out bytes.Buffer
	in := strings.NewReader(strings.Join(script, "\r\n") + "\r\n")
	if err := newBrain(level).run(context.Background(), in, &out); err != nil {
		t.Fatalf("run: %v", err)
	}
	text := strings.TrimRight(out.String(), "\n")
	if text == "" {
		return nil
	}
	return strings.Split(text, "\n")
}

// TestMoveMessages: every move comes right after a MESSAGE line that says
// what kind of move it is.
func TestMoveMessages(t *testing.T) {
	got := rawSession(t, 10, "START 15", "INFO timeout_turn 300", "INFO max_node 2000",
		// The brain's four in the top row: five at 4,0.
		"BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "7,7,2", "7,8,2", "7,9,2", "10,10,2", "DONE",
		"RESTART",
		// The opponent's four on the bottom row: a forced block.
		"BOARD", "5,14,2", "6,14,2", "7,14,2", "8,14,2", "7,7,1", "3,3,1", "11,3,1", "DONE",
		"RESTART",
		// A quiet opening: the main search runs to its node budget.
		"BOARD", "7,7,2", "7,6,1", "5,5,2", "DONE")
	want := []string{
		"OK",
		"MESSAGE movekind forced by=five depth=0 nodes=0", "4,0",
		"OK",
		"MESSAGE movekind forced by=block depth=0 nodes=0", "*",
		"OK",
		"MESSAGE movekind searched by=search *", "*",
	}
	if len(got) != len(want) {
		t.Fatalf("lines %q, want %q", got, want)
	}
	for i, w := range want {
		if pre, ok := strings.CutSuffix(w, "*"); !ok && got[i] != w || ok && !strings.HasPrefix(got[i], pre) {
			t.Errorf("line %d = %q, want %q", i, got[i], w)
		}
	}
}

func TestMoveKind(t *testing.T) {
	for _, tc := range []struct {
		r    ai.Result
		want string
	}{
		{ai.Result{By: "five"}, kindForced},
		{ai.Result{By: "block"}, kindForced},
		{ai.Result{By: "vcf", Score: ai.WinScore - 7}, kindForced},
		{ai.Result{By: "vct", Score: ai.WinScore - 11}, kindForced},
		{ai.Result{By: "search", Roots: 1, Depth: 1}, kindForced},
		{ai.Result{By: "search", Roots: 9, Depth: 5, Score: ai.WinScore - 9}, kindProved},
		{ai.Result{By: "search", Roots: 9, Depth: 3, Score: -(ai.WinScore - 4)}, kindProved},
		{ai.Result{By: "search", Roots: 9, Depth: 7, Score: 120}, kindSearched},
		{ai.Result{By: "random", Roots: 0}, kindSearched},
	} {
		msg := moveMessage(tc.r)
		if kind, _, _ := strings.Cut(strings.TrimPrefix(msg, movePrefix), " "); !strings.HasPrefix(msg, movePrefix) || kind != tc.want {
			t.Errorf("%+v: %q, want kind %s", tc.r, msg, tc.want)
		}
	}
}

func TestProtocolSessions(t *testing.T) {
	tests := []struct {
		name   string
		script []string
		want   []string // exact answers; "*" matches any line
	}{
		{"start and first move", []string{"START 15", "INFO timeout_turn 200", "BEGIN", "END"},
			[]string{"OK", "7,7"}},
		{"19x19 centre", []string{"START 19", "INFO timeout_turn 200", "BEGIN"},
			[]string{"OK", "9,9"}},
		{"about", []string{"ABOUT"}, []string{protocolName}},
		{"bad size", []string{"START 20", "START x"},
			[]string{`ERROR unsupported board size "20": only 15 and 19`, `ERROR unsupported board size "x": only 15 and 19`}},
		{"no board yet", []string{"TURN 1,1", "BEGIN", "RESTART"},
			[]string{"ERROR " + errNoGame, "ERROR " + errNoGame, "ERROR " + errNoGame}},
		{"bad turns", []string{"START 15", "TURN 15,0", "TURN 3", "TURN 7,7", "TURN 7,7"},
			[]string{"OK", "ERROR 15,0 is off the 15×15 board", `ERROR "3" is not a point: write x,y`, "*",
				"ERROR move 7,7 refused: h8 is already taken"}},
		{"unknown command and bad info", []string{"FOO bar", "INFO timeout_turn soon", "INFO folder /tmp"},
			[]string{"UNKNOWN unsupported command FOO", `ERROR INFO timeout_turn needs a non-negative number, not "soon"`}},
		// The brain's four in the top row (x 0..3, y 0) must become five at 4,0:
		// piskvork counts y from the top.
		{"board completes five at the top", []string{"START 15", "INFO timeout_turn 500",
			"BOARD", "0,0,1", "1,0,1", "2,0,1", "3,0,1", "7,7,2", "7,8,2", "7,9,2", "10,10,2", "DONE"},
			[]string{"OK", "4,0"}},
		// The opponent's four on the bottom row (y 14) must be blocked.
		{"board blocks four at the bottom", []string{"START 15", "INFO timeout_turn 500",
			"BOARD", "5,14,2", "6,14,2", "7,14,2", "8,14,2", "7,7,1", "3,3,1", "11,3,1", "DONE"},
			[]string{"OK", "*"}},
		{"takeback", []string{"START 15", "TURN 7,7", "TAKEBACK 0,0", "YXBOARD", "1,1,2", "DONE", "TAKEBACK 1,1", "TAKEBACK 1,1"},
			[]string{"OK", "*", "ERROR 0,0 is not the last move", "OK", "ERROR 1,1 is not the last move"}},
		{"board who", []string{"START 15", "BOARD", "1,1,3", "DONE", "BOARD", "1,1,1", "2,2,1", "DONE"},
			[]string{"OK", `ERROR "1,1,3": who must be 1 (own) or 2 (opponent)`, "ERROR 2 own and 0 opponent stones: the brain must be to move"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := session(t, 5, tt.script...)
			if len(got) != len(tt.want) {
				t.Fatalf("answers %q, want %d lines %q", got, len(tt.want), tt.want)
			}
			for i := range got {
				if tt.want[i] != "*" && got[i] != tt.want[i] {
					t.Errorf("answer %d = %q, want %q", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestBlocksFourAtBottom(t *testing.T) {
	got := session(t, 10, "START 15", "INFO timeout_turn 500",
		"BOARD", "5,14,2", "6,14,2", "7,14,2", "8,14,2", "7,7,1", "3,3,1", "11,3,1", "DONE")
	if len(got) != 2 || (got[1] != "4,14" && got[1] != "9,14") {
		t.Fatalf("answers %q, want OK then the block 4,14 or 9,14", got)
	}
}

func TestRenjuForbidAndRule(t *testing.T) {
	// Black (to move, the brain's side) has i8 j8 and h9 h10: h8, which is
	// x 7, y 7 from the top-left, is a double three.
	board := []string{"YXBOARD", "8,7,1", "9,7,1", "7,6,1", "7,5,1", "0,14,2", "14,14,2", "0,0,2", "14,0,2", "DONE"}
	script := append([]string{"START 15", "INFO rule 4"}, board...)
	script = append(script, "YXSHOWFORBID", "INFO rule 0", "YXSHOWFORBID")
	got := session(t, 5, script...)
	want := []string{"OK", "FORBID 0707.", "FORBID ."}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Fatalf("answers %q, want %q", got, want)
	}
	// The opponent's move for black onto h8 is refused under renju.
	b := newBrain(5)
	if msg := b.start("15"); msg != "OK" {
		t.Fatal(msg)
	}
	b.info("rule 4")
	g, err := gomoku.ParseGame("15 renju: i8 a1 j8 o1 h9 a15 h10 o15")
	if err != nil {
		t.Fatal(err)
	}
	b.game = g
	if msg := b.opponent("7,7"); msg != "ERROR move 7,7 refused: black may not play a double three at h8" {
		t.Fatalf("TURN 7,7 answered %q, want a refusal of the double three", msg)
	}
}

func TestSwitchRuleKeepsGame(t *testing.T) {
	got := session(t, 3, "START 15", "INFO timeout_turn 100", "TURN 7,7", "INFO rule 1", "TURN 0,0", "INFO rule 5")
	if len(got) != 3 || got[0] != "OK" {
		t.Fatalf("answers %q", got)
	}
}

func TestBudget(t *testing.T) {
	b := newBrain(10)
	for _, tc := range []struct {
		info []string
		want string
	}{
		{nil, "4.497s"},
		{[]string{"timeout_turn 1000"}, "897ms"},
		{[]string{"timeout_turn 200"}, "177ms"},
		{[]string{"timeout_turn 50"}, "42ms"},
		{[]string{"timeout_turn 10"}, "6ms"},
		{[]string{"timeout_turn 4"}, "2ms"},
		{[]string{"timeout_turn 10000", "timeout_match 60000", "time_left 30000"}, "1.797s"},
	} {
		for _, i := range tc.info {
			if msg := b.info(i); msg != "" {
				t.Fatal(msg)
			}
		}
		if got := b.budget().String(); got != tc.want {
			t.Errorf("after %v budget = %s, want %s", tc.info, got, tc.want)
		}
	}
}

// TestTablesAndNodes: the tables are made and cleared at START, shrunk at
// once for a smaller max_memory, grown only at the next game for a larger
// one when turns are short; max_node reaches the engine.
func TestTablesAndNodes(t *testing.T) {
	b := newBrain(10)
	if msg := b.start("15"); msg != "OK" {
		t.Fatal(msg)
	}
	if b.engine == nil || b.ttSize != defaultMemory/ttShare {
		t.Fatalf("after START: engine %v, table size %d", b.engine != nil, b.ttSize)
	}
	b.info("timeout_turn 200")
	b.info("max_memory 8388608")
	if b.ttSize != 4<<20 {
		t.Errorf("max_memory 8 MiB: tables of %d bytes, want 4 MiB", b.ttSize)
	}
	b.info("max_memory 134217728")
	if b.ttSize != 4<<20 {
		t.Errorf("a larger max_memory at 200 ms turns resized the tables mid-game to %d", b.ttSize)
	}
	if msg := b.restart(); msg != "OK" || b.ttSize != 64<<20 {
		t.Errorf("RESTART: %s, tables of %d bytes, want 64 MiB", msg, b.ttSize)
	}
	for _, tc := range []struct {
		value string
		want  uint64
		msg   string
	}{{"20000", 20000, ""}, {"0", 0, ""}, {"-1", 0, ""}, {"many", 0, `ERROR INFO max_node needs a number, not "many"`}} {
		b.maxNodes = 7
		if msg := b.info("max_node " + tc.value); msg != tc.msg || (msg == "" && b.maxNodes != tc.want) {
			t.Errorf("max_node %s: %q, %d nodes", tc.value, msg, b.maxNodes)
		}
	}
	// A node budget makes the brain's moves reproducible.
	play := func() string {
		got := session(t, 10, "START 15", "INFO timeout_turn 5000", "INFO max_node 3000",
			"BOARD", "7,7,2", "7,6,1", "5,5,2", "DONE", "TURN 9,9", "TURN 3,8")
		return strings.Join(got, " ")
	}
	if a, b := play(), play(); a != b {
		t.Errorf("same node budget, different moves: %s and %s", a, b)
	}
}

package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/pbrain"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// TestMain lets the test binary pose as a pbrain engine when its first
// argument is "fake:MODE" (see fakeBrain).
func TestMain(m *testing.M) {
	if len(os.Args) > 1 && strings.HasPrefix(os.Args[1], "fake:") {
		fakeBrain(strings.TrimPrefix(os.Args[1], "fake:"))
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// fakeBrain speaks just enough of the protocol for the judge's tests. Its
// answer to BEGIN, TURN and BOARD depends on mode:
//
//	fixed:X,Y  always X,Y
//	scan       the first empty point in reading order, after some chatter
//	crash      it exits
//	silent     nothing
//	error      an ERROR line
//	busy       as scan, but it drops a command that comes within 10 ms of
//	           its answer, as Rapfi does while it winds down
//	labelled   as scan, but it says before each move what kind it is, as
//	           pbrain-tengen does: forced, then searched, then proved, over
//	wordy      as scan, but it reads words, not lines (see wordyBrain)
func fakeBrain(mode string) {
	if mode == "wordy" {
		wordyBrain()
		return
	}
	var b fakeBoard
	var answered time.Time
	moves := 0
	sc := bufio.NewScanner(os.Stdin)
	for sc.Scan() {
		cmd, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		if mode == "busy" && time.Since(answered) < 10*time.Millisecond {
			continue
		}
		switch strings.ToUpper(cmd) {
		case "START":
			fmt.Println("OK")
			continue
		case "END":
			return
		case "TURN":
			b.mark(arg)
		case "BOARD":
			for sc.Scan() && !strings.EqualFold(strings.TrimSpace(sc.Text()), "DONE") {
				b.markStone(strings.TrimSpace(sc.Text()))
			}
		case "BEGIN":
		default:
			continue
		}
		switch {
		case strings.HasPrefix(mode, "fixed:"):
			fmt.Println(strings.TrimPrefix(mode, "fixed:"))
		case mode == "scan" || mode == "busy" || mode == "labelled":
			if mode == "labelled" {
				fmt.Printf("MESSAGE movekind %s by=fake depth=0 nodes=0\n", [3]string{"forced", "searched", "proved"}[moves%3])
				moves++
			}
			fmt.Println("MESSAGE thinking hard")
			fmt.Println("\x0e ev 12") // junk, as some engines print
			fmt.Println(b.play())
			answered = time.Now()
		case mode == "crash":
			os.Exit(3)
		case mode == "error":
			fmt.Println("ERROR cannot think")
		}
	}
}

// wordyBrain reads its commands a word at a time, as Rapfi does, and, like
// Rapfi on a loaded machine, drops the first word that comes after each of
// its moves, still counting itself as thinking: so "INFO time_left N" loses
// its "INFO" and the two words left are refused as unknown commands before
// it answers the request that follows. It plays the first empty point in
// reading order.
func wordyBrain() {
	var b fakeBoard
	sc := bufio.NewScanner(os.Stdin)
	sc.Split(bufio.ScanWords)
	// word reads a command's next word; input that ends inside a command
	// ends the fake as END would, rather than reading "" as a word.
	word := func() string {
		if !sc.Scan() {
			os.Exit(0)
		}
		return sc.Text()
	}
	thinking := false
	for sc.Scan() {
		cmd := strings.ToUpper(sc.Text())
		if thinking && cmd != "END" {
			thinking = false
			continue
		}
		switch cmd {
		case "START":
			word()
			fmt.Println("OK")
			continue
		case "INFO":
			word()
			word()
			continue
		case "END":
			return
		case "TURN":
			b.mark(word())
		case "BOARD":
			for w := word(); !strings.EqualFold(w, "DONE"); w = word() {
				b.markStone(w)
			}
		case "BEGIN":
		default:
			fmt.Println("ERROR Unknown command: " + cmd)
			continue
		}
		fmt.Println(b.play())
		thinking = true
	}
}

// fakeBoard is the fakes' view of the board: the points taken.
type fakeBoard [15][15]bool

// mark takes the point of a move "x,y".
func (b *fakeBoard) mark(move string) {
	if x, y, err := pbrain.ParseMove(move); err == nil && x >= 0 && y >= 0 && x < 15 && y < 15 {
		b[y][x] = true
	}
}

// markStone takes the point of a BOARD line "x,y,who".
func (b *fakeBoard) markStone(line string) { b.mark(line[:strings.LastIndexByte(line, ',')]) }

// play takes the first empty point in reading order and returns it as a
// move "x,y".
func (b *fakeBoard) play() string {
	for i := range 225 {
		if x, y := i%15, i/15; !b[y][x] {
			b[y][x] = true
			return fmt.Sprintf("%d,%d", x, y)
		}
	}
	return "ERROR board full"
}

// fake returns a player that runs this test binary as a fake brain.
func fake(t *testing.T, mode string) player {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	return player{name: mode, cmdline: self + " fake:" + mode, grace: 50 * time.Millisecond}
}

// points reads an opening in canonical notation.
func points(t *testing.T, moves string) []gomoku.Point {
	t.Helper()
	var out []gomoku.Point
	for _, m := range strings.Fields(moves) {
		p, err := gomoku.ParsePoint(m, gomoku.Small)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, p)
	}
	return out
}

func testConfig(rule gomoku.Rule) config {
	return config{size: gomoku.Small, rule: rule, turn: 100 * time.Millisecond, match: 100 * time.Second, memory: 1 << 20, startup: 10 * time.Second}
}

// TestJudge plays one move of a fake black engine in a prepared position
// and checks how the judge rules.
func TestJudge(t *testing.T) {
	// Black to move with four in a row on row 8 (h8..k8), and a double
	// three at h8 under renju for the second position.
	four := "h8 a1 i8 a3 j8 a5 k8 a7"
	doubleThree := "f8 a1 g8 a3 h6 a5 h7 a7"
	tests := []struct {
		name, opening, mode string
		rule                gomoku.Rule
		winner              engine.Side
		reason              engine.Reason
		detail              string
	}{
		{"five", four, "fixed:11,7", gomoku.Freestyle, gomoku.Black, engine.Five, "black wins by five in a row"},
		{"occupied", four, "fixed:7,7", gomoku.Freestyle, gomoku.White, engine.Resignation, "black (fixed:7,7) played h8, an occupied point"},
		{"off the board", four, "fixed:15,3", gomoku.Freestyle, gomoku.White, engine.Resignation, "played 15,3, off the board"},
		{"foul", doubleThree, "fixed:7,7", gomoku.Renju, gomoku.White, engine.Resignation, "played h8, forbidden (double three)"},
		{"not a move", four, "error", gomoku.Freestyle, gomoku.White, engine.Resignation, `answered "ERROR cannot think", not a move`},
		{"crash", four, "crash", gomoku.Freestyle, gomoku.White, engine.Resignation, "crashed"},
		{"silent", four, "silent", gomoku.Freestyle, gomoku.White, engine.Timeout, "gave no move within 150ms (turn 100ms, grace 50ms)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r, err := playGame(context.Background(), fake(t, tt.mode), fake(t, "scan"), points(t, tt.opening), testConfig(tt.rule))
			if err != nil {
				t.Fatal(err)
			}
			if r.outcome.Status != engine.Win || r.outcome.Winner != tt.winner || r.outcome.Reason != tt.reason {
				t.Errorf("outcome %+v (%s), want a win for %v by %v", r.outcome, r.detail, tt.winner, tt.reason)
			}
			if !strings.Contains(r.detail, tt.detail) {
				t.Errorf("detail %q, want it to say %q", r.detail, tt.detail)
			}
		})
	}
}

// TestFreestyleAllowsDoubleThree: the same move is no foul in freestyle.
func TestFreestyleAllowsDoubleThree(t *testing.T) {
	cfg := testConfig(gomoku.Freestyle)
	cfg.maxPlies = 20
	r, err := playGame(context.Background(), fake(t, "fixed:7,7"), fake(t, "scan"), points(t, "f8 a1 g8 a3 h6 a5 h7 a7"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// Black's second answer, h8 again, is then occupied.
	if r.plies != 10 || r.outcome.Winner != gomoku.White || !strings.Contains(r.detail, "occupied") {
		t.Errorf("after %d plies: %s", r.plies, r.detail)
	}
}

// TestWholeGame: two scanning fakes fill the board from the top row, past
// their chatter; every move is timed.
func TestWholeGame(t *testing.T) {
	r, err := playGame(context.Background(), fake(t, "scan"), fake(t, "scan"), points(t, "h8 h9 f10"), testConfig(gomoku.Freestyle))
	if err != nil {
		t.Fatal(err)
	}
	if !r.outcome.Over() || r.outcome.Reason == engine.Resignation || r.outcome.Reason == engine.Timeout {
		t.Fatalf("outcome %+v: %s", r.outcome, r.detail)
	}
	if got := len(r.think[0]) + len(r.think[1]) + 3; got != r.plies {
		t.Errorf("%d timed moves and 3 opening stones for %d plies", got-3, r.plies)
	}
}

// TestMoveKinds: the kinds of move an engine names are kept per move, in
// step with the think times; an engine that names none has "" for each.
func TestMoveKinds(t *testing.T) {
	cfg := testConfig(gomoku.Freestyle)
	cfg.maxPlies = 11
	r, err := playGame(context.Background(), fake(t, "labelled"), fake(t, "scan"), points(t, "h8 h9 f10"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	// The opening leaves white to move: scan plays 4 moves, labelled 4.
	want := [2]string{"forced searched proved forced", "   "}
	for c := range 2 {
		if got := strings.Join(r.kinds[c], " "); got != want[c] || len(r.kinds[c]) != len(r.think[c]) {
			t.Errorf("colour %d: kinds %q for %d times, want %q", c, got, len(r.think[c]), want[c])
		}
	}
	for _, tc := range []struct {
		line, kind string
		ok         bool
	}{
		{"MESSAGE movekind forced by=vcf depth=0 nodes=12", "forced", true},
		{"message movekind searched", "searched", true},
		{"MESSAGE movekind", "", false},
		{"MESSAGE thinking hard", "", false},
		{"7,7", "", false},
	} {
		if kind, ok := moveKind(tc.line); kind != tc.kind || ok != tc.ok {
			t.Errorf("moveKind(%q) = %q, %v", tc.line, kind, ok)
		}
	}
}

// TestSettle: an engine that drops commands just after answering keeps
// playing when the runner lets it settle, and times out when it does not.
func TestSettle(t *testing.T) {
	for _, settle := range []time.Duration{20 * time.Millisecond, 0} {
		cfg := testConfig(gomoku.Freestyle)
		cfg.settle, cfg.maxPlies = settle, 12
		r, err := playGame(context.Background(), fake(t, "busy"), fake(t, "scan"), points(t, "h8 h9 f10"), cfg)
		if err != nil {
			t.Fatal(err)
		}
		if timedOut := r.outcome.Reason == engine.Timeout; timedOut != (settle == 0) {
			t.Errorf("settle %v: %s", settle, r.detail)
		}
	}
}

// TestRefusedInfo: an engine that refuses the INFO line before a move, in
// its own words, plays on, and its refusals are counted; a refusal of
// anything else is still its answer.
func TestRefusedInfo(t *testing.T) {
	cfg := testConfig(gomoku.Freestyle)
	cfg.maxPlies = 13
	r, err := playGame(context.Background(), fake(t, "wordy"), fake(t, "scan"), points(t, "h8 h9 f10"), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if r.outcome.Reason == engine.Resignation || r.outcome.Reason == engine.Timeout || r.plies != 13 {
		t.Fatalf("after %d plies: %s", r.plies, r.detail)
	}
	// Black's first request shows the board; each of its four later ones
	// is refused twice: "time_left" and the milliseconds.
	if r.refused != [2]int{8, 0} {
		t.Errorf("refused %v, want [8 0]", r.refused)
	}
	for _, tc := range []struct {
		line, info string
		want       bool
	}{
		{"ERROR Unknown command: TIME_LEFT", "INFO time_left 99800", true},
		{"ERROR Unknown command: 99800", "INFO time_left 99800", true},
		{"unknown time_left", "INFO time_left 99800", true},
		{"ERROR Unknown command: TIME_LEFT", "", false},
		{"ERROR cannot think", "INFO time_left 99800", false},
		{"7,7", "INFO time_left 99800", false},
		{"MESSAGE time_left noted", "INFO time_left 99800", false},
	} {
		if got := refusesInfo(tc.line, tc.info); got != tc.want {
			t.Errorf("refusesInfo(%q, %q) = %v", tc.line, tc.info, got)
		}
	}
}

// TestRequest: the first request shows the whole board, from the mover's
// side (1 its stones, 2 the opponent's), later ones only the last move.
func TestRequest(t *testing.T) {
	g, err := gomoku.NewGame(gomoku.Small, gomoku.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	var s seat
	if got := (&seat{}).request(g); got != "BEGIN" {
		t.Errorf("empty board: %q", got)
	}
	for _, m := range []string{"h8", "h9", "a1"} {
		if _, err := g.Play(m); err != nil {
			t.Fatal(err)
		}
	}
	if got, want := s.request(g), "BOARD\n7,7,2\n7,6,1\n0,14,2\nDONE"; got != want {
		t.Errorf("first request %q, want %q", got, want)
	}
	if _, err := g.Play("o15"); err != nil {
		t.Fatal(err)
	}
	if got := s.request(g); got != "TURN 14,0" {
		t.Errorf("second request %q", got)
	}
}

func TestRunReports(t *testing.T) {
	a, b := fake(t, "scan"), fake(t, "fixed:7,7")
	var out strings.Builder
	err := run(context.Background(), []string{"-a", a.cmdline, "-b", b.cmdline, "-aname", "A", "-bname", "B",
		"-games", "3", "-turn", "100ms", "-concurrency", "2"}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	s := out.String()
	for _, want := range []string{"4 games", "game   4:", "W/D/L 4/0/0", "pentanomial [0 0 0 0 2]", "B: 4 moves", "played h8, an occupied point"} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
}

// TestRunReportsKinds: the report splits the think times of an engine that
// names its moves' kinds.
func TestRunReportsKinds(t *testing.T) {
	a, b := fake(t, "labelled"), fake(t, "scan")
	var out strings.Builder
	err := run(context.Background(), []string{"-a", a.cmdline, "-b", b.cmdline, "-aname", "A", "-bname", "B",
		"-games", "2", "-turn", "100ms"}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	s := out.String()
	for _, want := range []string{"\n    forced: ", "\n    unforced: ", "\n      proved: ", "\n      searched: "} {
		if !strings.Contains(s, want) {
			t.Errorf("output lacks %q:\n%s", want, s)
		}
	}
	if strings.Count(s, "forced: ") != 2 {
		t.Errorf("kinds reported for an engine that names none:\n%s", s)
	}
}

func TestBadArguments(t *testing.T) {
	for _, args := range [][]string{{}, {"-a", "x"}, {"-a", "x", "-b", "y", "-games", "0"}, {"-a", "x", "-b", "y", "-rule", "caro"}} {
		if err := run(context.Background(), args, &strings.Builder{}); err == nil {
			t.Errorf("run(%q) succeeded", args)
		}
	}
	err := run(context.Background(), []string{"-a", "/nonexistent/engine", "-b", "/nonexistent/engine"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "/nonexistent/engine") {
		t.Errorf("missing engine: %v", err)
	}
}

func TestOpenings(t *testing.T) {
	o, err := parseOpenings(openingsText, gomoku.Small)
	if err != nil {
		t.Fatal(err)
	}
	if len(o) != 26 {
		t.Errorf("%d openings, want 26", len(o))
	}
	seen := map[string]bool{}
	for _, moves := range o {
		if len(moves) != 3 {
			t.Errorf("opening %s has %d stones", openingText(moves), len(moves))
		}
		if k := openingText(moves); seen[k] {
			t.Errorf("opening %s twice", k)
		} else {
			seen[k] = true
		}
	}
	if _, err := parseOpenings("h8 h8", gomoku.Small); err == nil {
		t.Error("an illegal opening was accepted")
	}
}

// TestBalancedOpenings: balanced.txt holds 128 openings of three stones in
// the central 5x5 points, none the same position as another or as a
// classic opening under any symmetry, whatever the order of its moves.
// Engines that receive the stones by BOARD play one position the same
// whichever order its moves came in, so a repeat would count twice.
func TestBalancedOpenings(t *testing.T) {
	text, err := os.ReadFile("balanced.txt")
	if err != nil {
		t.Fatal(err)
	}
	o, err := parseOpenings(string(text), gomoku.Small)
	if err != nil {
		t.Fatal(err)
	}
	if len(o) != 128 {
		t.Errorf("%d openings, want 128", len(o))
	}
	classic, err := parseOpenings(openingsText, gomoku.Small)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]string{}
	for _, moves := range classic {
		for _, sym := range transformed([][]gomoku.Point{moves}, 8, gomoku.Small) {
			seen[positionText(sym)] = "classic " + openingText(moves)
		}
	}
	for _, moves := range o {
		if len(moves) != 3 {
			t.Errorf("opening %s has %d stones", openingText(moves), len(moves))
		}
		for _, p := range moves {
			if c, r := p.Col(), p.Row(); c < 5 || c > 9 || r < 5 || r > 9 {
				t.Errorf("opening %s: %s is outside the central 5x5", openingText(moves), p)
			}
		}
		if other, ok := seen[positionText(moves)]; ok {
			t.Errorf("opening %s is the position of %s under a symmetry", openingText(moves), other)
		}
		for _, sym := range transformed([][]gomoku.Point{moves}, 8, gomoku.Small) {
			seen[positionText(sym)] = openingText(moves)
		}
	}
}

// positionText names the position an opening leaves, whatever the order of
// its moves: each colour's stones, sorted.
func positionText(moves []gomoku.Point) string {
	var stones [2][]string
	for i, p := range moves {
		stones[i%2] = append(stones[i%2], p.String())
	}
	slices.Sort(stones[0])
	slices.Sort(stones[1])
	return strings.Join(stones[0], " ") + " / " + strings.Join(stones[1], " ")
}

// TestTransforms: the symmetries keep every opening legal and distinct, map
// the centre to itself, and -transforms plays them in order after the plain
// openings.
func TestTransforms(t *testing.T) {
	o, err := parseOpenings(openingsText, gomoku.Small)
	if err != nil {
		t.Fatal(err)
	}
	all := transformed(o, 8, gomoku.Small)
	if len(all) != 8*len(o) {
		t.Fatalf("%d openings, want %d", len(all), 8*len(o))
	}
	seen := map[string]bool{}
	for i, moves := range all {
		if i < len(o) && openingText(moves) != openingText(o[i]) {
			t.Errorf("opening %d changed by the identity: %s", i+1, openingText(moves))
		}
		if moves[0] != gomoku.PointAt(7, 7) {
			t.Errorf("opening %d does not start at the centre: %s", i+1, openingText(moves))
		}
		k := openingText(moves)
		seen[k] = true
		if _, err := parseOpenings(k, gomoku.Small); err != nil {
			t.Errorf("opening %d: %v", i+1, err)
		}
	}
	// Some openings are symmetric themselves, so not all 208 differ, but
	// most must.
	if len(seen) < 6*len(o) {
		t.Errorf("%d distinct openings of %d", len(seen), len(all))
	}
	p := gomoku.PointAt(3, 5) // d6
	for k, want := range []string{"d6", "f4", "l6", "j4", "d10", "f12", "l10", "j12"} {
		if got := symmetry(p, k, gomoku.Small).String(); got != want {
			t.Errorf("symmetry %d of d6 = %s, want %s", k, got, want)
		}
	}
}

// TestRunOpeningsFile: -openings plays the openings of a file instead of
// the built-in ones, and names the file when one is not an opening.
func TestRunOpeningsFile(t *testing.T) {
	a, b := fake(t, "scan"), fake(t, "scan")
	path := filepath.Join(t.TempDir(), "openings.txt")
	if err := os.WriteFile(path, []byte("# two\nh8 j9 g6\nh8 h9 h10\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	err := run(context.Background(), []string{"-a", a.cmdline, "-b", b.cmdline, "-aname", "A", "-bname", "B",
		"-games", "4", "-openings", path, "-turn", "100ms"}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	for _, want := range []string{"(opening 1: h8 j9 g6)", "(opening 2: h8 h9 h10)"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("no game from %s:\n%s", want, out.String())
		}
	}
	if err := os.WriteFile(path, []byte("h8 h8\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	err = run(context.Background(), []string{"-a", "x", "-b", "y", "-openings", path}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), path) {
		t.Errorf("a bad openings file: %v", err)
	}
	err = run(context.Background(), []string{"-a", "x", "-b", "y", "-openings", path + ".missing"}, &strings.Builder{})
	if err == nil || !strings.Contains(err.Error(), "-openings") {
		t.Errorf("a missing openings file: %v", err)
	}
}

// TestRunTransforms: -transforms continues with the transformed openings
// once the plain ones are used, and refuses counts outside 1..8.
func TestRunTransforms(t *testing.T) {
	a, b := fake(t, "scan"), fake(t, "scan")
	var out strings.Builder
	err := run(context.Background(), []string{"-a", a.cmdline, "-b", b.cmdline, "-aname", "A", "-bname", "B",
		"-games", "2", "-first", "26", "-transforms", "2", "-turn", "100ms"}, &out)
	if err != nil {
		t.Fatalf("run: %v\n%s", err, out.String())
	}
	if s := out.String(); !strings.Contains(s, "(opening 27: h8 i8 j6)") {
		t.Errorf("the 27th opening is not the first one transposed:\n%s", s)
	}
	for _, n := range []string{"0", "9"} {
		if err := run(context.Background(), []string{"-a", "x", "-b", "y", "-transforms", n}, &strings.Builder{}); err == nil {
			t.Errorf("-transforms %s accepted", n)
		}
	}
}

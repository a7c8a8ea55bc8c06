package ai

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// fixed returns options for a reproducible search: no clock, a depth cap.
func fixed(depth int) Options {
	return Options{MoveTime: NoTimeLimit, MaxDepth: depth, TTSize: 1 << 20}
}

// gameFrom builds a game from fen and moves, failing the test on errors.
func gameFrom(t testing.TB, fen string, moves ...string) *xiangqi.Game {
	t.Helper()
	g, err := xiangqi.NewGameFromFEN(fen)
	if err != nil {
		t.Fatalf("NewGameFromFEN(%q): %v", fen, err)
	}
	for _, m := range moves {
		if _, err := g.Play(m); err != nil {
			t.Fatalf("Play(%s): %v", m, err)
		}
	}
	return g
}

// The mate distances below were confirmed with fairy-stockfish (go depth 14).
func TestFindsMates(t *testing.T) {
	tests := []struct {
		name string
		fen  string
		mate int // moves to mate for the side to move
	}{
		{"two chariots, mate in 1", "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", 1},
		{"black mates in 1", "1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1", 1},
		{"chariot and cannon, mate in 1", "5k3/9/9/9/9/9/9/9/4R4/3K1C3 w - - 0 1", 1},
		{"chariot and flying general, mate in 1", "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1", 1},
		{"chariot and general, mate in 2", "4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1", 2},
		{"two chariots against an advisor, mate in 2", "4k4/4a4/9/9/9/9/9/9/9/R2K1R3 w - - 0 1", 2},
		{"two chariots, mate in 2 (b)", "3k5/4a4/9/9/9/9/9/9/9/R3K3R w - - 0 1", 2},
		{"two chariots, mate in 3", "4k4/9/3a5/9/9/9/9/9/9/RR1K5 w - - 0 1", 3},
		{"two chariots, mate in 3 (b)", "4k4/4a4/9/9/9/9/9/9/9/RR1K5 w - - 0 1", 3},
		{"two chariots, mate in 3 (c)", "4k4/9/3a5/9/9/9/9/9/9/R2K4R w - - 0 1", 3},
		{"two chariots, mate in 3 (d)", "5k3/4a4/9/9/9/9/9/9/9/R2K4R w - - 0 1", 3},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameFrom(t, tt.fen)
			r, err := New(fixed(2*tt.mate+1)).Think(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			if r.Mate != tt.mate || r.Score != MateScore-(2*tt.mate-1) {
				t.Fatalf("%s: got %s score %d mate %d, want mate in %d (pv %v)", tt.fen, r.Text, r.Score, r.Mate, tt.mate, r.PV)
			}
			// Play the PV out: it must end after 2*mate-1 plies with the side
			// to move unable to move (mate or stalemate: both lose).
			for _, m := range r.PV[:2*tt.mate-1] {
				if err := g.PlayMove(m); err != nil {
					t.Fatalf("pv %v: %v", r.PV, err)
				}
			}
			if o := g.Outcome(); o != engine.WinFor(g.Turn()^1, engine.Checkmate) && o != engine.WinFor(g.Turn()^1, engine.Stalemate) {
				t.Fatalf("pv %v ends in %v, want checkmate", r.PV, o)
			}
		})
	}
}

func TestTactics(t *testing.T) {
	tests := []struct {
		name  string
		fen   string
		depth int
		want  string // the move to play; "" when only avoid matters
		avoid string // a move not to play
	}{
		{"hanging chariot taken", "3k5/9/9/9/9/9/2r6/9/3H5/4K4 w - - 0 1", 3, "d2c4", ""},
		{"defended soldier not taken by the chariot", "r2k5/9/9/9/p8/9/9/9/9/R3K4 w - - 0 1", 1, "", "a1a6"},
		{"black takes a hanging horse", "3k5/9/9/9/9/9/9/2H6/2r6/4K4 b - - 0 1", 2, "c2c3", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameFrom(t, tt.fen)
			r, err := New(fixed(tt.depth)).Think(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			if tt.want != "" && r.Text != tt.want {
				t.Errorf("played %s (score %d, pv %v), want %s", r.Text, r.Score, r.PV, tt.want)
			}
			if r.Text == tt.avoid {
				t.Errorf("played %s (score %d), which loses material", r.Text, r.Score)
			}
		})
	}
}

// randomGame plays n random legal moves from the start with rng.
func randomGame(t testing.TB, rng *rand.Rand, n int) *xiangqi.Game {
	g := xiangqi.NewGame()
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		moves := g.LegalMoves()
		if _, err := g.Play(moves[rng.IntN(len(moves))]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

func TestAlwaysLegal(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	e := New(Options{MoveTime: NoTimeLimit, MaxNodes: 3000, TTSize: 1 << 20})
	played := 0
	for i := 0; i < 60; i++ {
		g := randomGame(t, rng, rng.IntN(120))
		for j := 0; j < 4 && !g.Outcome().Over(); j++ {
			r, err := e.Think(context.Background(), g)
			if err != nil {
				p := g.Position()
				t.Fatalf("%s: %v", p.FEN(), err)
			}
			before := g.Position()
			if err := g.PlayMove(r.Move); err != nil {
				t.Fatalf("%s: engine played %s: %v", before.FEN(), r.Text, err)
			}
			played++
		}
	}
	if played < 100 {
		t.Fatalf("only %d moves checked", played)
	}
}

func TestGameOverAndNoMoves(t *testing.T) {
	// Red is checkmated: two black chariots.
	g := gameFrom(t, "1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1", "b10b1")
	if _, err := New(fixed(2)).Think(context.Background(), g); engine.ErrorCode(err) != engine.GameWon {
		t.Fatalf("Think after mate: err %v, want a game-over error", err)
	}
	if _, err := New(fixed(2)).Evaluate(context.Background(), g); engine.ErrorCode(err) != engine.GameWon {
		t.Fatalf("Evaluate after mate: err %v, want a game-over error", err)
	}
}

// The perpetual-check cycle: red's chariot checks from a10 and a9, black's
// general steps between e10 and e9. Black also has a chariot so that it has
// other moves.
const perpetualFEN = "4k4/9/9/9/9/2r6/9/9/9/R2K5 w - - 0 1"

var perpetualMoves = []string{"a1a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9", "e9e10", "a9a10"}

func TestAvoidsPerpetualCheckLoss(t *testing.T) {
	// After eight plies the ninth, a9a10, would repeat the position a third
	// time with red checking throughout: red would lose.
	g := gameFrom(t, perpetualFEN, perpetualMoves[:8]...)
	for _, depth := range []int{1, 4} {
		r, err := New(fixed(depth)).Think(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if r.Text == "a9a10" {
			t.Fatalf("depth %d: played a9a10, losing by perpetual check", depth)
		}
		if err := g.PlayMove(r.Move); err != nil {
			t.Fatal(err)
		}
		if o := g.Outcome(); o.Status == engine.Win && o.Winner == xiangqi.Black {
			t.Fatalf("depth %d: %s loses: %v", depth, r.Text, o)
		}
		if err := g.Undo(1); err != nil {
			t.Fatal(err)
		}
	}
}

func TestClaimsPerpetualCheckWin(t *testing.T) {
	// The same cycle entered one step later: after seven plies black's
	// e9e10 repeats the starting position a third time with red checking
	// every move: black wins by perpetual check. Black could also step to
	// e8 or block with its chariot on c9.
	g := gameFrom(t, "4k4/R8/9/9/9/2r6/9/9/9/3K5 w - - 0 1", "a9a10", "e10e9", "a10a9", "e9e10", "a9a10", "e10e9", "a10a9")
	for _, lv := range []int{1, 10} {
		opt := fixed(3)
		opt.Level = lv
		r, err := New(opt).Think(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		if r.Text != "e9e10" || (lv == 10 && r.Mate <= 0) {
			t.Fatalf("level %d: played %s (score %d), want the claim e9e10 with a winning score", lv, r.Text, r.Score)
		}
	}
	if err := g.PlayMove(mustMove(t, g, "e9e10")); err != nil {
		t.Fatal(err)
	}
	if o := g.Outcome(); o != engine.WinFor(xiangqi.Black, engine.PerpetualCheck) {
		t.Fatalf("outcome %v, want black wins by perpetual check", o)
	}
}

func TestSearchScoresPerpetualCycles(t *testing.T) {
	// Two plies before the claim, the search must already see that red's
	// checking cycle loses for red: red avoids a9a10 at depth 3 (before
	// the game rule applies), because the path repeats twice.
	g := gameFrom(t, perpetualFEN, perpetualMoves[:4]...)
	r, err := New(fixed(6)).Think(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if r.Text == "a9a10" {
		t.Fatalf("played a9a10 into a perpetual-check cycle (score %d, pv %v)", r.Score, r.PV)
	}
}

func mustMove(t *testing.T, g *xiangqi.Game, s string) xiangqi.Move {
	t.Helper()
	p := g.Position()
	m, err := p.ParseMove(s)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func TestSameSeedSameMove(t *testing.T) {
	g := gameFrom(t, xiangqi.StartFEN, "h3e3", "h10g8")
	for lv := 1; lv <= 5; lv++ {
		distinct := map[string]bool{}
		for seed := int64(0); seed < 8; seed++ {
			opt := Options{Level: lv, Seed: seed, MoveTime: NoTimeLimit, TTSize: 1 << 20}
			a, err := New(opt).Think(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			b, err := New(opt).Think(context.Background(), g)
			if err != nil {
				t.Fatal(err)
			}
			if a.Move != b.Move {
				t.Fatalf("level %d seed %d: %s then %s", lv, seed, a.Text, b.Text)
			}
			distinct[a.Text] = true
		}
		if lv <= 3 && len(distinct) < 2 {
			t.Errorf("level %d played the same move for 8 seeds: no randomness", lv)
		}
	}
}

func TestWeakLevelsErrSometimes(t *testing.T) {
	tests := []struct {
		name, fen, move string
		level           int
		sometimes       bool // true: played in some but not all of 40 seeds; false: in all
	}{
		{"level 1 mate in one", "4k4/R8/8r/9/6n1n/7c1/9/9/9/1R1K5 w - - 0 1", "b1b10", 1, true},
		{"level 1 hanging chariot", "3k5/9/9/9/9/9/2r6/9/3H5/4K4 w - - 0 1", "d2c4", 1, true},
		{"level 5 mate in one", "4k4/R8/8r/9/6n1n/7c1/9/9/9/1R1K5 w - - 0 1", "b1b10", 5, false},
		{"level 10 mate in one", "4k4/R8/8r/9/6n1n/7c1/9/9/9/1R1K5 w - - 0 1", "b1b10", 10, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := gameFrom(t, tt.fen)
			played := 0
			const tries = 40
			for seed := int64(0); seed < tries; seed++ {
				opt := Options{Level: tt.level, Seed: seed, MoveTime: NoTimeLimit}
				if tt.level >= 8 {
					opt.MaxDepth = 3
				}
				r, err := New(opt).Think(context.Background(), g)
				if err != nil {
					t.Fatal(err)
				}
				if r.Text == tt.move {
					played++
				}
			}
			if tt.sometimes && (played == 0 || played == tries) || !tt.sometimes && played != tries {
				t.Fatalf("%s played in %d of %d seeds (sometimes: %v)", tt.move, played, tries, tt.sometimes)
			}
		})
	}
}

func TestStopsWhenCancelled(t *testing.T) {
	g := gameFrom(t, "1rbakabnr/9/2n4R1/pCp1p1p2/8p/2PN4P/P3c1P2/4B3N/4A4/1R2KAB2 b - - 3 12")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	deep := make(chan struct{})
	opt := Options{MoveTime: NoTimeLimit, Info: func(r Result) {
		if r.Depth == 3 {
			close(deep)
		}
	}}
	type answer struct {
		r   Result
		err error
	}
	done := make(chan answer, 1)
	go func() {
		r, err := New(opt).Think(ctx, g)
		done <- answer{r, err}
	}()
	select {
	case <-deep:
	case a := <-done:
		t.Fatalf("an unbounded search returned by itself: %+v", a)
	}
	cancel()
	a := <-done // the test hangs (and times out) if cancellation is ignored
	if a.err != nil {
		t.Fatal(a.err)
	}
	if a.r.Depth < 3 {
		t.Fatalf("depth %d after three completed iterations", a.r.Depth)
	}
	if err := g.PlayMove(a.r.Move); err != nil {
		t.Fatalf("move after cancel %s: %v", a.r.Text, err)
	}
}

func TestDeadlineBeforeDepthOne(t *testing.T) {
	// A context already over still gets a legal move (depth 1 completes).
	g := xiangqi.NewGame()
	ctx, cancel := context.WithDeadline(context.Background(), time.Unix(0, 0))
	defer cancel()
	r, err := New(Options{}).Think(ctx, g)
	if err != nil {
		t.Fatal(err)
	}
	if r.Depth != 1 {
		t.Fatalf("depth %d, want 1", r.Depth)
	}
	if err := g.PlayMove(r.Move); err != nil {
		t.Fatal(err)
	}
}

func TestNodeLimit(t *testing.T) {
	g := xiangqi.NewGame()
	r, err := New(Options{MoveTime: NoTimeLimit, MaxNodes: 20000}).Think(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if r.Nodes > 20000+1 || r.Depth < 2 {
		t.Fatalf("nodes %d depth %d with MaxNodes 20000", r.Nodes, r.Depth)
	}
}

func TestDeterministicFixedDepth(t *testing.T) {
	g := gameFrom(t, "r1bakabr1/9/7Cn/p3p1C1p/3n5/P5P1P/4P4/R1c1B3N/9/3AKABR1 b - - 0 12")
	a, err := New(fixed(5)).Think(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	b, err := New(fixed(5)).Think(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes {
		t.Fatalf("two fixed-depth searches differ: %+v vs %+v", a, b)
	}
}

func TestEvaluateAndDraws(t *testing.T) {
	e := New(Options{})
	// Red is a chariot up: red's score is high, black's low.
	up := gameFrom(t, "3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1")
	s, err := e.Evaluate(context.Background(), up)
	if err != nil {
		t.Fatal(err)
	}
	if s > -500 || AcceptsDraw(s) != true {
		t.Fatalf("black a chariot down: score %d, accepts draw %v", s, AcceptsDraw(s))
	}
	if AcceptsDraw(DrawThreshold+1) || !AcceptsDraw(0) || !AcceptsDraw(-300) {
		t.Fatal("AcceptsDraw disagrees with DrawThreshold")
	}
}

func TestConcurrentEnginesShareNothing(t *testing.T) {
	// Engines running at once give the results they give alone (run with
	// -race to see that they share no memory).
	want := make([]Result, len(middleGames))
	for i, fen := range middleGames {
		r, err := New(fixed(4)).Think(context.Background(), gameFrom(t, fen))
		if err != nil {
			t.Fatal(err)
		}
		want[i] = r
	}
	got := make([]Result, len(middleGames))
	errs := make(chan error, len(middleGames))
	for i, fen := range middleGames {
		g := gameFrom(t, fen)
		go func() {
			r, err := New(fixed(4)).Think(context.Background(), g)
			got[i] = r
			errs <- err
		}()
	}
	for range middleGames {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	for i := range want {
		if got[i].Move != want[i].Move || got[i].Score != want[i].Score || got[i].Nodes != want[i].Nodes {
			t.Errorf("position %d: concurrent %s/%d/%d, alone %s/%d/%d", i, got[i].Text, got[i].Score, got[i].Nodes, want[i].Text, want[i].Score, want[i].Nodes)
		}
	}
}

// TestQuiescenceSeesQuietMates checks that the first ply of the quiescence
// search tries quiet checks: a mate by a quiet move is found with no full
// ply left.
func TestQuiescenceSeesQuietMates(t *testing.T) {
	for _, fen := range []string{
		"4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1",
		"1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1",
	} {
		e := New(fixed(1))
		if err := e.load(gameFrom(t, fen)); err != nil {
			t.Fatal(err)
		}
		// Deeper in the quiescence search only captures are tried.
		if s := e.qsearch(-infinity, infinity, 0, -1, false); s >= mateBound {
			t.Errorf("%s: quiescence at depth -1 found mate %d: it should not try quiet checks", fen, s)
		}
		if s := e.qsearch(-infinity, infinity, 0, 0, false); s != MateScore-1 {
			t.Errorf("%s: quiescence score %d, want %d (mate by a quiet check)", fen, s, MateScore-1)
		}
	}
}

// TestMayCheckMissesNoCheck checks the quick filter of quiet checks on
// random positions: every quiet move that gives check passes it.
func TestMayCheckMissesNoCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	checks := 0
	for i := 0; i < 400; i++ {
		g := randomGame(t, rng, 10+rng.IntN(120))
		p := g.Position()
		k := p.General(p.Turn() ^ 1)
		for _, m := range p.GenerateMoves(nil) {
			if p.At(m.To()) != xiangqi.NoPiece {
				continue
			}
			pc := p.At(m.From())
			u := p.MakeMove(m)
			gives := p.InCheck()
			p.UnmakeMove(m, u)
			if gives {
				checks++
				if !mayCheck(pc, m.From(), m.To(), k) {
					t.Fatalf("%s: %v gives check but mayCheck says it cannot", p.FEN(), m)
				}
			}
		}
	}
	if checks < 100 {
		t.Fatalf("only %d quiet checks met", checks)
	}
}

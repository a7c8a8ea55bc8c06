package ai

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// evalPositions returns positions from seeded random games, the middle
// games of the benchmarks and a few endings.
func evalPositions(t *testing.T) []xiangqi.Position {
	t.Helper()
	fens := append([]string{
		xiangqi.StartFEN,
		"3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1",
		"4k4/4a4/9/9/9/9/9/9/4p4/3K5 w - - 0 1", // red has nothing left to attack with
		"2bak4/9/4b4/9/9/9/9/9/3C5/3K5 w - - 0 1",
	}, middleGames...)
	var ps []xiangqi.Position
	for _, fen := range fens {
		p, err := xiangqi.ParseFEN(fen)
		if err != nil {
			t.Fatal(err)
		}
		ps = append(ps, p)
	}
	rng := rand.New(rand.NewPCG(7, 7))
	for range 60 {
		g := randomGame(t, rng, 10+rng.IntN(80))
		ps = append(ps, g.Position())
	}
	return ps
}

// flipFEN returns fen with the colours swapped (ranks reversed, cases
// swapped, the other side to move).
func flipFEN(fen string) string {
	f := strings.Fields(fen)
	rows := strings.Split(f[0], "/")
	slices.Reverse(rows)
	swapped := strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return r - 'a' + 'A'
		case r >= 'A' && r <= 'Z':
			return r - 'A' + 'a'
		}
		return r
	}, strings.Join(rows, "/"))
	turn := "w"
	if f[1] == "w" {
		turn = "b"
	}
	return swapped + " " + turn + " - - 0 1"
}

// mirrorFEN returns fen reflected across the middle file.
func mirrorFEN(fen string) string {
	f := strings.Fields(fen)
	rows := strings.Split(f[0], "/")
	for i, row := range rows {
		r := []rune(row)
		slices.Reverse(r)
		rows[i] = string(r)
	}
	return strings.Join(rows, "/") + " " + f[1] + " - - 0 1"
}

func TestEvaluateSymmetric(t *testing.T) {
	for _, p := range evalPositions(t) {
		want := evaluate(&p)
		for name, fen := range map[string]string{"colours swapped": flipFEN(p.FEN()), "mirrored": mirrorFEN(p.FEN())} {
			q, err := xiangqi.ParseFEN(fen)
			if err != nil {
				t.Fatalf("%s: %v", fen, err)
			}
			if got := evaluate(&q); got != want {
				t.Errorf("%s: %d, %s (%s): %d", p.FEN(), want, name, fen, got)
			}
		}
	}
}

func TestEvaluateCountsMaterial(t *testing.T) {
	// The same position with one piece more for the side to move scores
	// higher for it, the more valuable the piece the higher.
	base := "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1"
	prev := evaluate(mustFEN(t, base))
	for _, fen := range []string{
		"3k5/9/9/9/4P4/9/9/9/9/4K4 w - - 0 1", // soldier
		"3k5/9/9/9/4C4/9/9/9/9/4K4 w - - 0 1", // cannon
		"3k5/9/9/9/4R4/9/9/9/9/4K4 w - - 0 1", // chariot
	} {
		s := evaluate(mustFEN(t, fen))
		if s <= prev {
			t.Errorf("%s: %d, not above %d for less material", fen, s, prev)
		}
		prev = s
	}
	for _, k := range []int{kAdvisor, kElephant, kHorse, kChariot, kCannon, kSoldier} {
		for ph := 0; ph < 2; ph++ {
			if evalWeights.material[ph][k] <= 0 {
				t.Errorf("material[%d][%d] = %d, want > 0", ph, k, evalWeights.material[ph][k])
			}
		}
	}
}

func mustFEN(t testing.TB, fen string) *xiangqi.Position {
	t.Helper()
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		t.Fatal(err)
	}
	return &p
}

// The tuner's linear view of the evaluation is the evaluation.
func TestFeaturesMatchEvaluate(t *testing.T) {
	v := vectorOf(&evalWeights, tempo)
	for _, p := range evalPositions(t) {
		want := evaluate(&p)
		got := linearEval(featuresOf(&p), v)
		if math.Abs(got-float64(want)) > 2 {
			t.Errorf("%s: evaluate %d, features %.2f", p.FEN(), want, got)
		}
	}
}

func TestWeightsRoundTrip(t *testing.T) {
	w, tp := weightsOf(vectorOf(&evalWeights, tempo))
	if w != evalWeights || tp != tempo {
		t.Fatal("the weights do not survive the tuner's vector (are the tables mirror-symmetric?)")
	}
}

// eval_weights.go is exactly what the tuner writes for its weights.
func TestWeightsFileGenerated(t *testing.T) {
	want, err := weightsSource(&evalWeights, tempo)
	if err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile("eval_weights.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatal("eval_weights.go differs from weightsSource's output: regenerate it with BenchmarkTune -tune.write, do not edit it")
	}
}

func TestQuiet(t *testing.T) {
	for _, tc := range []struct {
		fen   string
		quiet bool
	}{
		{xiangqi.StartFEN, true},
		{"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1", true},
		{"4k4/4a4/4r4/9/9/9/9/9/4R4/3K5 w - - 0 1", false}, // the chariots face each other: whoever moves takes
	} {
		if got := quiet(mustFEN(t, tc.fen)); got != tc.quiet {
			t.Errorf("%s: quiet %v, want %v", tc.fen, got, tc.quiet)
		}
	}
}

// TestCheckSquares counts the points checkSquares marks around a lone
// black general on e10, then with an advisor on e9 that turns the file
// below it into cannon checks.
func TestCheckSquares(t *testing.T) {
	tests := []struct {
		fen                    string
		chariot, cannon, horse int
	}{
		// File e (e1..e9) and rank 10 (a10..d10, f10..i10) for a chariot;
		// d8, f8, c9, g9 for a horse; no screen, so no cannon check.
		{"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1", 9 + 8, 0, 4},
		// Taking the advisor on e9 checks, rank 10 as before; a cannon
		// checks from e1..e8 over the advisor.
		{"4k4/4a4/9/9/9/9/9/9/9/3K5 w - - 0 1", 1 + 8, 8, 4},
		// A red horse on d9 is the leg of the horse checks from d8 and c9,
		// and is itself never marked (it is red's own).
		{"4k4/3N5/9/9/9/9/9/9/9/3K5 w - - 0 1", 9 + 8, 0, 2},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		b := materialOf(p).board
		var mark [256]uint8
		checkSquares(&b, p.General(xiangqi.Black), 0, &mark)
		var got [3]int
		for _, sq := range allSquares {
			for bit := range 3 {
				got[bit] += int(mark[sq]>>bit) & 1
			}
		}
		if want := [3]int{tt.chariot, tt.cannon, tt.horse}; got != want {
			t.Errorf("%s: chariot, cannon, horse check points %v, want %v", tt.fen, got, want)
		}
	}
}

// TestKingDanger checks that one piece reaching the palace is no danger,
// that a second makes one, and that more attackers or fewer defenders
// only make it larger.
func TestKingDanger(t *testing.T) {
	danger := func(fen string) int {
		p := mustFEN(t, fen)
		m := materialOf(p)
		var terms [2][nTerms]int
		countTerms(p, &m, &terms)
		if terms[1][kingDanger] != 0 {
			t.Fatalf("%s: black's king danger %d, want 0", fen, terms[1][kingDanger])
		}
		return terms[0][kingDanger]
	}
	const (
		one      = "3akab2/9/4b4/9/9/9/2R6/9/9/3K5 w - - 0 1"    // a chariot on c4: no palace point
		chariot  = "3akab2/R8/4b4/9/9/9/9/9/9/3K5 w - - 0 1"     // a chariot on a9: d9, e9, f9
		plusHors = "3akab2/R8/4b4/5N3/9/9/9/9/9/3K5 w - - 0 1"   // and a horse on f7: d8 and e9
		plusCann = "3akab2/R8/2C1b4/5N3/9/9/9/9/9/3K5 w - - 0 1" // and a cannon on c8: f8 over the elephant
		fewer    = "4kab2/R8/2C1b4/5N3/9/9/9/9/9/3K5 w - - 0 1"  // without the advisor on d10
	)
	if d := danger(one); d != 0 {
		t.Errorf("no piece in the palace: danger %d, want 0", d)
	}
	if d := danger(chariot); d != 0 {
		t.Errorf("one chariot: danger %d, want 0", d)
	}
	two, three, weaker := danger(plusHors), danger(plusCann), danger(fewer)
	if two <= 0 || three <= two || weaker <= three {
		t.Errorf("danger with chariot+horse %d, +cannon %d, one advisor fewer %d: want 0 < each < the next", two, three, weaker)
	}
}

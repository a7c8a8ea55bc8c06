package ai

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine/gomoku"
)

// goldenQuiet are quiet positions (openings and early middle games, all three
// rules) for TestGoldenSearch.
var goldenQuiet = []string{
	benchGame,
	"15 freestyle: h8 h9 f10",
	"15 freestyle: h8 h9 g8",
	"15 freestyle: h8 i9 j10",
	"15 freestyle: h8 i9 f8 g9 g7",
	"15 freestyle: h8 h9 f10 g8 g10 e10",
	"15 freestyle: h8 h9 f10 i7 f9 j8 f7 f8 h5 k9 h6 i9",
	"15 renju: h8 h9 g7 f6 f8 g8 e7 f7 i10",
	"15 renju: h8 i9 h10 g9 h9",
	"15 standard: h8 h9 g10 g9 f9",
	"19 freestyle: j10 k11 h12",
}

// golden is what one search returned when the table was recorded.
type golden struct {
	game            string
	level, maxDepth int
	maxNodes        uint64
	move            string
	score           int
	nodes           uint64
	depth           int
	by              string
}

// goldenSearches were recorded from commit 7dd3d03, before the speed-ups of
// the third session (STRENGTH.md), which must not change a single search
// decision: the same move, score, depth and node count for every search.
// Since then, the VCF wins' scores count the two plies after the open four
// that ends each line (threatLine), and level 10's searches evaluate with the
// values fitted to game results (STRENGTH.md, "Seventh session"), since
// the tenth session to classical Rapfi's judgement (evalCombo, evalMask), and
// prune by static futility (futile; "Eighth session", since the seventeenth
// session from the first ply).
var goldenSearches = []golden{
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 10, 6, 0, "g8", 754, 1421, 6, "search"},
	{"15 freestyle: h8 h9 f10", 10, 6, 0, "g9", -118, 1392, 6, "search"},
	{"15 freestyle: h8 h9 g8", 10, 6, 0, "f8", -142, 805, 6, "search"},
	{"15 freestyle: h8 i9 j10", 10, 6, 0, "i8", -118, 2351, 6, "search"},
	{"15 freestyle: h8 i9 f8 g9 g7", 10, 6, 0, "i8", -68, 75861, 6, "search"},
	{"15 freestyle: h8 h9 f10 g8 g10 e10", 10, 6, 0, "f9", 267, 76022, 6, "search"},
	{"15 freestyle: h8 h9 f10 i7 f9 j8 f7 f8 h5 k9 h6 i9", 10, 6, 0, "j9", -448, 348612, 6, "search"},
	{"15 renju: h8 h9 g7 f6 f8 g8 e7 f7 i10", 10, 6, 0, "i6", -202, 378847, 6, "search"},
	{"15 renju: h8 i9 h10 g9 h9", 10, 6, 0, "h7", -441, 554, 6, "search"},
	{"15 standard: h8 h9 g10 g9 f9", 10, 6, 0, "e8", -263, 69739, 6, "search"},
	{"19 freestyle: j10 k11 h12", 10, 6, 0, "k9", -16, 649, 6, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 1, 0, 20000, "f8", -92, 75, 1, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 2, 0, 20000, "k11", -132, 564, 2, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 3, 0, 20000, "h9", -89, 1563, 3, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 4, 0, 20000, "f10", 5, 3365, 4, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 5, 0, 20000, "k7", 56, 16203, 5, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 6, 0, 20000, "h6", 30, 20480, 6, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 7, 0, 20000, "k7", 84, 20481, 6, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 8, 0, 20000, "j8", 96, 20481, 6, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 9, 0, 20000, "j8", 118, 20480, 5, "search"},
	{"15 freestyle: h8 j10 j6 k5 g9 j11", 10, 0, 20000, "g8", 999, 20480, 8, "search"},
	{"15 freestyle: h8 h9 f10", 1, 0, 20000, "g10", -131, 41, 1, "search"},
	{"15 freestyle: h8 h9 f10", 2, 0, 20000, "g10", -196, 255, 2, "search"},
	{"15 freestyle: h8 h9 f10", 3, 0, 20000, "g6", -132, 863, 3, "search"},
	{"15 freestyle: h8 h9 f10", 4, 0, 20000, "g9", 32, 2584, 4, "search"},
	{"15 freestyle: h8 h9 f10", 5, 0, 20000, "g8", -153, 11867, 5, "search"},
	{"15 freestyle: h8 h9 f10", 6, 0, 20000, "g10", -158, 20480, 6, "search"},
	{"15 freestyle: h8 h9 f10", 7, 0, 20000, "i10", -113, 20480, 6, "search"},
	{"15 freestyle: h8 h9 f10", 8, 0, 20000, "e11", -68, 20480, 6, "search"},
	{"15 freestyle: h8 h9 f10", 9, 0, 20000, "e11", -68, 20481, 6, "search"},
	{"15 freestyle: h8 h9 f10", 10, 0, 20000, "i7", -39, 20481, 10, "search"},
	{"15 freestyle: h8 h9 g8", 1, 0, 20000, "j8", -119, 32, 1, "search"},
	{"15 freestyle: h8 h9 g8", 2, 0, 20000, "f10", -195, 248, 2, "search"},
	{"15 freestyle: h8 h9 g8", 3, 0, 20000, "i10", -149, 735, 3, "search"},
	{"15 freestyle: h8 h9 g8", 4, 0, 20000, "i8", 36, 2095, 4, "search"},
	{"15 freestyle: h8 h9 g8", 5, 0, 20000, "f8", -91, 11147, 5, "search"},
	{"15 freestyle: h8 h9 g8", 6, 0, 20000, "f8", -97, 20480, 6, "search"},
	{"15 freestyle: h8 h9 g8", 7, 0, 20000, "f8", -63, 20480, 7, "search"},
	{"15 freestyle: h8 h9 g8", 8, 0, 20000, "i11", -153, 20481, 6, "search"},
	{"15 freestyle: h8 h9 g8", 9, 0, 20000, "f8", -96, 20481, 6, "search"},
	{"15 freestyle: h8 h9 g8", 10, 0, 20000, "f8", -216, 20480, 10, "search"},
	{"15 freestyle: f10 i4 m6 c3 k3 m7 m10 h8 h7 d13 c5 m12 l3 d11 g9 g3 f11 k6 i6 i11 g7", 10, 0, 5000, "j5", -921, 5120, 8, "search"},
	{"15 freestyle: j12 c9 l12 d6 i8 j8 d11 h9 e5 h7 l10 g10 f4 m11 e11 f10 g7 g5 g8", 10, 0, 5000, "h10", 29997, 18, 0, "vct"},
	{"15 freestyle: g7 e11 c7 f6 i3 f11 c10 d7 l5 k9 f9 h13 k7 i11 j7 l4 f7 h9 f4 f10 d13 j8 l3 k5 i12 k13 e7 j3", 10, 0, 5000, "i7", -625, 1524, 1, "search"},
	{"15 standard: k12 f6 k8 i5 h6 g6 h4 l10 m7 e4 l3 d3 m4 l5 d11 c11 c12 m11 h7 e9 d5", 10, 0, 5000, "f5", 29995, 331, 0, "vct"},
	{"19 freestyle: g6 l5 l13 e8 o12 n10 n11 n6 o7 h5 i6 k7 j9 l15 n13 o8 j12 g10 m14 f7 l6 f11 f14 i13", 10, 0, 5000, "q10", 29995, 21, 0, "vct"},
	{"19 freestyle: k10 g12 l15 m7 k11 e13 f8 m9 f6 o6 h13 m12 g5 k8 f12 k14 l13 o15 k6 g14 i5 j7", 10, 0, 5000, "f5", 29997, 16, 0, "vct"},
	{"15 freestyle: g6 c3 i4 d4 m13 g9 m5 m6 h10 j11 l4 f8 k13 f5 e9 c11 k7", 10, 0, 5000, "f6", 29997, 16, 0, "vct"},
	{"15 freestyle: e12 k13 i8 m12 c9 i7 d12 e11 d9 l13 f8 j9 e3 m4 j3 g8", 10, 0, 5000, "d11", 29997, 65, 0, "vct"},
	{"15 standard: d5 h7 k9 j10 g10 c12 k6 f12 h13 c5 g7 j11 g6 i7 i9 h12 l3 m13 d8 k5 f4 k3 m12 h6 k10 l5 c10 g11 e7", 10, 0, 5000, "h8", -101, 5120, 7, "search"},
	{"15 renju: c5 h7 j10 j9 m12 f13 f7 m8 g3 k7 j12 i3 k8 h12 i5 j3 e9 e8 k9 d11 h11 l13 m10 m9 i4 c11 d6 i12 l7 c7 f6 h13 d7", 10, 0, 5000, "k10", 29997, 16, 0, "vct"},
	{"15 standard: h6 l11 m12 j13 d3 i12 f4 k4 j11 g5 h12 m3 l10 i4 j12 f11 c3 l3 h8 l8 l9 i8 h3 m5 f6 k10 d12 g4 h9", 10, 0, 5000, "h7", 29985, 7, 0, "vcf"},
	{"15 standard: c5 j13 c8 m8 l12 h4 d8 l10 g6 j10 i6 i13 j4 k12 c12 e12 g5 c11 d7 m3", 10, 0, 5000, "j6", 29997, 87, 0, "vct"},
	{"19 freestyle: j15 k15 k11 o9 j7 n5 m11 h12 j8 g9 o15 o13 e11 e5 o5 l5 h8 i11 i14 g11 e7 g5 l15 m10", 10, 0, 5000, "j10", 29997, 76, 0, "vct"},
	{"15 standard: h3 g3 i3 l7 i10 j13 c13 m7 h5 h12 d6 g11 g6 h11 m10 e10", 10, 0, 5000, "i4", 29997, 201, 0, "vct"},
	{"15 renju: g6 f4 f13 m5 d6 i5 c3 j4 e11 d3 j6 i4 g8 c9 l11 e5 l6 d10 m9 e8 e4 d13 i6 g10 k3 k11 g3 m10 g4 k5", 10, 0, 5000, "f6", 29987, 28, 0, "vcf"},
	{"15 standard: f6 i7 h7 j9 l13 l6 j7 k11 e8 h4 i4 f3 c9 g8 c8 e11 j12 d7 d12 c3 k4 e4 l7 j4", 10, 0, 5000, "d8", 29997, 16, 0, "vct"},
	{"15 standard: j12 d12 i4 j4 g11 g9 l9 f9 j6 m8 g6 j3 m7 g12 j5 c5 m11 c4 e8 g13", 10, 0, 5000, "f7", 29993, 149, 0, "vct"},
	{"15 standard: e4 h9 l6 h7 m13 g8 i9 d12 i7 i12 j13 l10 c8 c13 l9 g9 j12 h4 l8 d11", 10, 0, 5000, "l7", -29987, 2294, 4, "search"},
	{"15 renju: l5 l7 g5 c11 d9 e11 c12 h5 e4 g6 g10 i8 h13 c7 e3 m5 l3 g13 m11 k3 i11 k13 f3 c8 j7 d5 f9 g7 h8", 10, 0, 5000, "c9", 29981, 22, 0, "vcf"},
	{"19 freestyle: h12 l14 k6 j7 o5 i15 l11 f14 g11 n9 m14 o9 l7 m5 f5 e5 n7 h6 n15 e8 g10 l13 e15 l10 k10 f8 h13 e10 k9 f9", 10, 0, 5000, "k7", 29987, 11, 0, "vcf"},
	{"19 freestyle: f8 k13 o13 h14 i7 o10 j8 m5 m11 g10 k11 e15 i8 k15 h5 e10 j13 m13 j6 k10 n15 k5", 10, 0, 5000, "h8", 29987, 9, 0, "vcf"},
	{"15 renju: d10 d6 c6 c4 h5 d13 m8 c7 f7 i13 g5 f10 g7 k3 e11 g6 i5 c8 e9 l9 m7 m5 d7 j5 m11 d3 i7", 10, 0, 5000, "f5", -883, 5120, 5, "search"},
	{"19 freestyle: f9 i9 j7 g7 m12 f10 j10 e6 l8 o5 o13 g13 e5 k5 i15 l6 f7 o9 o6 n7 e15 i12 e14 k8 h9 i6 h6 h15 l9 g12 k7 m15 g14 l5 o8 i13", 10, 0, 5000, "m7", 585, 5121, 7, "search"},
	{"15 renju: d5 m3 d11 k5 f7 d3 d6 i3 h12 i4 g5 h9 j13 h8 d13 j8 g9 g13 i5 g3 e6 k9 e13 l8 h7", 10, 0, 5000, "k8", 29987, 23, 0, "vcf"},
	{"19 freestyle: k9 h11 i14 n14 i10 i6 n6 o7 g10 j11 g13 i15 k10 k15 e6 m11 m12 l8", 10, 0, 5000, "j10", 29983, 23, 0, "vcf"},
	{"15 standard: m4 m8 k13 e9 h13 h4 f5 g11 g12 f8 g8 g5 e5 c6 j5 c7 k10 e11 h3 h9", 10, 0, 5000, "f11", -29985, 4005, 6, "search"},
	{"19 freestyle: k11 o7 j9 j13 m10 l12 k8 f12 j6 l13 h12 e15 g8 o6 l5 h15 g14 l14 h14 i14 n5 n11", 10, 0, 5000, "l7", 29987, 9, 0, "vcf"},
	{"15 renju: f13 h10 c11 l8 g5 j10 l11 g13 f4 m8 e7 d3 i10 j8 g10 g6 i11 g9 c4 d5 f5 k13 c10 l4 c6 g8 g4 h9 f12 h3 c8 m10", 10, 0, 5000, "e6", 29987, 26, 0, "vcf"},
	{"19 freestyle: n12 f5 k11 g8 f10 m8 l12 o12 f6 o8 e7 k6 l15 o10 i10 m14 j14", 10, 0, 5000, "n9", 29983, 8, 0, "vcf"},
	{"15 freestyle: f5 h12 e8 l12 d11 k9 m7 g3 i9 c6 m3 l5 f10 c5 e6 g11 h4 h5 c10 d9 g10", 10, 0, 5000, "e10", -1584, 5120, 6, "search"},
	{"15 standard: l4 i8 k12 h6 h9 c6 m7 j4 d13 l11 k7 l12 g13 i7 c4 d6 m6 l8 m8", 10, 0, 5000, "l10", 29985, 24, 0, "vcf"},
	{"15 renju: l5 k8 k11 l11 i10 j10 f3 g4 m3 c4 h10 g3 e9 j7 c13 h8 m11 c8 l3 l4 j3 f6 i6 i12 i4 c5 m12", 10, 0, 5000, "g7", 29983, 21, 0, "vcf"},
	{"19 freestyle: n15 o8 g13 e10 f8 g8 l15 n12 o9 l7 i14 j14 h9 k9 e8 i7 l13 l5 i8 i6 f7 k11 k6", 10, 0, 5000, "f9", 685, 2045, 1, "search"},
	{"15 standard: f9 i12 c4 d6 j8 i4 m8 i5 h4 l12 e6 f5 h8 f10 h6 l11 m9 i8 m3 m11 e9", 10, 0, 5000, "i7", 56, 1958, 1, "search"},
	{"15 renju: j3 k8 h9 k6 f4 c5 f6 h7 l7 e3 i13 g3 g4 d11 g6 c3 i3 l5 c7 f9 j8 h3", 10, 0, 5000, "g8", 1830, 5120, 6, "search"},
	{"15 standard: f12 f8 l7 c10 c4 m4 e11 f13 j11 h6 j7 k6 d7 m5 h7 i12 g3 g12 g9 c13 c12 l9 i11 m9 l5 i10 d3 m11 f9 d6 h10 i5", 10, 0, 5000, "j12", 29987, 20, 0, "vcf"},
	{"15 freestyle: c11 j5 i7 f11 m8 h8 k5 f4 e10 l12 i6 i8 f5 g12 k3 j7 m3 h4 k10 h5 e7 e8", 10, 0, 5000, "j6", 255, 1786, 1, "search"},
	{"15 standard: f6 f8 g6 i8 e10 m3 h8 e13 l12 h6 c5 c12 c7 f11 e7 e3 i3 d12", 10, 0, 5000, "g5", 29985, 24, 0, "vcf"},
	{"19 freestyle: j8 n9 g12 j14 e11 j5 j7 n14 h14 g9 n15 l7 m11 f15 i13 i14 e8 l12 i10 j12 o5 h8 n12 f13 h7 j9 i11 o7 o11 g14 n5 k9 l14", 10, 0, 5000, "i9", 29985, 82, 0, "vcf"},
	{"15 freestyle: l4 l10 h9 l11 l13 h11 c11 d11 k5 m8 m6 g9 k9 d12 j3 g3 m5 c5 e4 h5 l8 k3 h12 j7 k7 d4", 10, 0, 5000, "k8", 29987, 9, 0, "vcf"},
	{"15 standard: g3 h10 c4 k8 l12 h13 c8 e10 k7 m10 l3 f9 f10 k13 g10 d10 l13 l10 d13 j8 f11 f6 g5 i6 f13", 10, 0, 5000, "g8", 29987, 131, 0, "vcf"},
	{"15 standard: j8 l3 c7 c3 l4 h5 e12 k7 h7 e7 d9 d5 l12 g4 k9 g6 l13 c10 d10 g8 h10", 10, 0, 5000, "g5", 29987, 10, 0, "vcf"},
	{"15 standard: k6 c9 g11 d9 d3 f5 k7 c3 j3 m8 g4 j4 e7 i9 c4 i8 h3 i11 f7 f8 e11 l7 e6 g8 h8 f6 i12", 10, 0, 5000, "i7", 29985, 9, 0, "vcf"},
	{"15 renju: d5 l3 j6 j13 g7 h10 e5 f8 k7 l13 d10 c5 i9 e7 f7 g3 m12 m7 d4 h5 i6 i3 f4 l12", 10, 0, 5000, "f6", 29985, 8, 0, "vcf"},
}

// goldenCases lists the searches of TestGoldenSearch: level 10 to a fixed
// depth from each quiet position, levels 1-9 (seeded) and level 10 at a node
// budget from a few of them, and level 10 at a node budget on every position
// of the tactical suite (threat searches included).
func goldenCases(t testing.TB) []golden {
	var cases []golden
	for _, g := range goldenQuiet {
		cases = append(cases, golden{game: g, level: 10, maxDepth: 6})
	}
	for _, g := range goldenQuiet[:3] {
		for lv := 1; lv <= 10; lv++ {
			cases = append(cases, golden{game: g, level: lv, maxNodes: 20000})
		}
	}
	for _, tc := range readTactics(t) {
		cases = append(cases, golden{game: tc.game, level: 10, maxNodes: 5000})
	}
	return cases
}

// runGolden runs the search c describes with a fresh engine.
func runGolden(t testing.TB, c golden) golden {
	t.Helper()
	g, err := gomoku.ParseGame(c.game)
	if err != nil {
		t.Fatal(err)
	}
	e := New(Options{Level: c.level, Seed: 1, TTSize: 4 << 20, MoveTime: time.Hour,
		MaxDepth: c.maxDepth, MaxNodes: c.maxNodes})
	res, err := e.Think(context.Background(), g)
	if err != nil {
		t.Fatal(err)
	}
	c.move, c.score, c.nodes, c.depth, c.by = res.Text, res.Score, res.Nodes, res.Depth, res.By
	return c
}

// TestGoldenSearch checks that the search is the one recorded in
// goldenSearches: a change meant only to make it faster must keep every
// move, score, depth and node count. A failure prints the new table.
func TestGoldenSearch(t *testing.T) {
	cases := goldenCases(t)
	var got []golden
	failed := len(cases) != len(goldenSearches)
	for i, c := range cases {
		r := runGolden(t, c)
		got = append(got, r)
		if i < len(goldenSearches) && r != goldenSearches[i] {
			t.Errorf("case %d: got %+v, want %+v", i, r, goldenSearches[i])
			failed = true
		}
	}
	if failed {
		t.Errorf("%d cases, %d recorded; the searches now give:", len(cases), len(goldenSearches))
		for _, r := range got {
			t.Log(fmt.Sprintf("\t{%q, %d, %d, %d, %q, %d, %d, %d, %q},",
				r.game, r.level, r.maxDepth, r.maxNodes, r.move, r.score, r.nodes, r.depth, r.by))
		}
	}
}

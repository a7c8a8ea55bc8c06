package xiangqi

import (
	"slices"
	"strings"
	"testing"
)

// matching returns, sorted, the legal moves of p that Match accepts for typed.
func matching(p *Position, typed string) []string {
	q := NewQuery(typed)
	var out []string
	for _, m := range p.GenerateMoves(nil) {
		if p.Match(m, q) {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

// fromSquare returns, sorted, the legal moves of p from the square named sq.
func fromSquare(t *testing.T, p *Position, from string) []string {
	var out []string
	for _, m := range p.GenerateMoves(nil) {
		if m.From() == sq(t, from) {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

// TestMatchReported checks the autocomplete queries players reported
// getting no suggestion for, and the other spellings of the same moves.
func TestMatchReported(t *testing.T) {
	start := StartPosition()
	black := mustFEN(t, afterCentralCannon)
	five := mustFEN(t, "3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1")
	four := mustFEN(t, "3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1")
	generals := mustFEN(t, "4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1")
	tandem := mustFEN(t, "rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1")
	horses := "b1a3 b1c3 h1g3 h1i3"
	chariots := "a1a2 a1a3 i1i2 i1i3"
	tests := []struct {
		p     *Position
		typed string
		want  string // space-separated sorted moves
	}{
		{&start, "马", horses},
		{&start, "馬", horses},
		{&start, "傌", horses},
		{&start, "马八", "b1a3 b1c3"},
		{&start, "马8", "b1a3 b1c3"},
		{&start, "马八进七", "b1c3"},
		{&start, "马8进7", "b1c3"},
		{&start, "馬八進七", "b1c3"},
		{&start, "傌八進七", "b1c3"},
		{&start, " 马 八 进 七 ", "b1c3"},
		{&start, "车", chariots},
		{&start, "車", chariots},
		{&start, "俥", chariots},
		{&start, "车一进一", "i1i2"},
		{&start, "車1進1", "i1i2"},
		{&start, "兵七进", "c4c5"},
		{&start, "卒七進", "c4c5"},
		{&start, "帅五进一", "e1e2"},
		{&start, "将５进１", "e1e2"},
		{&start, "帥", "e1e2"},
		{&start, "ｈ３ｅ３", "h3e3"},
		{&start, "Ｈ３Ｅ３", "h3e3"},
		{&start, "h3-e3", "h3e3"},
		{&start, "Ｃ２．５", "h3e3"},
		{&start, "c2=5", "h3e3"},
		{&start, "Ｃ２＝５", "h3e3"},
		{&start, "炮２平５", "h3e3"},
		{&start, "炮二平５", "h3e3"},
		{&start, "n2+", "h1g3 h1i3"},
		{&start, "Ｎ２＋３", "h1g3"},
		{&start, "进七", "b1c3 b3b10 h3h10"},
		{&start, "k5", "e1e2"},
		{&start, "g5+1", "e1e2"},
		{&start, "象三进五", "g1e3"},
		{&start, "士四进五", "f1e2"},
		{&start, "马九", ""},
		{&start, "炮平", ""},
		{&start, "xyz", ""},
		{&black, "马8", "h10g8 h10i8"},
		{&black, "马八", "h10g8 h10i8"},
		{&black, "马８进７", "h10g8"},
		{&black, "傌8進7", "h10g8"},
		{&black, "卒", "a7a6 c7c6 e7e6 g7g6 i7i6"},
		{&black, "兵", "a7a6 c7c6 e7e6 g7g6 i7i6"},
		{&black, "将", "e10e9"},
		{&black, "帅", "e10e9"},
		{&tandem, "后炮退", "e3e2"},
		{&tandem, "C-.", "e3a3 e3b3 e3c3 e3d3 e3f3 e3g3 e3h3 e3i3"},
		{&tandem, "炮五", ""},
		{&generals, "e10-f10", "e10f10"}, // the longest spelling of all
		{&generals, "Ｅ１０－Ｆ１０", "e10f10"},
	}
	for _, tt := range tests {
		got := strings.Join(matching(tt.p, tt.typed), " ")
		if got != tt.want {
			t.Errorf("%s: Match(%q) = [%s], want [%s]", tt.p.FEN(), tt.typed, got, tt.want)
		}
	}
	for _, tt := range []struct {
		p           *Position
		typed, from string
	}{
		{&start, "h3-", "h3"}, {&start, "Ｈ３", "h3"}, {&black, "h10", "h10"},
		{&tandem, "前炮", "e5"}, {&tandem, "前砲", "e5"}, {&tandem, "+c", "e5"}, {&tandem, "c+", "e5"}, {&tandem, "Ｃ＋", "e5"},
		{&five, "前兵", "e9"}, {&five, "一兵", "e9"}, {&five, "二兵", "e8"}, {&five, "中兵", "e7"},
		{&five, "三兵", "e7"}, {&five, "四兵", "e6"}, {&five, "++", "e9"},
		{&four, "後兵", "e6"}, {&four, "后卒", "e6"}, {&four, "四兵", "e6"}, {&four, "前兵", "e9"},
		{&tandem, "後炮", "e3"}, {&tandem, "后包", "e3"}, {&tandem, "c-", "e3"},
	} {
		if got, want := matching(tt.p, tt.typed), fromSquare(t, tt.p, tt.from); !slices.Equal(got, want) || len(got) == 0 {
			t.Errorf("%s: Match(%q) = %v, want every move from %s %v", tt.p.FEN(), tt.typed, got, tt.from, want)
		}
	}
	all := matching(&start, "")
	if len(all) != 44 {
		t.Errorf("the empty query matches %d of the 44 opening moves", len(all))
	}
}

func TestQueryEmpty(t *testing.T) {
	for typed, empty := range map[string]bool{"": true, "  ": true, "　": true, "h": false, "马": false} {
		if got := NewQuery(typed).Empty(); got != empty {
			t.Errorf("NewQuery(%q).Empty() = %v", typed, got)
		}
	}
	p := StartPosition()
	if !p.Match(NewMove(sq(t, "h3"), sq(t, "e3")), Query{}) {
		t.Error("the zero Query does not match a legal move")
	}
	if p.Match(NewMove(sq(t, "h8"), sq(t, "e8")), NewQuery("h8")) {
		t.Error("a move of the side not to move matches")
	}
}

func TestMatchDoesNotAllocate(t *testing.T) {
	p := StartPosition()
	moves := p.GenerateMoves(nil)
	for _, typed := range []string{"马八", "ｈ３", "C2.", "前炮", "+c"} {
		q := NewQuery(typed)
		allocs := testing.AllocsPerRun(10, func() {
			for _, m := range moves {
				p.Match(m, q)
			}
		})
		if allocs != 0 {
			t.Errorf("Match(%q) over the opening's moves: %v allocations", typed, allocs)
		}
	}
}

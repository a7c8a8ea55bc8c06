package xiangqi

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// TestVietnamese writes moves as Vietnamese players do, beside the Chinese
// they stand for.
func TestVietnamese(t *testing.T) {
	const start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
	tests := []struct{ fen, move, want, chinese string }{
		{start, "h3e3", "P2-5", "炮二平五"},
		{start, "b1c3", "M8.7", "马八进七"},
		{start, "i1i2", "X1.1", "车一进一"},
		{start, "g4g5", "B3.1", "兵三进一"},
		{start, "e1e2", "Tg5.1", "帅五进一"},
		{start, "f1e2", "S4.5", "仕四进五"},
		{start, "c1e3", "T7.5", "相七进五"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "b10c8", "M2.3", "马2进3"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "h8h1", "P8.7", "炮8进7"},
		// two chariots on one file: front (trước) and rear (sau)
		{"5k3/9/9/9/9/9/9/4R4/4R4/3K5 w - - 0 1", "e3e7", "Xt.4", "前车进四"},
		{"5k3/9/9/9/9/9/9/4R4/4R4/3K5 w - - 0 1", "e2a2", "Xs-9", "后车平九"},
		{"5k3/9/9/9/9/9/9/4R4/9/3K5 w - - 0 1", "e3e1", "X5/2", "车五退二"},
	}
	for _, tt := range tests {
		pos, err := ParseFEN(tt.fen)
		if err != nil {
			t.Fatal(err)
		}
		m, err := pos.ParseMove(tt.move)
		if err != nil {
			t.Fatalf("%s: %v", tt.move, err)
		}
		if got := pos.Chinese(m, true); got != tt.chinese {
			t.Fatalf("%s is %s in Chinese, the test expects %s", tt.move, got, tt.chinese)
		}
		if got := pos.Vietnamese(m); got != tt.want {
			t.Errorf("%s (%s) = %q, want %q", tt.move, tt.chinese, got, tt.want)
		}
		for _, typed := range []string{tt.want, strings.ToLower(tt.want), " " + tt.want + " ", fullWidth(tt.want)} {
			if got, err := pos.ParseVietnamese(typed); err != nil || got != m {
				t.Errorf("ParseVietnamese(%q) = %v, %v; want %s", typed, got, err, tt.move)
			}
		}
	}
}

// TestParseVietnameseRefuses: text that is no legal move in Vietnamese
// notation is refused as not a move.
func TestParseVietnameseRefuses(t *testing.T) {
	pos := NewGame().Position()
	for _, s := range []string{"P2-6x", "P2/5", "Xt.1", "h3e3", "炮二平五"} {
		if _, err := pos.ParseVietnamese(s); engine.ErrorCode(err) != engine.NotAMove {
			t.Errorf("ParseVietnamese(%q): %v, want not a move", s, err)
		}
	}
	if _, err := pos.ParseVietnamese(" "); engine.ErrorCode(err) != engine.NoMoveGiven {
		t.Errorf("blank: %v", err)
	}
}

package xiangqi

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestSquares(t *testing.T) {
	seen := map[Square]bool{}
	for _, s := range Squares() {
		if !s.Valid() || seen[s] {
			t.Fatalf("square %v invalid or repeated", s)
		}
		seen[s] = true
		if SquareAt(s.File(), s.Rank()) != s {
			t.Fatalf("SquareAt(File, Rank) of %v = %v", s, SquareAt(s.File(), s.Rank()))
		}
		back, err := ParseSquare(s.String())
		if err != nil || back != s {
			t.Fatalf("ParseSquare(%q) = %v, %v", s.String(), back, err)
		}
	}
	valid := 0
	for i := range 256 {
		if Square(i).Valid() {
			valid++
		}
	}
	if valid != 90 {
		t.Fatalf("%d valid squares, want 90", valid)
	}
	for _, tt := range []struct {
		file, rank int
		want       string
	}{{0, 0, "a1"}, {8, 9, "i10"}, {4, 0, "e1"}, {7, 2, "h3"}} {
		if got := SquareAt(tt.file, tt.rank).String(); got != tt.want {
			t.Errorf("SquareAt(%d, %d) = %s, want %s", tt.file, tt.rank, got, tt.want)
		}
	}
	for _, bad := range [][2]int{{-1, 0}, {9, 0}, {0, -1}, {0, 10}} {
		if SquareAt(bad[0], bad[1]) != NoSquare {
			t.Errorf("SquareAt(%d, %d) is on the board", bad[0], bad[1])
		}
	}
	for _, tt := range []struct {
		in   string
		code engine.Code
	}{{"j1", engine.NotOnBoard}, {"a11", engine.NotOnBoard}, {"a0", engine.NotOnBoard}, {"e", engine.NotASquare}, {"11", engine.NotASquare}} {
		if _, err := ParseSquare(tt.in); engine.ErrorCode(err) != tt.code {
			t.Errorf("ParseSquare(%q) = %v, want code %v", tt.in, err, tt.code)
		}
	}
}

func TestPieceNames(t *testing.T) {
	tests := []struct {
		p     Piece
		fen   string
		kind  string
		side  engine.Side
		kindV Kind
	}{
		{MakePiece(Red, General), "K", "general", Red, General},
		{MakePiece(Black, Horse), "n", "horse", Black, Horse},
		{MakePiece(Black, Elephant), "b", "elephant", Black, Elephant},
		{MakePiece(Red, Soldier), "P", "soldier", Red, Soldier},
		{NoPiece, ".", "none", Red, NoKind},
	}
	for _, tt := range tests {
		if tt.p.String() != tt.fen || tt.p.Kind().String() != tt.kind || tt.p.Kind() != tt.kindV {
			t.Errorf("%d: %q %q", tt.p, tt.p.String(), tt.p.Kind().String())
		}
		if tt.p != NoPiece && tt.p.Side() != tt.side {
			t.Errorf("%v: side %v", tt.p, tt.p.Side())
		}
	}
	if Move(0).String() != "0000" || NewMove(SquareAt(7, 2), SquareAt(4, 2)).String() != "h3e3" {
		t.Error("Move.String")
	}
}

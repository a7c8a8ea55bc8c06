package xiangqi

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// afterCentralCannon is the start after 炮二平五: black to move.
const afterCentralCannon = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"

// TestParseEverySpelling parses what players reported being refused, and
// the other spellings people type, to the move they mean.
func TestParseEverySpelling(t *testing.T) {
	tests := []struct {
		fen  string
		want string
		in   []string
	}{
		{StartFEN, "b1c3", []string{
			"马八进七", "馬八進七", "傌八進七", "㐷八进七", "马8进7", "马８进７", "马八进7", "马８进七",
			" 马 八 进 七 ", "　马八进七　", "H8+7", "ｈ８＋７", "Ｈ８＋７", "N8+7", "b1c3", "ｂ１ｃ３", "Ｂ１－Ｃ３",
		}},
		{StartFEN, "i1i2", []string{"车一进一", "車一進一", "俥一進一", "伡一进一", "车1进1", "车１进１", "Ｒ１＋１"}},
		{StartFEN, "e1e2", []string{"帅五进一", "帥五進一", "将五进一", "將五進一", "帅5进1", "Ｋ５＋１", "g5+1"}},
		{StartFEN, "c4c5", []string{"兵七进一", "卒七进一", "兵７进１", "Ｐ７＋１", "ｃ４ｃ５"}},
		{StartFEN, "g1e3", []string{"相三进五", "象三進五", "相3进5"}},
		{StartFEN, "f1e2", []string{"仕四进五", "士四進五", "士4进5"}},
		{StartFEN, "h3e3", []string{
			"炮二平五", "砲二平五", "包二平五", "炮２平５", "炮二平５", "ｈ３ｅ３", "Ｈ３Ｅ３", "Ｃ２．５", "Ｃ２＝５",
			"c2。5", "C2=5", "ｃ２．５",
		}},
		// Black to move: its own digits, red's numerals, either side's glyphs.
		{afterCentralCannon, "h10g8", []string{"马8进7", "馬8進7", "马八进七", "傌8進7", "馬８進７", "H8+7", "ｈ１０ｇ８"}},
		{afterCentralCannon, "a10a9", []string{"车1进1", "車1進1", "俥一進一", "Ｒ１＋１"}},
		{afterCentralCannon, "e10e9", []string{"将5进1", "將5進1", "帅5进1", "帥五進一"}},
		{afterCentralCannon, "g7g6", []string{"卒7进1", "兵7进1", "卒七進一"}},
		{afterCentralCannon, "h8e8", []string{"炮8平5", "砲8平5", "包８平５", "ｈ８ｅ８"}},
		// Tandem cannons on red's file 5.
		{"rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1", "e5d5", []string{
			"前炮平六", "前砲平6", "前包平６", "Ｃ＋．６", "＋Ｃ．６", "+c=6",
		}},
		{"rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1", "e3e2", []string{
			"后炮退一", "後炮退一", "後砲退1", "Ｃ－－１",
		}},
		// Five soldiers on one file: counted from the front.
		{"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1", "e8d8", []string{"二兵平六", "2兵平6", "２卒平六", "Ｐ＋．６"}},
		// Soldiers on two files.
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "c8b8", []string{"前七平八", "前7平8", "前７平八"}},
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "g7f7", []string{"后三平四", "後3平4", "３－．４"}},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		for _, in := range tt.in {
			m, err := p.ParseMove(in)
			if err != nil || m.String() != tt.want {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", tt.fen, in, m, err, tt.want)
			}
		}
	}
}

func TestParseNotationFolds(t *testing.T) {
	p := StartPosition()
	if m, err := p.ParseWXF("Ｃ２．５"); err != nil || m.String() != "h3e3" {
		t.Errorf("ParseWXF(Ｃ２．５) = %v, %v", m, err)
	}
	if m, err := p.ParseChinese("马八进七"); err != nil || m.String() != "b1c3" {
		t.Errorf("ParseChinese(马八进七) = %v, %v", m, err)
	}
	if sq, err := ParseSquare("Ｅ１"); err != nil || sq.String() != "e1" {
		t.Errorf("ParseSquare(Ｅ１) = %v, %v", sq, err)
	}
}

// TestFoldedErrors checks that refusals quote what the player typed and
// that folding lets nothing new through.
func TestFoldedErrors(t *testing.T) {
	tests := []struct {
		fen, move string
		code      engine.Code
		want      string
	}{
		{StartFEN, "ｘｙｚ", engine.NotAMove, "'ｘｙｚ' is not a move"},
		{StartFEN, "ｊ３ｅ３", engine.NotOnBoard, "j3 is not on the board"},
		{StartFEN, "马三进七", engine.NoPieceOnFile, "there is no red horse on file 3"},
		{StartFEN, "马八平七", engine.NoSideways, "the horse never moves sideways"},
		{StartFEN, "马八进", engine.NotAMove, "'马八进' is not a move"},
		{StartFEN, "马马进七", engine.NotAMove, "is not a move"},
		{StartFEN, "马八进七七", engine.NotAMove, "is not a move"},
		{StartFEN, "　", engine.NoMoveGiven, "no move given"},
		{afterCentralCannon, "马八进八", engine.CannotReachFile, "the horse on file 8 cannot reach file 8"},
		{"3k5/9/9/9/2C6/9/9/2C6/9/4K4 w - - 0 1", "砲７平６", engine.Ambiguous, "'砲７平６' is ambiguous"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		_, err := p.ParseMove(tt.move)
		if engine.ErrorCode(err) != tt.code || err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ParseMove(%q) = %v (code %v), want code %v containing %q",
				tt.fen, tt.move, err, engine.ErrorCode(err), tt.code, tt.want)
		}
	}
}

func TestPieceName(t *testing.T) {
	tests := []struct {
		pc                      Piece
		traditional, simplified string
	}{
		{MakePiece(Red, General), "帥", "帅"},
		{MakePiece(Red, Advisor), "仕", "仕"},
		{MakePiece(Red, Elephant), "相", "相"},
		{MakePiece(Red, Horse), "傌", "马"},
		{MakePiece(Red, Chariot), "俥", "车"},
		{MakePiece(Red, Cannon), "炮", "炮"},
		{MakePiece(Red, Soldier), "兵", "兵"},
		{MakePiece(Black, General), "將", "将"},
		{MakePiece(Black, Advisor), "士", "士"},
		{MakePiece(Black, Elephant), "象", "象"},
		{MakePiece(Black, Horse), "馬", "马"},
		{MakePiece(Black, Chariot), "車", "车"},
		{MakePiece(Black, Cannon), "砲", "炮"},
		{MakePiece(Black, Soldier), "卒", "卒"},
		{NoPiece, "", ""},
	}
	for _, tt := range tests {
		if got := PieceName(tt.pc, false); got != tt.traditional {
			t.Errorf("PieceName(%v, false) = %q, want %q", tt.pc, got, tt.traditional)
		}
		if got := PieceName(tt.pc, true); got != tt.simplified {
			t.Errorf("PieceName(%v, true) = %q, want %q", tt.pc, got, tt.simplified)
		}
	}
}

func TestDescribeIn(t *testing.T) {
	tests := []struct {
		fen, move, traditional, simplified string
	}{
		{StartFEN, "b1c3", "b1c3 · 傌八進七 · H8+7", "b1c3 · 马八进七 · H8+7"},
		{StartFEN, "h3e3", "h3e3 · 炮二平五 · C2.5", "h3e3 · 炮二平五 · C2.5"},
		{StartFEN, "i1i2", "i1i2 · 俥一進一 · R1+1", "i1i2 · 车一进一 · R1+1"},
		{StartFEN, "e1e2", "e1e2 · 帥五進一 · K5+1", "e1e2 · 帅五进一 · K5+1"},
		{afterCentralCannon, "h10g8", "h10g8 · 馬8進7 · H8+7", "h10g8 · 马8进7 · H8+7"},
		{afterCentralCannon, "h8e8", "h8e8 · 砲8平5 · C8.5", "h8e8 · 炮8平5 · C8.5"},
		{afterCentralCannon, "e10e9", "e10e9 · 將5進1 · K5+1", "e10e9 · 将5进1 · K5+1"},
		{afterCentralCannon, "g7g6", "g7g6 · 卒7進1 · P7+1", "g7g6 · 卒7进1 · P7+1"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := p.ParseMove(tt.move)
		if err != nil {
			t.Fatalf("%s: ParseMove(%q): %v", tt.fen, tt.move, err)
		}
		if got := p.DescribeIn(m, false); got != tt.traditional {
			t.Errorf("DescribeIn(%s, false) = %q, want %q", tt.move, got, tt.traditional)
		}
		if got := p.DescribeIn(m, true); got != tt.simplified {
			t.Errorf("DescribeIn(%s, true) = %q, want %q", tt.move, got, tt.simplified)
		}
		if got := p.Describe(m); got != tt.traditional {
			t.Errorf("Describe(%s) = %q, want %q", tt.move, got, tt.traditional)
		}
	}
}

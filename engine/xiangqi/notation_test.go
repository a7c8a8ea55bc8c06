package xiangqi

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestNotationExamples(t *testing.T) {
	tests := []struct {
		fen, coord, wxf, chinese, simplified string
	}{
		{StartFEN, "h3e3", "C2.5", "炮二平五", "炮二平五"},
		{StartFEN, "h1g3", "H2+3", "傌二進三", "马二进三"},
		{StartFEN, "a1a2", "R9+1", "俥九進一", "车九进一"},
		{StartFEN, "f1e2", "A4+5", "仕四進五", "仕四进五"},
		{StartFEN, "g1e3", "E3+5", "相三進五", "相三进五"},
		{StartFEN, "e1e2", "K5+1", "帥五進一", "帅五进一"},
		{StartFEN, "c4c5", "P7+1", "兵七進一", "兵七进一"},
		{StartFEN, "b3b10", "C8+7", "炮八進七", "炮八进七"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "h10g8", "H8+7", "馬8進7", "马8进7"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "h8e8", "C8.5", "砲8平5", "炮8平5"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "b10c8", "H2+3", "馬2進3", "马2进3"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "a10a9", "R1+1", "車1進1", "车1进1"},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1", "f10e9", "A6+5", "士6進5", "士6进5"},
		// Tandem cannons on red's file 5 (file e).
		{"rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1", "e5d5", "C+.6", "前炮平六", "前炮平六"},
		{"rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1", "e3e2", "C--1", "後炮退一", "后炮退一"},
		// Tandem horses for black on its file 2 (file h).
		{"r1bakab1r/9/1c5n1/p1p1p1p1p/9/7n1/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "h5g3", "H++7", "前馬進7", "前马进7"},
		{"r1bakab1r/9/1c5n1/p1p1p1p1p/9/7n1/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1", "h8f9", "H--6", "後馬退6", "后马退6"},
		// Three red soldiers on file e (red's 5): front, middle, rear.
		{"3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1", "e8e9", "P++1", "前兵進一", "前兵进一"},
		{"3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1", "e7d7", "P5.6", "中兵平六", "中兵平六"},
		{"3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1", "e6f6", "P-.4", "後兵平四", "后兵平四"},
		// Five soldiers on one file.
		{"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1", "e9d9", "++.6", "一兵平六", "一兵平六"},
		{"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1", "e8d8", "P+.6", "二兵平六", "二兵平六"},
		{"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1", "e7d7", "P5.6", "三兵平六", "三兵平六"},
		{"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1", "e6d6", "P-.6", "四兵平六", "四兵平六"},
		{"3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1", "e7d7", "P-.6", "三兵平六", "三兵平六"},
		{"3k5/4P4/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1", "e6d6", "--.6", "四兵平六", "四兵平六"},
		// Soldiers on two files: three on red's 7 (c), two on red's 3 (g).
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "c8b8", "7+.8", "前七平八", "前七平八"},
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "c7b7", "77.8", "中七平八", "中七平八"},
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "c6b6", "7-.8", "後七平八", "后七平八"},
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "g7f7", "3-.4", "後三平四", "后三平四"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		m, err := p.ParseMove(tt.coord)
		if err != nil {
			t.Errorf("%s: ParseMove(%q): %v", tt.fen, tt.coord, err)
			continue
		}
		if got := p.WXF(m); got != tt.wxf {
			t.Errorf("%s: WXF(%s) = %q, want %q", tt.fen, tt.coord, got, tt.wxf)
		}
		if tt.chinese != "" {
			if got := p.Chinese(m, false); got != tt.chinese {
				t.Errorf("%s: Chinese(%s) = %q, want %q", tt.fen, tt.coord, got, tt.chinese)
			}
			if got := p.Chinese(m, true); got != tt.simplified {
				t.Errorf("%s: Chinese(%s, simplified) = %q, want %q", tt.fen, tt.coord, got, tt.simplified)
			}
		}
		for _, text := range []string{tt.wxf, tt.chinese, tt.simplified} {
			if text == "" {
				continue
			}
			got, err := p.ParseMove(text)
			if err != nil || got != m {
				t.Errorf("%s: ParseMove(%q) = %v, %v; want %s", tt.fen, text, got, err, tt.coord)
			}
		}
	}
}

func TestDescribe(t *testing.T) {
	p := StartPosition()
	m, err := p.ParseMove("h3e3")
	if err != nil {
		t.Fatal(err)
	}
	if got, want := p.Describe(m), "h3e3 · 炮二平五 · C2.5"; got != want {
		t.Errorf("Describe = %q, want %q", got, want)
	}
}

func TestAcceptedSpellings(t *testing.T) {
	p := StartPosition()
	want := NewMove(sq(t, "h3"), sq(t, "e3"))
	for _, s := range []string{
		"h3e3", "H3E3", "h3-e3", " h3 e3 ", "C2.5", "c2.5", "C2=5", "C 2 . 5",
		"炮二平五", "炮2平5", "砲二平五", "包二平五", "炮２平５",
	} {
		got, err := p.ParseMove(s)
		if err != nil || got != want {
			t.Errorf("ParseMove(%q) = %v, %v; want h3e3", s, got, err)
		}
	}
	tandem := mustFEN(t, "rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1")
	want = NewMove(sq(t, "e5"), sq(t, "d5"))
	for _, s := range []string{"C+.6", "+C.6", "+c=6", "前炮平六", "前砲平6"} {
		got, err := tandem.ParseMove(s)
		if err != nil || got != want {
			t.Errorf("tandem ParseMove(%q) = %v, %v; want e5d5", s, got, err)
		}
	}
}

func TestParseMoveErrors(t *testing.T) {
	tests := []struct {
		fen, move string
		code      engine.Code
		want      string
	}{
		{StartFEN, "xyz", engine.NotAMove, "'xyz' is not a move: write it like h3e3, C2.5 or 炮二平五"},
		{StartFEN, "", engine.NoMoveGiven, "no move given"},
		{StartFEN, "j3e3", engine.NotOnBoard, "j3 is not on the board"},
		{StartFEN, "h3e11", engine.NotOnBoard, "e11 is not on the board"},
		{StartFEN, "e5e6", engine.NoPieceOn, "there is no piece on e5"},
		{StartFEN, "h8e8", engine.NotYourPiece, "the cannon on h8 is black's, and it is red's turn"},
		{StartFEN, "a1b1", engine.OwnPiece, "b1 holds your own horse"},
		{StartFEN, "e1e3", engine.GeneralStep, "the general moves one point along a line"},
		{StartFEN, "d1c2", engine.AdvisorPalace, "the advisor may not leave the palace"},
		{StartFEN, "c1e5", engine.ElephantStep, "the elephant moves exactly two points diagonally"},
		{"3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c5e7", engine.ElephantRiver, "the elephant may not cross the river"},
		{"5k3/9/9/9/9/9/9/9/3R5/2B1K4 w - - 0 1", "c1e3", engine.ElephantEye, "the elephant's eye at d2 is blocked"},
		{"3k5/9/9/9/9/9/9/9/4R4/4NK3 w - - 0 1", "e1d3", engine.HorseLeg, "the horse's leg at e2 is blocked"},
		{StartFEN, "b1d3", engine.HorseStep, "the horse moves one point straight and then one diagonally"},
		{StartFEN, "a1a5", engine.PathBlocked, "the chariot's path is blocked at a4"},
		{StartFEN, "h3h9", engine.PathBlocked, "the cannon's path is blocked at h8"},
		{StartFEN, "b3b8", engine.NoScreen, "jumping over exactly one piece, and there is none"},
		{StartFEN, "h3h1", engine.OwnPiece, "h1 holds your own horse"},
		{StartFEN, "a4b4", engine.SoldierSideways, "a soldier may move sideways only after crossing the river"},
		{"3k5/9/9/4P4/9/9/9/9/9/5K3 w - - 0 1", "e7e6", engine.SoldierBackward, "soldiers never move backwards"},
		{"4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", "e5d7", engine.GeneralsFace, "generals may not face each other"},
		{"3k5/9/9/4r4/9/9/9/4N4/9/4K4 w - - 0 1", "e3d5", engine.LeavesInCheck, "that move leaves your general in check"},
		{"3k5/9/9/9/4r4/9/R8/9/9/4K4 w - - 0 1", "a4a5", engine.StillInCheck, "does not get it out of check"},
		{StartFEN, "C3.5", engine.NoPieceOnFile, "there is no red cannon on file 3"},
		{StartFEN, "C+.5", engine.FilesTooFew, "no file holds enough red cannons for 'C+.5' to pick one of them"},
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "5+.4", engine.FileTooFew, "file 5 does not hold enough red soldiers"},
		{"3k5/9/9/9/9/9/9/9/9/3AKA3 w - - 0 1", "A5+4", engine.NoPieceOnFile, "there is no red advisor on file 5"},
		{"3k5/9/9/9/2C6/9/9/2C6/9/4K4 w - - 0 1", "C7.6", engine.Ambiguous, "'C7.6' is ambiguous: it could be c6d6 or c3d3"},
		{StartFEN, "H2.3", engine.NoSideways, "the horse never moves sideways"},
		{StartFEN, "H2+6", engine.CannotReachFile, "the horse on file 2 cannot reach file 6"},
		{StartFEN, "R1+5", engine.PathBlocked, "the chariot's path is blocked at i4"},
		{StartFEN, "炮三平五", engine.NoPieceOnFile, "there is no red cannon on file 3"},
		{StartFEN, "炮二平二", engine.AlreadyOnFile, "already on file 2"},
		{StartFEN, "A4+6", engine.CannotReachFile, "the advisor on file 4 cannot reach file 6"},
		{StartFEN, "R9-1", engine.OffBoardMove, "off the board"},
	}
	for _, tt := range tests {
		p := mustFEN(t, tt.fen)
		_, err := p.ParseMove(tt.move)
		if err == nil {
			t.Errorf("%s: ParseMove(%q) succeeded, want %q", tt.fen, tt.move, tt.want)
			continue
		}
		if engine.ErrorCode(err) != tt.code {
			t.Errorf("%s: ParseMove(%q) code %v (%v), want %v", tt.fen, tt.move, engine.ErrorCode(err), err, tt.code)
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: ParseMove(%q) = %q, want it to contain %q", tt.fen, tt.move, err, tt.want)
		}
	}
}

// TestNotationRoundTrip formats every legal move of many random positions in
// every notation and parses it back to the same move.
func TestNotationRoundTrip(t *testing.T) {
	positions := randomPositions(99, 400, 200)
	for _, fen := range []string{
		"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1",
		"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1",
		"3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1",
		"rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1",
	} {
		positions = append(positions, mustFEN(t, fen))
	}
	for _, p := range positions {
		for _, m := range p.GenerateMoves(nil) {
			for _, text := range []string{m.String(), p.WXF(m), p.Chinese(m, false), p.Chinese(m, true)} {
				got, err := p.ParseMove(text)
				if err != nil || got != m {
					t.Fatalf("%s: %s written %q parses as %v, %v", p.FEN(), m, text, got, err)
				}
			}
		}
	}
}

// TestCheckMoveAgreesWithGenerator checks every from/to pair of many random
// positions: CheckMove accepts exactly the generated moves.
func TestCheckMoveAgreesWithGenerator(t *testing.T) {
	for _, p := range randomPositions(123, 150, 200) {
		legal := map[Move]bool{}
		for _, m := range p.GenerateMoves(nil) {
			legal[m] = true
		}
		for _, from := range Squares() {
			pc := p.At(from)
			if pc == NoPiece || pc.Side() != p.Turn() {
				continue
			}
			for _, to := range Squares() {
				m := NewMove(from, to)
				err := p.CheckMove(from, to)
				if (err == nil) != legal[m] {
					t.Fatalf("%s: %s: CheckMove = %v but generated = %v", p.FEN(), m, err, legal[m])
				}
				if p.IsLegal(m) != legal[m] {
					t.Fatalf("%s: %s: IsLegal = %v but generated = %v", p.FEN(), m, p.IsLegal(m), legal[m])
				}
				if err != nil && engine.ErrorCode(err).Class() != engine.ClassIllegal {
					t.Fatalf("%s: %s: code %v", p.FEN(), m, engine.ErrorCode(err))
				}
			}
		}
	}
}

package gomoku

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

func TestParsePoint(t *testing.T) {
	tests := []struct {
		text    string
		size    int
		want    string // canonical point when the parse succeeds
		code    engine.Code
		message string
	}{
		{text: "h8", size: Small, want: "h8"},
		{text: "H8", size: Small, want: "h8"},
		{text: "H 8", size: Small, want: "h8"},
		{text: " h8 ", size: Small, want: "h8"},
		{text: "\th 0 8\n", size: Small, want: "h8"},
		{text: "ｈ８", size: Small, want: "h8"},
		{text: "Ｈ８", size: Small, want: "h8"},
		{text: "　Ｈ８　", size: Small, want: "h8"}, // ideographic spaces
		{text: " ｈ 8 ", size: Small, want: "h8"},
		{text: "Ｊ１０", size: Large, want: "j10"},
		{text: "ｓ１９", size: Large, want: "s19"},
		{text: "a1", size: Small, want: "a1"},
		{text: "o15", size: Small, want: "o15"},
		{text: "i9", size: Small, want: "i9"},
		{text: "s19", size: Large, want: "s19"},
		{text: "j10", size: Large, want: "j10"},
		{text: "p3", size: Small, code: engine.OffBoard,
			message: "p3 is off the board: columns run a–o and rows 1–15"},
		{text: "h16", size: Small, code: engine.OffBoard,
			message: "h16 is off the board: columns run a–o and rows 1–15"},
		{text: "h0", size: Small, code: engine.OffBoard,
			message: "h0 is off the board: columns run a–o and rows 1–15"},
		{text: "t1", size: Large, code: engine.OffBoard,
			message: "t1 is off the board: columns run a–s and rows 1–19"},
		{text: "a99999999999999999999999", size: Large, code: engine.OffBoard,
			message: "a9999999999999999999… is off the board: columns run a–s and rows 1–19"},
		{text: "hh", size: Small, code: engine.NotAPoint,
			message: "'hh' is not a point: write a column letter then a row number, like h8"},
		{text: "8h", size: Large, code: engine.NotAPoint,
			message: "'8h' is not a point: write a column letter then a row number, like j10"},
		{text: "h", size: Small, code: engine.NotAPoint,
			message: "'h' is not a point: write a column letter then a row number, like h8"},
		{text: "ｐ３", size: Small, code: engine.OffBoard,
			message: "p3 is off the board: columns run a–o and rows 1–15"},
		{text: "ｈ－８", size: Small, code: engine.NotAPoint,
			message: "'ｈ－８' is not a point: write a column letter then a row number, like h8"},
		{text: "h-8", size: Small, code: engine.NotAPoint,
			message: "'h-8' is not a point: write a column letter then a row number, like h8"},
		{text: "é8", size: Small, code: engine.NotAPoint,
			message: "'é8' is not a point: write a column letter then a row number, like h8"},
		{text: "   ", size: Small, code: engine.NoPointGiven,
			message: "no point given: write a column letter then a row number, like h8"},
	}
	for _, tt := range tests {
		p, err := ParsePoint(tt.text, tt.size)
		if tt.message == "" {
			if err != nil || p.String() != tt.want {
				t.Errorf("ParsePoint(%q, %d) = %v, %v; want %s", tt.text, tt.size, p, err, tt.want)
			}
			continue
		}
		if err == nil {
			t.Errorf("ParsePoint(%q, %d) = %v, want an error", tt.text, tt.size, p)
			continue
		}
		if engine.ErrorCode(err) != tt.code || err.Error() != tt.message {
			t.Errorf("ParsePoint(%q, %d) error = %v %q, want %v %q",
				tt.text, tt.size, engine.ErrorCode(err), err, tt.code, tt.message)
		}
	}
}

func TestFoldPoint(t *testing.T) {
	for text, want := range map[string]string{
		"": "", "ｈ": "h", "Ｈ１": "h1", " J 1 0 ": "j10", "　ｓ１９　": "s19", "h-8": "h-8", "é8": "é8",
	} {
		if got := FoldPoint(text); got != want {
			t.Errorf("FoldPoint(%q) = %q, want %q", text, got, want)
		}
	}
}

func TestPointCoordinates(t *testing.T) {
	if got := Centre(Small).String(); got != "h8" {
		t.Errorf("Centre(15) = %s, want h8", got)
	}
	if got := Centre(Large).String(); got != "j10" {
		t.Errorf("Centre(19) = %s, want j10", got)
	}
	for _, size := range []int{Small, Large} {
		seen := map[Point]bool{}
		for r := 0; r < size; r++ {
			for c := 0; c < size; c++ {
				p := PointAt(c, r)
				if p.Col() != c || p.Row() != r || !p.OnBoard(size) || seen[p] {
					t.Fatalf("PointAt(%d, %d) = %d: col %d row %d onboard %v", c, r, p, p.Col(), p.Row(), p.OnBoard(size))
				}
				seen[p] = true
				back, err := ParsePoint(p.String(), size)
				if err != nil || back != p {
					t.Fatalf("ParsePoint(%s) = %v, %v", p, back, err)
				}
			}
		}
	}
	for _, p := range []Point{NoPoint, PointAt(15, 0), PointAt(0, 15), PointAt(-1, 3), cellCount} {
		if p.OnBoard(Small) {
			t.Errorf("%d is on the 15×15 board", p)
		}
	}
	if NoPoint.String() != "-" {
		t.Errorf("NoPoint.String() = %q", NoPoint.String())
	}
}

func FuzzParsePoint(f *testing.F) {
	for _, s := range []string{"h8", "H 8", " s19 ", "p3", "hh", "", "a0", "a016", "é8", "z99999999999999999999", "ｈ８", "　Ｓ１９　", "ｈ－８"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, large bool) {
		size := Small
		if large {
			size = Large
		}
		p, err := ParsePoint(text, size)
		if err != nil {
			if c := engine.ErrorCode(err); c.Class() != engine.ClassNotation && c.Class() != engine.ClassOffBoard {
				t.Fatalf("ParsePoint(%q) error code %v", text, c)
			}
			return
		}
		if !p.OnBoard(size) {
			t.Fatalf("ParsePoint(%q) = %d, off the board", text, p)
		}
		back, err := ParsePoint(p.String(), size)
		if err != nil || back != p {
			t.Fatalf("round trip %q -> %s -> %v, %v", text, p, back, err)
		}
	})
}

func TestParseRule(t *testing.T) {
	for _, r := range []Rule{Freestyle, Standard, Renju} {
		got, err := ParseRule(" " + r.String() + " ")
		if err != nil || got != r {
			t.Errorf("ParseRule(%q) = %v, %v", r, got, err)
		}
	}
	if r, err := ParseRule("RENJU"); err != nil || r != Renju {
		t.Errorf("ParseRule(RENJU) = %v, %v", r, err)
	}
	_, err := ParseRule("gomoku")
	if engine.ErrorCode(err) != engine.NotARule ||
		err.Error() != "'gomoku' is not a rule: choose freestyle, standard or renju" {
		t.Errorf("ParseRule(gomoku) error = %v", err)
	}
	if Rule(7).Valid() || Rule(7).String() != "rule(7)" {
		t.Errorf("Rule(7): valid %v, %q", Rule(7).Valid(), Rule(7))
	}
}

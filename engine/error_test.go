package engine

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

func TestErrorCode(t *testing.T) {
	err := E(Occupied, "h8")
	if err.Error() != "h8 is already taken" {
		t.Fatalf("message = %q", err.Error())
	}
	wrapped := fmt.Errorf("game 12: %w", err)
	if got := ErrorCode(wrapped); got != Occupied {
		t.Fatalf("ErrorCode(wrapped) = %v, want occupied", got)
	}
	if got := ErrorCode(errors.New("disk full")); got != OK {
		t.Fatalf("ErrorCode(plain) = %v, want ok", got)
	}
	if got := ErrorCode(nil); got != OK {
		t.Fatalf("ErrorCode(nil) = %v, want ok", got)
	}
}

// verb matches a formatting verb with its flags.
var verb = regexp.MustCompile(`%[+#-]?[a-z%]`)

// TestCodeTable: every code has a name of its own, a key made of it, an
// English format of its own with only the verbs arguments use, and a class.
func TestCodeTable(t *testing.T) {
	names, formats, keys := map[string]Code{}, map[string]Code{}, map[string]Code{}
	for c := Code(1); c < NumCodes; c++ {
		name, f, key := c.String(), c.English(), c.Key()
		if name == "" || name != strings.ToLower(strings.TrimSpace(name)) || strings.Contains(name, "_") {
			t.Errorf("code %d has the name %q", c, name)
		}
		if key != "err."+strings.ReplaceAll(name, " ", "_") {
			t.Errorf("%v: key %q", c, key)
		}
		if c.Class() == ClassNone {
			t.Errorf("%v has no class", c)
		}
		if prev, ok := names[name]; ok {
			t.Errorf("codes %d and %d share the name %q", prev, c, name)
		}
		if prev, ok := keys[key]; ok {
			t.Errorf("codes %d and %d share the key %q", prev, c, key)
		}
		names[name], keys[key] = c, c
		if f == "" {
			t.Errorf("%v has no English format", c)
		}
		if prev, ok := formats[f]; ok {
			t.Errorf("codes %v and %v share the format %q", prev, c, f)
		}
		formats[f] = c
		for _, v := range verb.FindAllString(f, -1) {
			if v != "%s" && v != "%d" && v != "%q" {
				t.Errorf("%v: format %q uses %s (arguments are strings, ints, Terms and Reasons)", c, f, v)
			}
		}
	}
	if OK.String() != "ok" || OK.Class() != ClassNone || NumCodes.Class() != ClassNone {
		t.Error("OK or NumCodes is classed")
	}
	if got := Code(60000).String(); got != "code(60000)" {
		t.Errorf("an unknown code is named %q", got)
	}
}

// TestErrorEnglish: the English of representative errors, as the games
// wrote it before errors had codes of their own.
func TestErrorEnglish(t *testing.T) {
	tests := []struct {
		err  *Error
		want string
	}{
		{E(Occupied, "h8"), "h8 is already taken"},
		{E(OffBoard, "p4", "o", 15), "p4 is off the board: columns run a–o and rows 1–15"},
		{E(ForbiddenPoint, ShapeDoubleThree, "e4"), "black may not play a double three at e4"},
		{E(ForbiddenPoint, ShapeOverline, "e4"), "black may not play an overline at e4"},
		{E(NotAPoint, "hh", "h8"), "'hh' is not a point: write a column letter then a row number, like h8"},
		{E(GomokuWon, ColourWhite, Five), "the game is over: white won by five in a row"},
		{E(NotYourPiece, PieceCannon, "h8", ColourBlack, ColourRed), "the cannon on h8 is black's, and it is red's turn"},
		{E(PathBlocked, PieceChariot, "a4"), "the chariot's path is blocked at a4"},
		{E(HorseLeg, "e2"), "the horse's leg at e2 is blocked"},
		{E(FileTooFew, 5, ColourRed, PieceSoldier, "5+.4"), "file 5 does not hold enough red soldiers for '5+.4' to pick one of them"},
		{E(NotChinese, "炮"), `"炮" is not a move in Chinese notation: write it like 炮二平五, 馬8進7 or 前炮平四`},
		{E(FENLetter, "x/9", "x"), `bad FEN "x/9": 'x' is not a piece letter (use k a b n r c p, upper case for red)`},
		{Over(WinFor(First, Checkmate), [2]Term{ColourRed, ColourBlack}), "the game is over: red wins by checkmate"},
		{Over(DrawBy(Repetition), [2]Term{ColourRed, ColourBlack}), "the game is over: draw by repetition"},
		{E(Code(60000)), "code(60000)"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("%v %v: %q, want %q", tt.err.Code, tt.err.Args, got, tt.want)
		}
	}
}

package xiangqi

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// fuzzPositions are the positions the notation fuzzers parse moves in: the
// start, tandem pieces, many soldiers on a file, and black to move.
var fuzzPositions = []string{
	StartFEN,
	"rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1",
	"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1",
	"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1",
	"r1bakab1r/9/1c5n1/p1p1p1p1p/9/7n1/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
}

// checkParsed is the property every notation fuzzer checks: whatever parses
// is a legal move whose every spelling parses back to it and matches it for
// autocomplete, and whatever does not parse fails with a player-facing
// *engine.Error.
func checkParsed(t *testing.T, text string) {
	for _, fen := range fuzzPositions {
		p := mustFEN(t, fen)
		m, err := p.ParseMove(text)
		if err != nil {
			if engine.ErrorCode(err) == engine.OK || err.Error() == "" {
				t.Fatalf("%s: ParseMove(%q): error without a code or message: %v", fen, text, err)
			}
			continue
		}
		legal := false
		for _, l := range p.GenerateMoves(nil) {
			legal = legal || l == m
		}
		if !legal {
			t.Fatalf("%s: ParseMove(%q) = %v, which is not legal", fen, text, m)
		}
		for _, again := range []string{m.String(), p.WXF(m), p.Chinese(m, false), p.Chinese(m, true)} {
			if got, err := p.ParseMove(again); err != nil || got != m {
				t.Fatalf("%s: %q -> %v, but %q -> %v, %v", fen, text, m, again, got, err)
			}
			if !p.Match(m, NewQuery(again)) {
				t.Fatalf("%s: %q -> %v, but %q does not match it", fen, text, m, again)
			}
		}
	}
}

func FuzzCoordinates(f *testing.F) {
	for _, s := range []string{"h3e3", "H3E3", "h3-e3", "h10h9", "a1 a2", "j1a1", "a0a1", "e11e1", "e5d5", "e1e2", "ｈ３ｅ３", "Ｈ１０－Ｇ８", "ｊ１ａ１"} {
		f.Add(s)
	}
	f.Fuzz(checkParsed)
}

func FuzzWXF(f *testing.F) {
	for _, s := range []string{"C2.5", "H8+7", "R1-1", "A4+5", "C+.5", "+C.5", "C--1", "P5.6", "++.6", "--.6", "7+.8", "77.8", "3-.4", "H++7", "E3+5", "k5+1", "Ｃ２．５", "Ｃ２＝５", "ｃ２。５", "Ｎ８＋７", "＋Ｃ．５"} {
		f.Add(s)
	}
	f.Fuzz(checkParsed)
}

func FuzzChinese(f *testing.F) {
	for _, s := range []string{"炮二平五", "馬8進7", "車一進一", "前炮平四", "後馬進六", "中兵平六", "一兵平六", "前七平八", "后三平四", "马２进３", "帥五進一", "前馬進7",
		"马八进七", "馬八進七", "车一进一", "帅五进一", "将5进1", "炮２平５", "伡九进一", "２兵平六", "后７平８"} {
		f.Add(s)
	}
	f.Fuzz(checkParsed)
}

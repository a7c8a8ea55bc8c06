package xiangqi

import (
	"math/rand/v2"
	"strings"
	"testing"
	"unicode/utf8"
)

// The spellings below are written out independently of fold.go, from what
// players type, so that the fuzz test checks the fold table rather than
// repeating it.

// glyphVariants lists, for each way Chinese notation writes a character,
// every character a player may type for it.
var glyphVariants = func() map[rune][]string {
	groups := []string{
		"帥帅將将", "仕士", "相象", "傌馬马㐷", "俥車车伡", "炮砲包", "兵卒",
		"進进", "退", "平", "前", "中", "後后",
	}
	t := map[rune][]string{}
	for _, g := range groups {
		var all []string
		for _, c := range g {
			all = append(all, string(c))
		}
		for _, c := range g {
			t[c] = all
		}
	}
	for i, c := range []rune("一二三四五六七八九") {
		all := []string{string(c), string(rune('1' + i)), string(rune('１' + i))}
		t[c] = all
		t[rune('1'+i)] = all
	}
	return t
}()

// fullWidth writes the ASCII characters of s in their full-width forms.
func fullWidth(s string) string {
	return strings.Map(func(r rune) rune {
		if r > ' ' && r <= '~' {
			return r + '！' - '!'
		}
		return r
	}, s)
}

// spellings returns every way the tests know to write m, a legal move of
// p: coordinates and WXF in ASCII and full width, either case, with '=' or
// '。' for '.', and Chinese in both scripts, with either side's glyphs and
// with Chinese numerals, ASCII or full-width digits in every combination.
func spellings(p *Position, m Move) []string {
	coord := m.String()
	from, to := m.From().String(), m.To().String()
	out := []string{
		coord, strings.ToUpper(coord), fullWidth(coord), fullWidth(strings.ToUpper(coord)),
		from + "-" + to, from + " " + to, fullWidth(from + "-" + to),
	}
	w := p.WXF(m)
	forms := []string{w}
	if w[0] >= 'A' && w[0] <= 'Z' && (w[1] == '+' || w[1] == '-') {
		forms = append(forms, string([]byte{w[1], w[0], w[2], w[3]}))
	}
	for _, f := range forms {
		for old, alt := range map[byte]byte{'K': 'G', 'E': 'B', 'H': 'N', 'P': 'S'} {
			if strings.IndexByte(f, old) >= 0 {
				forms = append(forms, strings.ReplaceAll(f, string(old), string(alt)))
			}
		}
	}
	for _, f := range forms {
		out = append(out, f, strings.ToLower(f), fullWidth(f), fullWidth(strings.ToLower(f)),
			strings.ReplaceAll(f, ".", "="), fullWidth(strings.ReplaceAll(f, ".", "=")),
			strings.ReplaceAll(f, ".", "。"))
	}
	chinese := []string{""}
	for _, c := range p.Chinese(m, false) {
		var next []string
		for _, head := range chinese {
			for _, v := range glyphVariants[c] {
				next = append(next, head+v)
			}
		}
		chinese = next
	}
	out = append(out, chinese...)
	if end := soldierEnd(p, m); end != "" {
		out = append(out, end+p.Chinese(m, false)[len("一"):], end+p.Chinese(m, true)[len("一"):])
	}
	canonical := []string{coord, w, p.Chinese(m, false), p.Chinese(m, true)}
	for _, s := range canonical {
		out = append(out, " "+s+" ", "　"+s+"　")
	}
	return out
}

// spellingFENs are the positions the spelling fuzzer starts its random
// playouts from: the start and the positions of the other tests.
func spellingFENs() []string {
	fens := append([]string{}, goldenPositions...)
	fens = append(fens, fuzzPositions...)
	return append(fens, trickyFENs...)
}

// checkSpellings checks, for every legal move of p, that every spelling
// parses to it and that every prefix of every spelling keeps it among the
// moves Match accepts; and that the full coordinates, WXF and Chinese of a
// move match it alone (coordinates may match longer ones: a9a1 is a prefix
// of a9a10).
func checkSpellings(t *testing.T, p *Position) {
	moves := p.GenerateMoves(nil)
	for _, m := range moves {
		all := spellings(p, m)
		if !containsString(all, p.Chinese(m, true)) {
			t.Fatalf("%s: %s: the spellings miss the simplified %q", p.FEN(), m, p.Chinese(m, true))
		}
		for _, s := range all {
			got, err := p.ParseMove(s)
			if err != nil || got != m {
				t.Fatalf("%s: %s written %q parses as %v, %v", p.FEN(), m, s, got, err)
			}
			for i := range s {
				if i == 0 {
					continue
				}
				if !p.Match(m, NewQuery(s[:i])) {
					t.Fatalf("%s: %s: the prefix %q of %q does not match it", p.FEN(), m, s[:i], s)
				}
			}
			if !p.Match(m, NewQuery(s)) {
				t.Fatalf("%s: %s: %q does not match it", p.FEN(), m, s)
			}
		}
		for _, s := range []string{p.WXF(m), p.Chinese(m, false), p.Chinese(m, true), fullWidth(p.WXF(m))} {
			q := NewQuery(s)
			for _, other := range moves {
				if other != m && p.Match(other, q) {
					t.Fatalf("%s: %q, a spelling of %s, also matches %s", p.FEN(), s, m, other)
				}
			}
		}
	}
}

// soldierEnd returns 前, 中 or 後 when m moves the front, middle (of five)
// or rear of four or five soldiers on a file while no other file holds
// several, and "" otherwise.
func soldierEnd(p *Position, m Move) string {
	pc := p.At(m.From())
	if pc.Kind() != Soldier {
		return ""
	}
	var count [Files]int
	for _, s := range Squares() {
		if p.At(s) == pc {
			count[s.File()]++
		}
	}
	crowded := 0
	for _, c := range count {
		if c >= 2 {
			crowded++
		}
	}
	n := count[m.From().File()]
	if n < 4 || crowded > 1 {
		return ""
	}
	ahead, behind := 0, 0 // soldiers in front of and behind the mover
	for _, s := range Squares() {
		if p.At(s) == pc && s.File() == m.From().File() && s != m.From() {
			if (s.Rank() > m.From().Rank()) == (pc.Side() == Red) {
				ahead++
			} else {
				behind++
			}
		}
	}
	switch {
	case ahead == 0:
		return "前"
	case behind == 0:
		return "後"
	case ahead == behind:
		return "中"
	}
	return ""
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// FuzzSpellings plays plies random legal moves (seeded by seed) from one of
// spellingFENs and checks every spelling of every legal move of the
// position reached (checkSpellings). The seed corpus, which go test runs,
// covers every starting position at several depths.
func FuzzSpellings(f *testing.F) {
	fens := spellingFENs()
	for i := range fens {
		f.Add(uint8(i), uint64(i), uint8(0))
		f.Add(uint8(i), uint64(1000+i), uint8(7+3*i))
	}
	for i := range 12 {
		f.Add(uint8(0), uint64(2026+i), uint8(20+10*i))
	}
	f.Fuzz(func(t *testing.T, start uint8, seed uint64, plies uint8) {
		p, err := ParseFEN(fens[int(start)%len(fens)])
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(seed, 19))
		for range int(plies) % 160 {
			var buf [MaxMoves]Move
			moves := p.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
		checkSpellings(t, &p)
	})
}

// TestSpellingsOfAMove guards the fuzz test itself: the spellings it checks
// are valid text and include the ones players reported.
func TestSpellingsOfAMove(t *testing.T) {
	p := StartPosition()
	m := NewMove(sq(t, "b1"), sq(t, "c3"))
	found := 0
	for _, s := range spellings(&p, m) {
		if !utf8.ValidString(s) {
			t.Fatalf("spelling %q is not valid UTF-8", s)
		}
		if s == "马八进七" || s == "馬８進７" || s == "ｈ８＋７" || s == "n8+7" {
			found++
		}
	}
	if found != 4 {
		t.Errorf("the spellings of b1c3 hold %d of 马八进七, 馬８進７, ｈ８＋７, n8=7; want 4", found)
	}
}

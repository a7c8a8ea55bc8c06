package xiangqi

import "testing"

// BenchmarkMatch matches all 44 legal moves of the start position against a
// two-rune query, as autocomplete does on each keystroke: one op is one
// keystroke.
func BenchmarkMatch(b *testing.B) {
	for _, typed := range []string{"马八", "h3", "C2"} {
		b.Run(typed, func(b *testing.B) {
			p := StartPosition()
			moves := p.GenerateMoves(nil)
			q := NewQuery(typed)
			b.ReportAllocs()
			for b.Loop() {
				n := 0
				for _, m := range moves {
					if p.Match(m, q) {
						n++
					}
				}
				if n == 0 {
					b.Fatalf("%q matches no move", typed)
				}
			}
		})
	}
}

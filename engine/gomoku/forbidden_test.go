package gomoku

import "testing"

// Each case is a renju position with black to play on '*'. Rows are listed
// top first; the last line is row 1.
var forbiddenCases = []struct {
	name    string
	size    int
	picture string
	want    Foul
}{
	{"lone stone", Small, `
		. . . . .
		. . * . .
		. . X . .`, NoFoul},
	{"open three alone", Small, `
		. . . . . . . .
		. . X X * . . .
		. . . . . . . .`, NoFoul},
	{"double three, two open threes crossing", Small, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . X . . . .
		. . X X * . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, DoubleThree},
	{"double three from split threes", Small, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . X . * X . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, DoubleThree},
	{"double three on both diagonals", Small, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . X . . . X . .
		. . . X . X . . .
		. . . . * . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, DoubleThree},
	{"a three closed by white is no three", Small, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . X . . . .
		. . . . X . . . .
		. O X X * . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, NoFoul},
	{"a three against the edge is no three", Small, `
		. . . . . . . .
		. . . . . . . .
		. . . . . . . .
		. . X . . . . .
		. . X . . . . .
		X X * . . . . .
		. . . . . . . .
		. . . . . . . .`, NoFoul},
	{"three that only an overline could make straight", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . X . . . . .
		X . . X X * . . X . .
		. . . . . X . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, NoFoul},
	{"same, without the far stone: a real double three", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . X . . . . .
		X . . X X * . . . . .
		. . . . . X . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, DoubleThree},
	{"four-three is allowed", Small, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . X . . .
		. . . . . X . . .
		. . X X X * . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, NoFoul},
	{"four-three-three is a double three", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . X . X . . .
		. . . . . X X . . . .
		. X X X . * . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, DoubleThree},
	{"double four crossing", Small, `
		. . . . . . . . .
		. . . . . . . . .
		. . . . . X . . .
		. . . . . X . . .
		. . . . . X . . .
		. O X X X * . . .
		. . . . . . . . .
		. . . . . . . . .
		. . . . . . . . .`, DoubleFour},
	{"double four in one line: X.X*X.X", Small, `
		. . . . . . . . . . .
		. X . X * X . X . . .
		. . . . . . . . . . .`, DoubleFour},
	{"double four in one line: XX.X*.XX", Small, `
		. . . . . . . . . . .
		. X X . X * . X X . .
		. . . . . . . . . . .`, DoubleFour},
	{"double four in one line: XXX.*.XXX", Small, `
		. . . . . . . . . . . . .
		. X X X . * . X X X . . .
		. . . . . . . . . . . . .`, DoubleFour},
	{"double four in one line, vertical", Small, `
		. . . . .
		. . X . .
		. . . . .
		. . X . .
		. . * . .
		. . X . .
		. . . . .
		. . X . .
		. . . . .`, DoubleFour},
	{"XXX..XXX: the other side would be an overline, one four", Small, `
		. . . . . . . . . . .
		. . X X X * . X X X .
		. . . . . . . . . . .`, NoFoul},
	{"a four that is really an overline does not count", Small, `
		. . . . . . . . . .
		. . . . . . . . . .
		. . . . . . . . . .
		. . . . . . X . . .
		. . . . . . X . . .
		. . . . . . X . . .
		. X X . X X * . . .
		. . . . . . . . . .`, NoFoul},
	{"overline of six", Small, `
		. . . . . . . . .
		. X X X * X X . .
		. . . . . . . . .`, Overline},
	{"overline of seven", Small, `
		. . . . . . . . . .
		. X X * X X X X . .
		. . . . . . . . . .`, Overline},
	{"diagonal overline", Small, `
		. . . . . . . . .
		. . . . . . X . .
		. . . . . X . . .
		. . . . X . . . .
		. . . * . . . . .
		. . X . . . . . .
		. X . . . . . . .
		. . . . . . . . .`, Overline},
	{"five beats double three", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . X . X . . .
		. . . . . X X . . . .
		. X X X X * . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, NoFoul},
	{"five beats double four", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . X . . X . .
		. . . . . X . X . . .
		. . . . . X X . . . .
		. X X X X * . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, NoFoul},
	{"five beats overline", Small, `
		. . . . . . . . . . .
		. . . . . X . . . . .
		. . . . . X . . . . .
		. . . . . X . . . . .
		. . . . . X . . . . .
		. X X X X * . . . . .
		. . . . . X . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, NoFoul},
	// The horizontal three through '*' can only become a straight four at
	// its right end (white closes the left); that point would be an
	// overline for black (vertical), so the three is false.
	{"false double three: completion point is an overline", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . X . . . .
		. . . . X . X . . . .
		. . . . X . X . . . .
		. O . X * X . . . . .
		. . . . . . X . . . .
		. . . . . . X . . . .
		. . . . . . . . . . .`, NoFoul},
	{"control: completion point free, a real double three", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . X . . . . . .
		. . . . X . . . . . .
		. O . X * X . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, DoubleThree},
	// Same shape; the right end would now make the horizontal straight four
	// and a vertical four at once: a double four, so again no three.
	{"false double three: completion point is a double four", Small, `
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . X . . . .
		. . . . X . X . . . .
		. . . . X . X . . . .
		. O . X * X . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .
		. . . . . . . . . . .`, NoFoul},
	// The right end would make the straight four plus two threes (vertical
	// and diagonal): four-three-three, a double three, so no three here.
	{"false double three: completion point is a four-three-three", Small, `
		. . . . . . . . . . . .
		. . . . . . . . . . . .
		. . . . . . . . . . . .
		. . . . . . . . . . . .
		. . . . . . . . . . . .
		. . . . X . X . X . . .
		. . . . X . X X . . . .
		. O . X * X . . . . . .
		. . . . . . . . . . . .
		. . . . . . . . . . . .
		. . . . . . . . . . . .`, NoFoul},
	{"19x19: double three in the far corner", Large, `
		. . . . . . . . . . . . . . . . . . .
		. . . . . . . . . . . . . . . . . . .
		. . . . . . . . . . . . . . . . . X .
		. . . . . . . . . . . . . . . . . X .
		. . . . . . . . . . . . . . X X . * .
		. . . . . . . . . . . . . . . . . . .`, DoubleThree},
	{"19x19: four-three on the j column is allowed", Large, `
		. . . . . . . . . . . . . .
		. . . . . . . . . . . . . .
		. . . . . . . . . X . . . .
		. . . . . . . . . X . . . .
		. . . . . . X X X * . . . .
		. . . . . . . . . . . . . .
		. . . . . . . . . . . . . .
		. . . . . . . . . . . . . .
		. . . . . . . . . . . . . .
		. . . . . . . . . . . . . .
		. . . . . . . . . . . . . .`, NoFoul},
	{"19x19: overline along the edge", Large, `
		X
		X
		X
		*
		X
		X
		.`, Overline},
}

func TestForbidden(t *testing.T) {
	for _, tc := range forbiddenCases {
		t.Run(tc.name, func(t *testing.T) {
			b, marks := diagram(t, tc.size, Renju, tc.picture)
			p, ok := marks['*']
			if !ok {
				t.Fatal("no '*' in the diagram")
			}
			before := *b
			if got := b.Forbidden(p); got != tc.want {
				t.Errorf("Forbidden(%s) = %v, want %v\n%s", p, got, tc.want, b)
			}
			if *b != before {
				t.Errorf("Forbidden(%s) changed the board", p)
			}
			listed := NoFoul
			for _, fp := range b.ForbiddenPoints() {
				if fp.Point == p {
					listed = fp.Foul
				}
			}
			if listed != tc.want {
				t.Errorf("ForbiddenPoints lists %s as %v, want %v", p, listed, tc.want)
			}
		})
	}
}

package gomoku

import (
	"math/rand/v2"
	"testing"
)

// refBoard is a deliberately naive renju referee, written straight from the
// RIF definitions on a plain grid with explicit bounds checks, to cross-check
// Board.Forbidden (which relies on run ends and the padded array). It shares
// no code with it.
type refBoard struct {
	n    int
	grid [Large][Large]Stone
}

func newRef(b *Board) *refBoard {
	r := &refBoard{n: b.Size()}
	for y := 0; y < r.n; y++ {
		for x := 0; x < r.n; x++ {
			r.grid[x][y] = b.At(PointAt(x, y))
		}
	}
	return r
}

var refDirs = [4][2]int{{1, 0}, {0, 1}, {1, 1}, {1, -1}}

func (r *refBoard) at(x, y int) Stone {
	if x < 0 || y < 0 || x >= r.n || y >= r.n {
		return Wall
	}
	return r.grid[x][y]
}

// lineLen is the length of the black row through (x, y) along dir.
func (r *refBoard) lineLen(x, y int, dir [2]int) int {
	n := 1
	for _, s := range [2]int{1, -1} {
		for k := 1; r.at(x+s*k*dir[0], y+s*k*dir[1]) == BlackStone; k++ {
			n++
		}
	}
	return n
}

// fivePoints lists the offsets k (on the line through (x, y) along dir) of
// the empty points where a black stone makes exactly five through (x, y).
func (r *refBoard) fivePoints(x, y int, dir [2]int) []int {
	var ks []int
	for k := -5; k <= 5; k++ {
		qx, qy := x+k*dir[0], y+k*dir[1]
		if k == 0 || r.at(qx, qy) != Empty {
			continue
		}
		r.grid[qx][qy] = BlackStone
		// The five must contain (x, y): count the row through q and
		// check (x, y) lies inside it.
		lo, hi := 0, 0
		for r.at(qx+(lo-1)*dir[0], qy+(lo-1)*dir[1]) == BlackStone {
			lo--
		}
		for r.at(qx+(hi+1)*dir[0], qy+(hi+1)*dir[1]) == BlackStone {
			hi++
		}
		if hi-lo+1 == 5 && -k >= lo && -k <= hi {
			ks = append(ks, k)
		}
		r.grid[qx][qy] = Empty
	}
	return ks
}

// fours counts the fours through (x, y) along dir: each five point is a
// four, except the two five points of one straight four (exactly five apart
// with four black stones between) count once.
func (r *refBoard) fours(x, y int, dir [2]int) int {
	ks := r.fivePoints(x, y, dir)
	if len(ks) == 2 && ks[1]-ks[0] == 5 {
		return 1
	}
	return len(ks)
}

// straightFour reports whether (x, y) lies in a straight four along dir.
func (r *refBoard) straightFour(x, y int, dir [2]int) bool {
	ks := r.fivePoints(x, y, dir)
	return len(ks) == 2 && ks[1]-ks[0] == 5
}

// three reports whether some empty point on the line, not itself forbidden,
// turns the row through (x, y) into a straight four.
func (r *refBoard) three(x, y int, dir [2]int) bool {
	for k := -4; k <= 4; k++ {
		qx, qy := x+k*dir[0], y+k*dir[1]
		if k == 0 || r.at(qx, qy) != Empty {
			continue
		}
		r.grid[qx][qy] = BlackStone
		straight := r.straightFour(x, y, dir)
		r.grid[qx][qy] = Empty
		if straight && r.forbidden(qx, qy) == NoFoul {
			return true
		}
	}
	return false
}

func (r *refBoard) forbidden(x, y int) Foul {
	if r.at(x, y) != Empty {
		return NoFoul
	}
	r.grid[x][y] = BlackStone
	defer func() { r.grid[x][y] = Empty }()
	over := false
	for _, d := range refDirs {
		n := r.lineLen(x, y, d)
		if n == 5 {
			return NoFoul
		}
		over = over || n > 5
	}
	if over {
		return Overline
	}
	fours, threes := 0, 0
	for _, d := range refDirs {
		if f := r.fours(x, y, d); f > 0 {
			fours += f
		} else if r.three(x, y, d) {
			threes++
		}
	}
	switch {
	case fours >= 2:
		return DoubleFour
	case threes >= 2:
		return DoubleThree
	}
	return NoFoul
}

// randomBoard scatters stones over a size×size board: each point is black
// with probability black/100 and white with probability white/100.
func randomBoard(t testing.TB, size int, seed uint64, black, white int) *Board {
	b, err := NewBoard(size, Renju)
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			switch v := rng.IntN(100); {
			case v < black:
				b.Put(PointAt(x, y), Black)
			case v < black+white:
				b.Put(PointAt(x, y), White)
			}
		}
	}
	return b
}

// checkAgainstReference compares Board.Forbidden and ForbiddenPoints with the
// naive referee on every empty point.
func checkAgainstReference(t *testing.T, b *Board) (fouls int) {
	t.Helper()
	ref := newRef(b)
	listed := map[Point]Foul{}
	for _, fp := range b.ForbiddenPoints() {
		listed[fp.Point] = fp.Foul
	}
	for y := 0; y < b.Size(); y++ {
		for x := 0; x < b.Size(); x++ {
			p := PointAt(x, y)
			want := ref.forbidden(x, y)
			if got := b.Forbidden(p); got != want {
				t.Fatalf("Forbidden(%s) = %v, the RIF definitions say %v\n%s", p, got, want, b)
			}
			if listed[p] != want {
				t.Fatalf("ForbiddenPoints has %s as %v, want %v\n%s", p, listed[p], want, b)
			}
			if want != NoFoul {
				fouls++
			}
		}
	}
	return fouls
}

func TestForbiddenMatchesDefinitions(t *testing.T) {
	seen := map[Foul]int{}
	for seed := range uint64(300) {
		size := Small
		if seed%4 == 3 {
			size = Large
		}
		black := 15 + int(seed%5)*5 // 15%..35% black
		b := randomBoard(t, size, seed, black, 10)
		checkAgainstReference(t, b)
		for _, fp := range b.ForbiddenPoints() {
			seen[fp.Foul]++
		}
	}
	// The random boards must actually exercise every kind of foul.
	for _, f := range []Foul{DoubleThree, DoubleFour, Overline} {
		if seen[f] < 20 {
			t.Errorf("only %d %v points in the random boards: the cross-check is too weak", seen[f], f)
		}
	}
	t.Logf("fouls checked: %v", seen)
}

func FuzzForbiddenMatchesDefinitions(f *testing.F) {
	f.Add(uint64(1), uint8(25), uint8(10), false)
	f.Add(uint64(2), uint8(35), uint8(5), true)
	f.Add(uint64(3), uint8(45), uint8(0), false)
	f.Fuzz(func(t *testing.T, seed uint64, black, white uint8, large bool) {
		size := Small
		if large {
			size = Large
		}
		b := randomBoard(t, size, seed, int(black%60), int(white%30))
		checkAgainstReference(t, b)
	})
}

package xiangqi

import "github.com/tengen-bot/tengen/engine"

// The WXF and Chinese notations describe a move relative to the mover: the
// piece, the file it stands on (or, for several such pieces on one file,
// which of them), the direction (forward, backward, sideways) and either the
// destination file or the number of ranks. This file holds what the two have
// in common: the description of a move and the resolution of a description
// back to a move.

// Direction operators, written +, - and . in WXF and 進, 退 and 平 in Chinese.
const (
	opForward  = '+'
	opBackward = '-'
	opSideways = '.'
)

// Designators for one of several pieces of a kind on a file. WXF's + and -
// mean the front and rear of two or three, but the second from the front and
// from the rear of four or five (whose ends are ++ and --). Chinese 前, 中 and
// 後 mean the front, middle and rear piece; the ordinals 一..五 count from the
// front.
type designator uint8

const (
	desNone   designator = iota // the file number says which piece
	desPlus                     // WXF +
	desMinus                    // WXF -
	desPlus2                    // WXF ++
	desMinus2                   // WXF --
	desFront                    // 前
	desMiddle                   // 中 (and WXF's file digit for the middle one)
	desRear                     // 後
	desOrd1                     // 一 (first from the front) .. desOrd1+4 = 五
)

// relMove is a move described relative to its mover.
type relMove struct {
	kind Kind
	file int // file number 1..9 as the mover counts them; 0 if not given
	des  designator
	op   byte
	arg  int // destination file number, or ranks moved
}

// fileNumber returns how side s numbers the file of sq: 1..9 from its right.
func fileNumber(s engine.Side, sq Square) int {
	if s == Red {
		return Files - sq.File()
	}
	return sq.File() + 1
}

// fileIndex is the inverse of fileNumber: the file (0..8) numbered n by s.
func fileIndex(s engine.Side, n int) int {
	if s == Red {
		return Files - n
	}
	return n - 1
}

// column holds the squares of one side's pieces of a kind on one file, from
// the front (nearest the enemy) to the rear. A side has at most five pieces
// of a kind, so it fits in an array and building one does not allocate.
type column struct {
	sq [5]Square
	n  int
}

// squares returns the column's squares, front first.
func (c *column) squares() []Square { return c.sq[:c.n] }

// sameFile returns the column of side s's pieces of kind k on file f.
func (p *Position) sameFile(s engine.Side, k Kind, f int) column {
	var c column
	ahead := func(a, b Square) bool { // a stands in front of b
		if s == Red {
			return a.Rank() > b.Rank()
		}
		return a.Rank() < b.Rank()
	}
	base := idBase(s)
	for id := base + kindOffsets[k][0]; id < base+kindOffsets[k][1]; id++ {
		sq := p.squares[id]
		if sq == NoSquare || sq.File() != f {
			continue
		}
		i := c.n
		for ; i > 0 && ahead(sq, c.sq[i-1]); i-- {
			c.sq[i] = c.sq[i-1]
		}
		c.sq[i] = sq
		c.n++
	}
	return c
}

// multiFiles returns how many files hold two or more soldiers of side s.
func (p *Position) multiFiles(s engine.Side) int {
	var count [Files]int
	base := idBase(s)
	for id := base + offSoldier; id < base+idsPerSide; id++ {
		if sq := p.squares[id]; sq != NoSquare {
			count[sq.File()]++
		}
	}
	n := 0
	for _, c := range count {
		if c >= 2 {
			n++
		}
	}
	return n
}

// tandem says where the piece on from stands among its kind on its file:
// idx 1..n counted from the front, and whether two files hold several
// soldiers (which changes how soldiers are designated).
type tandem struct{ idx, n, multi int }

func (p *Position) tandemOf(from Square) tandem {
	pc := p.At(from)
	c := p.sameFile(pc.Side(), pc.Kind(), from.File())
	t := tandem{n: c.n}
	for i, sq := range c.squares() {
		if sq == from {
			t.idx = i + 1
		}
	}
	if pc.Kind() == Soldier {
		t.multi = p.multiFiles(pc.Side())
	}
	return t
}

// describe returns the relative description of m (which must move a piece)
// without a designator; the notations add their own from tandemOf.
func (p *Position) describe(m Move) relMove {
	from, to := m.From(), m.To()
	pc := p.At(from)
	s := pc.Side()
	r := relMove{kind: pc.Kind(), file: fileNumber(s, from)}
	dr := to.Rank() - from.Rank()
	if s == Black {
		dr = -dr
	}
	switch {
	case dr > 0:
		r.op = opForward
	case dr < 0:
		r.op = opBackward
	default:
		r.op = opSideways
	}
	if r.op == opSideways || r.kind == Advisor || r.kind == Elephant || r.kind == Horse {
		r.arg = fileNumber(s, to)
	} else {
		r.arg = abs(dr)
	}
	return r
}

// pickIndex returns which piece (1..n from the front) a designator picks
// among n on a file, or 0 if it picks none.
func pickIndex(d designator, n int) int {
	i := 0
	switch d {
	case desPlus:
		i = 1
		if n >= 4 {
			i = 2
		}
	case desMinus:
		i = n
		if n >= 4 {
			i = n - 1
		}
	case desPlus2:
		if n >= 4 {
			i = 1
		}
	case desMinus2:
		if n >= 4 {
			i = n
		}
	case desFront:
		i = 1
	case desRear:
		i = n
	case desMiddle:
		if n%2 == 1 && n >= 3 {
			i = (n + 1) / 2
		}
	default:
		if d >= desOrd1 && int(d-desOrd1) < n {
			i = int(d-desOrd1) + 1
		}
	}
	if n < 2 {
		return 0
	}
	return i
}

// resolve finds the legal move a relative description names for the side
// to move. text is what the player wrote, for error messages.
func (p *Position) resolve(r relMove, text string) (Move, error) {
	us := p.turn
	var candidates []Square
	switch {
	case r.des == desNone:
		c := p.sameFile(us, r.kind, fileIndex(us, r.file))
		column := c.squares()
		if len(column) == 0 {
			return NoMove, engine.E(engine.NoPieceOnFile, colour(us), r.kind.Term(), r.file)
		}
		candidates = column
		if r.kind == Soldier && (len(column) == 3 || len(column) == 5) {
			candidates = column[len(column)/2 : len(column)/2+1] // the file digit names the middle one
		}
	default:
		files := []int{}
		if r.file != 0 {
			files = append(files, fileIndex(us, r.file))
		} else {
			for f := 0; f < Files; f++ {
				files = append(files, f)
			}
		}
		for _, f := range files {
			c := p.sameFile(us, r.kind, f)
			if i := pickIndex(r.des, c.n); i > 0 {
				candidates = append(candidates, c.sq[i-1])
			}
		}
		if len(candidates) == 0 {
			if r.file != 0 {
				return NoMove, engine.E(engine.FileTooFew, r.file, colour(us), r.kind.Term(), text)
			}
			return NoMove, engine.E(engine.FilesTooFew, colour(us), r.kind.Term(), text)
		}
	}
	var found []Move
	var firstErr error
	for _, from := range candidates {
		to, err := p.destination(r, from)
		if err == nil {
			err = p.CheckMove(from, to)
		}
		if err != nil {
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		found = append(found, NewMove(from, to))
	}
	switch len(found) {
	case 0:
		return NoMove, firstErr
	case 1:
		return found[0], nil
	}
	return NoMove, engine.E(engine.Ambiguous, text, found[0].String(), found[1].String(), r.kind.Term(), found[0].String())
}

// destination computes where the piece on from goes under r.
func (p *Position) destination(r relMove, from Square) (Square, error) {
	us := p.turn
	f, rank := from.File(), from.Rank()
	fwd := 1
	if us == Black {
		fwd = -1
	}
	if r.arg < 1 || r.arg > 9 {
		return NoSquare, engine.E(engine.LastNumber)
	}
	diagonalMover := r.kind == Advisor || r.kind == Elephant || r.kind == Horse
	var to Square
	switch r.op {
	case opSideways:
		if diagonalMover {
			return NoSquare, engine.E(engine.NoSideways, r.kind.Term())
		}
		nf := fileIndex(us, r.arg)
		if nf == f {
			return NoSquare, engine.E(engine.AlreadyOnFile, r.kind.Term(), r.arg)
		}
		to = SquareAt(nf, rank)
	case opForward, opBackward:
		dir := fwd
		if r.op == opBackward {
			dir = -fwd
		}
		if !diagonalMover {
			to = SquareAt(f, rank+dir*r.arg)
			break
		}
		nf := fileIndex(us, r.arg)
		df := abs(nf - f)
		steps := 0 // ranks covered when crossing df files
		switch {
		case r.kind == Advisor && df == 1, r.kind == Horse && df == 2:
			steps = 1
		case r.kind == Elephant && df == 2, r.kind == Horse && df == 1:
			steps = 2
		}
		if steps == 0 {
			return NoSquare, engine.E(engine.CannotReachFile, r.kind.Term(), fileNumber(us, from), r.arg)
		}
		to = SquareAt(nf, rank+dir*steps)
	}
	if to == NoSquare {
		return NoSquare, engine.E(engine.OffBoardMove, r.kind.Term())
	}
	return to, nil
}

package xiangqi

import "github.com/tengen-bot/tengen/engine"

// MaxMoves bounds the number of moves (legal or pseudo-legal) in any position
// with at most the standard set of pieces: a buffer of this capacity never
// grows.
const MaxMoves = 128

// GenerateMoves appends every legal move of the side to move to buf and
// returns the extended slice. With cap(buf)-len(buf) >= MaxMoves it does not
// allocate.
func (p *Position) GenerateMoves(buf []Move) []Move {
	return p.filterLegal(buf, p.genPseudo(buf, false))
}

// GenerateCaptures appends every legal capture of the side to move to buf.
func (p *Position) GenerateCaptures(buf []Move) []Move {
	return p.filterLegal(buf, p.genPseudo(buf, true))
}

// CountMoves returns the number of legal moves of the side to move.
func (p *Position) CountMoves() int {
	var buf [MaxMoves]Move
	return len(p.GenerateMoves(buf[:0])) // the moves never leave this frame
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var buf [MaxMoves]Move
	all := p.genPseudo(buf[:0], false)
	inCheck := p.InCheck()
	for _, m := range all {
		if p.legal(m, inCheck) {
			return true
		}
	}
	return false
}

// filterLegal keeps, among all[len(buf):], the legal moves.
func (p *Position) filterLegal(buf, all []Move) []Move {
	inCheck := p.InCheck()
	out := buf
	for _, m := range all[len(buf):] {
		if p.legal(m, inCheck) {
			out = append(out, m)
		}
	}
	return out
}

// InCheck reports whether the side to move is in check.
func (p *Position) InCheck() bool {
	k := p.General(p.turn)
	return k != NoSquare && p.generalAttacked(k, p.turn^1)
}

// legal reports whether the pseudo-legal move m leaves the mover's general
// safe. inCheck must say whether the mover is in check now.
func (p *Position) legal(m Move, inCheck bool) bool {
	from, to := m.From(), m.To()
	us := p.turn
	k := p.General(us)
	id := p.board[from]
	if id == uint8(idBase(us)+offGeneral) {
		k = to
	} else if !inCheck && k != NoSquare && !lineOrLeg(from, k) && !sameLine(to, k) {
		// Not in check, and the move neither leaves a line or a horse leg of
		// the general nor lands on one of its lines: it cannot expose it.
		return true
	}
	if k == NoSquare {
		return true
	}
	captured := p.board[to]
	p.board[from] = 0
	p.board[to] = id
	ok := !p.generalAttacked(k, us^1)
	p.board[from] = id
	p.board[to] = captured
	return ok
}

// sameLine reports whether a and b share a file or a rank.
func sameLine(a, b Square) bool { return (a^b)&0x0f == 0 || (a^b)&0xf0 == 0 }

// lineOrLeg reports whether a shares a line with b or is diagonally next to
// it (where it can block a horse's leg towards b).
func lineOrLeg(a, b Square) bool {
	d := int(a) - int(b)
	return sameLine(a, b) || d == 15 || d == 17 || d == -15 || d == -17
}

// generalAttacked reports whether a general standing on k would be attacked
// by side by: by a chariot, by a cannon over one screen, by a horse whose leg
// is free, by a soldier, or by facing the enemy general on an open file.
func (p *Position) generalAttacked(k Square, by engine.Side) bool {
	b := &p.board
	chariot, cannon := MakePiece(by, Chariot), MakePiece(by, Cannon)
	for _, d := range orthogonal {
		t := int(k) + d
		for b[t] == 0 {
			t += d
		}
		first := idPiece[b[t]]
		if first == chariot || (first == MakePiece(by, General) && (d == 16 || d == -16)) {
			return true
		}
		if b[t] == offBoard {
			continue
		}
		t += d
		for b[t] == 0 {
			t += d
		}
		if idPiece[b[t]] == cannon {
			return true
		}
	}
	horse := MakePiece(by, Horse)
	for i, s := range horseSteps {
		if idPiece[b[int(k)-s]] == horse && b[int(k)+horseAttackLegs[i]] == 0 {
			return true
		}
	}
	soldier := MakePiece(by, Soldier)
	if idPiece[b[int(k)-forward(by)]] == soldier {
		return true
	}
	for _, d := range [2]int{1, -1} {
		t := int(k) + d
		if idPiece[b[t]] == soldier && squareInfo[t]&ownHalf(by) == 0 {
			return true
		}
	}
	return false
}

// genPseudo appends the pseudo-legal moves (or only captures) of the side to
// move: every piece's own rule, ignoring whether its general is left in check.
func (p *Position) genPseudo(buf []Move, capturesOnly bool) []Move {
	us := p.turn
	b := &p.board
	enemy := sideBit(us ^ 1)
	reject := sideBit(us) | offBoard // own pieces and the padding
	base := idBase(us)
	// ok reports whether a piece may step onto a point holding v.
	ok := func(v uint8) bool {
		return v&reject == 0 && (v != 0 || !capturesOnly)
	}
	pal, half := palace(us), ownHalf(us)

	if from := p.squares[base+offGeneral]; from != NoSquare {
		for _, d := range orthogonal {
			to := Square(int(from) + d)
			if squareInfo[to]&pal != 0 && ok(b[to]) {
				buf = append(buf, NewMove(from, to))
			}
		}
	}
	for id := base + offAdvisor; id < base+offElephant; id++ {
		from := p.squares[id]
		if from == NoSquare {
			continue
		}
		for _, d := range diagonal {
			to := Square(int(from) + d)
			if squareInfo[to]&pal != 0 && ok(b[to]) {
				buf = append(buf, NewMove(from, to))
			}
		}
	}
	for id := base + offElephant; id < base+offHorse; id++ {
		from := p.squares[id]
		if from == NoSquare {
			continue
		}
		for _, d := range diagonal {
			to := Square(int(from) + 2*d)
			if squareInfo[to]&half != 0 && b[int(from)+d] == 0 && ok(b[to]) {
				buf = append(buf, NewMove(from, to))
			}
		}
	}
	for id := base + offHorse; id < base+offChariot; id++ {
		from := p.squares[id]
		if from == NoSquare {
			continue
		}
		for i, s := range horseSteps {
			to := Square(int(from) + s)
			if b[int(from)+horseLegs[i]] == 0 && ok(b[to]) {
				buf = append(buf, NewMove(from, to))
			}
		}
	}
	for id := base + offChariot; id < base+offCannon; id++ {
		from := p.squares[id]
		if from == NoSquare {
			continue
		}
		for _, d := range orthogonal {
			t := int(from) + d
			for ; b[t] == 0; t += d {
				if !capturesOnly {
					buf = append(buf, NewMove(from, Square(t)))
				}
			}
			if b[t]&enemy != 0 {
				buf = append(buf, NewMove(from, Square(t)))
			}
		}
	}
	for id := base + offCannon; id < base+offSoldier; id++ {
		from := p.squares[id]
		if from == NoSquare {
			continue
		}
		for _, d := range orthogonal {
			t := int(from) + d
			for ; b[t] == 0; t += d {
				if !capturesOnly {
					buf = append(buf, NewMove(from, Square(t)))
				}
			}
			if b[t] == offBoard {
				continue
			}
			for t += d; b[t] == 0; t += d {
			}
			if b[t]&enemy != 0 {
				buf = append(buf, NewMove(from, Square(t)))
			}
		}
	}
	fwd := forward(us)
	for id := base + offSoldier; id < base+idsPerSide; id++ {
		from := p.squares[id]
		if from == NoSquare {
			continue
		}
		if to := Square(int(from) + fwd); ok(b[to]) {
			buf = append(buf, NewMove(from, to))
		}
		if squareInfo[from]&half == 0 {
			for _, d := range [2]int{1, -1} {
				if to := Square(int(from) + d); ok(b[to]) {
					buf = append(buf, NewMove(from, to))
				}
			}
		}
	}
	return buf
}

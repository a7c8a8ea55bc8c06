package ai

import (
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// Piece kinds by their xiangqi values, for table indexes.
const (
	kGeneral  = int(xiangqi.General)
	kAdvisor  = int(xiangqi.Advisor)
	kElephant = int(xiangqi.Elephant)
	kHorse    = int(xiangqi.Horse)
	kChariot  = int(xiangqi.Chariot)
	kCannon   = int(xiangqi.Cannon)
	kSoldier  = int(xiangqi.Soldier)
)

// Material in centipawns, middle game and endgame, by kind.
var (
	materialMG = [8]int{0, 0, 160, 160, 420, 1000, 470, 80}
	materialEG = [8]int{0, 0, 180, 170, 480, 1050, 420, 130}
)

// orderValue is a piece's value for MVV-LVA ordering and delta pruning.
var orderValue = [8]int{0, 5000, 170, 170, 450, 1000, 450, 100}

// Piece-square tables from red's view, written as red sees the board: the
// first row is rank 10 (black's back rank), the last rank 1; files a..i.
var pstSource = [8][2][90]int{
	xiangqi.General: {{
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, -30, -35, -30, 0, 0, 0,
		0, 0, 0, -15, -10, -15, 0, 0, 0,
		0, 0, 0, -8, 4, -8, 0, 0, 0,
	}, {
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, -10, -5, -10, 0, 0, 0,
		0, 0, 0, -4, 4, -4, 0, 0, 0,
		0, 0, 0, 0, 6, 0, 0, 0, 0,
	}},
	xiangqi.Advisor: {{
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, -4, 0, -4, 0, 0, 0,
		0, 0, 0, 0, 8, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
	}},
	xiangqi.Elephant: {{
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, -4, 0, 0, 0, -4, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		-6, 0, 0, 0, 10, 0, 0, 0, -6,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
	}},
	xiangqi.Horse: {{
		0, -6, 4, 20, 0, 20, 4, -6, 0,
		0, 10, 30, 16, 6, 16, 30, 10, 0,
		8, 24, 26, 30, 26, 30, 26, 24, 8,
		6, 20, 26, 30, 28, 30, 26, 20, 6,
		4, 16, 20, 24, 24, 24, 20, 16, 4,
		2, 10, 16, 18, 18, 18, 16, 10, 2,
		0, 6, 12, 10, 12, 10, 12, 6, 0,
		-4, 2, 8, 4, 8, 4, 8, 2, -4,
		-6, -2, 2, 4, -12, 4, 2, -2, -6,
		-10, -8, -4, -6, -10, -6, -4, -8, -10,
	}, {
		0, 0, 6, 14, 4, 14, 6, 0, 0,
		0, 8, 20, 16, 10, 16, 20, 8, 0,
		6, 16, 22, 24, 24, 24, 22, 16, 6,
		6, 16, 22, 24, 24, 24, 22, 16, 6,
		4, 12, 18, 20, 20, 20, 18, 12, 4,
		2, 8, 14, 16, 16, 16, 14, 8, 2,
		0, 6, 10, 10, 10, 10, 10, 6, 0,
		-4, 2, 6, 6, 6, 6, 6, 2, -4,
		-6, -2, 2, 2, 0, 2, 2, -2, -6,
		-10, -8, -4, -6, -8, -6, -4, -8, -10,
	}},
	xiangqi.Chariot: {{
		12, 16, 14, 26, 28, 26, 14, 16, 12,
		12, 20, 18, 28, 50, 28, 18, 20, 12,
		12, 16, 14, 26, 28, 26, 14, 16, 12,
		12, 22, 22, 28, 30, 28, 22, 22, 12,
		14, 24, 24, 28, 30, 28, 24, 24, 14,
		14, 22, 22, 26, 28, 26, 22, 22, 14,
		8, 16, 10, 20, 22, 20, 10, 16, 8,
		-4, 16, 8, 20, 0, 20, 8, 16, -4,
		6, 12, 8, 16, 0, 16, 8, 12, 6,
		-12, 10, 4, 14, 0, 14, 4, 10, -12,
	}, {
		10, 12, 12, 16, 18, 16, 12, 12, 10,
		10, 14, 14, 18, 24, 18, 14, 14, 10,
		10, 14, 14, 18, 20, 18, 14, 14, 10,
		10, 14, 14, 18, 20, 18, 14, 14, 10,
		10, 14, 14, 18, 20, 18, 14, 14, 10,
		10, 12, 12, 16, 18, 16, 12, 12, 10,
		6, 10, 10, 14, 16, 14, 10, 10, 6,
		4, 8, 8, 12, 12, 12, 8, 8, 4,
		2, 6, 6, 10, 10, 10, 6, 6, 2,
		0, 4, 4, 8, 8, 8, 4, 4, 0,
	}},
	xiangqi.Cannon: {{
		10, 10, 0, -10, -12, -10, 0, 10, 10,
		6, 6, 0, -6, -8, -6, 0, 6, 6,
		2, 2, 0, -4, -14, -4, 0, 2, 2,
		0, 0, 0, 2, 8, 2, 0, 0, 0,
		0, 0, 0, 0, 8, 0, 0, 0, 0,
		-2, 0, 4, 0, 8, 0, 4, 0, -2,
		0, 0, 0, 0, 8, 0, 0, 0, 0,
		2, 4, 0, -4, 14, -4, 0, 4, 2,
		0, 2, 4, 4, 6, 4, 4, 2, 0,
		0, 0, 2, 6, 6, 6, 2, 0, 0,
	}, {
		0, 0, 0, 0, 4, 0, 0, 0, 0,
		0, 0, 0, 0, 4, 0, 0, 0, 0,
		0, 0, 0, 0, 4, 0, 0, 0, 0,
		0, 0, 0, 0, 4, 0, 0, 0, 0,
		0, 0, 0, 0, 4, 0, 0, 0, 0,
		0, 0, 0, 0, 4, 0, 0, 0, 0,
		0, 0, 0, 0, 4, 0, 0, 0, 0,
		0, 0, 0, 4, 8, 4, 0, 0, 0,
		0, 0, 0, 4, 8, 4, 0, 0, 0,
		0, 0, 0, 4, 8, 4, 0, 0, 0,
	}},
	xiangqi.Soldier: {{
		0, 3, 6, 9, 12, 9, 6, 3, 0,
		18, 36, 56, 80, 100, 80, 56, 36, 18,
		14, 26, 42, 60, 70, 60, 42, 26, 14,
		10, 20, 30, 34, 40, 34, 30, 20, 10,
		6, 12, 18, 18, 20, 18, 18, 12, 6,
		2, 0, 8, 0, 8, 0, 8, 0, 2,
		0, 0, -2, 0, 4, 0, -2, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
	}, {
		0, 10, 20, 30, 40, 30, 20, 10, 0,
		30, 50, 70, 90, 100, 90, 70, 50, 30,
		30, 50, 60, 80, 90, 80, 60, 50, 30,
		25, 40, 50, 60, 70, 60, 50, 40, 25,
		20, 30, 40, 40, 50, 40, 40, 30, 20,
		0, 0, 4, 0, 6, 0, 4, 0, 0,
		0, 0, 0, 0, 2, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
		0, 0, 0, 0, 0, 0, 0, 0, 0,
	}},
}

// pst[phase][piece][square] is material plus the piece-square bonus of a
// piece (xiangqi.Piece value) on a mailbox square, signed from red's view:
// black pieces score negatively. Read-only after initialisation.
var pst = func() (t [2][16][256]int32) {
	for ph := 0; ph < 2; ph++ {
		mat := materialMG
		if ph == 1 {
			mat = materialEG
		}
		for k := kGeneral; k <= kSoldier; k++ {
			src := pstSource[k][ph]
			if ph == 1 && src == ([90]int{}) {
				src = pstSource[k][0] // one table for both phases
			}
			for r := 0; r < xiangqi.Ranks; r++ {
				for f := 0; f < xiangqi.Files; f++ {
					v := int32(mat[k] + src[(9-r)*9+f])
					red := xiangqi.MakePiece(xiangqi.Red, xiangqi.Kind(k))
					black := xiangqi.MakePiece(xiangqi.Black, xiangqi.Kind(k))
					t[ph][red][xiangqi.SquareAt(f, r)] = v
					t[ph][black][xiangqi.SquareAt(f, 9-r)] = -v
				}
			}
		}
	}
	return t
}()

// phaseWeight is each kind's share of the game phase: chariots, horses and
// cannons. The full set weighs maxPhase.
var phaseWeight = [8]int{0, 0, 0, 0, 2, 4, 2, 0}

const maxPhase = 2*2*2 + 2*4 + 2*2*2 // 24

// offBoard marks the padding in the evaluation's board copy.
const offBoard = 0x80

// boardTemplate is an empty board copy: 0 on the 90 points, offBoard
// elsewhere.
var boardTemplate = func() (b [256]uint8) {
	for i := range b {
		if !xiangqi.Square(i).Valid() {
			b[i] = offBoard
		}
	}
	return b
}()

// allSquares lists the 90 points.
var allSquares = xiangqi.Squares()

// Mailbox steps.
var (
	orthogonal = [4]int{16, -16, 1, -1}
	horseSteps = [8]int{33, 31, -31, -33, 18, -14, 14, -18}
	horseLegs  = [8]int{16, 16, -16, -16, 1, 1, -1, -1}
)

// Evaluation weights.
const (
	chariotMobility = 3  // per reachable point
	horseMobility   = 8  // per free jump
	horseTrapped    = 30 // a horse with at most one jump
	cannonMobility  = 1  // per reachable empty point
	hollowCannon    = 60 // a cannon facing the general with nothing between (middle game)
	screenedCannon  = 16 // a cannon facing the general over one screen
	chariotOnKing   = 20 // a chariot on the general's file or rank, nothing between
	missingGuard    = 14 // per missing advisor or elephant, times attacking weight/4
	tempo           = 10
)

// material is the incrementally kept part of the evaluation: the
// material and piece-square score from red's view in both phases, the game
// phase and the piece counts by xiangqi.Piece.
type material struct {
	mg, eg int32
	phase  int
	count  [16]int
}

// materialOf computes p's material from scratch from its piece lists.
func materialOf(p *xiangqi.Position) material {
	var m material
	for s := xiangqi.Red; s <= xiangqi.Black; s++ {
		for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
			pc := xiangqi.MakePiece(s, k)
			for sq := range p.Pieces(s, k) {
				m.add(pc, sq)
			}
		}
	}
	return m
}

// add puts pc on sq.
func (m *material) add(pc xiangqi.Piece, sq xiangqi.Square) {
	m.count[pc]++
	m.mg += pst[0][pc][sq]
	m.eg += pst[1][pc][sq]
	m.phase += phaseWeight[pc.Kind()]
}

// remove takes pc off sq.
func (m *material) remove(pc xiangqi.Piece, sq xiangqi.Square) {
	m.count[pc]--
	m.mg -= pst[0][pc][sq]
	m.eg -= pst[1][pc][sq]
	m.phase -= phaseWeight[pc.Kind()]
}

// move moves pc from one square to another.
func (m *material) move(pc xiangqi.Piece, from, to xiangqi.Square) {
	m.mg += pst[0][pc][to] - pst[0][pc][from]
	m.eg += pst[1][pc][to] - pst[1][pc][from]
}

// evaluate returns the static evaluation of p from the side to move's view,
// computed from scratch.
func evaluate(p *xiangqi.Position) int {
	m := materialOf(p)
	return evaluateWith(p, &m)
}

// evaluateWith returns the static evaluation of p from the side to move's
// view given its material m (kept incrementally by the search).
func evaluateWith(p *xiangqi.Position, m *material) int {
	b := boardTemplate
	for s := xiangqi.Red; s <= xiangqi.Black; s++ {
		for k := xiangqi.General; k <= xiangqi.Soldier; k++ {
			pc := uint8(xiangqi.MakePiece(s, k))
			for sq := range p.Pieces(s, k) {
				b[sq] = pc
			}
		}
	}
	mg, eg, phase := m.mg, m.eg, m.phase
	count := &m.count

	var mob [2]int    // mobility by side
	var attack [2]int // attacking weight by side (pieces across or able to reach)
	var kingDanger [2]int
	kings := [2]xiangqi.Square{p.General(xiangqi.Red), p.General(xiangqi.Black)}
	for s := 0; s < 2; s++ {
		side := engine.Side(s)
		own := uint8(side) << 3 // side bit of own pieces' values
		enemyKing := kings[s^1]
		for from := range p.Pieces(side, xiangqi.Chariot) {
			n := 0
			for _, d := range orthogonal {
				t := int(from) + d
				for b[t] == 0 {
					n++
					t += d
				}
				if b[t] != offBoard && b[t]&8 != own {
					n++
				}
			}
			mob[s] += n * chariotMobility
			attack[s] += 3
			if enemyKing != xiangqi.NoSquare && lineClear(&b, from, enemyKing) {
				kingDanger[s^1] += chariotOnKing
			}
		}
		for from := range p.Pieces(side, xiangqi.Horse) {
			n := 0
			for j, st := range horseSteps {
				t := int(from) + st
				if b[int(from)+horseLegs[j]] == 0 && b[t] != offBoard && (b[t] == 0 || b[t]&8 != own) {
					n++
				}
			}
			mob[s] += n * horseMobility
			if n <= 1 {
				mob[s] -= horseTrapped
			}
			if crossed(side, from) {
				attack[s] += 2
			}
		}
		for from := range p.Pieces(side, xiangqi.Cannon) {
			n := 0
			for _, d := range orthogonal {
				for t := int(from) + d; b[t] == 0; t += d {
					n++
				}
			}
			mob[s] += n * cannonMobility
			attack[s] += 2
			if enemyKing != xiangqi.NoSquare && from.File() == enemyKing.File() {
				switch piecesBetween(&b, from, enemyKing) {
				case 0:
					kingDanger[s^1] += hollowCannon
				case 1:
					kingDanger[s^1] += screenedCannon
				}
			}
		}
		for sq := range p.Pieces(side, xiangqi.Soldier) {
			if crossed(side, sq) {
				attack[s]++
			}
		}
	}
	for s := 0; s < 2; s++ {
		side := engine.Side(s)
		guards := count[xiangqi.MakePiece(side, xiangqi.Advisor)] + count[xiangqi.MakePiece(side, xiangqi.Elephant)]
		kingDanger[s] += (4 - guards) * missingGuard * attack[s^1] / 4
	}

	mg += int32(mob[0] - mob[1] - kingDanger[0] + kingDanger[1])
	eg += int32(mob[0] - mob[1] - (kingDanger[0]-kingDanger[1])/2)
	phase = min(phase, maxPhase)
	score := (int(mg)*phase + int(eg)*(maxPhase-phase)) / maxPhase

	// A side with nothing that can cross the river and attack cannot win.
	if score > 0 && !canAttack(count, xiangqi.Red) || score < 0 && !canAttack(count, xiangqi.Black) {
		score /= 8
	}
	if p.Turn() == xiangqi.Black {
		score = -score
	}
	return score + tempo
}

// canAttack reports whether side s has a chariot, horse, cannon or soldier.
func canAttack(count *[16]int, s engine.Side) bool {
	return count[xiangqi.MakePiece(s, xiangqi.Chariot)]+count[xiangqi.MakePiece(s, xiangqi.Horse)]+
		count[xiangqi.MakePiece(s, xiangqi.Cannon)]+count[xiangqi.MakePiece(s, xiangqi.Soldier)] > 0
}

// crossed reports whether sq is across the river for side s.
func crossed(s engine.Side, sq xiangqi.Square) bool {
	if s == xiangqi.Red {
		return sq.Rank() >= 5
	}
	return sq.Rank() <= 4
}

// lineClear reports whether a and b share a file or rank with no piece
// between them.
func lineClear(b *[256]uint8, a, c xiangqi.Square) bool {
	if a.File() != c.File() && a.Rank() != c.Rank() {
		return false
	}
	return piecesBetween(b, a, c) == 0
}

// piecesBetween counts the pieces strictly between a and c, which share a
// file or a rank.
func piecesBetween(b *[256]uint8, a, c xiangqi.Square) int {
	d := 1
	switch {
	case a.File() == c.File() && c > a:
		d = 16
	case a.File() == c.File():
		d = -16
	case c < a:
		d = -1
	}
	n := 0
	for t := int(a) + d; t != int(c); t += d {
		if b[t] != 0 {
			n++
		}
	}
	return n
}

package ai

import (
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// Diagonal steps (advisors; elephants step twice).
var diagonal = [4]int{17, 15, -15, -17}

// onBoard reports whether the mailbox index t is one of the 90 points.
func onBoard(t int) bool { return boardTemplate[t] == 0 }

// inPalace reports whether sq is in side s's palace.
func inPalace(s engine.Side, sq int) bool {
	f, r := xiangqi.Square(sq).File(), xiangqi.Square(sq).Rank()
	if s == xiangqi.Black {
		r = 9 - r
	}
	return f >= 3 && f <= 5 && r >= 0 && r <= 2
}

// attacked reports whether side by could capture a piece standing on sq:
// the test behind the cheap static exchange guess ("is the piece I take
// defended?").
func attacked(p *xiangqi.Position, sq xiangqi.Square, by engine.Side) bool {
	s := int(sq)
	chariot, cannon := xiangqi.MakePiece(by, xiangqi.Chariot), xiangqi.MakePiece(by, xiangqi.Cannon)
	general := xiangqi.MakePiece(by, xiangqi.General)
	palace := inPalace(by, s)
	for _, d := range orthogonal {
		t := s + d
		for onBoard(t) && p.At(xiangqi.Square(t)) == xiangqi.NoPiece {
			t += d
		}
		if !onBoard(t) {
			continue
		}
		pc := p.At(xiangqi.Square(t))
		if pc == chariot || (pc == general && t == s+d && palace) {
			return true
		}
		for t += d; onBoard(t) && p.At(xiangqi.Square(t)) == xiangqi.NoPiece; t += d {
		}
		if onBoard(t) && p.At(xiangqi.Square(t)) == cannon {
			return true
		}
	}
	horse := xiangqi.MakePiece(by, xiangqi.Horse)
	for i, st := range horseSteps {
		h := s - st
		if onBoard(h) && p.At(xiangqi.Square(h)) == horse && p.At(xiangqi.Square(h+horseLegs[i])) == xiangqi.NoPiece {
			return true
		}
	}
	soldier := xiangqi.MakePiece(by, xiangqi.Soldier)
	fwd := 16
	if by == xiangqi.Black {
		fwd = -16
	}
	if p.At(xiangqi.Square(s-fwd)) == soldier {
		return true
	}
	if crossed(by, sq) {
		for _, d := range [2]int{1, -1} {
			if onBoard(s+d) && p.At(xiangqi.Square(s+d)) == soldier {
				return true
			}
		}
	}
	if palace {
		advisor := xiangqi.MakePiece(by, xiangqi.Advisor)
		for _, d := range diagonal {
			if onBoard(s+d) && p.At(xiangqi.Square(s+d)) == advisor {
				return true
			}
		}
	}
	if !crossed(by, sq) {
		elephant := xiangqi.MakePiece(by, xiangqi.Elephant)
		for _, d := range diagonal {
			if t := s + 2*d; t > 0 && t < 256 && onBoard(t) && p.At(xiangqi.Square(t)) == elephant && p.At(xiangqi.Square(s+d)) == xiangqi.NoPiece {
				return true
			}
		}
	}
	return false
}

// badCapture guesses that capturing with m loses material: the capturing
// piece is worth clearly more than the one taken and the point is defended.
func badCapture(p *xiangqi.Position, m xiangqi.Move) bool {
	attacker, victim := p.At(m.From()), p.At(m.To())
	if orderValue[attacker.Kind()] <= orderValue[victim.Kind()]+50 {
		return false
	}
	return attacked(p, m.To(), attacker.Side()^1)
}

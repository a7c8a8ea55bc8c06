package ai

import "github.com/tengen-bot/tengen/engine/xiangqi"

// badCapture guesses that capturing with m loses material: the capturing
// piece is worth clearly more than the one taken and the point is defended.
func badCapture(p *xiangqi.Position, m xiangqi.Move) bool {
	attacker, victim := p.At(m.From()), p.At(m.To())
	if orderValue[attacker.Kind()] <= orderValue[victim.Kind()]+50 {
		return false
	}
	return p.Attacked(m.To(), attacker.Side()^1)
}

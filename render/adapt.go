package render

import (
	"fmt"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// GomokuFromGame returns the view of g's current position with header h:
// every move in order, the winning line once there is one and, under
// renju with black to move, black's forbidden points. h's outcome is taken
// from g unless h already has one (a resignation or a timeout, which the
// lifecycle decides).
func GomokuFromGame(g *gomoku.Game, h Header, showNumbers bool) *Gomoku {
	view := &Gomoku{Size: g.Size(), ShowNumbers: showNumbers, Header: h}
	for _, p := range g.History() {
		view.Moves = append(view.Moves, Point{p.Col(), p.Row()})
	}
	for _, p := range g.WinningLine() {
		view.WinLine = append(view.WinLine, Point{p.Col(), p.Row()})
	}
	if !h.Outcome.Over() {
		view.Header.Outcome = g.Outcome()
	}
	if !view.Header.Outcome.Over() && g.Turn() == gomoku.Black {
		for _, f := range g.ForbiddenPoints() {
			view.Forbidden = append(view.Forbidden, Point{f.Point.Col(), f.Point.Row()})
		}
	}
	return view
}

// XiangqiFromPosition returns the view of p with header h, the move last
// (which led to p; xiangqi.NoMove for none) marked, and the general of the
// side to move highlighted when in check. The pieces, the side to move and
// the move number are read from p itself.
func XiangqiFromPosition(p *xiangqi.Position, last xiangqi.Move, h Header, flip bool) *Xiangqi {
	v := new(struct {
		x     Xiangqi
		marks [3]Square
	})
	fillXiangqi(&v.x, &v.marks, p, last, h, flip)
	return &v.x
}

// fillXiangqi sets x to the view of p (see XiangqiFromPosition), keeping
// the squares its From, To and Check point to in marks, so that a view
// costs one allocation, or none.
func fillXiangqi(x *Xiangqi, marks *[3]Square, p *xiangqi.Position, last xiangqi.Move, h Header, flip bool) {
	for rank := range x.Board {
		for file := range x.Board[rank] {
			x.Board[rank][file] = p.At(xiangqi.SquareAt(file, rank))
		}
	}
	x.Turn = p.Turn()
	x.Ply = 2*(p.FullMove()-1) + int(p.Turn())
	x.From, x.To, x.Check = nil, nil, nil
	x.Flip, x.Header = flip, h
	mark := func(i int, sq xiangqi.Square) *Square {
		marks[i] = Square{sq.File(), sq.Rank()}
		return &marks[i]
	}
	if last != xiangqi.NoMove {
		x.From, x.To = mark(0, last.From()), mark(1, last.To())
	}
	if p.InCheck() {
		x.Check = mark(2, p.General(p.Turn()))
	}
}

// XiangqiFromGame returns the view of g's current position with header h,
// whose outcome is taken from g unless h already has one.
func XiangqiFromGame(g *xiangqi.Game, h Header, flip bool) *Xiangqi {
	if !h.Outcome.Over() {
		h.Outcome = g.Outcome()
	}
	pos := g.Position()
	last, _, _ := g.LastMove() // NoMove before the first move
	return XiangqiFromPosition(&pos, last, h, flip)
}

// XiangqiPositions returns every position of g from its start, each with
// the move that led to it, for XiangqiReplay; the last carries g's outcome.
func XiangqiPositions(g *xiangqi.Game, h Header, flip bool) ([]Xiangqi, error) {
	pos, err := xiangqi.ParseFEN(g.StartFEN())
	if err != nil {
		return nil, fmt.Errorf("render: the game's start: %w", err)
	}
	final := h
	if !final.Outcome.Over() {
		final.Outcome = g.Outcome()
	}
	h.Outcome = engine.Outcome{}
	hist := g.History()
	out := make([]Xiangqi, len(hist)+1)
	marks := make([][3]Square, len(out))
	last := xiangqi.NoMove
	for i := range out {
		if i == len(hist) {
			h = final
		}
		fillXiangqi(&out[i], &marks[i], &pos, last, h, flip)
		if i < len(hist) {
			last = hist[i]
			pos.MakeMove(last)
		}
	}
	return out, nil
}

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
// side to move highlighted when in check.
func XiangqiFromPosition(p *xiangqi.Position, last xiangqi.Move, h Header, flip bool) (*Xiangqi, error) {
	view, err := XiangqiFromFEN(p.FEN())
	if err != nil {
		return nil, fmt.Errorf("render: the engine's FEN: %w", err)
	}
	view.Header, view.Flip = h, flip
	if last != xiangqi.NoMove {
		from, to := last.From(), last.To()
		view.From = &Square{from.File(), from.Rank()}
		view.To = &Square{to.File(), to.Rank()}
	}
	if p.InCheck() {
		k := p.General(p.Turn())
		view.Check = &Square{k.File(), k.Rank()}
	}
	return &view, nil
}

// XiangqiFromGame returns the view of g's current position with header h,
// whose outcome is taken from g unless h already has one.
func XiangqiFromGame(g *xiangqi.Game, h Header, flip bool) (*Xiangqi, error) {
	if !h.Outcome.Over() {
		h.Outcome = g.Outcome()
	}
	pos := g.Position()
	last := xiangqi.NoMove
	if hist := g.History(); len(hist) > 0 {
		last = hist[len(hist)-1]
	}
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
	out := make([]Xiangqi, 0, len(hist)+1)
	last := xiangqi.NoMove
	for i := 0; ; i++ {
		hh := h
		if i == len(hist) {
			hh = final
		}
		view, err := XiangqiFromPosition(&pos, last, hh, flip)
		if err != nil {
			return nil, err
		}
		out = append(out, *view)
		if i == len(hist) {
			return out, nil
		}
		last = hist[i]
		pos.MakeMove(last)
	}
}

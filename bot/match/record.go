package match

import (
	"fmt"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/store"
)

// ReadRecord reads a game to continue from what a player pasted (/import):
// for Xiangqi a FEN, a move list or the PGN-like text of Xiangqi software
// (xiangqi.ParseRecord); for Gomoku a move list, a saved game or a .psq
// file (gomoku.ParseRecord), on a board of size under rules unless the
// text says otherwise (empty rules and zero size: the defaults). It
// returns the game with every move played and the setup that continues
// it (Setup.Record). A game that is already over is refused (ImportOver):
// there would be nothing left to play.
func ReadRecord(kind store.Kind, text, rules string, size int) (engine.Game, Setup, error) {
	s, err := Setup{Kind: kind, Rules: rules, Size: size}.normalize()
	if err != nil {
		return nil, Setup{}, err
	}
	eg, err := kinds[kind].record(text, s.Rules, s.Size)
	if err != nil {
		return nil, Setup{}, err
	}
	if o := eg.Outcome(); o.Over() {
		return nil, Setup{}, engine.E(engine.ImportOver, o.Reason)
	}
	if g, ok := eg.(*gomoku.Game); ok {
		s.Rules, s.Size = g.Rule().String(), g.Size()
	}
	saved, err := eg.MarshalText()
	if err != nil {
		return nil, Setup{}, fmt.Errorf("import a %s game: %w", kind, err)
	}
	s.Record = string(saved)
	return eg, s, nil
}

// startOf returns the text of game g as it started: its imported moves
// (store.Game.Start), or "" for a game from the usual start. A rematch
// starts there again.
func startOf(g *store.Game, eg engine.Game) (string, error) {
	if g.Start == 0 {
		return "", nil
	}
	start, err := Restore(g.Kind, g.Moves)
	if err != nil {
		return "", err
	}
	if err := start.Undo(eg.Ply() - g.Start); err != nil {
		return "", fmt.Errorf("game %d: back to its start: %w", g.ID, err)
	}
	text, err := start.MarshalText()
	if err != nil {
		return "", fmt.Errorf("game %d: %w", g.ID, err)
	}
	return string(text), nil
}

// movesSince is how many moves side has made in eg since ply start.
func movesSince(eg engine.Game, side engine.Side, start int) int {
	n := 0
	for ply, turn := eg.Ply(), eg.Turn(); ply > start; ply-- {
		turn = turn.Other() // the side that made move number ply
		if turn == side {
			n++
		}
	}
	return n
}

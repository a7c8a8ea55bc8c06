package match

import (
	"context"
	"fmt"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

// A puzzle is a position of a real game where the side to move (the
// solver) wins by force, and by one first move only at that speed: a
// Gomoku VCF or VCT, a Xiangqi mate in N. FindPuzzles finds them in a reviewed game: the review
// says where a player had a proven win; a deeper search proves it again
// and gives the solution, and every other first move is searched too, so
// that a puzzle with two winning first moves is never kept. Two more
// kinds come from a player's mistakes: a Gomoku position where every move
// but one is proved to lose (ThemeDefend: the only defence), and a Xiangqi
// position where one move wins material by force and every other is
// clearly worse (ThemeMaterial).

// Puzzle is a position to solve.
type Puzzle struct {
	Kind store.Kind
	// Record is the position, as the stored text of the game up to it
	// (Restore reads it).
	Record string
	// Ply is the position's move number in the game it comes from.
	Ply    int
	Solver engine.Side
	// Theme is how the win goes: "vcf" or "vct" (Gomoku), "mate"
	// (Xiangqi).
	Theme string
	// Plies is the length of the solution: the solver's moves and the
	// replies, to the five or the mate.
	Plies int
	// Line is the solution as proved, the solver's moves and the
	// defender's best replies, canonical.
	Line []string
}

// PuzzleConfig bounds the search for puzzles; zero fields take the
// defaults.
type PuzzleConfig struct {
	// Nodes is the budget of the search that proves the win again
	// (DefaultPuzzleNodes).
	Nodes uint64
	// VerifyNodes is the budget of the search of each other first move
	// (2×Nodes).
	VerifyNodes uint64
	// MinPlies and MaxPlies bound the solution's length (Gomoku 3 to 11:
	// a five at once is no puzzle; Xiangqi 1 to 7: mate in 1 to 4).
	MinPlies, MaxPlies int
	// MoveNodes is the budget of the search of each move but the
	// solution in a defence or a win of material (Nodes/4).
	MoveNodes uint64
	// rejected, when not nil, is told why a candidate was not kept (for
	// tests and measurements).
	rejected func(why string)
}

// DefaultPuzzleNodes is the default budget of a puzzle's proof.
const DefaultPuzzleNodes = 100000

func (c PuzzleConfig) withDefaults(kind store.Kind) PuzzleConfig {
	if c.Nodes == 0 {
		c.Nodes = DefaultPuzzleNodes
	}
	if c.VerifyNodes == 0 {
		c.VerifyNodes = 2 * c.Nodes
	}
	if c.MoveNodes == 0 {
		c.MoveNodes = c.Nodes / 4
	}
	if c.MinPlies == 0 {
		c.MinPlies = 1
		if kind == store.Gomoku {
			c.MinPlies = 3
		}
	}
	if c.MaxPlies == 0 {
		c.MaxPlies = 7
		if kind == store.Gomoku {
			c.MaxPlies = 11
		}
	}
	return c
}

// FindPuzzles returns the puzzles of the game of kind whose record is text
// and review is r (ReviewGame): the first position of each forced win a
// player had, when a search within cfg.Nodes proves the win again in
// cfg.MinPlies to cfg.MaxPlies plies, the win plays out, and no other
// first move wins as fast (each searched within cfg.VerifyNodes).
// Positions whose win continues one already kept are skipped.
func FindPuzzles(ctx context.Context, a Analyst, kind store.Kind, text string, r Review, cfg PuzzleConfig) ([]Puzzle, error) {
	cfg = cfg.withDefaults(kind)
	g, err := Restore(kind, text)
	if err != nil {
		return nil, fmt.Errorf("puzzles: %w", err)
	}
	moves := g.Moves()
	var out []Puzzle
	kept := map[engine.Side]int{engine.First: -10, engine.Second: -10} // the last position kept, by solver
	for i, rm := range r.Moves {
		if rm.Won == 0 {
			if defendCandidate(kind, rm) || materialCandidate(kind, r, i) {
				if err := toPly(g, moves, rm.Ply); err != nil {
					return nil, fmt.Errorf("puzzles: %w", err)
				}
				var (
					p  Puzzle
					ok bool
				)
				if kind == store.Gomoku {
					p, ok, err = proveDefence(ctx, a, g, cfg)
				} else {
					p, ok, err = proveMaterial(ctx, a, g, cfg)
				}
				if err != nil {
					return nil, fmt.Errorf("puzzles: position %d: %w", rm.Ply, err)
				}
				if ok {
					p.Kind, p.Ply = kind, rm.Ply
					out = append(out, p)
				}
			}
			continue
		}
		if kept[rm.Side] == rm.Ply-2 { // the same win, one move on
			kept[rm.Side] = rm.Ply
			continue
		}
		if rm.Won < cfg.MinPlies || rm.Won > cfg.MaxPlies {
			continue
		}
		if err := toPly(g, moves, rm.Ply); err != nil {
			return nil, fmt.Errorf("puzzles: %w", err)
		}
		p, ok, err := provePuzzle(ctx, a, kind, g, cfg)
		if err != nil {
			return nil, fmt.Errorf("puzzles: position %d: %w", rm.Ply, err)
		}
		if ok {
			p.Ply = rm.Ply
			out = append(out, p)
			kept[rm.Side] = rm.Ply
		}
	}
	return out, nil
}

// toPly sets g to the position after the first ply of moves.
func toPly(g engine.Game, moves []string, ply int) error {
	if err := g.Undo(g.Ply()); err != nil {
		return err
	}
	for _, mv := range moves[:ply] {
		if _, err := g.Play(mv); err != nil {
			return fmt.Errorf("move %s: %w", mv, err)
		}
	}
	return nil
}

// provePuzzle proves the win of the side to move in g again, checks its
// solution plays out to the win, and searches every other first move: the
// puzzle, when the win is proved, within bounds, and unique.
func provePuzzle(ctx context.Context, a Analyst, kind store.Kind, g engine.Game, cfg PuzzleConfig) (Puzzle, bool, error) {
	v, err := a.Analyse(ctx, g, cfg.Nodes)
	if err != nil {
		return Puzzle{}, false, err
	}
	if v.Proven < cfg.MinPlies || v.Proven > cfg.MaxPlies {
		return Puzzle{}, false, nil
	}
	solver := g.Turn()
	line, err := solution(ctx, a, g, v, cfg)
	if err != nil || line == nil {
		if err == nil && cfg.rejected != nil {
			cfg.rejected(fmt.Sprintf("the proof of %d plies did not play out: %v", v.Proven, v.Line))
		}
		return Puzzle{}, false, err
	}
	for _, m := range g.LegalMoves() {
		if m == v.Best {
			continue
		}
		alsoWins, err := winsBy(ctx, a, g, m, solver, v.Proven, cfg.VerifyNodes)
		if err != nil {
			return Puzzle{}, false, err
		}
		if alsoWins {
			if cfg.rejected != nil {
				cfg.rejected("two solutions: " + v.Best + " and " + m)
			}
			return Puzzle{}, false, nil
		}
	}
	text, err := g.MarshalText()
	if err != nil {
		return Puzzle{}, false, err
	}
	theme := "mate" // a Xiangqi win proved is a mate
	if gg, ok := g.(*gomoku.Game); ok {
		theme = gomokuTheme(gg, line)
	}
	return Puzzle{Kind: kind, Record: string(text), Solver: solver, Theme: theme, Plies: len(line), Line: line}, true, nil
}

// solution plays out the win v proves for the side to move in g: the
// engine's line, and where it stops short (a search reports only so much
// of it), the engine's best move for whoever is to move, searched within
// cfg.Nodes, until the solver has won, within cfg.MaxPlies. It returns
// nil when the win does not play out so; g is left as it was.
func solution(ctx context.Context, a Analyst, g engine.Game, v Analysis, cfg PuzzleConfig) (line []string, err error) {
	solver := g.Turn()
	var played []string
	defer func() {
		if uerr := g.Undo(len(played)); uerr != nil && err == nil {
			line, err = nil, fmt.Errorf("taking back the solution: %w", uerr)
		}
	}()
	next := v.Line
	for len(played) < cfg.MaxPlies && !g.Outcome().Over() {
		if len(next) == 0 {
			w, err := a.Analyse(ctx, g, cfg.Nodes)
			if err != nil {
				return nil, err
			}
			if (g.Turn() == solver) != (w.Proven > 0) || len(w.Line) == 0 {
				return nil, nil // the proof did not hold
			}
			next = w.Line
		}
		if _, err := g.Play(next[0]); err != nil {
			return nil, nil
		}
		played, next = append(played, next[0]), next[1:]
	}
	if o := g.Outcome(); o.Status != engine.Win || o.Winner != solver {
		return nil, nil
	}
	return append([]string(nil), played...), nil
}

// winsBy reports whether solver, to move in g, also wins by force with m
// within plies plies (m included): at once, or with the defender proved
// lost soon enough after it by a search within nodes. A slower win is
// another road, not another solution: a mate in 5 beside the only mate in
// 3 leaves the puzzle one answer. g is left as it was.
func winsBy(ctx context.Context, a Analyst, g engine.Game, m string, solver engine.Side, plies int, nodes uint64) (bool, error) {
	return afterMove(ctx, a, g, m, nodes, false, func(o engine.Outcome, v Analysis) bool {
		if o.Over() {
			return o.Status == engine.Win && o.Winner == solver
		}
		return v.Proven < 0 && 1-v.Proven <= plies
	})
}

// afterMove plays m, a move of the side to move in g, and judges the
// position it leads to with judge: its outcome when the move ends the
// game, else a search of it within nodes (v, from the side to move then,
// the mover's opponent). A move the rules refuse is judged refused. g is
// left as it was.
func afterMove(ctx context.Context, a Analyst, g engine.Game, m string, nodes uint64, refused bool, judge func(o engine.Outcome, v Analysis) bool) (bool, error) {
	if _, err := g.Play(m); err != nil {
		return refused, nil
	}
	var (
		v   Analysis
		err error
	)
	o := g.Outcome()
	if !o.Over() {
		v, err = a.Analyse(ctx, g, nodes)
	}
	ok := err == nil && judge(o, v)
	if uerr := g.Undo(1); uerr != nil && err == nil {
		err = fmt.Errorf("taking back %s: %w", m, uerr)
	}
	return ok, err
}

// gomokuTheme names a proven Gomoku win whose line (the winner's moves and
// the replies) is played from gg: "five" at once; "vcf" when every reply
// blocks a four (the winner would make five there), so that the winner
// needed fours only; "vct" when a three made a reply necessary too.
func gomokuTheme(gg *gomoku.Game, line []string) string {
	if len(line) <= 1 {
		return "five"
	}
	solver := gg.Turn()
	played := 0
	defer func() { _ = gg.Undo(played) }()
	for k := 0; k+1 < len(line); k += 2 {
		if _, err := gg.Play(line[k]); err != nil {
			return "vct"
		}
		played++
		reply, err := gomoku.ParsePoint(line[k+1], gg.Size())
		if err != nil {
			return "vct"
		}
		b := gg.Board()
		if b.At(reply) != gomoku.Empty {
			return "vct"
		}
		b.Put(reply, solver)
		if !b.Wins(reply) {
			return "vct"
		}
		if _, err := gg.Play(line[k+1]); err != nil {
			return "vct"
		}
		played++
	}
	return "vcf"
}

// defendCandidate reports whether the position before reviewed move rm
// may be a Gomoku defence puzzle: the move walked into a proven loss from
// a position that was not lost.
func defendCandidate(kind store.Kind, rm ReviewedMove) bool {
	return kind == store.Gomoku && rm.Lost > 0 && rm.Before >= 0.1
}

// materialCandidate reports whether the position before move i of review
// r may be a Xiangqi material puzzle: the opponent's move before it was a
// mistake or worse, and left the side to move clearly ahead.
func materialCandidate(kind store.Kind, r Review, i int) bool {
	return kind == store.Xiangqi && i > 0 && r.Moves[i-1].Class >= Mistake && r.Moves[i].Before >= logistic(materialScore, XiangqiScale)
}

// reject tells cfg.rejected why, when it listens.
func (c PuzzleConfig) reject(why string) {
	if c.rejected != nil {
		c.rejected(why)
	}
}

// proveDefence makes a defence puzzle of Gomoku position g when the side
// to move is not lost (a search within cfg.Nodes proves no win for either
// side), the opponent threatens no five (a forced block is no puzzle),
// every move but the engine's is proved to lose (each searched within
// cfg.MoveNodes), and a search within cfg.VerifyNodes proves no win for
// the opponent after the engine's move.
func proveDefence(ctx context.Context, a Analyst, g engine.Game, cfg PuzzleConfig) (Puzzle, bool, error) {
	gg := g.(*gomoku.Game)
	v, err := a.Analyse(ctx, g, cfg.Nodes)
	if err != nil || v.Proven != 0 || v.Best == "" {
		if err == nil {
			cfg.reject(fmt.Sprintf("defence - already proven: %d", v.Proven))
		}
		return Puzzle{}, false, err
	}
	if threatensFive(gg, g.Turn().Other()) {
		cfg.reject("defence - a block of a four")
		return Puzzle{}, false, nil
	}
	solver := g.Turn()
	for _, m := range g.LegalMoves() {
		if m == v.Best {
			continue
		}
		loses, err := losesBy(ctx, a, g, m, cfg.MoveNodes)
		if err != nil {
			return Puzzle{}, false, err
		}
		if !loses {
			cfg.reject("defence - two defences: " + v.Best + " and " + m)
			return Puzzle{}, false, nil
		}
	}
	if loses, err := losesBy(ctx, a, g, v.Best, cfg.VerifyNodes); err != nil || loses {
		if err == nil {
			cfg.reject("defence - the defence loses too: " + v.Best)
		}
		return Puzzle{}, false, err
	}
	text, err := g.MarshalText()
	if err != nil {
		return Puzzle{}, false, err
	}
	return Puzzle{Record: string(text), Solver: solver, Theme: ThemeDefend, Plies: 1, Line: []string{v.Best}}, true, nil
}

// threatensFive reports whether side has a point in gg where its stone
// would make five.
func threatensFive(gg *gomoku.Game, side engine.Side) bool {
	b := gg.Board()
	for row := range b.Size() {
		for col := range b.Size() {
			p := gomoku.PointAt(col, row)
			if b.At(p) != gomoku.Empty {
				continue
			}
			b.Put(p, side)
			five := b.Wins(p)
			b.Take(p)
			if five {
				return true
			}
		}
	}
	return false
}

// losesBy reports whether the side to move in g loses by force after m:
// the opponent makes five at once, or a search within nodes proves the
// opponent wins. g is left as it was.
func losesBy(ctx context.Context, a Analyst, g engine.Game, m string, nodes uint64) (bool, error) {
	mover := g.Turn()
	// A move the rules refuse loses no less.
	return afterMove(ctx, a, g, m, nodes, true, func(o engine.Outcome, v Analysis) bool {
		if o.Over() {
			return o.Status == engine.Win && o.Winner != mover
		}
		return v.Proven > 0
	})
}

// materialScore is the least score (centipawns) and material (materialValue)
// a Xiangqi material puzzle wins; secondBest the least margin by which
// every other move must be worse.
const (
	materialScore = 300
	secondBest    = 200
)

// materialValue is the value of each Xiangqi piece kind in a material
// count, in centipawns (the general counts nothing: it is never taken).
var materialValue = [...]int{xiangqi.Advisor: 200, xiangqi.Elephant: 200, xiangqi.Horse: 400,
	xiangqi.Chariot: 900, xiangqi.Cannon: 450, xiangqi.Soldier: 100}

// balance is side's material minus its opponent's in g.
func balance(g *xiangqi.Game, side engine.Side) int {
	pos := g.Position()
	n := 0
	for k := xiangqi.Advisor; k <= xiangqi.Soldier; k++ {
		n += materialValue[k] * (pos.Count(side, k) - pos.Count(side.Other(), k))
	}
	return n
}

// proveMaterial makes a material puzzle of Xiangqi position g when the
// engine's line (searched within cfg.Nodes, no mate proved either way,
// scoring at least materialScore) wins at least materialScore of
// material by the solver's first or second move, kept after the reply,
// and every other move of the solver's in that solution scores at least
// secondBest worse (each searched within cfg.MoveNodes).
func proveMaterial(ctx context.Context, a Analyst, g engine.Game, cfg PuzzleConfig) (Puzzle, bool, error) {
	xg := g.(*xiangqi.Game)
	v, err := a.Analyse(ctx, g, cfg.Nodes)
	if err != nil || v.Proven != 0 || v.Score < materialScore || len(v.Line) == 0 {
		if err == nil {
			cfg.reject(fmt.Sprintf("material - not ahead enough: score %d, proven %d", v.Score, v.Proven))
		}
		return Puzzle{}, false, err
	}
	solver := g.Turn()
	start := balance(xg, solver)
	played := 0
	defer func() { _ = g.Undo(played) }()
	plies := 0
	for k := 0; k < len(v.Line) && k < 4 && plies == 0; k++ {
		if _, err := g.Play(v.Line[k]); err != nil {
			break
		}
		played++
		if k%2 == 0 {
			continue // the gain must survive the reply
		}
		if balance(xg, solver)-start >= materialScore {
			plies = k // the solution ends with the solver's move before this reply
		}
	}
	if plies == 0 {
		cfg.reject("material - the line wins too little")
		return Puzzle{}, false, nil
	}
	if err := g.Undo(played); err != nil {
		return Puzzle{}, false, err
	}
	played = 0
	line := v.Line[:plies]
	for k := 0; k < len(line); k++ {
		if k%2 == 0 {
			best := v.Score
			if k > 0 {
				w, err := a.Analyse(ctx, g, cfg.Nodes)
				if err != nil {
					return Puzzle{}, false, err
				}
				if w.Best != line[k] {
					cfg.reject("material - the line changed")
					return Puzzle{}, false, nil
				}
				best = w.Score
			}
			for _, m := range g.LegalMoves() {
				if m == line[k] {
					continue
				}
				close, err := scoresNear(ctx, a, g, m, best-secondBest, cfg.MoveNodes)
				if err != nil {
					return Puzzle{}, false, err
				}
				if close {
					cfg.reject("material - two solutions: " + line[k] + " and " + m)
					return Puzzle{}, false, nil
				}
			}
		}
		if _, err := g.Play(line[k]); err != nil {
			return Puzzle{}, false, err
		}
		played++
	}
	if err := g.Undo(played); err != nil {
		return Puzzle{}, false, err
	}
	played = 0
	text, err := g.MarshalText()
	if err != nil {
		return Puzzle{}, false, err
	}
	return Puzzle{Record: string(text), Solver: solver, Theme: ThemeMaterial, Plies: len(line), Line: append([]string(nil), line...)}, true, nil
}

// scoresNear reports whether m, played by the side to move in g, scores at
// least floor for it (or wins) by a search within nodes. g is left as it
// was.
func scoresNear(ctx context.Context, a Analyst, g engine.Game, m string, floor int, nodes uint64) (bool, error) {
	mover := g.Turn()
	return afterMove(ctx, a, g, m, nodes, false, func(o engine.Outcome, v Analysis) bool {
		if o.Over() {
			return o.Status == engine.Win && o.Winner == mover
		}
		return v.Proven < 0 || v.Proven == 0 && -v.Score >= floor
	})
}

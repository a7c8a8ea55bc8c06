package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// Puzzle is a puzzle as the store keeps it: a position (Record, the
// game's stored text up to it) where Solver wins by force, Line the
// solution, found in game GameID at move Ply (0 for none).
type Puzzle struct {
	ID     int64
	Kind   Kind
	Record string
	Solver engine.Side
	Theme  string
	Plies  int
	Line   []string
	GameID int64
	Ply    int
}

// SavePuzzles keeps ps, each position once (one already kept is left as
// it is), and returns how many were new. Puzzles can be found again, so
// they are bookkeeping (see writeLight).
func (db *DB) SavePuzzles(ctx context.Context, ps []Puzzle) (int, error) {
	ms := db.opt.Now().UnixMilli()
	added := 0
	err := db.writeLight(ctx, fmt.Sprintf("save %d puzzles", len(ps)), func(tx runner) error {
		added = 0 // a run after a failed one starts again
		for _, p := range ps {
			if p.Record == "" || len(p.Line) == 0 || !p.Kind.Valid() {
				return invalid("puzzle of kind %q with %d moves", p.Kind, len(p.Line))
			}
			res, err := tx.ExecContext(ctx, `INSERT INTO puzzles (kind, record, solver, theme, plies, line, game_id, ply, created_at)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, record) DO NOTHING`,
				p.Kind, p.Record, int(p.Solver), p.Theme, p.Plies, strings.Join(p.Line, " "), nullID(p.GameID), p.Ply, ms)
			if err != nil {
				return err
			}
			n, err := res.RowsAffected()
			if err != nil {
				return err
			}
			added += int(n)
		}
		return nil
	})
	return added, err
}

// Puzzles returns the puzzles of kind kept, oldest first.
func (db *DB) Puzzles(ctx context.Context, kind Kind) ([]Puzzle, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT id, kind, record, solver, theme, plies, line, coalesce(game_id, 0), ply
		FROM puzzles WHERE kind = ? ORDER BY id`, kind)
	if err != nil {
		return nil, fmt.Errorf("read puzzles: %w", err)
	}
	defer rows.Close()
	var out []Puzzle
	for rows.Next() {
		var (
			p      Puzzle
			kind   string
			solver int
			line   string
		)
		if err := rows.Scan(&p.ID, &kind, &p.Record, &solver, &p.Theme, &p.Plies, &line, &p.GameID, &p.Ply); err != nil {
			return nil, fmt.Errorf("read puzzles: %w", err)
		}
		p.Kind, p.Solver, p.Line = Kind(kind), engine.Side(solver), strings.Fields(line)
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read puzzles: %w", err)
	}
	return out, nil
}

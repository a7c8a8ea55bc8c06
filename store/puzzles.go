package store

import (
	"context"
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/glicko2"
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
	// Rating is the puzzle's Glicko-2 rating: seeded by whoever keeps it
	// (1500 when 0), then moved by every first try of each user
	// (FinishPuzzle).
	Rating glicko2.Rating
	// Attempts and Solves count the rated tries and how many solved it.
	Attempts, Solves int
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
			r := seeded(p.Rating)
			res, err := tx.ExecContext(ctx, `INSERT INTO puzzles (kind, record, solver, theme, plies, line, game_id, ply, created_at, rating, rd, volatility)
				VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (kind, record) DO NOTHING`,
				p.Kind, p.Record, int(p.Solver), p.Theme, p.Plies, strings.Join(p.Line, " "), nullID(p.GameID), p.Ply, ms,
				r.Rating, r.RD, r.Volatility)
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

// seeded is a new puzzle's rating: r, or a new player's where r is zero,
// with a new player's deviation and volatility where r has none.
func seeded(r glicko2.Rating) glicko2.Rating {
	n := glicko2.New()
	if r.Rating != 0 {
		n.Rating = r.Rating
	}
	if r.RD > 0 {
		n.RD = r.RD
	}
	if r.Volatility > 0 {
		n.Volatility = r.Volatility
	}
	return n
}

// puzzleColumns are the columns scanPuzzle reads, of puzzles as p.
const puzzleColumns = `p.id, p.kind, p.record, p.solver, p.theme, p.plies, p.line, coalesce(p.game_id, 0), p.ply,
	p.rating, p.rd, p.volatility, p.attempts, p.solves`

// puzzleRow is a row of puzzleColumns as it is scanned.
type puzzleRow struct {
	p          Puzzle
	kind, line string
	solver     int
}

// dests are the scan destinations of puzzleColumns, in order.
func (r *puzzleRow) dests() []any {
	p := &r.p
	return []any{&p.ID, &r.kind, &p.Record, &r.solver, &p.Theme, &p.Plies, &r.line, &p.GameID, &p.Ply,
		&p.Rating.Rating, &p.Rating.RD, &p.Rating.Volatility, &p.Attempts, &p.Solves}
}

// puzzle is the puzzle scanned.
func (r *puzzleRow) puzzle() Puzzle {
	p := r.p
	p.Kind, p.Solver, p.Line = Kind(r.kind), engine.Side(r.solver), strings.Fields(r.line)
	return p
}

// scanPuzzle reads puzzleColumns.
func scanPuzzle(s interface{ Scan(...any) error }) (Puzzle, error) {
	var r puzzleRow
	err := s.Scan(r.dests()...)
	return r.puzzle(), err
}

// PuzzleCount returns how many puzzles of kind are kept.
func (db *DB) PuzzleCount(ctx context.Context, kind Kind) (int, error) {
	var n int
	if err := db.read().QueryRowContext(ctx, `SELECT count(*) FROM puzzles WHERE kind = ?`, kind).Scan(&n); err != nil {
		return 0, fmt.Errorf("count puzzles: %w", err)
	}
	return n, nil
}

// Puzzles returns the puzzles of kind kept, oldest first.
func (db *DB) Puzzles(ctx context.Context, kind Kind) ([]Puzzle, error) {
	return db.puzzles(ctx, "read puzzles", `SELECT `+puzzleColumns+` FROM puzzles p WHERE p.kind = ? ORDER BY p.id`, kind)
}

// puzzles runs query, which selects puzzleColumns; what names it in
// errors.
func (db *DB) puzzles(ctx context.Context, what, query string, args ...any) ([]Puzzle, error) {
	rows, err := db.read().QueryContext(ctx, query, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var out []Puzzle
	for rows.Next() {
		p, err := scanPuzzle(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		out = append(out, p)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return out, nil
}

package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// Solving puzzles: a user tries one puzzle at a time (an attempt), move by
// move; the first try of each puzzle by each user is rated, Glicko-2, the
// user against the puzzle, each try one rating period. An attempt and the
// ratings it moves are written in one transaction, at full durability: a
// rating, like a game's, is not bookkeeping.

// PuzzleAttempt is one user's try at a puzzle.
type PuzzleAttempt struct {
	ID      int64
	UserID  string
	Puzzle  Puzzle
	Daily   string // the day (DayOf) of a daily puzzle's try; "" for the others
	GuildID string // where it was started ("" outside servers)
	Rated   bool   // the user's first try of the puzzle
	// Played are the moves made since the puzzle's position, the solver's
	// and the replies; Line the solution from there as the engine sees it.
	Played, Line []string
	Started      time.Time
	Finished     time.Time // zero while it goes on
	Solved       bool
}

// PuzzlePlayer is a user's puzzle rating and record for one kind.
type PuzzlePlayer struct {
	UserID string
	Kind   Kind
	Rating glicko2.Rating
	// Streak is how many rated tries in a row were solved, up to the last;
	// BestStreak the longest such run.
	Streak, BestStreak int
	Solved, Failed     int
}

// PuzzleResult is what finishing an attempt changed: the player before
// and after (equal when the try was not rated).
type PuzzleResult struct {
	Before, After PuzzlePlayer
	Rated         bool
}

// DailySolve is a user who solved a daily puzzle, and in how long.
type DailySolve struct {
	UserID string
	Took   time.Duration
}

// DailyCount is how many daily puzzles a user solved.
type DailyCount struct {
	UserID string
	Solved int
}

// DayOf is the day of t as the daily puzzles count days: its UTC date,
// YYYY-MM-DD.
func DayOf(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// attemptColumns are the columns scanAttempt reads, of puzzle_attempts as
// a joined to puzzles as p.
const attemptColumns = `a.id, a.user_id, a.daily, a.guild_id, a.rated, a.played, a.line, a.started_at,
	coalesce(a.finished_at, 0), a.solved, ` + puzzleColumns

const attemptFrom = ` FROM puzzle_attempts a JOIN puzzles p ON p.id = a.puzzle_id `

func scanAttempt(s interface{ Scan(...any) error }) (PuzzleAttempt, error) {
	var (
		a                 PuzzleAttempt
		rated, solved     int
		played, line      string
		started, finished int64
		r                 puzzleRow
	)
	err := s.Scan(append([]any{&a.ID, &a.UserID, &a.Daily, &a.GuildID, &rated, &played, &line, &started, &finished, &solved},
		r.dests()...)...)
	if err != nil {
		return a, err
	}
	a.Puzzle, a.Rated, a.Solved = r.puzzle(), rated == 1, solved == 1
	a.Played, a.Line = strings.Fields(played), strings.Fields(line)
	a.Started = time.UnixMilli(started).UTC()
	if finished != 0 {
		a.Finished = time.UnixMilli(finished).UTC()
	}
	return a, nil
}

// ActivePuzzle returns the attempt userID is making, with ok false when
// there is none.
func (db *DB) ActivePuzzle(ctx context.Context, userID string) (a PuzzleAttempt, ok bool, err error) {
	a, err = scanAttempt(db.read().QueryRowContext(ctx, `SELECT `+attemptColumns+attemptFrom+
		`WHERE a.user_id = ? AND a.finished_at IS NULL`, userID))
	if errors.Is(err, sql.ErrNoRows) {
		return PuzzleAttempt{}, false, nil
	}
	if err != nil {
		return PuzzleAttempt{}, false, fmt.Errorf("read the puzzle of %s: %w", userID, err)
	}
	return a, true, nil
}

// Attempted returns userID's first try of puzzle id, with ok false when
// they never tried it.
func (db *DB) Attempted(ctx context.Context, userID string, id int64) (a PuzzleAttempt, ok bool, err error) {
	a, err = scanAttempt(db.read().QueryRowContext(ctx, `SELECT `+attemptColumns+attemptFrom+
		`WHERE a.user_id = ? AND a.puzzle_id = ? ORDER BY a.id LIMIT 1`, userID, id))
	if errors.Is(err, sql.ErrNoRows) {
		return PuzzleAttempt{}, false, nil
	}
	if err != nil {
		return PuzzleAttempt{}, false, fmt.Errorf("read the try of puzzle %d by %s: %w", id, userID, err)
	}
	return a, true, nil
}

// PuzzleCandidates returns up to n puzzles of kind (of theme, unless "")
// that userID never tried, the closest to rating first.
func (db *DB) PuzzleCandidates(ctx context.Context, userID string, kind Kind, theme string, rating float64, n int) ([]Puzzle, error) {
	return db.puzzles(ctx, "choose a puzzle", `SELECT `+puzzleColumns+` FROM puzzles p
		WHERE p.kind = ? AND (? = '' OR p.theme = ?)
		AND NOT EXISTS (SELECT 1 FROM puzzle_attempts a WHERE a.user_id = ? AND a.puzzle_id = p.id)
		ORDER BY abs(p.rating - ?), p.id LIMIT ?`, kind, theme, theme, userID, rating, n)
}

// StartPuzzle records a new attempt: a.UserID tries a.Puzzle (by its ID)
// from its position, a.Line the solution. It sets a.ID, a.Rated (the
// user's first try of it) and a.Started. A user makes one attempt at a
// time: one going on is refused (engine.PuzzleBusy; finish it first).
func (db *DB) StartPuzzle(ctx context.Context, a *PuzzleAttempt) error {
	now := db.opt.Now()
	return db.write(ctx, "start a puzzle", func(tx runner) error {
		var busy int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM puzzle_attempts WHERE user_id = ? AND finished_at IS NULL`,
			a.UserID).Scan(&busy); err != nil {
			return err
		}
		if busy > 0 {
			return engine.E(engine.PuzzleBusy)
		}
		var tried int
		if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM puzzle_attempts WHERE user_id = ? AND puzzle_id = ?`,
			a.UserID, a.Puzzle.ID).Scan(&tried); err != nil {
			return err
		}
		rated := tried == 0
		var id int64
		if err := tx.QueryRowContext(ctx, `INSERT INTO puzzle_attempts (user_id, puzzle_id, daily, guild_id, rated, played, line, started_at)
			VALUES (?, ?, ?, ?, ?, '', ?, ?) RETURNING id`,
			a.UserID, a.Puzzle.ID, a.Daily, a.GuildID, boolInt(rated), strings.Join(a.Line, " "), now.UnixMilli()).Scan(&id); err != nil {
			return err
		}
		a.ID, a.Rated, a.Started = id, rated, now.UTC().Truncate(time.Millisecond)
		return nil
	})
}

// AdvancePuzzle records the moves of attempt a made since it was read:
// played and line replace a.Played and a.Line. When the attempt changed
// meanwhile (another answer came first, or it ended) nothing is written
// and engine.PuzzleBusy is returned.
func (db *DB) AdvancePuzzle(ctx context.Context, a PuzzleAttempt, played, line []string) error {
	return db.write(ctx, "answer a puzzle", func(tx runner) error {
		return moveAttempt(ctx, tx, a, played, line, "")
	})
}

// moveAttempt updates attempt a, as read, to played and line, and ends it
// when end is not "" (its SET clause).
func moveAttempt(ctx context.Context, tx runner, a PuzzleAttempt, played, line []string, end string, args ...any) error {
	q := `UPDATE puzzle_attempts SET played = ?, line = ?` + end + ` WHERE id = ? AND finished_at IS NULL AND played = ?`
	all := append([]any{strings.Join(played, " "), strings.Join(line, " ")}, args...)
	res, err := tx.ExecContext(ctx, q, append(all, a.ID, strings.Join(a.Played, " "))...)
	if err != nil {
		return err
	}
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 0 {
		return engine.E(engine.PuzzleBusy)
	}
	return nil
}

// FinishPuzzle ends attempt a, as read, with the moves played (the last
// ones included), solved or not. A rated try moves the user's rating
// against the puzzle's and the puzzle's against the user's, and the
// user's streak; any try counts in the user's solved or failed. When the
// attempt changed meanwhile nothing is written and engine.PuzzleBusy is
// returned.
func (db *DB) FinishPuzzle(ctx context.Context, a PuzzleAttempt, played []string, solved bool) (PuzzleResult, error) {
	now := db.opt.Now()
	var res PuzzleResult
	err := db.write(ctx, "finish a puzzle", func(tx runner) error {
		res = PuzzleResult{Rated: a.Rated}
		before, err := loadPuzzlePlayer(ctx, tx, a.UserID, a.Puzzle.Kind)
		if err != nil {
			return err
		}
		var puzzle glicko2.Rating
		if err := tx.QueryRowContext(ctx, `SELECT rating, rd, volatility FROM puzzles WHERE id = ?`, a.Puzzle.ID).
			Scan(&puzzle.Rating, &puzzle.RD, &puzzle.Volatility); err != nil {
			return fmt.Errorf("read puzzle %d: %w", a.Puzzle.ID, err)
		}
		after := before
		score := 0.0
		if solved {
			score = 1
			after.Solved++
		} else {
			after.Failed++
		}
		if a.Rated {
			after.Rating = glicko2.Update(before.Rating, []glicko2.Result{{Opponent: puzzle, Score: score}}, db.opt.Tau)
			p := glicko2.Update(puzzle, []glicko2.Result{{Opponent: before.Rating, Score: 1 - score}}, db.opt.Tau)
			if _, err := tx.ExecContext(ctx, `UPDATE puzzles SET rating = ?, rd = ?, volatility = ?, attempts = attempts + 1,
				solves = solves + ? WHERE id = ?`, p.Rating, p.RD, p.Volatility, boolInt(solved), a.Puzzle.ID); err != nil {
				return err
			}
			after.Streak = 0
			if solved {
				after.Streak = before.Streak + 1
				after.BestStreak = max(before.BestStreak, after.Streak)
			}
		}
		if err := moveAttempt(ctx, tx, a, played, nil, `, finished_at = ?, solved = ?, rating_before = ?, rating_after = ?`,
			now.UnixMilli(), boolInt(solved), before.Rating.Rating, after.Rating.Rating); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO puzzle_players (user_id, kind, rating, rd, volatility, streak, best_streak, solved, failed, updated_at)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_id, kind) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, volatility = excluded.volatility,
			streak = excluded.streak, best_streak = excluded.best_streak, solved = excluded.solved, failed = excluded.failed,
			updated_at = excluded.updated_at`,
			a.UserID, a.Puzzle.Kind, after.Rating.Rating, after.Rating.RD, after.Rating.Volatility, after.Streak, after.BestStreak,
			after.Solved, after.Failed, now.UnixMilli()); err != nil {
			return err
		}
		res.Before, res.After = before, after
		return nil
	})
	return res, err
}

// PuzzlePlayerOf returns userID's puzzle rating and record for kind (a new
// player's when they never finished one).
func (db *DB) PuzzlePlayerOf(ctx context.Context, userID string, kind Kind) (PuzzlePlayer, error) {
	return loadPuzzlePlayer(ctx, db.read(), userID, kind)
}

func loadPuzzlePlayer(ctx context.Context, q querier, userID string, kind Kind) (PuzzlePlayer, error) {
	p := PuzzlePlayer{UserID: userID, Kind: kind}
	err := q.QueryRowContext(ctx, `SELECT rating, rd, volatility, streak, best_streak, solved, failed
		FROM puzzle_players WHERE user_id = ? AND kind = ?`, userID, kind).
		Scan(&p.Rating.Rating, &p.Rating.RD, &p.Rating.Volatility, &p.Streak, &p.BestStreak, &p.Solved, &p.Failed)
	if errors.Is(err, sql.ErrNoRows) {
		p.Rating = glicko2.New()
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("read the puzzle rating of %s: %w", userID, err)
	}
	return p, nil
}

// DailyPuzzle returns the puzzle of kind chosen for day (DayOf), with ok
// false when none is chosen yet.
func (db *DB) DailyPuzzle(ctx context.Context, day string, kind Kind) (p Puzzle, ok bool, err error) {
	p, err = scanPuzzle(db.read().QueryRowContext(ctx, `SELECT `+puzzleColumns+` FROM daily_puzzles d
		JOIN puzzles p ON p.id = d.puzzle_id WHERE d.day = ? AND d.kind = ?`, day, kind))
	if errors.Is(err, sql.ErrNoRows) {
		return Puzzle{}, false, nil
	}
	if err != nil {
		return Puzzle{}, false, fmt.Errorf("read the daily %s puzzle of %s: %w", kind, day, err)
	}
	return p, true, nil
}

// ChooseDaily makes puzzle id the daily puzzle of kind for day, unless one
// is chosen already (the first choice stands, whichever process makes
// it), and returns the day's puzzle.
func (db *DB) ChooseDaily(ctx context.Context, day string, kind Kind, id int64) (Puzzle, error) {
	err := db.write(ctx, "choose the daily puzzle", func(tx runner) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO daily_puzzles (day, kind, puzzle_id) VALUES (?, ?, ?)
			ON CONFLICT (day, kind) DO NOTHING`, day, kind, id)
		return err
	})
	if err != nil {
		return Puzzle{}, err
	}
	p, ok, err := db.DailyPuzzle(ctx, day, kind)
	if err == nil && !ok {
		err = fmt.Errorf("the daily %s puzzle of %s was chosen but cannot be read", kind, day)
	}
	return p, err
}

// DailyCandidates returns up to n puzzles of kind that were never a daily
// puzzle, those rated closest to rating first.
func (db *DB) DailyCandidates(ctx context.Context, kind Kind, rating float64, n int) ([]Puzzle, error) {
	return db.puzzles(ctx, "choose the daily puzzle", `SELECT `+puzzleColumns+` FROM puzzles p
		WHERE p.kind = ? AND NOT EXISTS (SELECT 1 FROM daily_puzzles d WHERE d.puzzle_id = p.id)
		ORDER BY abs(p.rating - ?), p.id LIMIT ?`, kind, rating, n)
}

// DailySolves returns who solved the daily puzzle of kind for day in
// guildID (their first try, started there), fastest first, n at most.
func (db *DB) DailySolves(ctx context.Context, guildID, day string, kind Kind, n int) ([]DailySolve, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT a.user_id, a.finished_at - a.started_at FROM puzzle_attempts a
		JOIN daily_puzzles d ON d.day = a.daily AND d.puzzle_id = a.puzzle_id
		WHERE a.daily = ? AND a.guild_id = ? AND d.kind = ? AND a.solved = 1 AND a.rated = 1
		ORDER BY a.finished_at - a.started_at, a.id LIMIT ?`, day, guildID, kind, n)
	if err != nil {
		return nil, fmt.Errorf("read the daily puzzle's solvers: %w", err)
	}
	defer rows.Close()
	var out []DailySolve
	for rows.Next() {
		var (
			s  DailySolve
			ms int64
		)
		if err := rows.Scan(&s.UserID, &ms); err != nil {
			return nil, fmt.Errorf("read the daily puzzle's solvers: %w", err)
		}
		s.Took = time.Duration(ms) * time.Millisecond
		out = append(out, s)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the daily puzzle's solvers: %w", err)
	}
	return out, nil
}

// DailyCounts returns who solved the most daily puzzles of kind in guildID
// from day since (DayOf) on, most first, n at most.
func (db *DB) DailyCounts(ctx context.Context, guildID, since string, kind Kind, n int) ([]DailyCount, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT a.user_id, count(*) FROM puzzle_attempts a
		JOIN daily_puzzles d ON d.day = a.daily AND d.puzzle_id = a.puzzle_id
		WHERE a.daily >= ? AND a.daily <> '' AND a.guild_id = ? AND d.kind = ? AND a.solved = 1 AND a.rated = 1
		GROUP BY a.user_id ORDER BY count(*) DESC, a.user_id LIMIT ?`, since, guildID, kind, n)
	if err != nil {
		return nil, fmt.Errorf("count the daily puzzles solved: %w", err)
	}
	defer rows.Close()
	var out []DailyCount
	for rows.Next() {
		var c DailyCount
		if err := rows.Scan(&c.UserID, &c.Solved); err != nil {
			return nil, fmt.Errorf("count the daily puzzles solved: %w", err)
		}
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("count the daily puzzles solved: %w", err)
	}
	return out, nil
}

package match

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// Solving puzzles. A user solves one puzzle at a time, move by move: each
// move is right when it is the solution's, or when it wins as fast by
// another road (a five or a mate at once, or a win the engine proves
// within the moves the solution has left); the opponent's replies are the
// engine's. A wrong move ends the try. The first try of each puzzle by
// each user is rated against the puzzle (store.FinishPuzzle). The daily
// puzzle of a kind is the same for everyone that day (UTC).

// PuzzleStore keeps puzzles and the tries at them (*store.DB is one).
type PuzzleStore interface {
	SavePuzzles(ctx context.Context, ps []store.Puzzle) (int, error)
	PuzzleCount(ctx context.Context, kind store.Kind) (int, error)
	ActivePuzzle(ctx context.Context, userID string) (store.PuzzleAttempt, bool, error)
	Attempted(ctx context.Context, userID string, id int64) (store.PuzzleAttempt, bool, error)
	PuzzleCandidates(ctx context.Context, userID string, kind store.Kind, theme string, rating float64, n int) ([]store.Puzzle, error)
	StartPuzzle(ctx context.Context, a *store.PuzzleAttempt) error
	AdvancePuzzle(ctx context.Context, a store.PuzzleAttempt, played, line []string) error
	FinishPuzzle(ctx context.Context, a store.PuzzleAttempt, played []string, solved bool) (store.PuzzleResult, error)
	PuzzlePlayerOf(ctx context.Context, userID string, kind store.Kind) (store.PuzzlePlayer, error)
	DailyPuzzle(ctx context.Context, day string, kind store.Kind) (store.Puzzle, bool, error)
	ChooseDaily(ctx context.Context, day string, kind store.Kind, id int64) (store.Puzzle, error)
	DailyCandidates(ctx context.Context, kind store.Kind, rating float64, n int) ([]store.Puzzle, error)
	DailySolves(ctx context.Context, guildID, day string, kind store.Kind, n int) ([]store.DailySolve, error)
	DailyCounts(ctx context.Context, guildID, since string, kind store.Kind, n int) ([]store.DailyCount, error)
}

// PuzzleView is a try at a puzzle as it stands after a request.
type PuzzleView struct {
	Attempt store.PuzzleAttempt
	// Game is the position now: the puzzle's, with the moves played.
	Game engine.Game
	// Resumed: the request found this try going on and shows it again
	// (a new puzzle waits until it ends).
	Resumed bool
	// Move is the move just made, canonical, and Reply the engine's
	// answer to it ("" for none).
	Move, Reply string
	// Done: the try has ended, Solved or not; Result is what it changed.
	// Solution is then the solution from the position before the last
	// move (shown when the move was wrong or the user gave up).
	Done     bool
	Solved   bool
	Result   store.PuzzleResult
	Solution []string
}

// Left is how many moves of the solver's are left to find.
func (v PuzzleView) Left() int {
	return (v.Attempt.Puzzle.Plies - len(v.Attempt.Played) + 1) / 2
}

// Puzzle themes beside FindPuzzles's: "defend", the one move that stops
// the opponent's forced win (Gomoku); "material", the one move that wins
// material by force (Xiangqi).
const (
	ThemeDefend   = "defend"
	ThemeMaterial = "material"
)

// PuzzleSeed is the rating a new puzzle starts with, from its theme and
// the length of its solution (plies): about where players who solve it
// half the time stand. Solving moves it from there.
func PuzzleSeed(theme string, plies int) float64 {
	moves := float64((plies + 1) / 2)
	switch theme {
	case "vcf":
		return 1100 + 100*moves
	case "vct":
		return 1350 + 120*moves
	case ThemeDefend:
		return 1450
	case "mate":
		return 1000 + 200*(moves-1)
	case ThemeMaterial:
		return 1400 + 100*(moves-1)
	}
	return glicko2.DefaultRating
}

// puzzleChoice is how many of the puzzles rated closest to a user a new
// puzzle is drawn from.
const puzzleChoice = 3

// NextPuzzle starts a puzzle of kind (of theme, unless "") that userID has
// not tried, rated near their puzzle rating, in guild ("" outside servers).
// A try going on is shown again instead (Resumed).
func (m *Manager) NextPuzzle(ctx context.Context, userID string, kind store.Kind, theme, guild string) (PuzzleView, error) {
	ps, err := m.puzzles()
	if err != nil {
		return PuzzleView{}, err
	}
	if v, ok, err := m.resumePuzzle(ctx, ps, userID); ok || err != nil {
		return v, err
	}
	me, err := ps.PuzzlePlayerOf(ctx, userID, kind)
	if err != nil {
		return PuzzleView{}, err
	}
	cands, err := ps.PuzzleCandidates(ctx, userID, kind, theme, me.Rating.Rating, puzzleChoice)
	if err != nil {
		return PuzzleView{}, err
	}
	if len(cands) == 0 {
		return PuzzleView{}, engine.E(engine.NoPuzzles)
	}
	return m.startPuzzle(ctx, ps, &store.PuzzleAttempt{UserID: userID, Puzzle: cands[rand.N(len(cands))], GuildID: guild})
}

// DailyPuzzle starts today's puzzle of kind for userID in guild: the same
// puzzle for everyone, chosen by the first who asks each day among the
// puzzles never shown as a daily one, rated closest to 1500. A user tries
// it once (DailyDone); a try going on is shown again instead.
func (m *Manager) DailyPuzzle(ctx context.Context, userID string, kind store.Kind, guild string) (PuzzleView, error) {
	ps, err := m.puzzles()
	if err != nil {
		return PuzzleView{}, err
	}
	if v, ok, err := m.resumePuzzle(ctx, ps, userID); ok || err != nil {
		return v, err
	}
	now := m.now()
	day := store.DayOf(now)
	p, ok, err := ps.DailyPuzzle(ctx, day, kind)
	if err != nil {
		return PuzzleView{}, err
	}
	if !ok {
		cands, err := ps.DailyCandidates(ctx, kind, glicko2.DefaultRating, 1)
		if err != nil {
			return PuzzleView{}, err
		}
		if len(cands) == 0 {
			return PuzzleView{}, engine.E(engine.NoDailyPuzzle)
		}
		if p, err = ps.ChooseDaily(ctx, day, kind, cands[0].ID); err != nil {
			return PuzzleView{}, err
		}
	}
	if _, tried, err := ps.Attempted(ctx, userID, p.ID); err != nil {
		return PuzzleView{}, err
	} else if tried {
		next := now.UTC().Truncate(24 * time.Hour).Add(24 * time.Hour)
		return PuzzleView{}, engine.E(engine.DailyDone, next)
	}
	return m.startPuzzle(ctx, ps, &store.PuzzleAttempt{UserID: userID, Puzzle: p, GuildID: guild, Daily: day})
}

// CurrentPuzzle shows the try userID is making (NoPuzzleActive when none).
func (m *Manager) CurrentPuzzle(ctx context.Context, userID string) (PuzzleView, error) {
	_, a, g, err := m.openTry(ctx, userID)
	if err != nil {
		return PuzzleView{}, err
	}
	return PuzzleView{Attempt: a, Game: g, Resumed: true}, nil
}

// openTry returns the store of puzzles, the try userID is making and its
// position (NoPuzzleActive when there is none).
func (m *Manager) openTry(ctx context.Context, userID string) (PuzzleStore, store.PuzzleAttempt, engine.Game, error) {
	ps, err := m.puzzles()
	if err != nil {
		return nil, store.PuzzleAttempt{}, nil, err
	}
	v, ok, err := m.resumePuzzle(ctx, ps, userID)
	if err == nil && !ok {
		err = engine.E(engine.NoPuzzleActive)
	}
	return ps, v.Attempt, v.Game, err
}

// puzzles is the store of puzzles, or the refusal when there is none.
func (m *Manager) puzzles() (PuzzleStore, error) {
	if m.cfg.Puzzles == nil {
		return nil, engine.E(engine.NoPuzzles)
	}
	return m.cfg.Puzzles, nil
}

// resumePuzzle returns the try userID is making, with ok false when none.
func (m *Manager) resumePuzzle(ctx context.Context, ps PuzzleStore, userID string) (PuzzleView, bool, error) {
	a, ok, err := ps.ActivePuzzle(ctx, userID)
	if err != nil || !ok {
		return PuzzleView{}, false, err
	}
	g, err := attemptGame(a)
	if err != nil {
		return PuzzleView{}, false, err
	}
	return PuzzleView{Attempt: a, Game: g, Resumed: true}, true, nil
}

// startPuzzle records try a of its puzzle and shows it.
func (m *Manager) startPuzzle(ctx context.Context, ps PuzzleStore, a *store.PuzzleAttempt) (PuzzleView, error) {
	a.Line = a.Puzzle.Line
	g, err := attemptGame(*a)
	if err != nil {
		return PuzzleView{}, err
	}
	if err := ps.StartPuzzle(ctx, a); err != nil {
		return PuzzleView{}, err
	}
	return PuzzleView{Attempt: *a, Game: g}, nil
}

// attemptGame is try a's position: its puzzle's with the moves played.
func attemptGame(a store.PuzzleAttempt) (engine.Game, error) {
	g, err := Restore(a.Puzzle.Kind, a.Puzzle.Record)
	if err != nil {
		return nil, fmt.Errorf("puzzle %d: %w", a.Puzzle.ID, err)
	}
	for _, mv := range a.Played {
		if _, err := g.Play(mv); err != nil {
			return nil, fmt.Errorf("puzzle %d: move %s: %w", a.Puzzle.ID, mv, err)
		}
	}
	return g, nil
}

// SolveMove plays move, userID's answer in the puzzle they are solving,
// and judges it. A move the rules refuse is refused and changes nothing.
// A right move is answered by the engine, or ends the try solved when the
// solver has won (or, defending, found the move); a wrong one ends it.
func (m *Manager) SolveMove(ctx context.Context, userID, move string) (PuzzleView, error) {
	ps, a, g, err := m.openTry(ctx, userID)
	if err != nil {
		return PuzzleView{}, err
	}
	mv, err := g.Play(move)
	if err != nil {
		return PuzzleView{}, err
	}
	played := append(slices.Clip(a.Played), mv)
	v := PuzzleView{Attempt: a, Game: g, Move: mv}
	right, reply, line, err := m.judge(ctx, a, g, mv)
	if err != nil {
		return PuzzleView{}, err
	}
	if !right || reply == "" {
		if v.Result, err = ps.FinishPuzzle(ctx, a, played, right); err != nil {
			return PuzzleView{}, err
		}
		v.Done, v.Solved, v.Solution = true, right, a.Line
		v.Attempt.Played, v.Attempt.Line = played, nil
		return v, nil
	}
	if _, err := g.Play(reply); err != nil {
		return PuzzleView{}, fmt.Errorf("puzzle %d: the reply %s: %w", a.Puzzle.ID, reply, err)
	}
	played = append(played, reply)
	if err := ps.AdvancePuzzle(ctx, a, played, line); err != nil {
		return PuzzleView{}, err
	}
	v.Reply = reply
	v.Attempt.Played, v.Attempt.Line = played, line
	return v, nil
}

// judge says whether mv, just played in g by the solver of try a, is
// right, and if the try goes on, the engine's reply and the solution after
// it (reply "" when the try ends with mv: the solver won, or found the
// last move of the solution).
func (m *Manager) judge(ctx context.Context, a store.PuzzleAttempt, g engine.Game, mv string) (right bool, reply string, line []string, err error) {
	if o := g.Outcome(); o.Over() {
		return o.Status == engine.Win && o.Winner == a.Puzzle.Solver, "", nil, nil
	}
	if len(a.Line) > 0 && mv == a.Line[0] {
		switch {
		case len(a.Line) == 1:
			return true, "", nil, nil // the solution's last move
		case len(a.Line) >= 2:
			return true, a.Line[1], a.Line[2:], nil
		}
	}
	// Another road: only to a win, proved by the engine within the plies
	// the solution has left. A defence or a win of material has one move.
	if a.Puzzle.Theme == ThemeDefend || a.Puzzle.Theme == ThemeMaterial || m.cfg.Analyst == nil {
		if len(a.Line) == 0 {
			return false, "", nil, fmt.Errorf("puzzle %d: no solution left after %d moves", a.Puzzle.ID, len(a.Played))
		}
		return false, "", nil, nil
	}
	left := a.Puzzle.Plies - len(a.Played)
	an, err := m.cfg.Analyst.Analyse(ctx, g, m.cfg.PuzzleConfig.withDefaults(a.Puzzle.Kind).Nodes)
	if err != nil {
		return false, "", nil, fmt.Errorf("puzzle %d: judging %s: %w", a.Puzzle.ID, mv, err)
	}
	if an.Proven >= 0 || 1-an.Proven > left || an.Best == "" {
		return false, "", nil, nil
	}
	line = an.Line
	if len(line) > 0 && line[0] == an.Best {
		line = line[1:]
	}
	return true, an.Best, line, nil
}

// GiveUpPuzzle ends the try userID is making, unsolved, and shows the
// solution.
func (m *Manager) GiveUpPuzzle(ctx context.Context, userID string) (PuzzleView, error) {
	ps, a, g, err := m.openTry(ctx, userID)
	if err != nil {
		return PuzzleView{}, err
	}
	res, err := ps.FinishPuzzle(ctx, a, a.Played, false)
	if err != nil {
		return PuzzleView{}, err
	}
	return PuzzleView{Attempt: a, Game: g, Done: true, Result: res, Solution: a.Line}, nil
}

// PuzzlePlayer returns userID's puzzle rating and record for kind.
func (m *Manager) PuzzlePlayer(ctx context.Context, userID string, kind store.Kind) (store.PuzzlePlayer, error) {
	ps, err := m.puzzles()
	if err != nil {
		return store.PuzzlePlayer{}, err
	}
	return ps.PuzzlePlayerOf(ctx, userID, kind)
}

// DailyBoard is a server's leaderboard of the daily puzzles of a kind.
type DailyBoard struct {
	Day    string             // today (store.DayOf)
	Puzzle int64              // today's puzzle (0 when none is chosen yet)
	Today  []store.DailySolve // who solved today's, fastest first
	Month  []store.DailyCount // who solved the most in the last 30 days
}

// dailyBoardSize is how many players each list of a DailyBoard shows.
const dailyBoardSize = 10

// DailyLeaders returns guild's leaderboard of the daily puzzles of kind.
func (m *Manager) DailyLeaders(ctx context.Context, guild string, kind store.Kind) (DailyBoard, error) {
	ps, err := m.puzzles()
	if err != nil {
		return DailyBoard{}, err
	}
	now := m.now()
	b := DailyBoard{Day: store.DayOf(now)}
	if p, ok, err := ps.DailyPuzzle(ctx, b.Day, kind); err != nil {
		return DailyBoard{}, err
	} else if ok {
		b.Puzzle = p.ID
	}
	if b.Today, err = ps.DailySolves(ctx, guild, b.Day, kind, dailyBoardSize); err != nil {
		return DailyBoard{}, err
	}
	since := store.DayOf(now.AddDate(0, 0, -29))
	if b.Month, err = ps.DailyCounts(ctx, guild, since, kind, dailyBoardSize); err != nil {
		return DailyBoard{}, err
	}
	return b, nil
}

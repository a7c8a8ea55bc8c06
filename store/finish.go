package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// RatingChanges is what finishing a game did to the players' ratings.
type RatingChanges struct {
	// Rated is true when the game moved ratings: a rated game between two
	// people. Before and After are then set, indexed by engine.Side.
	Rated bool
	// Before is each player's rating going into the game, after growing
	// its deviation for the time since their last rated game.
	Before [2]glicko2.Rating
	// After is each player's rating after the game.
	After [2]glicko2.Rating
}

// Finish ends the active game g with g.Outcome (which must be over), provided
// g.Version is still the stored version, and in the same transaction
// updates the records of the people in it (against people, or against the
// AI's level) and, for a rated game between two people, both players'
// Glicko-2 ratings and their guild's leaderboard membership. It sets
// g.Status to Finished and updates Version, UpdatedAt and FinishedAt.
// Errors are as for Update.
func (db *DB) Finish(ctx context.Context, g *Game) (RatingChanges, error) {
	return db.finish(ctx, g, nil)
}

func (db *DB) finish(ctx context.Context, g *Game, plan *Plan) (RatingChanges, error) {
	var rc RatingChanges
	if err := plan.check(); err != nil {
		return rc, err
	}
	status := g.Status
	g.Status = Finished
	err := g.check()
	g.Status = status
	if err != nil {
		return rc, err
	}
	o := g.Outcome
	if !o.Over() || (o.Status == engine.Win && !o.Winner.Valid()) {
		return rc, invalid("game %d: cannot finish with outcome %q", g.ID, o)
	}
	if o.Reason == engine.NoReason {
		return rc, invalid("game %d: the outcome has no reason", g.ID)
	}
	reason, err := reasonKey(o.Reason)
	if err != nil {
		return rc, err
	}
	now := db.opt.Now().UTC().Truncate(time.Millisecond)
	ms := now.UnixMilli()
	board, prompt, mirror := g.BoardPost, g.PromptPost, g.Mirror
	err = db.write(ctx, fmt.Sprintf("finish game %d", g.ID), func(tx runner) error {
		// A run after a failed one (see DB.write) starts from g as given.
		g.BoardPost, g.PromptPost, g.Mirror = board, prompt, mirror
		rc = RatingChanges{}
		if err := savePlayers(ctx, tx, g, ms); err != nil {
			return err
		}
		next := *g
		next.Version++
		if err := plan.apply(ctx, tx, &next, ms); err != nil {
			return err
		}
		if err := db.changed(ctx, tx, g.ID); err != nil {
			return err
		}
		// rated = rated * ?: the lifecycle may finish a rated game unrated
		// (one too short to count), never the other way round.
		res, err := tx.ExecContext(ctx, `UPDATE games SET moves = ?, status = 'finished', result = ?, reason = ?, rated = rated * ?,
			channel_id = ?, board_post = ?, prompt_post = ?, locale = ?, app_permissions = ?, place = ?,
			request = '', request_by = 0, request_at = NULL, deadline = NULL, remind_at = NULL, ai_undos = ?, hints = ?,
			undos_first = ?, undos_second = ?, updated_at = ?, finished_at = ?, version = version + 1,
			clock_first = ?, clock_second = ?, turn_start = NULL
			WHERE id = ? AND version = ? AND status = 'active'`,
			g.Moves, resultOf(o), reason, boolInt(g.Rated), g.ChannelID, nullID(next.BoardPost), nullID(next.PromptPost), g.Locale, nullPerms(g.Perms), g.Place.stored(),
			g.AIUndos, g.Hints, g.Undos[0], g.Undos[1], ms, ms, g.Clock[0].Milliseconds(), g.Clock[1].Milliseconds(), g.ID, g.Version)
		if err != nil {
			return err
		}
		if err := checkApplied(ctx, tx, res, g.ID, g.Version); err != nil {
			return err
		}
		if err := saveMirror(ctx, tx, &next); err != nil {
			return err
		}
		g.BoardPost, g.PromptPost, g.Mirror = next.BoardPost, next.PromptPost, next.Mirror
		// The row may differ from g in fields Finish does not write: record
		// what is stored.
		stored, err := scanGame(tx.QueryRowContext(ctx, `SELECT `+gameColumns+gameFrom+`WHERE g.id = ?`, g.ID))
		if err != nil {
			return err
		}
		if err := recordResult(ctx, tx, stored); err != nil {
			return err
		}
		if stored.Rated {
			if stored.Rated, err = db.pairMayRate(ctx, tx, stored, ms); err != nil {
				return err
			}
		}
		if stored.Rated {
			rc, err = db.rate(ctx, tx, stored, now)
		}
		return err
	})
	if err != nil {
		g.BoardPost, g.PromptPost, g.Mirror = board, prompt, mirror
		return RatingChanges{}, err
	}
	g.Status, g.Rated = Finished, rc.Rated
	g.Request = Request{}
	g.Deadline, g.RemindAt = time.Time{}, time.Time{}
	g.Version++
	g.UpdatedAt, g.FinishedAt = now, now
	return rc, nil
}

// pairMayRate reports whether the rated game g, finishing at ms, may move
// ratings: its two players have finished fewer than Options.PairGames rated
// games together within Options.PairWindow. When not, g is stored unrated.
func (db *DB) pairMayRate(ctx context.Context, tx runner, g *Game, ms int64) (bool, error) {
	if db.opt.PairGames < 0 {
		return true, nil
	}
	a, b := g.Seats[0].UserID, g.Seats[1].UserID
	var n int
	err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games
		WHERE kind = ? AND status = 'finished' AND rated = 1 AND id <> ? AND finished_at >= ?
		AND ((first_user = ? AND second_user = ?) OR (first_user = ? AND second_user = ?))`,
		g.Kind, g.ID, ms-db.opt.PairWindow.Milliseconds(), a, b, b, a).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("count the rated games of %s and %s: %w", a, b, err)
	}
	if n < db.opt.PairGames {
		return true, nil
	}
	if _, err := tx.ExecContext(ctx, `UPDATE games SET rated = 0 WHERE id = ?`, g.ID); err != nil {
		return false, fmt.Errorf("finish game %d unrated: %w", g.ID, err)
	}
	return false, nil
}

// score is the result for side s: 1 win, 0.5 draw, 0 loss.
func score(o engine.Outcome, s engine.Side) float64 {
	switch {
	case o.Status == engine.Draw:
		return 0.5
	case o.Winner == s:
		return 1
	}
	return 0
}

// recordResult adds the finished game g to the records of its human seats.
func recordResult(ctx context.Context, tx runner, g *Game) error {
	for side, s := range g.Seats {
		if s.UserID == "" {
			continue
		}
		opp := g.Seats[1-side].AI // 0 when the opponent is a person
		var r Record
		err := tx.QueryRowContext(ctx, `SELECT wins, losses, draws, streak, best_streak FROM records
			WHERE user_id = ? AND kind = ? AND opponent_ai = ?`, s.UserID, g.Kind, opp).
			Scan(&r.Wins, &r.Losses, &r.Draws, &r.Streak, &r.BestStreak)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("read record of %s: %w", s.UserID, err)
		}
		r.add(score(g.Outcome, engine.Side(side)))
		_, err = tx.ExecContext(ctx, `INSERT INTO records (user_id, kind, opponent_ai, wins, losses, draws, streak, best_streak)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?)
			ON CONFLICT (user_id, kind, opponent_ai) DO UPDATE SET wins = excluded.wins, losses = excluded.losses,
			draws = excluded.draws, streak = excluded.streak, best_streak = excluded.best_streak`,
			s.UserID, g.Kind, opp, r.Wins, r.Losses, r.Draws, r.Streak, r.BestStreak)
		if err != nil {
			return fmt.Errorf("save record of %s: %w", s.UserID, err)
		}
	}
	return nil
}

// rate applies the rated game g, finished at now, to both players' ratings:
// one Glicko-2 rating period for each, after growing each deviation for the
// whole rating periods they were idle.
func (db *DB) rate(ctx context.Context, tx runner, g *Game, now time.Time) (RatingChanges, error) {
	rc := RatingChanges{Rated: true}
	if err := sweepBoard(ctx, tx, g.Kind, now); err != nil {
		return rc, err
	}
	var stored [2]storedRating
	for side, s := range g.Seats {
		var err error
		if stored[side], err = loadRating(ctx, tx, s.UserID, g.Kind); err != nil {
			return rc, err
		}
		rc.Before[side] = stored[side].effective(now, db.opt.RatingPeriod)
	}
	for side, s := range g.Seats {
		sc := score(g.Outcome, engine.Side(side))
		rc.After[side] = glicko2.Update(rc.Before[side], []glicko2.Result{{Opponent: rc.Before[1-side], Score: sc}}, db.opt.Tau)
		st := stored[side]
		st.Rating = rc.After[side]
		st.Games++
		switch sc {
		case 1:
			st.Wins++
		case 0:
			st.Losses++
		default:
			st.Draws++
		}
		st.RatedAt = now
		if err := db.putRating(ctx, tx, s.UserID, g.Kind, st, now); err != nil {
			return rc, err
		}
		guild := g.GuildID
		if g.Mirrored() && s.UserID == g.Mirror.UserID {
			guild = g.Mirror.GuildID // they played from their own server
		}
		if guild != "" {
			if err := joinGuild(ctx, tx, guild, s.UserID, g.Kind); err != nil {
				return rc, err
			}
		}
	}
	return rc, nil
}

// storedRating is a ratings row.
type storedRating struct {
	Rating                     glicko2.Rating
	Games, Wins, Losses, Draws int
	RatedAt                    time.Time // zero for a player never rated
}

func loadRating(ctx context.Context, q querier, userID string, kind Kind) (storedRating, error) {
	var (
		st      storedRating
		ratedAt int64
	)
	err := q.QueryRowContext(ctx, `SELECT rating, rd, volatility, games, wins, losses, draws, rated_at
		FROM ratings WHERE user_id = ? AND kind = ?`, userID, kind).
		Scan(&st.Rating.Rating, &st.Rating.RD, &st.Rating.Volatility, &st.Games, &st.Wins, &st.Losses, &st.Draws, &ratedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return storedRating{Rating: glicko2.New()}, nil
	}
	if err != nil {
		return st, fmt.Errorf("read rating of %s: %w", userID, err)
	}
	st.RatedAt = time.UnixMilli(ratedAt).UTC()
	return st, nil
}

// idlePeriods is the number of whole rating periods between then and now.
func idlePeriods(then, now time.Time, period time.Duration) float64 {
	if then.IsZero() || !now.After(then) {
		return 0
	}
	return math.Floor(float64(now.Sub(then)) / float64(period))
}

// effective is the rating at time now: its deviation grown for the idle
// rating periods since the last rated game.
func (st storedRating) effective(now time.Time, period time.Duration) glicko2.Rating {
	return st.Rating.Idle(idlePeriods(st.RatedAt, now, period))
}

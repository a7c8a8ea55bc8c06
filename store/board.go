package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/tengen-bot/tengen/store/glicko2"
)

// bucketWidth is the rating width of a leaderboard bucket. A power of two,
// so that floor(rating/bucketWidth) agrees exactly with the SQL range test
// rating >= bucket*bucketWidth AND rating < (bucket+1)*bucketWidth.
const bucketWidth = 4

func bucketOf(rating float64) int64 { return int64(math.Floor(rating / bucketWidth)) }

// boardUntil returns the time (Unix ms) until which a player with rating
// row st qualifies for leaderboards, 0 if never: st needs MinGames rated
// games, and its deviation after n whole idle periods,
// sqrt(rd² + n·(Scale·sigma)²), must be at most MaxRD. The largest such n
// is floor((MaxRD² - rd²) / (Scale·sigma)²); the player drops off when
// period n+1 begins.
func (db *DB) boardUntil(st storedRating) int64 {
	if st.Games < db.opt.MinGames || st.RatedAt.IsZero() || st.Rating.RD > db.opt.MaxRD {
		return 0
	}
	growth := glicko2.Scale * st.Rating.Volatility
	growth *= growth
	if db.opt.MaxRD >= InitialRD || growth <= 0 {
		return math.MaxInt64 // the deviation never grows past the limit
	}
	n := math.Floor((db.opt.MaxRD*db.opt.MaxRD - st.Rating.RD*st.Rating.RD) / growth)
	periods := float64(db.opt.RatingPeriod.Milliseconds()) * (n + 1)
	until := float64(st.RatedAt.UnixMilli()) + periods
	if until >= math.MaxInt64 {
		return math.MaxInt64
	}
	return int64(until)
}

// putRating stores the ratings row of userID in kind and keeps the
// leaderboard buckets in step with it.
func (db *DB) putRating(ctx context.Context, tx runner, userID string, kind Kind, st storedRating, now time.Time) error {
	var (
		oldRating float64
		oldOn     bool
	)
	err := tx.QueryRowContext(ctx, `SELECT rating, on_board FROM ratings WHERE user_id = ? AND kind = ?`, userID, kind).
		Scan(&oldRating, &oldOn)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return fmt.Errorf("read rating of %s: %w", userID, err)
	}
	if oldOn {
		if err := addToBucket(ctx, tx, kind, oldRating, -1); err != nil {
			return err
		}
	}
	until := db.boardUntil(st)
	on := until > now.UnixMilli()
	_, err = tx.ExecContext(ctx, `INSERT INTO ratings (user_id, kind, rating, rd, volatility, games, wins, losses, draws, rated_at, board_until, on_board)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (user_id, kind) DO UPDATE SET rating = excluded.rating, rd = excluded.rd,
		volatility = excluded.volatility, games = excluded.games, wins = excluded.wins, losses = excluded.losses,
		draws = excluded.draws, rated_at = excluded.rated_at, board_until = excluded.board_until, on_board = excluded.on_board`,
		userID, kind, st.Rating.Rating, st.Rating.RD, st.Rating.Volatility, st.Games, st.Wins, st.Losses, st.Draws,
		st.RatedAt.UnixMilli(), until, boolInt(on))
	if err != nil {
		return fmt.Errorf("save rating of %s: %w", userID, err)
	}
	if _, err := tx.ExecContext(ctx, `UPDATE guild_players SET rating = ?, board_until = ?, on_board = ? WHERE user_id = ? AND kind = ?`,
		st.Rating.Rating, until, boolInt(on), userID, kind); err != nil {
		return fmt.Errorf("save guild ratings of %s: %w", userID, err)
	}
	if on {
		return addToBucket(ctx, tx, kind, st.Rating.Rating, +1)
	}
	return nil
}

// joinGuild adds userID, whose ratings row in kind exists, to the members
// of guildID's leaderboard (a no-op if already there).
func joinGuild(ctx context.Context, tx runner, guildID, userID string, kind Kind) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO guild_players (guild_id, kind, user_id, rating, board_until, on_board)
		SELECT ?, kind, user_id, rating, board_until, on_board FROM ratings WHERE user_id = ? AND kind = ?
		ON CONFLICT DO NOTHING`,
		guildID, userID, kind)
	if err != nil {
		return fmt.Errorf("add %s to the leaderboard of guild %s: %w", userID, guildID, err)
	}
	return nil
}

func addToBucket(ctx context.Context, tx runner, kind Kind, rating float64, delta int) error {
	if delta < 0 {
		res, err := tx.ExecContext(ctx, `UPDATE board_buckets SET players = players + ? WHERE kind = ? AND bucket = ?`,
			delta, kind, bucketOf(rating))
		if err != nil {
			return fmt.Errorf("count leaderboard bucket: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil || n != 1 {
			return fmt.Errorf("count leaderboard bucket: bucket %d of %s is missing (%v)", bucketOf(rating), kind, err)
		}
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO board_buckets (kind, bucket, players) VALUES (?, ?, ?)
		ON CONFLICT (kind, bucket) DO UPDATE SET players = board_buckets.players + excluded.players`, kind, bucketOf(rating), delta)
	if err != nil {
		return fmt.Errorf("count leaderboard bucket: %w", err)
	}
	return nil
}

// sweepBoard takes the players whose qualification has lapsed by now out of
// the buckets of kind. Readers correct for lapsed players not yet swept, so
// sweeping only keeps that correction small.
func sweepBoard(ctx context.Context, tx runner, kind Kind, now time.Time) error {
	rows, err := tx.QueryContext(ctx, `SELECT user_id, rating FROM ratings
		WHERE kind = ? AND on_board = 1 AND board_until <= ?`, kind, now.UnixMilli())
	if err != nil {
		return fmt.Errorf("sweep leaderboard: %w", err)
	}
	type lapsed struct {
		user   string
		rating float64
	}
	var gone []lapsed
	for rows.Next() {
		var l lapsed
		if err := rows.Scan(&l.user, &l.rating); err != nil {
			rows.Close()
			return fmt.Errorf("sweep leaderboard: %w", err)
		}
		gone = append(gone, l)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("sweep leaderboard: %w", err)
	}
	for _, l := range gone {
		if _, err := tx.ExecContext(ctx, `UPDATE ratings SET on_board = 0 WHERE user_id = ? AND kind = ?`, l.user, kind); err != nil {
			return fmt.Errorf("sweep leaderboard: %w", err)
		}
		if _, err := tx.ExecContext(ctx, `UPDATE guild_players SET on_board = 0 WHERE user_id = ? AND kind = ?`, l.user, kind); err != nil {
			return fmt.Errorf("sweep leaderboard: %w", err)
		}
		if err := addToBucket(ctx, tx, kind, l.rating, -1); err != nil {
			return err
		}
	}
	return nil
}

// syncBoardParams makes board_until and the buckets agree with the
// qualification options: when the stored rules differ (first start, or
// options changed), every ratings row is recomputed.
func (db *DB) syncBoardParams(ctx context.Context) error {
	return db.write(ctx, "prepare leaderboards", func(tx runner) error {
		var (
			minGames int
			maxRD    float64
			period   int64
		)
		err := tx.QueryRowContext(ctx, `SELECT min_games, max_rd, period_ms FROM board_params WHERE id = 1`).
			Scan(&minGames, &maxRD, &period)
		if err == nil && minGames == db.opt.MinGames && maxRD == db.opt.MaxRD && period == db.opt.RatingPeriod.Milliseconds() {
			return nil
		}
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return err
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO board_params (id, min_games, max_rd, period_ms) VALUES (1, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET min_games = excluded.min_games, max_rd = excluded.max_rd, period_ms = excluded.period_ms`,
			db.opt.MinGames, db.opt.MaxRD, db.opt.RatingPeriod.Milliseconds()); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `DELETE FROM board_buckets`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE ratings SET on_board = 0`); err != nil {
			return err
		}
		if _, err := tx.ExecContext(ctx, `UPDATE guild_players SET on_board = 0`); err != nil {
			return err
		}
		rows, err := tx.QueryContext(ctx, `SELECT user_id, kind, rating, rd, volatility, games, wins, losses, draws, rated_at FROM ratings`)
		if err != nil {
			return err
		}
		type row struct {
			user string
			kind Kind
			st   storedRating
		}
		var all []row
		for rows.Next() {
			var (
				r       row
				ratedAt int64
			)
			if err := rows.Scan(&r.user, &r.kind, &r.st.Rating.Rating, &r.st.Rating.RD, &r.st.Rating.Volatility,
				&r.st.Games, &r.st.Wins, &r.st.Losses, &r.st.Draws, &ratedAt); err != nil {
				rows.Close()
				return err
			}
			r.st.RatedAt = time.UnixMilli(ratedAt).UTC()
			all = append(all, r)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		now := db.opt.Now()
		for _, r := range all {
			if err := db.putRating(ctx, tx, r.user, r.kind, r.st, now); err != nil {
				return err
			}
		}
		return nil
	})
}

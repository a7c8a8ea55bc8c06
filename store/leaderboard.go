package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// BoardQuery asks for one page of a leaderboard.
type BoardQuery struct {
	Kind    Kind
	GuildID string // "" for the global leaderboard
	Page    int    // 1-based; 0 means 1
	PerPage int    // 0 means DefaultPageSize; at most MaxPageSize
	// UserID is the caller: Board.Caller holds their row even when it is
	// not on the page. "" for none.
	UserID string
}

// BoardRow is one ranked player.
type BoardRow struct {
	Rank   int // 1 for the best
	UserID string
	Name   string  // display name as last seen
	Rating float64 // Glicko-2 rating
	RD     float64 // rating deviation, grown for inactivity
	Score          // rated games
}

// Board is one page of a leaderboard.
type Board struct {
	Rows  []BoardRow
	Page  int // the page returned, 1-based
	Pages int // number of pages (0 when nobody qualifies)
	Total int // players who qualify
	// Caller is the caller's row, nil when they do not qualify (too few
	// rated games or too uncertain a rating, or not in this guild).
	Caller *BoardRow
}

// Leaderboard returns a page of the players ranked by rating in a game kind,
// globally or in one guild (the players who have played a rated game there).
// A player qualifies with at least Options.MinGames rated games and a
// rating deviation, after inactivity growth, of at most Options.MaxRD. Ties
// in rating are broken by user id so that ranks are stable.
//
// The global board reads its counts from per-bucket tallies (board.go), so
// the total and the caller's rank cost a few hundred index steps however
// many players there are; a page costs its offset plus its length. A guild
// board counts its members in its own index. All the queries of one call
// read the same snapshot, so the total, the page and the caller's rank agree.
func (db *DB) Leaderboard(ctx context.Context, q BoardQuery) (*Board, error) {
	if !q.Kind.Valid() {
		return nil, invalid("unknown game kind %q (want gomoku or xiangqi)", q.Kind)
	}
	page, per := q.Page, q.PerPage
	if page == 0 {
		page = 1
	}
	if per == 0 {
		per = DefaultPageSize
	}
	if page < 1 {
		return nil, engine.E(engine.PageFrom1, page)
	}
	if per < 1 || per > MaxPageSize {
		return nil, invalid("a page holds 1 to %d players, not %d", MaxPageSize, per)
	}

	// One read transaction: every query below sees the same snapshot.
	rtx, err := db.r.BeginTx(ctx, db.d.readTx)
	if err != nil {
		return nil, fmt.Errorf("read leaderboard: %w", err)
	}
	defer rtx.Rollback() // read-only: nothing to keep
	tx := runner{rtx, db.d}

	now := db.opt.Now()
	// A qualifying player is on_board (counted in the buckets) and not
	// lapsed (board_until > now); see board.go. A guild's board reads the
	// copies of those columns in guild_players. boardArgs go with board.
	board := ` FROM ratings r WHERE r.kind = ? AND r.on_board = 1 AND r.board_until > ? `
	boardArgs := []any{q.Kind, now.UnixMilli()}
	if q.GuildID != "" {
		board = ` FROM guild_players r WHERE r.guild_id = ? AND r.kind = ? AND r.on_board = 1 AND r.board_until > ? `
		boardArgs = []any{q.GuildID, q.Kind, now.UnixMilli()}
	}
	args := func(before []any, rest ...any) []any {
		return append(append(before[:len(before):len(before)], boardArgs...), rest...)
	}

	b := &Board{Page: page}
	if q.GuildID == "" {
		b.Total, err = countAbove(ctx, tx, q.Kind, now, math.MinInt64)
	} else {
		err = tx.QueryRowContext(ctx, `SELECT count(*)`+board, boardArgs...).Scan(&b.Total)
	}
	if err != nil {
		return nil, fmt.Errorf("count leaderboard players: %w", err)
	}
	b.Pages = (b.Total + per - 1) / per
	if b.Total > 0 && page > b.Pages {
		return nil, engine.E(engine.PageTooFar, page, b.Pages)
	}

	// The page's players come from the covering board index alone (reading
	// the rows of the players skipped by OFFSET would cost a lookup each),
	// then their details from ratings.
	const columns = `SELECT r.user_id, (SELECT name FROM players WHERE user_id = r.user_id), r.rating, r.rd, r.volatility,
		r.rated_at, r.wins, r.losses, r.draws FROM ratings r WHERE r.kind = ? `
	rows, err := tx.QueryContext(ctx, columns+`AND r.user_id IN (SELECT r.user_id`+board+
		`ORDER BY r.rating DESC, r.user_id LIMIT ? OFFSET ?) ORDER BY r.rating DESC, r.user_id`,
		args([]any{q.Kind}, per, (page-1)*per)...)
	if err != nil {
		return nil, fmt.Errorf("read leaderboard: %w", err)
	}
	defer rows.Close()
	for rank := (page-1)*per + 1; rows.Next(); rank++ {
		row, err := db.scanBoardRow(rows, now)
		if err != nil {
			return nil, fmt.Errorf("read leaderboard: %w", err)
		}
		row.Rank = rank
		b.Rows = append(b.Rows, row.BoardRow)
		if row.UserID == q.UserID {
			c := row.BoardRow
			b.Caller = &c
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read leaderboard: %w", err)
	}
	if b.Caller != nil || q.UserID == "" {
		return b, nil
	}

	// The caller is off the page: find their row, if they qualify, and
	// count the qualifying players ranked above them.
	caller, err := db.scanBoardRow(tx.QueryRowContext(ctx, columns+`AND r.user_id = ? AND EXISTS (SELECT 1`+board+`AND r.user_id = ?)`,
		args([]any{q.Kind, q.UserID}, q.UserID)...), now)
	if errors.Is(err, sql.ErrNoRows) {
		return b, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the caller's leaderboard row: %w", err)
	}
	// caller.stored has been through the same float64 as the stored value,
	// so the comparisons below are exact.
	above := `AND (r.rating > ? OR (r.rating = ? AND r.user_id < ?))`
	if q.GuildID == "" {
		// Whole buckets above the caller's, then the caller's own bucket.
		bucket := bucketOf(caller.stored)
		if caller.Rank, err = countAbove(ctx, tx, q.Kind, now, bucket); err == nil {
			var within int
			err = tx.QueryRowContext(ctx, `SELECT count(*)`+board+above+` AND r.rating >= ? AND r.rating < ?`,
				args(nil, caller.stored, caller.stored, q.UserID, float64(bucket*bucketWidth), float64((bucket+1)*bucketWidth))...).Scan(&within)
			caller.Rank += within
		}
	} else {
		err = tx.QueryRowContext(ctx, `SELECT count(*)`+board+above, args(nil, caller.stored, caller.stored, q.UserID)...).Scan(&caller.Rank)
	}
	if err != nil {
		return nil, fmt.Errorf("rank the caller: %w", err)
	}
	caller.Rank++
	b.Caller = &caller.BoardRow
	return b, nil
}

// countAbove returns the number of players of kind qualifying at now whose
// rating bucket is above bucket (math.MinInt64: all of them): the bucket
// counts minus the lapsed players not yet swept out of them.
func countAbove(ctx context.Context, q querier, kind Kind, now time.Time, bucket int64) (int, error) {
	var counted, lapsed int
	err := q.QueryRowContext(ctx, `SELECT coalesce(sum(players), 0) FROM board_buckets WHERE kind = ? AND bucket > ?`,
		kind, bucket).Scan(&counted)
	if err != nil {
		return 0, err
	}
	// The lapsed players come from ratings_stale, which holds few. Their
	// rating is tested in a FILTER rather than in WHERE: PostgreSQL, which
	// takes no index hint, would otherwise walk the board index over every
	// player rated above the bucket.
	const stale = ` FROM ratings INDEXED BY ratings_stale WHERE kind = ? AND on_board = 1 AND board_until <= ?`
	if bucket == math.MinInt64 {
		err = q.QueryRowContext(ctx, `SELECT count(*)`+stale, kind, now.UnixMilli()).Scan(&lapsed)
	} else {
		err = q.QueryRowContext(ctx, `SELECT count(*) FILTER (WHERE rating >= ?)`+stale,
			float64((bucket+1)*bucketWidth), kind, now.UnixMilli()).Scan(&lapsed)
	}
	if err != nil {
		return 0, err
	}
	return counted - lapsed, nil
}

// boardRow is a BoardRow with the stored rating, as compared in SQL.
type boardRow struct {
	BoardRow
	stored float64
}

// scanBoardRow reads a row selected by Leaderboard's columns and grows its
// deviation for inactivity up to now.
func (db *DB) scanBoardRow(row scanner, now time.Time) (boardRow, error) {
	var (
		b       boardRow
		name    sql.NullString
		st      storedRating
		ratedAt int64
	)
	if err := row.Scan(&b.UserID, &name, &st.Rating.Rating, &st.Rating.RD, &st.Rating.Volatility, &ratedAt,
		&b.Wins, &b.Losses, &b.Draws); err != nil {
		return b, err
	}
	st.RatedAt = time.UnixMilli(ratedAt)
	b.stored = st.Rating.Rating
	eff := st.effective(now, db.opt.RatingPeriod)
	b.Name, b.Rating, b.RD = name.String, eff.Rating, eff.RD
	return b, nil
}

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
func (db *DB) Leaderboard(ctx context.Context, q BoardQuery) (*Board, error) {
	if !q.Kind.Valid() {
		return nil, errorf(Invalid, "unknown game kind %q (want gomoku or xiangqi)", q.Kind)
	}
	page, per := q.Page, q.PerPage
	if page == 0 {
		page = 1
	}
	if per == 0 {
		per = DefaultPageSize
	}
	if page < 1 {
		return nil, errorf(Invalid, "page %d does not exist: pages start at 1", page)
	}
	if per < 1 || per > MaxPageSize {
		return nil, errorf(Invalid, "a page holds 1 to %d players, not %d", MaxPageSize, per)
	}

	// The qualification test, in SQL, against the ratings row r: enough
	// games and rd² + idle periods·(Scale·sigma)² <= MaxRD² (the deviation
	// is capped at InitialRD, so a MaxRD at or above the cap admits all).
	maxRD2 := db.opt.MaxRD * db.opt.MaxRD
	if db.opt.MaxRD >= InitialRD {
		maxRD2 = math.MaxFloat64
	}
	now := db.opt.Now()
	args := []any{
		sql.Named("kind", q.Kind), sql.Named("guild", q.GuildID), sql.Named("min", db.opt.MinGames),
		sql.Named("now", now.UnixMilli()), sql.Named("period", db.opt.RatingPeriod.Milliseconds()),
		sql.Named("scale", glicko2.Scale), sql.Named("maxrd2", maxRD2),
	}
	const qualifies = ` r.games >= @min AND
		r.rd * r.rd + max(0, (@now - r.rated_at) / @period) * (@scale * r.volatility) * (@scale * r.volatility) <= @maxrd2 `
	from := ` FROM ratings r WHERE r.kind = @kind AND `
	if q.GuildID != "" {
		from = ` FROM guild_players gp JOIN ratings r ON r.user_id = gp.user_id AND r.kind = gp.kind
			WHERE gp.guild_id = @guild AND gp.kind = @kind AND `
	}

	b := &Board{Page: page}
	if err := db.r.QueryRowContext(ctx, `SELECT count(*)`+from+qualifies, args...).Scan(&b.Total); err != nil {
		return nil, fmt.Errorf("count leaderboard players: %w", err)
	}
	b.Pages = (b.Total + per - 1) / per
	if b.Total > 0 && page > b.Pages {
		return nil, errorf(Invalid, "page %d does not exist: the leaderboard has %d", page, b.Pages)
	}

	const columns = `SELECT r.user_id, (SELECT name FROM players WHERE user_id = r.user_id), r.rating, r.rd, r.volatility,
		r.rated_at, r.wins, r.losses, r.draws`
	rows, err := db.r.QueryContext(ctx, columns+from+qualifies+`ORDER BY r.rating DESC, r.user_id LIMIT @limit OFFSET @offset`,
		append(args, sql.Named("limit", per), sql.Named("offset", (page-1)*per))...)
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
		b.Rows = append(b.Rows, row)
		if row.UserID == q.UserID {
			c := row
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
	caller, err := db.scanBoardRow(db.r.QueryRowContext(ctx, columns+from+qualifies+`AND r.user_id = @user`,
		append(args, sql.Named("user", q.UserID))...), now)
	if errors.Is(err, sql.ErrNoRows) {
		return b, nil
	}
	if err != nil {
		return nil, fmt.Errorf("read the caller's leaderboard row: %w", err)
	}
	err = db.r.QueryRowContext(ctx, `SELECT count(*)`+from+qualifies+
		`AND (r.rating > @rating OR (r.rating = @rating AND r.user_id < @user))`,
		append(args, sql.Named("user", q.UserID), sql.Named("rating", caller.Rating))...).Scan(&caller.Rank)
	if err != nil {
		return nil, fmt.Errorf("rank the caller: %w", err)
	}
	caller.Rank++
	b.Caller = &caller
	return b, nil
}

// scanBoardRow reads a row selected by Leaderboard's columns and grows its
// deviation for inactivity up to now.
func (db *DB) scanBoardRow(row scanner, now time.Time) (BoardRow, error) {
	var (
		b       BoardRow
		name    sql.NullString
		st      storedRating
		ratedAt int64
	)
	if err := row.Scan(&b.UserID, &name, &st.Rating.Rating, &st.Rating.RD, &st.Rating.Volatility, &ratedAt,
		&b.Wins, &b.Losses, &b.Draws); err != nil {
		return b, err
	}
	st.RatedAt = time.UnixMilli(ratedAt)
	eff := st.effective(now, db.opt.RatingPeriod)
	b.Name, b.Rating, b.RD = name.String, eff.Rating, eff.RD
	return b, nil
}

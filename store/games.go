package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// gameColumns are the columns scanGame reads, in order.
const gameColumns = `g.id, g.kind, g.rules, g.size, g.guild_id, g.channel_id, g.locale, coalesce(g.app_permissions, -1), g.place,
	coalesce(g.board_post, 0), coalesce(g.prompt_post, 0),
	g.first_user, coalesce(p1.name, ''), g.first_ai, g.second_user, coalesce(p2.name, ''), g.second_ai,
	g.challenger, g.rated, g.status, g.result, g.reason, g.moves,
	g.request, g.request_by, g.request_at, g.deadline, g.remind_at, g.ai_undos, g.hints, g.undos_first, g.undos_second, g.undo_cap,
	g.created_at, g.updated_at, g.finished_at, g.version, g.rematch_of,
	g.time_control, g.clock_first, g.clock_second, g.turn_start, g.min_rating, g.max_rating,
	g.thread_parent, g.start_ply,
	coalesce(m.guild_id, ''), coalesce(m.channel_id, ''), coalesce(m.user_id, ''), coalesce(m.locale, ''),
	coalesce(m.board_post, 0), coalesce(m.prompt_post, 0), coalesce(m.thread_parent, '')`

// gameFrom is the FROM clause that goes with gameColumns.
const gameFrom = ` FROM games g
	LEFT JOIN players p1 ON p1.user_id = g.first_user
	LEFT JOIN players p2 ON p2.user_id = g.second_user
	LEFT JOIN game_mirrors m ON m.game_id = g.id `

type scanner interface{ Scan(dest ...any) error }

func scanGame(row scanner) (*Game, error) {
	var (
		g                                Game
		firstUser, secondUser            sql.NullString
		challenger, requestBy            int
		result, reason                   string
		requestAt, deadline, remindAt    sql.NullInt64
		createdAt, updatedAt, finishedAt sql.NullInt64
		rematchOf                        sql.NullInt64
		clockFirst, clockSecond          int64
		turnStart                        sql.NullInt64
		kind, status, request            string
	)
	err := row.Scan(&g.ID, &kind, &g.Rules, &g.Size, &g.GuildID, &g.ChannelID, &g.Locale, &g.Perms, &g.Place,
		&g.BoardPost, &g.PromptPost,
		&firstUser, &g.Seats[0].Name, &g.Seats[0].AI, &secondUser, &g.Seats[1].Name, &g.Seats[1].AI,
		&challenger, &g.Rated, &status, &result, &reason, &g.Moves,
		&request, &requestBy, &requestAt, &deadline, &remindAt, &g.AIUndos, &g.Hints, &g.Undos[0], &g.Undos[1], &g.UndoCap,
		&createdAt, &updatedAt, &finishedAt, &g.Version, &rematchOf,
		&g.TimeControl, &clockFirst, &clockSecond, &turnStart, &g.MinRating, &g.MaxRating,
		&g.ThreadParent, &g.Start,
		&g.Mirror.GuildID, &g.Mirror.ChannelID, &g.Mirror.UserID, &g.Mirror.Locale, &g.Mirror.BoardPost, &g.Mirror.PromptPost, &g.Mirror.ThreadParent)
	if err != nil {
		return nil, err
	}
	g.Kind, g.Status = Kind(kind), Status(status)
	g.Seats[0].UserID, g.Seats[1].UserID = firstUser.String, secondUser.String
	g.Challenger = engine.Side(challenger)
	if g.Outcome, err = parseOutcome(result, reason); err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	g.Request = Request{Kind: RequestKind(request), By: engine.Side(requestBy), At: fromMillis(requestAt)}
	g.Deadline, g.RemindAt = fromMillis(deadline), fromMillis(remindAt)
	g.CreatedAt, g.UpdatedAt, g.FinishedAt = fromMillis(createdAt), fromMillis(updatedAt), fromMillis(finishedAt)
	g.RematchOf = rematchOf.Int64
	g.Clock = [2]time.Duration{time.Duration(clockFirst) * time.Millisecond, time.Duration(clockSecond) * time.Millisecond}
	g.TurnStart = fromMillis(turnStart)
	return &g, nil
}

func nullString(s string) sql.NullString { return sql.NullString{String: s, Valid: s != ""} }

// nullID is a reference to a row: NULL for 0.
func nullID(id int64) sql.NullInt64 { return sql.NullInt64{Int64: id, Valid: id != 0} }

// nullPerms is Game.Perms as stored: NULL when unknown.
func nullPerms(p int64) sql.NullInt64 { return sql.NullInt64{Int64: p, Valid: p != PermsUnknown} }

// savePlayers makes sure every user seat of g has a players row, updating
// the display name when the seat carries one.
func savePlayers(ctx context.Context, tx runner, g *Game, now int64) error {
	for _, s := range g.Seats {
		if s.UserID == "" {
			continue
		}
		if err := upsertPlayer(ctx, tx, s.UserID, s.Name, now); err != nil {
			return err
		}
	}
	return nil
}

func upsertPlayer(ctx context.Context, tx runner, userID, name string, now int64) error {
	_, err := tx.ExecContext(ctx, `INSERT INTO players (user_id, name, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, updated_at = excluded.updated_at
		WHERE excluded.name <> '' AND excluded.name <> players.name`, userID, name, now)
	if err != nil {
		return fmt.Errorf("save player %s: %w", userID, err)
	}
	return nil
}

// CreateGame inserts g (usually a Challenge or an Active game against the
// AI) and sets its ID, Version (1), CreatedAt and UpdatedAt. A second
// pending offer to rematch the same game (Status Challenge, same
// RematchOf) fails with engine.RematchPending; RematchOf naming no game
// fails with engine.GameNotFound.
func (db *DB) CreateGame(ctx context.Context, g *Game) error {
	return db.create(ctx, g, "create game", nil, nil)
}

// Create inserts the new game g like CreateGame, together with its plan
// (its first posts), in one transaction.
func (db *DB) Create(ctx context.Context, g *Game, plan *Plan) error {
	return db.create(ctx, g, "create game", nil, plan)
}

// create validates g and inserts it with its plan in one write
// transaction, after running before (when not nil) in that transaction: a
// check that may refuse the insert.
func (db *DB) create(ctx context.Context, g *Game, what string, before func(tx runner) error, plan *Plan) error {
	if err := g.check(); err != nil {
		return err
	}
	if err := plan.check(); err != nil {
		return err
	}
	if g.Status == Finished {
		return invalid("a game cannot be created finished")
	}
	g.Place = Place(g.Place.stored())
	now := db.opt.Now().UTC().Truncate(time.Millisecond)
	ms := now.UnixMilli()
	board, prompt, mirror := g.BoardPost, g.PromptPost, g.Mirror
	err := db.write(ctx, what, func(tx runner) error {
		// A run after a failed one (see DB.write) starts from g as given.
		g.BoardPost, g.PromptPost, g.Mirror = board, prompt, mirror
		if before != nil {
			if err := before(tx); err != nil {
				return err
			}
		}
		if g.RematchOf != 0 {
			if err := checkRematchOf(ctx, tx, g); err != nil {
				return err
			}
		}
		if err := savePlayers(ctx, tx, g, ms); err != nil {
			return err
		}
		var finished sql.NullInt64
		if !g.Status.Live() {
			finished = sql.NullInt64{Int64: ms, Valid: true}
		}
		err := tx.QueryRowContext(ctx, `INSERT INTO games (kind, rules, size, guild_id, channel_id, locale, app_permissions, place,
			first_user, first_ai, second_user, second_ai, challenger, rated, status, moves,
			request, request_by, request_at, deadline, remind_at, ai_undos, hints, undos_first, undos_second, undo_cap,
			created_at, updated_at, finished_at, version, rematch_of,
			time_control, clock_first, clock_second, turn_start, min_rating, max_rating,
			thread_parent, start_ply)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?, ?, ?,
			?, ?) RETURNING id`,
			g.Kind, g.Rules, g.Size, g.GuildID, g.ChannelID, g.Locale, nullPerms(g.Perms), g.Place.stored(),
			nullString(g.Seats[0].UserID), g.Seats[0].AI, nullString(g.Seats[1].UserID), g.Seats[1].AI,
			int(g.Challenger), boolInt(g.Rated), g.Status, g.Moves,
			g.Request.Kind, int(g.Request.By), millis(g.Request.At), millis(g.Deadline), millis(g.RemindAt), g.AIUndos, g.Hints,
			g.Undos[0], g.Undos[1], g.UndoCap,
			ms, ms, finished, nullID(g.RematchOf),
			g.TimeControl, g.Clock[0].Milliseconds(), g.Clock[1].Milliseconds(), millis(g.TurnStart), g.MinRating, g.MaxRating,
			g.ThreadParent, g.Start).Scan(&g.ID)
		if err != nil {
			return err
		}
		g.Version = 1
		if err := db.changed(ctx, tx, g.ID); err != nil {
			return err
		}
		if plan.empty() {
			return saveMirror(ctx, tx, g)
		}
		if err := plan.apply(ctx, tx, g, ms); err != nil {
			return err
		}
		_, err = tx.ExecContext(ctx, `UPDATE games SET board_post = ?, prompt_post = ? WHERE id = ?`,
			nullID(g.BoardPost), nullID(g.PromptPost), g.ID)
		if err != nil {
			return err
		}
		return saveMirror(ctx, tx, g)
	})
	if err != nil {
		g.ID, g.Version, g.BoardPost, g.PromptPost = 0, 0, 0, 0
		g.Mirror.BoardPost, g.Mirror.PromptPost = mirror.BoardPost, mirror.PromptPost
		return err
	}
	g.CreatedAt, g.UpdatedAt = now, now
	g.Outcome = engine.Outcome{}
	if !g.Status.Live() {
		g.FinishedAt = now
	}
	return nil
}

// saveMirror writes the mirror of game g (its ID set), if it has one:
// inserted with the game, then its locale, posts and channel (a thread of
// its own) as they change.
func saveMirror(ctx context.Context, tx runner, g *Game) error {
	m := g.Mirror
	if m.ChannelID == "" {
		return nil
	}
	_, err := tx.ExecContext(ctx, `INSERT INTO game_mirrors (game_id, guild_id, channel_id, user_id, locale, board_post, prompt_post, thread_parent)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id) DO UPDATE SET locale = excluded.locale,
		board_post = excluded.board_post, prompt_post = excluded.prompt_post,
		channel_id = excluded.channel_id, thread_parent = excluded.thread_parent`,
		g.ID, m.GuildID, m.ChannelID, m.UserID, m.Locale, nullID(m.BoardPost), nullID(m.PromptPost), m.ThreadParent)
	if err != nil {
		return fmt.Errorf("save the mirror of game %d: %w", g.ID, err)
	}
	return nil
}

// checkRematchOf explains, before the insert, why g's link to the game it
// rematches would break a constraint: the game does not exist, or it
// already has a pending rematch offer and g would be a second one.
func checkRematchOf(ctx context.Context, tx runner, g *Game) error {
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT count(*) FROM games WHERE id = ?`, g.RematchOf).Scan(&n); err != nil {
		return fmt.Errorf("look up game %d: %w", g.RematchOf, err)
	}
	if n == 0 {
		return engine.E(engine.GameNotFound, g.RematchOf)
	}
	if g.Status != Challenge {
		return nil
	}
	var offer int64
	err := tx.QueryRowContext(ctx, `SELECT id FROM games INDEXED BY games_rematch_offer
		WHERE rematch_of = ? AND status = 'challenge' AND rematch_of IS NOT NULL`, g.RematchOf).Scan(&offer)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return nil
	case err != nil:
		return fmt.Errorf("look up the rematch offer of game %d: %w", g.RematchOf, err)
	}
	return engine.E(engine.RematchPending, g.RematchOf, offer)
}

// Game loads the game with the given id; Code NotFound if there is none.
func (db *DB) Game(ctx context.Context, id int64) (*Game, error) {
	g, err := scanGame(db.read().QueryRowContext(ctx, `SELECT `+gameColumns+gameFrom+`WHERE g.id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, engine.E(engine.GameNotFound, id)
	}
	if err != nil {
		return nil, fmt.Errorf("load game %d: %w", id, err)
	}
	return g, nil
}

// Update saves every field of a live game g (seats, status, moves, request,
// deadline, reminder, undo count, posts, locale) provided g.Version is
// still the stored version, then increments g.Version and sets
// g.UpdatedAt. It fails with engine.VersionConflict when the game was
// changed since it was read, engine.AlreadyOver when it has ended,
// engine.NotStarted when it is still a challenge, and engine.GameNotFound
// when it does not exist.
//
// Update may move a game to any status but Finished (use Finish, which also
// records the result); moving it to Declined, Expired or Abandoned ends it
// with no effect on records or ratings.
func (db *DB) Update(ctx context.Context, g *Game) error {
	return db.update(ctx, g, nil)
}

// Save writes the change of the live game g with its plan in one
// transaction: like Finish when g.Status is Finished, like Update
// otherwise.
func (db *DB) Save(ctx context.Context, g *Game, plan *Plan) (RatingChanges, error) {
	if g.Status == Finished {
		return db.finish(ctx, g, plan)
	}
	return RatingChanges{}, db.update(ctx, g, plan)
}

func (db *DB) update(ctx context.Context, g *Game, plan *Plan) error {
	if err := g.check(); err != nil {
		return err
	}
	if err := plan.check(); err != nil {
		return err
	}
	if g.Status == Finished {
		return invalid("game %d: use Finish to record a result", g.ID)
	}
	now := db.opt.Now().UTC().Truncate(time.Millisecond)
	ms := now.UnixMilli()
	var finished sql.NullInt64
	if !g.Status.Live() {
		finished = sql.NullInt64{Int64: ms, Valid: true}
	}
	board, prompt, mirror := g.BoardPost, g.PromptPost, g.Mirror
	err := db.write(ctx, fmt.Sprintf("update game %d", g.ID), func(tx runner) error {
		// A run after a failed one (see DB.write) starts from g as given.
		g.BoardPost, g.PromptPost, g.Mirror = board, prompt, mirror
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
		res, err := tx.ExecContext(ctx, `UPDATE games SET kind = ?, rules = ?, size = ?, guild_id = ?, channel_id = ?,
			locale = ?, app_permissions = ?, place = ?, board_post = ?, prompt_post = ?,
			first_user = ?, first_ai = ?, second_user = ?, second_ai = ?, challenger = ?, rated = ?, status = ?, moves = ?,
			request = ?, request_by = ?, request_at = ?, deadline = ?, remind_at = ?, ai_undos = ?, hints = ?,
			undos_first = ?, undos_second = ?, undo_cap = ?, updated_at = ?, finished_at = ?, version = version + 1,
			time_control = ?, clock_first = ?, clock_second = ?, turn_start = ?,
			thread_parent = ?
			WHERE id = ? AND version = ? AND status IN ('challenge', 'active')`,
			g.Kind, g.Rules, g.Size, g.GuildID, g.ChannelID,
			g.Locale, nullPerms(g.Perms), g.Place.stored(), nullID(next.BoardPost), nullID(next.PromptPost),
			nullString(g.Seats[0].UserID), g.Seats[0].AI, nullString(g.Seats[1].UserID), g.Seats[1].AI,
			int(g.Challenger), boolInt(g.Rated), g.Status, g.Moves,
			g.Request.Kind, int(g.Request.By), millis(g.Request.At), millis(g.Deadline), millis(g.RemindAt), g.AIUndos, g.Hints,
			g.Undos[0], g.Undos[1], g.UndoCap, ms, finished,
			g.TimeControl, g.Clock[0].Milliseconds(), g.Clock[1].Milliseconds(), millis(g.TurnStart),
			g.ThreadParent,
			g.ID, g.Version)
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
		return nil
	})
	if err != nil {
		g.BoardPost, g.PromptPost, g.Mirror = board, prompt, mirror
		return err
	}
	g.Version++
	g.UpdatedAt = now
	if finished.Valid {
		g.FinishedAt = now
	}
	return nil
}

// checkApplied explains why a versioned write to game id changed no row.
func checkApplied(ctx context.Context, tx runner, res sql.Result, id, version int64) error {
	n, err := res.RowsAffected()
	if err != nil {
		return err
	}
	if n == 1 {
		return nil
	}
	var (
		current int64
		status  string
	)
	err = tx.QueryRowContext(ctx, `SELECT version, status FROM games WHERE id = ?`, id).Scan(&current, &status)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return engine.E(engine.GameNotFound, id)
	case err != nil:
		return err
	case current != version:
		return engine.E(engine.VersionConflict, id)
	case Status(status) == Challenge:
		return engine.E(engine.NotStarted, id)
	default:
		return engine.E(engine.AlreadyOver, id)
	}
}

// listGames runs a query selecting gameColumns and returns the games.
func (db *DB) listGames(ctx context.Context, what, where string, args ...any) ([]*Game, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT `+gameColumns+gameFrom+where, args...)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	defer rows.Close()
	var games []*Game
	for rows.Next() {
		g, err := scanGame(rows)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", what, err)
		}
		games = append(games, g)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	return games, nil
}

// liveIDs selects the ids of the live games through the partial index
// that holds only them (SQLite would otherwise walk every game ever played).
const liveIDs = `SELECT id FROM games INDEXED BY games_live WHERE status IN ('challenge', 'active')`

// LiveGames returns every challenge and active game, oldest first: what the
// bot resumes after a restart.
func (db *DB) LiveGames(ctx context.Context) ([]*Game, error) {
	return db.listGames(ctx, "list live games", `WHERE g.id IN (`+liveIDs+`) ORDER BY g.id`)
}

// DueGames returns the live games whose deadline is at or before now: turn
// deadlines that have passed and challenges that have expired, earliest
// deadline first.
func (db *DB) DueGames(ctx context.Context, now time.Time) ([]*Game, error) {
	return db.listGames(ctx, "list games past their deadline",
		`WHERE g.status IN ('challenge', 'active') AND g.deadline <= ? ORDER BY g.deadline, g.id`, now.UnixMilli())
}

// RemindersDue returns the active games whose reminder time is at or before
// now, earliest first. The lifecycle clears RemindAt once it has reminded.
func (db *DB) RemindersDue(ctx context.Context, now time.Time) ([]*Game, error) {
	return db.listGames(ctx, "list games due a reminder",
		`WHERE g.status = 'active' AND g.remind_at IS NOT NULL AND g.remind_at <= ? ORDER BY g.remind_at, g.id`, now.UnixMilli())
}

// requestsDueWhere selects the live games whose pending request was made
// at or before ?, through the partial index that holds only live games
// with a request.
const requestsDueWhere = `WHERE g.id IN (SELECT id FROM games INDEXED BY games_request
	WHERE status IN ('challenge', 'active') AND request_at IS NOT NULL AND request_at <= ?) ORDER BY g.request_at, g.id`

// RequestsDue returns the live games with a pending request (undo, draw,
// rematch) made at or before cutoff, earliest first. The lifecycle passes
// now minus its request time-to-live to find the requests that have expired.
func (db *DB) RequestsDue(ctx context.Context, cutoff time.Time) ([]*Game, error) {
	return db.listGames(ctx, "list games with an expired request", requestsDueWhere, cutoff.UnixMilli())
}

// aiGamesWhere selects the active games with an AI seat through the
// partial index that holds only them.
const aiGamesWhere = `WHERE g.id IN (SELECT id FROM games INDEXED BY games_ai
	WHERE status = 'active' AND (first_ai > 0 OR second_ai > 0)) ORDER BY g.id`

// AIGames returns the active games in which the AI holds a seat, oldest
// first: those where the AI may owe a move or an answer.
func (db *DB) AIGames(ctx context.Context) ([]*Game, error) {
	return db.listGames(ctx, "list games against the AI", aiGamesWhere)
}

// UserGames returns the live games (challenges included) in which userID
// holds a seat, oldest first.
func (db *DB) UserGames(ctx context.Context, userID string) ([]*Game, error) {
	return db.listGames(ctx, "list a player's games",
		`WHERE g.id IN (`+liveIDs+` AND (first_user = ?1 OR second_user = ?1)) ORDER BY g.id`, userID)
}

// OpenChallenges counts the challenges userID has issued that are still
// waiting for an answer, including those past their deadline that have not
// been marked Expired yet. To enforce a limit use CreateChallenge, which
// counts and inserts atomically.
func (db *DB) OpenChallenges(ctx context.Context, userID string) (int, error) {
	var n int
	err := db.read().QueryRowContext(ctx, `SELECT
		(SELECT count(*) FROM games WHERE first_user = ?1 AND challenger = 0 AND status = 'challenge') +
		(SELECT count(*) FROM games WHERE second_user = ?1 AND challenger = 1 AND status = 'challenge')`, userID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("count open challenges of %s: %w", userID, err)
	}
	return n, nil
}

// LiveCount returns how many games are live: challenges waiting for an
// answer and games in progress.
func (db *DB) LiveCount(ctx context.Context) (int, error) {
	var n int
	if err := db.read().QueryRowContext(ctx, `SELECT count(*) FROM games WHERE status IN ('challenge', 'active')`).Scan(&n); err != nil {
		return 0, fmt.Errorf("count live games: %w", err)
	}
	return n, nil
}

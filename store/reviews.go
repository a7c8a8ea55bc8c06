package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"
)

// Review is a finished game's review as the store keeps it: the
// lifecycle's analysis, encoded by the lifecycle (the store does not read
// it), and the node budget it was made with.
type Review struct {
	GameID    int64
	Nodes     uint64
	Data      []byte
	CreatedAt time.Time
}

// SaveReview keeps r, replacing the game's earlier review if any. A review
// can be made again, so it is bookkeeping (see writeLight): a power cut
// may lose the last ones.
func (db *DB) SaveReview(ctx context.Context, r Review) error {
	if r.GameID <= 0 || len(r.Data) == 0 {
		return invalid("review of game %d with %d bytes", r.GameID, len(r.Data))
	}
	ms := db.opt.Now().UnixMilli()
	return db.writeLight(ctx, fmt.Sprintf("save the review of game %d", r.GameID), func(tx runner) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO reviews (game_id, nodes, data, created_at) VALUES (?, ?, ?, ?)
			ON CONFLICT (game_id) DO UPDATE SET nodes = excluded.nodes, data = excluded.data, created_at = excluded.created_at`,
			r.GameID, int64(r.Nodes), string(r.Data), ms)
		return err
	})
}

// GameReview returns the review kept for game id; ok is false when there
// is none.
func (db *DB) GameReview(ctx context.Context, id int64) (r Review, ok bool, err error) {
	var (
		nodes, at int64
		data      string
	)
	err = db.read().QueryRowContext(ctx, `SELECT nodes, data, created_at FROM reviews WHERE game_id = ?`, id).Scan(&nodes, &data, &at)
	if errors.Is(err, sql.ErrNoRows) {
		return Review{}, false, nil
	}
	if err != nil {
		return Review{}, false, fmt.Errorf("read the review of game %d: %w", id, err)
	}
	return Review{GameID: id, Nodes: uint64(nodes), Data: []byte(data), CreatedAt: time.UnixMilli(at).UTC()}, true, nil
}

// ReviewRequest is a request for a review still being answered: the
// interaction that asked, whose token edits its answer until TokenUntil,
// and that answer's message once known (ReviewShownIn), which the bot
// token can edit after.
type ReviewRequest struct {
	Interaction string
	Token       string
	TokenUntil  time.Time
	GameID      int64
	Locale      string
	UserID      string
	CreatedAt   time.Time
	ChannelID   string
	MessageID   string
}

// AddReviewRequest records r before the review starts, durably, so that a
// process that dies while reviewing finds it at its next start
// (ReviewRequests). Recording the same interaction again changes nothing.
func (db *DB) AddReviewRequest(ctx context.Context, r ReviewRequest) error {
	if r.Interaction == "" || r.Token == "" || r.GameID <= 0 {
		return invalid("review request %q for game %d", r.Interaction, r.GameID)
	}
	ms := db.opt.Now().UnixMilli()
	return db.write(ctx, fmt.Sprintf("record the review request %s", r.Interaction), func(tx runner) error {
		_, err := tx.ExecContext(ctx, `INSERT INTO review_requests (interaction_id, game_id, token, token_until, locale, user_id, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (interaction_id) DO NOTHING`,
			r.Interaction, r.GameID, r.Token, r.TokenUntil.UnixMilli(), r.Locale, r.UserID, ms)
		return err
	})
}

// ReviewRequests returns the review requests not yet answered, oldest
// first.
func (db *DB) ReviewRequests(ctx context.Context) ([]ReviewRequest, error) {
	rows, err := db.read().QueryContext(ctx, `SELECT interaction_id, game_id, token, token_until, locale, user_id, created_at,
		channel_id, message_id FROM review_requests ORDER BY created_at, interaction_id`)
	if err != nil {
		return nil, fmt.Errorf("read review requests: %w", err)
	}
	defer rows.Close()
	var out []ReviewRequest
	for rows.Next() {
		var (
			r         ReviewRequest
			until, at int64
		)
		if err := rows.Scan(&r.Interaction, &r.GameID, &r.Token, &until, &r.Locale, &r.UserID, &at, &r.ChannelID, &r.MessageID); err != nil {
			return nil, fmt.Errorf("read review requests: %w", err)
		}
		r.TokenUntil, r.CreatedAt = time.UnixMilli(until).UTC(), time.UnixMilli(at).UTC()
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read review requests: %w", err)
	}
	return out, nil
}

// ReviewShownIn records the message in channelID that answers the request
// of interaction. It is bookkeeping (see writeLight): without it, a
// request that outlives its token can only be forgotten.
func (db *DB) ReviewShownIn(ctx context.Context, interaction, channelID, messageID string) error {
	return db.writeLight(ctx, fmt.Sprintf("record the answer of review request %s", interaction), func(tx runner) error {
		_, err := tx.ExecContext(ctx, `UPDATE review_requests SET channel_id = ?, message_id = ? WHERE interaction_id = ?`,
			channelID, messageID, interaction)
		return err
	})
}

// ReviewAnswered forgets the request of interaction: its answer shows the
// review (or can no longer be changed).
func (db *DB) ReviewAnswered(ctx context.Context, interaction string) error {
	return db.writeLight(ctx, fmt.Sprintf("forget the review request %s", interaction), func(tx runner) error {
		_, err := tx.ExecContext(ctx, `DELETE FROM review_requests WHERE interaction_id = ?`, interaction)
		return err
	})
}

// LastFinished returns the number of the game userID played that ended
// last (with a result, or abandoned), or 0 when they have none.
func (db *DB) LastFinished(ctx context.Context, userID string) (int64, error) {
	var id int64
	err := db.read().QueryRowContext(ctx, `SELECT id FROM games
		WHERE (first_user = ?1 OR second_user = ?1) AND status IN ('finished', 'abandoned')
		ORDER BY finished_at DESC, id DESC LIMIT 1`, userID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("find the last game of %s: %w", userID, err)
	}
	return id, nil
}

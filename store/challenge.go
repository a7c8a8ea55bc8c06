package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// openChallengesAt counts the challenges ?1 has issued that are still
// waiting for an answer and have not expired by ?2 (deadline after it, or
// none), through the players' indexes.
const openChallengesAt = `SELECT
	(SELECT count(*) FROM games WHERE first_user = ?1 AND challenger = 0 AND status = 'challenge' AND (deadline IS NULL OR deadline > ?2)) +
	(SELECT count(*) FROM games WHERE second_user = ?1 AND challenger = 1 AND status = 'challenge' AND (deadline IS NULL OR deadline > ?2))`

// CreateChallenge inserts the challenge g like CreateGame, provided its
// challenger (a person) has fewer than limit open challenges: challenges
// they issued that wait for an answer and whose deadline is after now. The
// count and the insert run in one write transaction, so Managers in several
// processes sharing the file cannot together go over the limit. At the
// limit it fails with engine.TooManyChallenges and the open count.
func (db *DB) CreateChallenge(ctx context.Context, g *Game, limit int, now time.Time) error {
	return db.CreateChallengePlan(ctx, g, limit, now, nil)
}

// CreateChallengePlan is CreateChallenge storing the challenge's plan (its
// first posts) in the same transaction.
func (db *DB) CreateChallengePlan(ctx context.Context, g *Game, limit int, now time.Time, plan *Plan) error {
	if g.Status != Challenge {
		return invalid("CreateChallenge stores challenges, not %s games", g.Status)
	}
	if !g.Challenger.Valid() {
		return invalid("challenger side %d is not first or second", g.Challenger)
	}
	user := g.Seats[g.Challenger].UserID
	if user == "" {
		return invalid("the challenger is not a person")
	}
	return db.create(ctx, g, "create challenge", func(tx runner) error {
		var open int
		if err := tx.QueryRowContext(ctx, openChallengesAt, user, now.UnixMilli()).Scan(&open); err != nil {
			return fmt.Errorf("count open challenges of %s: %w", user, err)
		}
		if open >= limit {
			return engine.E(engine.TooManyChallenges, open)
		}
		return nil
	}, plan)
}

// rematchOfferWhere selects the pending rematch offer of game ?, through the
// unique index that allows one at most.
const rematchOfferWhere = `WHERE g.id IN (SELECT id FROM games INDEXED BY games_rematch_offer
	WHERE rematch_of = ? AND status = 'challenge' AND rematch_of IS NOT NULL)`

// RematchOffer returns the rematch offer of game id that waits for an
// answer (a Challenge whose RematchOf is id; there is at most one), or an
// engine.NoRematchOffer when there is none. An offer past its deadline
// that has not been marked Expired yet is still returned.
func (db *DB) RematchOffer(ctx context.Context, id int64) (*Game, error) {
	g, err := scanGame(db.read().QueryRowContext(ctx, `SELECT `+gameColumns+gameFrom+rematchOfferWhere, id))
	if errors.Is(err, sql.ErrNoRows) {
		return nil, engine.E(engine.NoRematchOffer, id)
	}
	if err != nil {
		return nil, fmt.Errorf("load the rematch offer of game %d: %w", id, err)
	}
	return g, nil
}

package store

import (
	"context"
	"fmt"
	"time"
)

// Score is a count of results.
type Score struct {
	Wins, Losses, Draws int
}

// Games returns the number of games counted.
func (s Score) Games() int { return s.Wins + s.Losses + s.Draws }

// Record is a player's results against one kind of opponent, with streaks.
type Record struct {
	Score
	// Streak is the current run: +n after n wins in a row, -n after n
	// losses in a row, 0 after a draw or before any game.
	Streak int
	// BestStreak is the longest run of wins.
	BestStreak int
}

// add counts one more game with the given score (1 win, 0.5 draw, 0 loss).
func (r *Record) add(score float64) {
	switch score {
	case 1:
		r.Wins++
		r.Streak = max(r.Streak, 0) + 1
		r.BestStreak = max(r.BestStreak, r.Streak)
	case 0:
		r.Losses++
		r.Streak = min(r.Streak, 0) - 1
	default:
		r.Draws++
		r.Streak = 0
	}
}

// Stats is a player's finished games of one kind.
type Stats struct {
	UserID string
	Kind   Kind
	// People is the record against other people, rated or not.
	People Record
	// AI is the record against each AI level that the player has met,
	// keyed by level (1..MaxAILevel).
	AI map[int]Record
}

// Total returns the results against everyone, people and AI.
func (s *Stats) Total() Score {
	t := s.People.Score
	for _, r := range s.AI {
		t.Wins += r.Wins
		t.Losses += r.Losses
		t.Draws += r.Draws
	}
	return t
}

// Stats returns userID's records in games of the given kind. A player with
// no finished games has an empty record, not an error.
func (db *DB) Stats(ctx context.Context, userID string, kind Kind) (*Stats, error) {
	if !kind.Valid() {
		return nil, invalid("unknown game kind %q (want gomoku or xiangqi)", kind)
	}
	rows, err := db.read().QueryContext(ctx, `SELECT opponent_ai, wins, losses, draws, streak, best_streak
		FROM records WHERE user_id = ? AND kind = ?`, userID, kind)
	if err != nil {
		return nil, fmt.Errorf("read records of %s: %w", userID, err)
	}
	defer rows.Close()
	st := &Stats{UserID: userID, Kind: kind, AI: map[int]Record{}}
	for rows.Next() {
		var (
			level int
			r     Record
		)
		if err := rows.Scan(&level, &r.Wins, &r.Losses, &r.Draws, &r.Streak, &r.BestStreak); err != nil {
			return nil, fmt.Errorf("read records of %s: %w", userID, err)
		}
		if level == 0 {
			st.People = r
		} else {
			st.AI[level] = r
		}
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read records of %s: %w", userID, err)
	}
	return st, nil
}

// HeadToHead returns a's results against b in finished games of the given
// kind (a's wins are b's losses).
func (db *DB) HeadToHead(ctx context.Context, a, b string, kind Kind) (Score, error) {
	var s Score
	if !kind.Valid() {
		return s, invalid("unknown game kind %q (want gomoku or xiangqi)", kind)
	}
	err := db.read().QueryRowContext(ctx, `SELECT
		count(*) FILTER (WHERE (first_user = ?1 AND result = 'first') OR (second_user = ?1 AND result = 'second')),
		count(*) FILTER (WHERE (first_user = ?1 AND result = 'second') OR (second_user = ?1 AND result = 'first')),
		count(*) FILTER (WHERE result = 'draw')
		FROM games
		WHERE status = 'finished' AND kind = ?3
		AND ((first_user = ?1 AND second_user = ?2) OR (first_user = ?2 AND second_user = ?1))`,
		a, b, kind).Scan(&s.Wins, &s.Losses, &s.Draws)
	if err != nil {
		return s, fmt.Errorf("head-to-head of %s and %s: %w", a, b, err)
	}
	return s, nil
}

// PlayerRating is a player's rating in one game kind as of now.
type PlayerRating struct {
	Rating float64
	// RD is the rating deviation, grown for the time since the last
	// rated game.
	RD         float64
	Volatility float64
	// Score counts rated games.
	Score
	// RatedAt is the time of the last rated game; zero if none.
	RatedAt time.Time
}

// Rating returns userID's current rating in the given kind; a player who
// has never played a rated game has the initial rating (1500 / 350 / 0.06).
func (db *DB) Rating(ctx context.Context, userID string, kind Kind) (PlayerRating, error) {
	if !kind.Valid() {
		return PlayerRating{}, invalid("unknown game kind %q (want gomoku or xiangqi)", kind)
	}
	st, err := loadRating(ctx, db.read(), userID, kind)
	if err != nil {
		return PlayerRating{}, err
	}
	eff := st.effective(db.opt.Now(), db.opt.RatingPeriod)
	return PlayerRating{
		Rating: eff.Rating, RD: eff.RD, Volatility: eff.Volatility,
		Score:   Score{Wins: st.Wins, Losses: st.Losses, Draws: st.Draws},
		RatedAt: st.RatedAt,
	}, nil
}

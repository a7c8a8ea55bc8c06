package store

import (
	"context"
	"slices"
	"strings"
	"testing"
)

// TestSQLiteQueryPlansUseIndexes checks that the queries that must stay fast with
// a million games and 100,000 players never scan a whole table. The query
// texts mirror those of games.go, stats.go, board.go and leaderboard.go.
func TestSQLiteQueryPlansUseIndexes(t *testing.T) {
	db, _ := openTemp(t, Options{})
	ctx := context.Background()
	queries := map[string]string{
		"DueGames":        `SELECT ` + gameColumns + gameFrom + `WHERE g.status IN ('challenge', 'active') AND g.deadline <= 5 ORDER BY g.deadline, g.id`,
		"RemindersDue":    `SELECT ` + gameColumns + gameFrom + `WHERE g.status = 'active' AND g.remind_at IS NOT NULL AND g.remind_at <= 5 ORDER BY g.remind_at, g.id`,
		"LiveGames":       `SELECT ` + gameColumns + gameFrom + `WHERE g.id IN (` + liveIDs + `) ORDER BY g.id`,
		"UserGames":       `SELECT ` + gameColumns + gameFrom + `WHERE g.id IN (` + liveIDs + ` AND (first_user = 'a' OR second_user = 'a')) ORDER BY g.id`,
		"HeadToHead":      `SELECT count(*) FROM games WHERE status = 'finished' AND kind = 'gomoku' AND ((first_user = 'a' AND second_user = 'b') OR (first_user = 'b' AND second_user = 'a'))`,
		"sweep":           `SELECT user_id, rating FROM ratings WHERE kind = 'gomoku' AND on_board = 1 AND board_until <= 5`,
		"board page":      `SELECT r.user_id FROM ratings r WHERE r.kind = 'gomoku' AND r.on_board = 1 AND r.board_until > 5 ORDER BY r.rating DESC, r.user_id LIMIT 10 OFFSET 10`,
		"bucket rank":     `SELECT count(*) FROM ratings r WHERE r.kind = 'gomoku' AND r.on_board = 1 AND r.board_until > 5 AND (r.rating > 3 OR (r.rating = 3 AND r.user_id < 'a')) AND r.rating >= 0 AND r.rating < 4`,
		"bucket counts":   `SELECT coalesce(sum(players), 0) FROM board_buckets WHERE kind = 'gomoku' AND bucket > 3`,
		"guild page":      `SELECT r.user_id FROM guild_players r WHERE r.guild_id = 'g' AND r.kind = 'gomoku' AND r.on_board = 1 AND r.board_until > 5 ORDER BY r.rating DESC, r.user_id LIMIT 10 OFFSET 10`,
		"guild rank":      `SELECT count(*) FROM guild_players r WHERE r.guild_id = 'g' AND r.kind = 'gomoku' AND r.on_board = 1 AND r.board_until > 5 AND (r.rating > 3 OR (r.rating = 3 AND r.user_id < 'a'))`,
		"page details":    `SELECT r.user_id, r.rd, (SELECT name FROM players WHERE user_id = r.user_id) FROM ratings r WHERE r.kind = 'gomoku' AND r.user_id IN (SELECT r.user_id FROM ratings r WHERE r.kind = 'gomoku' AND r.on_board = 1 AND r.board_until > 5 ORDER BY r.rating DESC, r.user_id LIMIT 10 OFFSET 10) ORDER BY r.rating DESC, r.user_id`,
		"guild members":   `UPDATE guild_players SET rating = 1, board_until = 2, on_board = 1 WHERE user_id = 'a' AND kind = 'gomoku'`,
		"RequestsDue":     `SELECT ` + gameColumns + gameFrom + requestsDueWhere,
		"AIGames":         `SELECT ` + gameColumns + gameFrom + aiGamesWhere,
		"RematchOffer":    `SELECT ` + gameColumns + gameFrom + rematchOfferWhere,
		"CreateChallenge": openChallengesAt,
		"OpenChallenges": `SELECT (SELECT count(*) FROM games WHERE first_user = 'a' AND challenger = 0 AND status = 'challenge') +
			(SELECT count(*) FROM games WHERE second_user = 'a' AND challenger = 1 AND status = 'challenge')`,
	}
	// The new queries must find their rows through their own partial index.
	wantIndex := map[string]string{
		"RequestsDue":  "games_request",
		"AIGames":      "games_ai",
		"RematchOffer": "games_rematch_offer",
	}
	for name, q := range queries {
		args := make([]any, strings.Count(q, "?"))
		for i := range args {
			args[i] = 5
		}
		if strings.Contains(q, "?2") {
			args = []any{"a", 5}
		}
		rows, err := db.r.QueryContext(ctx, "EXPLAIN QUERY PLAN "+q, args...)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		var plan []string
		for rows.Next() {
			var id, parent, unused int
			var detail string
			if err := rows.Scan(&id, &parent, &unused, &detail); err != nil {
				t.Fatal(err)
			}
			plan = append(plan, detail)
		}
		rows.Close()
		// Board pages must walk a covering index: anything else reads a
		// row for every player skipped by OFFSET.
		if strings.HasSuffix(name, "page") && !strings.Contains(plan[0], "COVERING INDEX") {
			t.Errorf("%s does not use a covering index: %s", name, strings.Join(plan, "; "))
		}
		if idx := wantIndex[name]; idx != "" && !slices.ContainsFunc(plan, func(step string) bool { return usesIndex(step, idx) }) {
			t.Errorf("%s does not use index %s: %s", name, idx, strings.Join(plan, "; "))
		}
		for _, step := range plan {
			// Scanning the partial index of live games is fine: it holds
			// only the games in progress.
			if strings.HasPrefix(step, "SCAN ") && !strings.Contains(step, "CONSTANT ROW") &&
				!usesIndex(step, "games_live") && !usesIndex(step, wantIndex[name]) {
				t.Errorf("%s scans a table: %s", name, strings.Join(plan, "; "))
			}
		}
	}
}

// usesIndex reports whether the query plan step reads the index idx.
func usesIndex(step, idx string) bool {
	f := strings.Fields(step)
	for i := 1; i < len(f); i++ {
		if f[i-1] == "INDEX" && f[i] == idx {
			return true
		}
	}
	return false
}

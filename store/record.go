package store

import "context"

// LastGame returns the game in which userID held a seat most recently
// created, whatever its status (a game in progress, finished, abandoned, a
// challenge): what /export shows when no game is named. It returns nil
// and no error when the user never had one.
func (db *DB) LastGame(ctx context.Context, userID string) (*Game, error) {
	games, err := db.listGames(ctx, "find a player's last game",
		`WHERE g.id = (SELECT max(id) FROM games WHERE first_user = ?1 OR second_user = ?1)`, userID)
	if err != nil || len(games) == 0 {
		return nil, err
	}
	return games[0], nil
}

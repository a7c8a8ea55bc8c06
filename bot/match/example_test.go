package match_test

import (
	"context"
	"fmt"
	"log"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// A challenge, its acceptance and two moves, one of them out of turn.
func Example() {
	ctx := context.Background()
	db, err := store.Open(ctx, ":memory:", store.Options{})
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()
	m := match.New(db, match.Config{Notifier: match.NotifyFunc(func(e match.Event) {
		if e.Move != "" {
			fmt.Printf("game %d: %v %s\n", e.GameID, e.Kind, e.Move)
			return
		}
		fmt.Printf("game %d: %v\n", e.GameID, e.Kind)
	})})
	defer m.Close(ctx)

	ann, ben := match.Player{ID: "1", Name: "ann"}, match.Player{ID: "2", Name: "ben"}
	g, err := m.Challenge(ctx, match.ChallengeSpec{Setup: match.Setup{Kind: store.Gomoku, Rules: "renju"}, Challenger: ann, Opponent: ben})
	if err != nil {
		log.Fatal(err)
	}
	if _, err := m.Accept(ctx, g.ID, match.Actor{Player: ben}); err != nil {
		log.Fatal(err)
	}
	if _, err := m.Play(ctx, g.ID, match.Actor{Player: ann}, "h8", 0); err != nil {
		log.Fatal(err)
	}
	_, err = m.Play(ctx, g.ID, match.Actor{Player: ann}, "h9", 1)
	fmt.Println(err, "/", engine.ErrorCode(err))
	// Output:
	// game 1: challenge issued
	// game 1: game started
	// game 1: move made h8
	// it is not your turn: waiting for @ben (white) / not your turn
}

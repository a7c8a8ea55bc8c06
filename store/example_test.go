package store_test

import (
	"context"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Two clicks read the same version of a game; only the first write counts.
func ExampleDB_Update() {
	ctx := context.Background()
	db, err := store.Open(ctx, ":memory:", store.Options{})
	if err != nil {
		panic(err)
	}
	defer db.Close()

	g := &store.Game{
		Kind: store.Gomoku, Rules: "freestyle", Size: 15,
		Seats:  [2]store.Seat{store.Human("111", "Ann"), store.AI(3)},
		Status: store.Active, Deadline: time.Now().Add(time.Hour),
	}
	if err := db.CreateGame(ctx, g); err != nil {
		panic(err)
	}
	first, _ := db.Game(ctx, g.ID)
	second, _ := db.Game(ctx, g.ID)

	first.Moves = "h8"
	fmt.Println("first click:", db.Update(ctx, first))
	second.Moves = "i9"
	err = db.Update(ctx, second)
	fmt.Println("second click:", engine.ErrorCode(err))
	// Output:
	// first click: <nil>
	// second click: version conflict
}

// Finishing a rated game between two people records the result and moves
// both ratings in one transaction.
func ExampleDB_Finish() {
	ctx := context.Background()
	db, err := store.Open(ctx, ":memory:", store.Options{})
	if err != nil {
		panic(err)
	}
	defer db.Close()

	g := &store.Game{
		Kind: store.Xiangqi, Rules: "standard", Size: 9, GuildID: "42",
		Seats: [2]store.Seat{store.Human("111", "Ann"), store.Human("222", "Bo")},
		Rated: true, Status: store.Active,
	}
	if err := db.CreateGame(ctx, g); err != nil {
		panic(err)
	}
	g.Outcome = engine.WinFor(engine.First, engine.Checkmate)
	changes, err := db.Finish(ctx, g)
	if err != nil {
		panic(err)
	}
	fmt.Printf("Ann %.0f -> %.0f, Bo %.0f -> %.0f\n",
		changes.Before[0].Rating, changes.After[0].Rating, changes.Before[1].Rating, changes.After[1].Rating)
	st, _ := db.Stats(ctx, "111", store.Xiangqi)
	fmt.Printf("Ann against people: %d-%d-%d, streak %d\n", st.People.Wins, st.People.Losses, st.People.Draws, st.People.Streak)
	// Output:
	// Ann 1500 -> 1662, Bo 1500 -> 1338
	// Ann against people: 1-0-0, streak 1
}

// A player may have two challenges open; the third is refused, whichever
// process tries it, until one is answered or expires.
func ExampleDB_CreateChallenge() {
	ctx := context.Background()
	db, err := store.Open(ctx, ":memory:", store.Options{})
	if err != nil {
		panic(err)
	}
	defer db.Close()

	now := time.Now()
	for _, opponent := range []string{"222", "333", "444"} {
		g := &store.Game{
			Kind: store.Gomoku, Rules: "freestyle", Size: 15,
			Seats:  [2]store.Seat{store.Human("111", "Ann"), store.Human(opponent, "")},
			Status: store.Challenge, Challenger: engine.First, Deadline: now.Add(10 * time.Minute),
		}
		err := db.CreateChallenge(ctx, g, 2, now)
		if engine.ErrorCode(err) == engine.TooManyChallenges {
			fmt.Printf("to %s: refused: %v\n", opponent, err)
			continue
		}
		if err != nil {
			panic(err)
		}
		fmt.Printf("to %s: challenge %d\n", opponent, g.ID)
	}
	// Output:
	// to 222: challenge 1
	// to 333: challenge 2
	// to 444: refused: you already have 2 open challenges: wait for answers or withdraw one
}

package store

import (
	"context"
	"reflect"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// TestOpenChallengeRange: an open challenge's empty seat and rating range
// are stored as created; once it ends untaken its author holds both seats.
func TestOpenChallengeRange(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		clk := newClock()
		db, _ := open(t, Options{Now: clk.Now})
		ctx := context.Background()
		g := &Game{Kind: Gomoku, Rules: "freestyle", Size: 15, Seats: [2]Seat{Human("a", "")}, Status: Challenge,
			Deadline: clk.Now().Add(time.Hour), MinRating: 1400, MaxRating: 1600}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		got, err := db.Game(ctx, g.ID)
		if err != nil {
			t.Fatal(err)
		}
		if !got.Seats[1].IsEmpty() || got.MinRating != 1400 || got.MaxRating != 1600 {
			t.Fatalf("stored as %+v, range %d..%d", got.Seats, got.MinRating, got.MaxRating)
		}
		got.Status, got.Seats[1] = Expired, got.Seats[0]
		if err := db.Update(ctx, got); err != nil {
			t.Fatalf("expiring it untaken: %v", err)
		}
		bad := &Game{Kind: Gomoku, Rules: "freestyle", Size: 15, Seats: [2]Seat{Human("a", "")}, Status: Challenge, MinRating: 1700, MaxRating: 1600}
		if err := db.CreateGame(ctx, bad); engine.ErrorCode(err) != engine.Internal {
			t.Fatalf("a range upside down: %v", err)
		}
	})
}

// TestFollowers: followers of a live game are kept until told its result;
// following twice, following an ended game and unfollowing what one does
// not follow are refused; LiveGamesIn lists a server's (or a DM's) live
// games.
func TestFollowers(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		g := humanGame("a", "b", false)
		g.GuildID, g.ChannelID = "guild", "chan"
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		dm := humanGame("c", "d", false)
		dm.GuildID, dm.ChannelID = "", "gdm"
		if err := db.CreateGame(ctx, dm); err != nil {
			t.Fatal(err)
		}
		if err := db.AddFollower(ctx, 999, "x"); engine.ErrorCode(err) != engine.GameNotFound {
			t.Fatalf("following no game: %v", err)
		}
		for _, u := range []string{"x", "y"} {
			if err := db.AddFollower(ctx, g.ID, u); err != nil {
				t.Fatal(err)
			}
		}
		if err := db.AddFollower(ctx, g.ID, "x"); engine.ErrorCode(err) != engine.AlreadyFollowing {
			t.Fatalf("following twice: %v", err)
		}
		if err := db.RemoveFollower(ctx, g.ID, "y"); err != nil {
			t.Fatal(err)
		}
		if err := db.RemoveFollower(ctx, g.ID, "y"); engine.ErrorCode(err) != engine.NotFollowing {
			t.Fatalf("unfollowing twice: %v", err)
		}
		if ok, err := db.Following(ctx, g.ID, "x"); err != nil || !ok {
			t.Fatalf("Following: %v, %v", ok, err)
		}
		if fs, err := db.FollowersDue(ctx, 0); err != nil || len(fs) != 0 {
			t.Fatalf("followers due of a live game: %v, %v", fs, err)
		}
		if games, err := db.LiveGamesIn(ctx, "guild", ""); err != nil || len(games) != 1 || games[0].ID != g.ID {
			t.Fatalf("the server's games: %v, %v", games, err)
		}
		if games, err := db.LiveGamesIn(ctx, "", "gdm"); err != nil || len(games) != 1 || games[0].ID != dm.ID {
			t.Fatalf("the group DM's games: %v, %v", games, err)
		}

		g.Outcome = engine.Outcome{Status: engine.Win, Winner: engine.First, Reason: engine.Resignation}
		if _, err := db.Finish(ctx, g); err != nil {
			t.Fatal(err)
		}
		want := []Follower{{GameID: g.ID, UserID: "x"}}
		for _, id := range []int64{0, g.ID} {
			if fs, err := db.FollowersDue(ctx, id); err != nil || !reflect.DeepEqual(fs, want) {
				t.Fatalf("followers due (%d): %v, %v", id, fs, err)
			}
		}
		if err := db.Told(ctx, want[0]); err != nil {
			t.Fatal(err)
		}
		if fs, err := db.FollowersDue(ctx, 0); err != nil || len(fs) != 0 {
			t.Fatalf("followers due once told: %v, %v", fs, err)
		}
		if err := db.AddFollower(ctx, g.ID, "z"); engine.ErrorCode(err) != engine.FollowOver {
			t.Fatalf("following an ended game: %v", err)
		}
		if games, err := db.LiveGamesIn(ctx, "guild", ""); err != nil || len(games) != 0 {
			t.Fatalf("the server's games once ended: %v, %v", games, err)
		}
	})
}

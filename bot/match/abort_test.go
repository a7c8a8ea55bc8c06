package match_test

import (
	"testing"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// TestCanAbort: a game against the AI may be aborted until the person has
// made match.AbortBeforeMove-1 moves, whichever colour they play; a game
// between people never.
func TestCanAbort(t *testing.T) {
	moves := []string{"a1", "o15", "a3", "o13", "a5", "o11", "a7"}
	for _, tt := range []struct {
		name  string
		seats [2]store.Seat
		// ok[n] is whether the game may be aborted after n moves
		ok []bool
	}{
		// the person is black: their 3rd move is ply 5
		{"person first", [2]store.Seat{store.Human("u", "Ann"), store.AI(3)}, []bool{true, true, true, true, true, false, false}},
		// the person is white: their 3rd move is ply 6
		{"person second", [2]store.Seat{store.AI(3), store.Human("u", "Ann")}, []bool{true, true, true, true, true, true, false}},
		{"people", [2]store.Seat{store.Human("u", "Ann"), store.Human("v", "Bob")}, []bool{false, false, false}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			eg, err := match.NewGame(match.Setup{Kind: store.Gomoku})
			if err != nil {
				t.Fatal(err)
			}
			g := &store.Game{Kind: store.Gomoku, Status: store.Active, Seats: tt.seats}
			for n, want := range tt.ok {
				if got := match.CanAbort(g, eg); got != want {
					t.Fatalf("after %d moves: CanAbort = %v, want %v", n, got, want)
				}
				if _, err := eg.Play(moves[n]); err != nil {
					t.Fatal(err)
				}
			}
			g.Status = store.Finished
			if match.CanAbort(g, eg) {
				t.Fatal("a finished game may be aborted")
			}
		})
	}
}

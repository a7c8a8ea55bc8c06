package match

import (
	"context"
	"strconv"
	"testing"

	"github.com/tengen-bot/tengen/store"
)

// BenchmarkRandomGames plays whole games between two random-move players
// through the lifecycle (challenge, accept, every move checked, stored with
// its version and reported) on the real SQLite store in a temporary file.
// Run it with -cpu 1; it reports games/s and moves/s.
func BenchmarkRandomGames(b *testing.B) {
	for _, kind := range []store.Kind{store.Gomoku, store.Xiangqi} {
		b.Run(string(kind), func(b *testing.B) {
			clock := newClock()
			db, _ := openDB(b, clock)
			m := New(db, Config{Clock: clock, Workers: 1})
			b.Cleanup(func() { m.Close(ctx) })
			players := [2]*RandomAI{NewRandomAI(1), NewRandomAI(2)}
			moves := 0
			b.ReportAllocs()
			b.ResetTimer()
			for range b.N {
				g, err := m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: kind}, Challenger: alice, Opponent: bob})
				if err != nil {
					b.Fatal(err)
				}
				if g, err = m.Accept(ctx, g.ID, as(bob.ID)); err != nil {
					b.Fatal(err)
				}
				eg, err := Restore(g.Kind, g.Moves)
				if err != nil {
					b.Fatal(err)
				}
				for g.Status == store.Active {
					turn := eg.Turn()
					mv, err := players[turn].Move(ctx, eg, 1)
					if err != nil {
						b.Fatal(err)
					}
					if g, err = m.Play(ctx, g.ID, as(g.Seats[turn].UserID), mv, eg.Ply()); err != nil {
						b.Fatal(err)
					}
					if _, err := eg.Play(mv); err != nil {
						b.Fatal(err)
					}
					moves++
				}
			}
			s := b.Elapsed().Seconds()
			b.ReportMetric(float64(b.N)/s, "games/s")
			b.ReportMetric(float64(moves)/s, "moves/s")
			b.ReportMetric(float64(moves)/float64(b.N), "moves/game")
		})
	}
}

// BenchmarkTick measures one Tick over 300 live games with nothing due
// (200 between people, 100 against the AI waiting for the player): the
// standing cost of the bot's periodic call.
func BenchmarkTick(b *testing.B) {
	clock := newClock()
	db, _ := openDB(b, clock)
	m := New(db, Config{Clock: clock, Workers: 1, AI: NewRandomAI(1)})
	b.Cleanup(func() { m.Close(ctx) })
	for i := range 200 {
		g, err := m.Challenge(ctx, ChallengeSpec{Setup: Setup{Kind: store.Xiangqi}, Challenger: Player{ID: "a" + strconv.Itoa(i)}, Opponent: bob})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := m.Accept(ctx, g.ID, as(bob.ID)); err != nil {
			b.Fatal(err)
		}
	}
	for range 100 {
		if _, err := m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: alice, Level: 1}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if err := m.Tick(ctx); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkReview reviews one game of each kind at the default budget
// (DefaultReviewNodes a position): the cost of a review, reported per
// position. The games are 40 plies of a seeded engine playing itself.
func BenchmarkReview(b *testing.B) {
	for _, kind := range []store.Kind{store.Gomoku, store.Xiangqi} {
		b.Run(string(kind), func(b *testing.B) {
			g, err := NewGame(Setup{Kind: kind})
			if err != nil {
				b.Fatal(err)
			}
			play := &Engines{Seed: 1, MaxNodes: 3000, Spare: 1}
			for g.Ply() < 40 && !g.Outcome().Over() {
				m, err := play.Move(context.Background(), g, 6)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := g.Play(m); err != nil {
					b.Fatal(err)
				}
			}
			text, err := g.MarshalText()
			if err != nil {
				b.Fatal(err)
			}
			e := &Engines{Spare: 1}
			b.ResetTimer()
			for b.Loop() {
				if _, err := ReviewGame(context.Background(), e, kind, string(text), DefaultReviewNodes, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N)/float64(g.Ply()+1), "ms/position")
			b.ReportMetric(float64(g.Ply()), "plies")
		})
	}
}

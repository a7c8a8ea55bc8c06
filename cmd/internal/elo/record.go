package elo

import (
	"fmt"

	"github.com/tengen-bot/tengen/engine"
)

// Record counts one engine's wins, draws and losses over a match.
type Record struct {
	Wins, Draws, Losses int
}

// Add counts one game's score: 1 a win, 0 a loss, anything else a draw.
func (r *Record) Add(score float64) {
	switch score {
	case 1:
		r.Wins++
	case 0:
		r.Losses++
	default:
		r.Draws++
	}
}

// Games returns the number of games counted.
func (r *Record) Games() int { return r.Wins + r.Draws + r.Losses }

// Score returns the mean score per game, 0 before any game.
func (r *Record) Score() float64 {
	if r.Games() == 0 {
		return 0
	}
	return (float64(r.Wins) + float64(r.Draws)/2) / float64(r.Games())
}

// Brief renders the record as "+5 =2 -3".
func (r *Record) Brief() string { return fmt.Sprintf("+%d =%d -%d", r.Wins, r.Draws, r.Losses) }

// ScoreOf returns an engine's score for a game's outcome: first says
// whether it played the First side.
func ScoreOf(o engine.Outcome, first bool) float64 {
	if o.Status != engine.Win {
		return 0.5
	}
	if (o.Winner == engine.First) == first {
		return 1
	}
	return 0
}

// Word names a game's score for a log line: "wins", "draws" or "loses".
func Word(score float64) string {
	switch score {
	case 1:
		return "wins"
	case 0:
		return "loses"
	}
	return "draws"
}

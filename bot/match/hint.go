package match

import (
	"context"
	"fmt"
	"strconv"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// DefaultHintNodes is the node budget of a hint (Config.HintNodes): a
// quarter to half a second of one core, deeper than any level's own search.
const DefaultHintNodes = 150000

// DefaultHintLimit is how many hints a person has in each game against the
// AI (Config.HintLimit), unless the server chose (HintsSetting).
const DefaultHintLimit = 3

// HintsSetting is the guild setting (store.GuildSetting) of how many hints
// a person has in each game against the AI in that server: "0" to
// MaxHintsSetting.
const HintsSetting = "hints"

// MaxHintsSetting is the most hints a server may give a game.
const MaxHintsSetting = 10

// Hint is the engine's advice to the person to move.
type Hint struct {
	Move string   // the move, canonical
	Line []string // the engine's line, Move first
	Left int      // hints left in the game after this one
}

// HintRoom says whether the person in game g (eg its position) may ask for
// a hint now: against the AI, on their turn, with hints left; left is how
// many. The board shows its Hint button only when ok. Between people there
// are no hints.
func (m *Manager) HintRoom(g *store.Game, eg engine.Game) (ok bool, left int) {
	if g.Status != store.Active || m.cfg.Analyst == nil {
		return false, 0
	}
	turn := eg.Turn()
	if g.Seats[turn].IsAI() || !g.Seats[turn.Other()].IsAI() {
		return false, 0
	}
	return g.Hints > 0, g.Hints
}

// DefaultHints is how many hints a game against the AI gets where the
// server did not choose (Config.HintLimit; 0 for none).
func (m *Manager) DefaultHints() int { return max(m.cfg.HintLimit, 0) }

// hintsIn is how many hints a new game against the AI in guild gets: the
// server's HintsSetting, else Config.HintLimit.
func (m *Manager) hintsIn(ctx context.Context, guild string) (int, error) {
	def := m.DefaultHints()
	if guild == "" {
		return def, nil
	}
	v, err := m.st.GuildSetting(ctx, guild, HintsSetting)
	switch {
	case engine.ErrorCode(err) == engine.SettingNotSet:
		return def, nil
	case err != nil:
		return 0, fmt.Errorf("hints of server %s: %w", guild, err)
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 0 || n > MaxHintsSetting {
		return def, nil // a value no version wrote: the default
	}
	return n, nil
}

// Hint asks the engine for the best move of who, the person to move in game
// id against the AI, at ply (AnyPly: whatever the position), and takes it
// from the game's hints (store.Game.Hints, set when the game was created). The engine searches
// Config.HintNodes nodes; a move made meanwhile makes the hint stale
// (StaleButton) and uncounted. The board is planned again, its Hint button
// counting what is left.
func (m *Manager) Hint(ctx context.Context, id int64, who Actor, ply int) (Hint, error) {
	if m.cfg.Analyst == nil {
		return Hint{}, engine.E(engine.NoHintsHere)
	}
	check := func(l *live) error {
		side, err := l.player(who.ID)
		if err != nil {
			return err
		}
		if !l.g.Seats[side.Other()].IsAI() {
			return engine.E(engine.HintsOnlyAI)
		}
		if err := l.checkPly(ply); err != nil {
			return err
		}
		if turn := l.eg.Turn(); turn != side {
			return engine.E(engine.NotYourTurn, l.seat(turn))
		}
		if l.g.Hints <= 0 {
			return engine.E(engine.HintsUsed)
		}
		return nil
	}
	l, err := m.load(ctx, id, false)
	if err != nil {
		return Hint{}, err
	}
	if err := check(l); err != nil {
		return Hint{}, err
	}
	seen := l.eg.Ply()
	a, err := m.cfg.Analyst.Analyse(ctx, l.eg, m.cfg.HintNodes)
	if err != nil {
		return Hint{}, fmt.Errorf("hint for game %d: %w", id, err)
	}
	var h Hint
	_, err = m.change(ctx, id, func(l *live) (step, error) {
		if err := check(l); err != nil {
			return step{}, err
		}
		if l.eg.Ply() != seen {
			return step{}, engine.E(engine.StaleButton, seen, id, l.eg.Ply())
		}
		l.g.Hints--
		h = Hint{Move: a.Best, Line: a.Line, Left: l.g.Hints}
		l.showBoard(nil)
		return step{write: true}, nil
	})
	if err != nil {
		return Hint{}, err
	}
	return h, nil
}

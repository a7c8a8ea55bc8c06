package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/cmd/internal/engineproc"
	"github.com/tengen-bot/tengen/cmd/internal/pbrain"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

// player is one of the two engines of a match.
type player struct {
	name    string
	cmdline string        // the program and its arguments
	grace   time.Duration // how late past timeout_turn a move is still taken
	nodes   int           // sent as INFO max_node when positive
}

// config is how games are played.
type config struct {
	size     int
	rule     gomoku.Rule
	turn     time.Duration // timeout_turn, for both engines
	match    time.Duration // timeout_match, for both engines; 0 = none
	memory   int64         // max_memory in bytes
	startup  time.Duration // how long START may take (not counted as thinking)
	settle   time.Duration // least time between an engine's answer and its next command
	maxPlies int           // a game this long is drawn (0 = only a full board)
}

// gameResult is one finished game.
type gameResult struct {
	outcome engine.Outcome
	detail  string // why, in words, e.g. "black made five" or "white (x) played j8, occupied"
	plies   int
	moves   []string
	// think holds, per colour (0 black, 1 white), the time each of its
	// engine's moves took, from sending the request to reading the move.
	think [2][]time.Duration
	// kinds holds, per colour, the kind of each move as its engine said
	// (see moveKind), "" when it did not; parallel to think.
	kinds [2][]string
	// late counts, per colour, the moves that came after timeout_turn but
	// within the grace.
	late [2]int
	// refused counts, per colour, the engine's refusals of the INFO line
	// sent before a move (see refusesInfo).
	refused [2]int
}

// seat is one engine during one game.
type seat struct {
	p       player
	e       *brain
	seen    bool          // the engine has been shown the board
	used    time.Duration // thinking time so far, for time_left
	last    time.Time     // when it last answered
	think   []time.Duration
	kinds   []string
	late    int
	refused int
}

// playGame starts both engines afresh (as Gomocup's manager does for every
// game), sets up the opening and plays the game out, judging every move with
// engine/gomoku: five in a row wins (exactly five for black under renju); a
// move off the board or on a stone, a renju foul by black, an answer that is
// not a move, no answer within timeout_turn plus the engine's grace, an
// exhausted match clock or a crash loses. Errors are for failures of the
// match itself (an engine that cannot be started, a bad opening).
func playGame(ctx context.Context, black, white player, opening []gomoku.Point, cfg config) (gameResult, error) {
	g, err := gomoku.NewGame(cfg.size, cfg.rule)
	if err != nil {
		return gameResult{}, fmt.Errorf("new game: %w", err)
	}
	for _, p := range opening {
		if err := g.PlayPoint(p); err != nil {
			return gameResult{}, fmt.Errorf("opening %v: %s: %w", opening, p, err)
		}
	}
	seats := [2]*seat{{p: black}, {p: white}}
	defer func() {
		for _, s := range seats {
			if s.e != nil {
				s.e.Close("END", 2*time.Second)
			}
		}
	}()
	for _, s := range seats {
		e, err := startBrain(ctx, s.p.name, s.p.cmdline)
		if err != nil {
			return gameResult{}, err
		}
		s.e = e
		if err := s.setUp(cfg); err != nil {
			return gameResult{}, err
		}
	}
	names := g.SideNames()
	finish := func(o engine.Outcome, detail string) (gameResult, error) {
		r := gameResult{outcome: o, detail: detail, plies: g.Ply(), moves: g.Moves()}
		for c, s := range seats {
			r.think[c], r.kinds[c], r.late[c], r.refused[c] = s.think, s.kinds, s.late, s.refused
		}
		return r, nil
	}
	forfeit := func(side engine.Side, reason engine.Reason, format string, args ...any) (gameResult, error) {
		s := seats[side]
		s.e.Kill()
		s.e = nil
		who := fmt.Sprintf("%s (%s)", names[side], s.p.name)
		return finish(engine.WinFor(side^1, reason), who+" "+fmt.Sprintf(format, args...))
	}
	for {
		if o := g.Outcome(); o.Over() {
			return finish(o, o.Describe(names))
		}
		if cfg.maxPlies > 0 && g.Ply() >= cfg.maxPlies {
			return finish(engine.DrawBy(engine.MoveLimit), fmt.Sprintf("draw at the %d-ply cap", cfg.maxPlies))
		}
		if err := ctx.Err(); err != nil {
			return gameResult{}, err
		}
		side := g.Turn()
		s := seats[side]
		// Rapfi, for one, still counts as thinking for a moment after it
		// answers and drops a command that arrives then; the opponent's
		// instant replies would make that happen. This wait is not on its
		// clock.
		time.Sleep(time.Until(s.last.Add(cfg.settle)))
		info := ""
		if cfg.match > 0 {
			info = fmt.Sprintf("INFO time_left %d", max(cfg.match-s.used, 0).Milliseconds())
			if err := s.e.Send(info); err != nil {
				return forfeit(side, engine.Resignation, "crashed: %v", err)
			}
		}
		// The clock starts before the request is written: an instant answer
		// can arrive before the write returns.
		sent := time.Now()
		if err := s.e.Send(s.request(g)); err != nil {
			return forfeit(side, engine.Resignation, "crashed: %v", err)
		}
		l, kind, refused, err := s.e.answer(cfg.turn+s.p.grace, info)
		s.refused += refused
		switch {
		case errors.Is(err, engineproc.ErrNoAnswer):
			return forfeit(side, engine.Timeout, "gave no move within %v (turn %v, grace %v)", cfg.turn+s.p.grace, cfg.turn, s.p.grace)
		case err != nil:
			return forfeit(side, engine.Resignation, "crashed (its output ended)")
		}
		took := l.At.Sub(sent)
		s.last = l.At
		s.think = append(s.think, took)
		s.kinds = append(s.kinds, kind)
		s.used += took
		if took > cfg.turn {
			s.late++
		}
		if cfg.match > 0 && s.used > cfg.match+s.p.grace {
			return forfeit(side, engine.Timeout, "ran out of match time (%v used of %v)", s.used.Round(time.Millisecond), cfg.match)
		}
		x, y, err := pbrain.ParseMove(l.Text)
		if err != nil {
			return forfeit(side, engine.Resignation, "answered %q, not a move", l.Text)
		}
		if x < 0 || y < 0 || x >= cfg.size || y >= cfg.size {
			return forfeit(side, engine.Resignation, "played %d,%d, off the board", x, y)
		}
		p := gomoku.PointAt(x, cfg.size-1-y)
		b := g.Board()
		if b.At(p) != gomoku.Empty {
			return forfeit(side, engine.Resignation, "played %s, an occupied point", p)
		}
		if cfg.rule == gomoku.Renju && side == gomoku.Black {
			if f := b.Forbidden(p); f != gomoku.NoFoul {
				return forfeit(side, engine.Resignation, "played %s, forbidden (%s)", p, f)
			}
		}
		if err := g.PlayPoint(p); err != nil {
			return forfeit(side, engine.Resignation, "played %s, refused: %v", p, err)
		}
	}
}

// setUp sends START and the INFO settings and waits for the engine's OK.
func (s *seat) setUp(cfg config) error {
	if err := s.e.Send(fmt.Sprintf("START %d", cfg.size)); err != nil {
		return err
	}
	l, _, _, err := s.e.answer(cfg.startup, "")
	if err != nil {
		return fmt.Errorf("engine %s: waiting for OK to START: %w", s.p.name, err)
	}
	if !strings.EqualFold(l.Text, "OK") {
		return fmt.Errorf("engine %s: START %d answered %q", s.p.name, cfg.size, l.Text)
	}
	infos := []string{
		fmt.Sprintf("timeout_turn %d", cfg.turn.Milliseconds()),
		fmt.Sprintf("timeout_match %d", cfg.match.Milliseconds()),
		fmt.Sprintf("time_left %d", cfg.match.Milliseconds()),
		fmt.Sprintf("max_memory %d", cfg.memory),
		"game_type 1",
		fmt.Sprintf("rule %d", pbrain.Rule(cfg.rule)),
	}
	if s.p.nodes > 0 {
		infos = append(infos, fmt.Sprintf("max_node %d", s.p.nodes))
	}
	for _, i := range infos {
		if err := s.e.Send("INFO " + i); err != nil {
			return err
		}
	}
	return nil
}

// request is the command that asks the engine for its move: BEGIN on an
// empty board, BOARD with every stone the first time it moves in a game,
// TURN with the opponent's last move afterwards.
func (s *seat) request(g *gomoku.Game) string {
	if s.seen {
		return "TURN " + pbrain.Coords(g.Last(), g.Size())
	}
	s.seen = true
	if g.Ply() == 0 {
		return "BEGIN"
	}
	return pbrain.Board(g)
}

// refusesInfo reports whether an engine's line is an ERROR or UNKNOWN reply
// that names a word of info, the INFO line sent just before a move request
// ("" when none was sent), so that it refuses that line and not the request.
// The protocol expects no answer to INFO, but an engine can mangle one: Rapfi
// reads a command a word at a time and drops a word that arrives while it
// still counts itself as thinking, just after its answer, so on a loaded
// machine it may drop "INFO" and then refuse "time_left" and the number as
// unknown commands ("ERROR Unknown command: TIME_LEFT") before it answers
// the request as usual. Judged as answers, such lines forfeited games that
// the engine would have played on.
func refusesInfo(text, info string) bool {
	word, rest, _ := strings.Cut(text, " ")
	if info == "" || !strings.EqualFold(word, "ERROR") && !strings.EqualFold(word, "UNKNOWN") {
		return false
	}
	rest = strings.ToUpper(rest)
	for _, w := range strings.Fields(info)[1:] {
		if strings.Contains(rest, strings.ToUpper(w)) {
			return true
		}
	}
	return false
}

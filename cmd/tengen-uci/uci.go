package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/tengen-bot/tengen/engine/xiangqi"
	ai "github.com/tengen-bot/tengen/engine/xiangqi/ai"
)

// Engine identity and option defaults.
const (
	engineName   = "Tengen"
	engineAuthor = "the Tengen developers"
	defaultHash  = 16 // MiB
	maxHash      = 1024
	maxSkill     = 20
	// overhead is kept back from every time budget for reading the command
	// and writing the answer.
	overhead = 5 * time.Millisecond
)

// SkillToLevel maps UCI Skill Level 0..20 onto the AI's levels 1..10:
// level = max(1, (skill+1)/2), so 0-2 → 1, 3-4 → 2, …, 17-18 → 9 and
// 19-20 → 10 (full strength, the default).
func SkillToLevel(skill int) int {
	return max(ai.MinLevel, min((skill+1)/2, ai.MaxLevel))
}

// session is one UCI conversation.
type session struct {
	out   *bufio.Writer
	outMu sync.Mutex

	engine *ai.Engine
	skill  int
	hash   int // MiB
	game   *xiangqi.Game
	bad    error // why the last position command failed, if it did

	// The running search, if any.
	cancel   context.CancelFunc
	finished chan struct{}
	infinite bool
	release  chan struct{} // closed by stop/quit to let an infinite search answer
}

// Run speaks UCI on in and out until "quit", the end of in, or ctx ends.
// Commands: uci, isready, ucinewgame, setoption (UCI_Variant xiangqi, Skill
// Level 0..20, Hash in MiB), position startpos|fen <fen> [moves ...], go
// [movetime ms | depth n | nodes n | wtime/btime/winc/binc/movestogo |
// infinite | perft n], stop, quit. A search runs in the background and
// answers "info ..." lines then "bestmove"; errors a GUI should see are
// "info string ..." lines.
func Run(ctx context.Context, in io.Reader, out io.Writer) error {
	s := &session{
		out:   bufio.NewWriter(out),
		skill: maxSkill,
		hash:  defaultHash,
		game:  xiangqi.NewGame(),
	}
	s.engine = ai.New(s.options())
	lines := make(chan string)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			select {
			case lines <- sc.Text():
			case <-ctx.Done():
				return
			}
		}
		readErr <- sc.Err()
		close(lines)
	}()
	defer s.stopSearch()
	for {
		select {
		case <-ctx.Done():
			return nil
		case line, ok := <-lines:
			if !ok {
				// End of input: let a bounded search finish, stop an infinite one.
				if s.finished != nil && !s.infinite {
					<-s.finished
				}
				s.stopSearch()
				if err := <-readErr; err != nil {
					return fmt.Errorf("reading commands: %w", err)
				}
				return nil
			}
			if quit := s.handle(ctx, line); quit {
				return nil
			}
		}
	}
}

// println writes one line to the GUI at once.
func (s *session) println(format string, args ...any) {
	s.outMu.Lock()
	defer s.outMu.Unlock()
	fmt.Fprintf(s.out, format, args...)
	s.out.WriteByte('\n')
	s.out.Flush()
}

// options returns the AI options for the current settings.
func (s *session) options() ai.Options {
	return ai.Options{Level: SkillToLevel(s.skill), TTSize: s.hash << 20}
}

// handle executes one command line; it reports whether to quit.
func (s *session) handle(ctx context.Context, line string) bool {
	fields := strings.Fields(line)
	if len(fields) == 0 {
		return false
	}
	switch cmd, args := fields[0], fields[1:]; cmd {
	case "uci":
		s.println("id name %s", engineName)
		s.println("id author %s", engineAuthor)
		s.println("")
		s.println("option name UCI_Variant type combo default xiangqi var xiangqi")
		s.println("option name Skill Level type spin default %d min 0 max %d", maxSkill, maxSkill)
		s.println("option name Hash type spin default %d min 1 max %d", defaultHash, maxHash)
		s.println("uciok")
	case "isready":
		s.println("readyok")
	case "ucinewgame":
		s.stopSearch()
		s.engine.NewGame()
		s.game, s.bad = xiangqi.NewGame(), nil
	case "setoption":
		s.stopSearch()
		s.setOption(args)
	case "position":
		s.stopSearch()
		s.game, s.bad = nil, nil
		g, err := parsePosition(args)
		if err != nil {
			s.bad = err
			s.println("info string %v", err)
			return false
		}
		s.game = g
	case "go":
		s.stopSearch()
		s.goCommand(ctx, args)
	case "stop":
		s.stopSearch()
	case "quit":
		return true
	case "d":
		if s.game != nil {
			p := s.game.Position()
			s.println("Fen: %s", p.FEN())
		}
	default:
		s.println("info string unknown command: %s", clip(line))
	}
	return false
}

// clip shortens text echoed back in an error.
func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "…"
	}
	return s
}

// setOption handles "setoption name <name...> value <value...>".
func (s *session) setOption(args []string) {
	var name, value []string
	cur := &name
	for i, a := range args {
		switch {
		case i == 0 && a == "name":
		case a == "value" && cur == &name:
			cur = &value
		default:
			*cur = append(*cur, a)
		}
	}
	n, v := strings.ToLower(strings.Join(name, " ")), strings.Join(value, " ")
	switch n {
	case "uci_variant":
		if v != "xiangqi" {
			s.println("info string only the xiangqi variant is supported, not %q", clip(v))
		}
	case "skill level":
		k, err := strconv.Atoi(v)
		if err != nil || k < 0 || k > maxSkill {
			s.println("info string Skill Level must be a whole number from 0 to %d, not %q", maxSkill, clip(v))
			return
		}
		s.skill = k
		s.engine.SetOptions(s.options())
	case "hash":
		k, err := strconv.Atoi(v)
		if err != nil || k < 1 || k > maxHash {
			s.println("info string Hash must be a whole number of MiB from 1 to %d, not %q", maxHash, clip(v))
			return
		}
		s.hash = k
		s.engine.SetOptions(s.options())
	default:
		s.println("info string unknown option %q", clip(strings.Join(name, " ")))
	}
}

// parsePosition reads "startpos|fen <fen> [moves m1 m2 ...]".
func parsePosition(args []string) (*xiangqi.Game, error) {
	if len(args) == 0 {
		return nil, errors.New("position needs startpos or fen")
	}
	var fen string
	rest := args[1:]
	switch args[0] {
	case "startpos":
		fen = xiangqi.StartFEN
	case "fen":
		i := 0
		for i < len(rest) && rest[i] != "moves" {
			i++
		}
		fen, rest = strings.Join(rest[:i], " "), rest[i:]
	default:
		return nil, fmt.Errorf("position needs startpos or fen, not %q", clip(args[0]))
	}
	g, err := xiangqi.NewGameFromFEN(fen)
	if err != nil {
		return nil, fmt.Errorf("position: %w", err)
	}
	if len(rest) > 0 {
		if rest[0] != "moves" {
			return nil, fmt.Errorf("position: expected \"moves\", found %q", clip(rest[0]))
		}
		for i, m := range rest[1:] {
			if _, err := g.Play(m); err != nil {
				return nil, fmt.Errorf("position: move %d (%s): %w", i+1, clip(m), err)
			}
		}
	}
	return g, nil
}

// goLimits are the parameters of a "go" command.
type goLimits struct {
	moveTime, wtime, btime, winc, binc time.Duration
	movesToGo, depth, perft            int
	nodes                              uint64
	infinite                           bool
}

// parseGo reads the parameters of "go".
func parseGo(args []string) (goLimits, error) {
	var l goLimits
	for i := 0; i < len(args); i++ {
		key := args[i]
		if key == "infinite" {
			l.infinite = true
			continue
		}
		if key == "ponder" {
			continue
		}
		if i+1 >= len(args) {
			return l, fmt.Errorf("go %s needs a number", key)
		}
		n, err := strconv.ParseInt(args[i+1], 10, 64)
		if err != nil || n < 0 || n > 1<<40 {
			return l, fmt.Errorf("go %s needs a whole number from 0 up, not %q", key, clip(args[i+1]))
		}
		i++
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "movetime":
			l.moveTime = ms
		case "wtime":
			l.wtime = ms
		case "btime":
			l.btime = ms
		case "winc":
			l.winc = ms
		case "binc":
			l.binc = ms
		case "movestogo":
			l.movesToGo = int(n)
		case "depth":
			l.depth = int(n)
		case "nodes":
			l.nodes = uint64(max(n, 1))
		case "perft":
			l.perft = int(n)
		case "mate":
			l.depth = int(2*n + 1)
		default:
			return l, fmt.Errorf("go: unknown parameter %q", clip(key))
		}
	}
	return l, nil
}

// budget returns the time to spend on this move given the limits, or
// ai.NoTimeLimit when only depth, nodes, or stop end the search.
func (l goLimits) budget(redToMove bool) time.Duration {
	left, inc := l.wtime, l.winc
	if !redToMove {
		left, inc = l.btime, l.binc
	}
	switch {
	case l.infinite:
		return ai.NoTimeLimit
	case l.moveTime > 0:
		return max(l.moveTime-overhead, time.Millisecond)
	case left > 0:
		togo := 30
		if l.movesToGo > 0 {
			togo = min(l.movesToGo, 30)
		}
		t := left/time.Duration(togo) + inc*3/4
		t = min(t, left/2)
		return max(t-overhead, time.Millisecond)
	case l.depth > 0 || l.nodes > 0:
		return ai.NoTimeLimit
	}
	return ai.NoTimeLimit // plain "go": until stop
}

// goCommand starts a search (or runs perft) on the current position.
func (s *session) goCommand(ctx context.Context, args []string) {
	l, err := parseGo(args)
	if err != nil {
		s.println("info string %v", err)
		return
	}
	if s.game == nil {
		s.println("info string no position to search: %v", s.bad)
		s.println("bestmove (none)")
		return
	}
	if l.perft > 0 {
		s.perft(l.perft)
		return
	}
	if o := s.game.Outcome(); o.Over() {
		s.println("info string the game is over: %s", o.Describe(s.game.SideNames()))
		s.println("bestmove (none)")
		return
	}
	opt := s.options()
	opt.MoveTime = l.budget(s.game.Turn() == xiangqi.Red)
	opt.MaxDepth = l.depth
	opt.MaxNodes = l.nodes
	opt.FixedTime = l.moveTime > 0
	opt.Info = s.info
	s.engine.SetOptions(opt)
	// A plain "go" or "go infinite" answers only after "stop".
	s.infinite = l.infinite || (l.moveTime == 0 && l.wtime == 0 && l.btime == 0 && l.depth == 0 && l.nodes == 0)
	sctx, cancel := context.WithCancel(ctx)
	s.cancel, s.finished, s.release = cancel, make(chan struct{}), make(chan struct{})
	g, finished, release, infinite := s.game, s.finished, s.release, s.infinite
	go func() {
		defer close(finished)
		r, err := s.engine.Think(sctx, g)
		if infinite {
			<-release
		}
		if err != nil {
			s.println("info string %v", err)
			s.println("bestmove (none)")
			return
		}
		s.println("bestmove %s", r.Text)
	}()
}

// stopSearch stops the running search, if any, and waits for its answer.
func (s *session) stopSearch() {
	if s.finished == nil {
		return
	}
	s.cancel()
	close(s.release)
	<-s.finished
	s.finished, s.cancel, s.release = nil, nil, nil
}

// info prints a completed iteration.
func (s *session) info(r ai.Result) {
	score := fmt.Sprintf("cp %d", r.Score)
	if r.Mate != 0 {
		score = fmt.Sprintf("mate %d", r.Mate)
	}
	ms := r.Elapsed.Milliseconds()
	nps := uint64(0)
	if r.Elapsed > 0 {
		nps = uint64(float64(r.Nodes) / r.Elapsed.Seconds())
	}
	var pv strings.Builder
	for i, m := range r.PV {
		if i > 0 {
			pv.WriteByte(' ')
		}
		pv.WriteString(m.String())
	}
	s.println("info depth %d score %s nodes %d nps %d time %d pv %s", r.Depth, score, r.Nodes, nps, ms, pv.String())
}

// perft prints fairy-stockfish's "go perft" answer: one "move: count" line
// per legal move, a blank line, "Nodes searched: N" and a blank line.
func (s *session) perft(depth int) {
	p := s.game.Position()
	moves := p.GenerateMoves(make([]xiangqi.Move, 0, xiangqi.MaxMoves))
	var total uint64
	for _, m := range moves {
		u := p.MakeMove(m)
		n := p.Perft(depth - 1)
		p.UnmakeMove(m, u)
		total += n
		s.println("%s: %d", m, n)
	}
	s.println("")
	s.println("Nodes searched: %d", total)
	s.println("")
}

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/gomoku/ai"
)

// Time management defaults and margins, in the protocol's milliseconds.
const (
	defaultTurn   = 5 * time.Second      // timeout_turn until the manager says otherwise
	fixedMargin   = 3 * time.Millisecond // kept back from every limit for I/O and scheduling,
	marginShare   = 10                   // plus 1/marginShare of the limit for the search's stop latency
	matchFraction = 15                   // of the match time left, spend at most 1/matchFraction per move
	maxTTSize     = 256 << 20            // largest transposition table taken from max_memory
	ttShare       = 2                    // use 1/ttShare of max_memory for the tables
	defaultMemory = ai.DefaultTTSize * 2 // assumed max_memory when none is given
	protocolName  = `name="Tengen", version="1.0", author="Tengen project", country="", www="", email=""`
	forbidPrefix  = "FORBID "
	errNoGame     = "no board: send START first"
	unknownPrefix = "UNKNOWN "
	noBudget      = 24 * time.Hour // MoveTime that leaves the deadline to the context
)

// brain is one protocol session: the game, the settings the manager sent
// and the engine, which keeps its tables across the moves of a game.
type brain struct {
	level     int
	size      int
	rule      gomoku.Rule
	game      *gomoku.Game
	turn      time.Duration // timeout_turn
	match     time.Duration // timeout_match (0 = none)
	left      time.Duration // time_left (valid when leftKnown)
	leftKnown bool
	memory    int    // max_memory in bytes (0 = not given)
	maxNodes  uint64 // max_node: nodes per move (0 = no limit)
	engine    *ai.Engine
	ttSize    int // the transposition-table memory engine was made with
}

func newBrain(level int) *brain {
	return &brain{level: level, turn: defaultTurn}
}

// run reads commands from in and writes answers to out until END or the end
// of input. Errors in the input are answered with ERROR lines; only I/O
// failures end the session with an error.
func (b *brain) run(ctx context.Context, in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	w := bufio.NewWriter(out)
	say := func(format string, args ...any) error {
		fmt.Fprintf(w, format+"\n", args...)
		return w.Flush()
	}
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" {
			continue
		}
		cmd, arg, _ := strings.Cut(line, " ")
		cmd = strings.ToUpper(cmd)
		arg = strings.TrimSpace(arg)
		var err error
		switch cmd {
		case "END":
			return nil
		case "ABOUT":
			err = say("%s", protocolName)
		case "START":
			err = say("%s", b.start(arg))
		case "RESTART":
			err = say("%s", b.restart())
		case "INFO":
			if msg := b.info(arg); msg != "" {
				err = say("%s", msg)
			}
		case "BEGIN":
			err = say("%s", b.move(ctx))
		case "TURN":
			if msg := b.opponent(arg); msg != "" {
				err = say("%s", msg)
			} else {
				err = say("%s", b.move(ctx))
			}
		case "BOARD", "YXBOARD":
			msg := b.board(sc)
			switch {
			case msg != "":
				err = say("%s", msg)
			case cmd == "BOARD":
				err = say("%s", b.move(ctx))
			}
		case "TAKEBACK":
			err = say("%s", b.takeback(arg))
		case "YXSHOWFORBID":
			err = say("%s", b.forbidden())
		default:
			err = say("%sunsupported command %s", unknownPrefix, cmd)
		}
		if err != nil {
			return fmt.Errorf("write answer: %w", err)
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("read commands: %w", err)
	}
	return nil
}

// start begins a new game on a size×size board.
func (b *brain) start(arg string) string {
	n, err := strconv.Atoi(arg)
	if err != nil || (n != gomoku.Small && n != gomoku.Large) {
		return fmt.Sprintf("ERROR unsupported board size %q: only %d and %d", arg, gomoku.Small, gomoku.Large)
	}
	b.size = n
	return b.restart()
}

// restart clears the board, keeping the size, rule and times.
func (b *brain) restart() string {
	if b.size == 0 {
		return "ERROR " + errNoGame
	}
	g, err := gomoku.NewGame(b.size, b.rule)
	if err != nil {
		return "ERROR " + err.Error()
	}
	b.game = g
	b.prepare()
	return "OK"
}

// prepare readies the engine for a new game: fresh tables of the size
// max_memory allows, cleared now, so that their memory is touched here
// rather than on the clock of the first move.
func (b *brain) prepare() {
	if size := b.tableSize(); b.engine == nil || b.ttSize != size {
		// The manager's clock, through the context, bounds each move, not
		// the level's own budget.
		b.engine = ai.New(ai.Options{Level: b.level, TTSize: size, MoveTime: noBudget, MaxNodes: b.maxNodes})
		b.ttSize = size
	}
	b.engine.Clear()
}

// tableSize is the transposition-table memory max_memory allows.
func (b *brain) tableSize() int {
	mem := b.memory
	if mem == 0 {
		mem = defaultMemory
	}
	return min(mem/ttShare, maxTTSize)
}

// growTurn is the shortest turn at which the brain enlarges its tables for
// a larger max_memory in the middle of a game: clearing them costs tens of
// milliseconds, a few percent of such a turn. At shorter turns the larger
// tables wait for the next game (START or RESTART); smaller ones are made
// at once, to keep within the limit.
const growTurn = time.Second

// info applies one INFO key. It answers only on a malformed value (the
// protocol has no answer to INFO).
func (b *brain) info(arg string) string {
	key, value, _ := strings.Cut(arg, " ")
	key, value = strings.ToLower(key), strings.TrimSpace(value)
	num := func() (int64, bool) {
		n, err := strconv.ParseInt(value, 10, 64)
		return n, err == nil
	}
	switch key {
	case "max_node":
		// Gomocup managers send 0 or -1 for no limit.
		n, ok := num()
		if !ok {
			return fmt.Sprintf("ERROR INFO max_node needs a number, not %q", value)
		}
		b.maxNodes = uint64(max(n, 0))
		if b.engine != nil {
			b.engine.SetMaxNodes(b.maxNodes)
		}
	case "timeout_turn", "timeout_match", "time_left", "max_memory", "rule":
		n, ok := num()
		if !ok || n < 0 {
			return fmt.Sprintf("ERROR INFO %s needs a non-negative number, not %q", key, value)
		}
		ms := time.Duration(n) * time.Millisecond
		switch key {
		case "timeout_turn":
			b.turn = ms
		case "timeout_match":
			b.match = ms
		case "time_left":
			b.left, b.leftKnown = ms, true
		case "max_memory":
			b.memory = int(min(n, 1<<40))
			if b.engine != nil && b.tableSize() < b.ttSize {
				b.prepare()
			}
		case "rule":
			return b.setRule(n)
		}
	}
	// Other keys (game_type, folder, evaluate...) do not concern the brain.
	return ""
}

// setRule switches the rule (0 freestyle, bit 1 exactly five, bit 4 renju;
// bit 2, continuous games, is ignored) and replays the current game under it.
func (b *brain) setRule(n int64) string {
	rule := gomoku.Freestyle
	switch {
	case n&4 != 0:
		rule = gomoku.Renju
	case n&1 != 0:
		rule = gomoku.Standard
	}
	if rule == b.rule {
		return ""
	}
	b.rule = rule
	if b.game == nil {
		return ""
	}
	g, err := gomoku.NewGame(b.size, rule)
	if err != nil {
		return "ERROR " + err.Error()
	}
	for _, p := range b.game.History() {
		if err := g.PlayPoint(p); err != nil {
			return fmt.Sprintf("ERROR the game so far is not legal under rule %s: %v", rule, err)
		}
	}
	b.game = g
	if b.engine != nil {
		// Scores learnt under the old rule do not hold. Clearing the tables
		// costs little: unlike prepare at a new size, it touches no new
		// memory.
		b.engine.Clear()
	}
	return ""
}

// point reads "x,y" (piskvork coordinates: from the top-left, 0-based).
func (b *brain) point(text string) (gomoku.Point, error) {
	xs, ys, ok := strings.Cut(text, ",")
	x, errX := strconv.Atoi(strings.TrimSpace(xs))
	y, errY := strconv.Atoi(strings.TrimSpace(ys))
	if !ok || errX != nil || errY != nil {
		return gomoku.NoPoint, fmt.Errorf("%q is not a point: write x,y", text)
	}
	if x < 0 || y < 0 || x >= b.size || y >= b.size {
		return gomoku.NoPoint, fmt.Errorf("%d,%d is off the %d×%d board", x, y, b.size, b.size)
	}
	return gomoku.PointAt(x, b.size-1-y), nil
}

// coords writes p as piskvork's "x,y".
func (b *brain) coords(p gomoku.Point) string {
	return fmt.Sprintf("%d,%d", p.Col(), b.size-1-p.Row())
}

// opponent plays the opponent's move "x,y"; it returns an ERROR line or "".
func (b *brain) opponent(arg string) string {
	if b.game == nil {
		return "ERROR " + errNoGame
	}
	p, err := b.point(arg)
	if err != nil {
		return "ERROR " + err.Error()
	}
	if err := b.game.PlayPoint(p); err != nil {
		return fmt.Sprintf("ERROR move %s refused: %v", arg, err)
	}
	return ""
}

// takeback removes the last move, which must be at "x,y".
func (b *brain) takeback(arg string) string {
	if b.game == nil {
		return "ERROR " + errNoGame
	}
	p, err := b.point(arg)
	if err != nil {
		return "ERROR " + err.Error()
	}
	if b.game.Last() != p {
		return fmt.Sprintf("ERROR %s is not the last move", arg)
	}
	if err := b.game.Undo(1); err != nil {
		return "ERROR " + err.Error()
	}
	return "OK"
}

// board reads the lines "x,y,who" up to DONE (who: 1 the brain's stone, 2 the
// opponent's) and sets up the game with the brain to move. It returns an
// ERROR line or "".
func (b *brain) board(sc *bufio.Scanner) string {
	var mine, theirs []gomoku.Point
	var bad string
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if strings.EqualFold(line, "DONE") {
			break
		}
		if line == "" || bad != "" {
			continue
		}
		i := strings.LastIndexByte(line, ',')
		if i < 0 || b.game == nil {
			bad = fmt.Sprintf("%q is not x,y,who", line)
			if b.game == nil {
				bad = errNoGame
			}
			continue
		}
		p, err := b.point(line[:i])
		if err != nil {
			bad = err.Error()
			continue
		}
		switch strings.TrimSpace(line[i+1:]) {
		case "1":
			mine = append(mine, p)
		case "2":
			theirs = append(theirs, p)
		default:
			bad = fmt.Sprintf("%q: who must be 1 (own) or 2 (opponent)", line)
		}
	}
	if bad != "" {
		return "ERROR " + bad
	}
	// The side to move has as many stones as the other (it is black) or one
	// fewer (it is white).
	var black, white []gomoku.Point
	switch len(theirs) - len(mine) {
	case 0:
		black, white = mine, theirs
	case 1:
		black, white = theirs, mine
	default:
		return fmt.Sprintf("ERROR %d own and %d opponent stones: the brain must be to move", len(mine), len(theirs))
	}
	g, err := gomoku.NewGame(b.size, b.rule)
	if err != nil {
		return "ERROR " + err.Error()
	}
	for i := range black {
		if err := g.PlayPoint(black[i]); err != nil {
			return fmt.Sprintf("ERROR black stone %s: %v", b.coords(black[i]), err)
		}
		if i < len(white) {
			if err := g.PlayPoint(white[i]); err != nil {
				return fmt.Sprintf("ERROR white stone %s: %v", b.coords(white[i]), err)
			}
		}
	}
	b.game = g
	return ""
}

// budget is the time to think about this move: the turn limit, at most a
// share of the match time left, less a safety margin proportional to it
// (the search notices its deadline only every thousand nodes or so) and a
// couple of milliseconds for reading and writing; never less than half the
// limit.
func (b *brain) budget() time.Duration {
	t := b.turn
	if t <= 0 {
		t = defaultTurn
	}
	if b.match > 0 && b.leftKnown {
		t = min(t, b.left/matchFraction)
	}
	return max(t-t/marginShare-fixedMargin, t/2)
}

// move thinks, plays and returns the brain's move as "x,y" (or an ERROR line).
func (b *brain) move(ctx context.Context) string {
	if b.game == nil {
		return "ERROR " + errNoGame
	}
	if b.engine == nil || (b.tableSize() > b.ttSize && b.turn >= growTurn) {
		b.prepare()
	}
	ctx, cancel := context.WithTimeout(ctx, b.budget())
	defer cancel()
	r, err := b.engine.Think(ctx, b.game)
	if err != nil {
		return "ERROR " + err.Error()
	}
	if err := b.game.PlayPoint(r.Move); err != nil {
		return "ERROR " + err.Error()
	}
	return moveMessage(r) + "\n" + b.coords(r.Move)
}

// The kinds of move in moveMessage.
const (
	kindForced   = "forced"   // a five, a block of a four, a threat-space win, or the only move that stops a threat
	kindProved   = "proved"   // the main search proved a win or a loss before the deadline
	kindSearched = "searched" // the main search ran until it was stopped
)

// movePrefix starts the MESSAGE line that precedes every move.
const movePrefix = "MESSAGE movekind "

// moveMessage is the line sent just before a move: "MESSAGE movekind KIND
// by=HOW depth=D nodes=N", KIND one of the kinds above, HOW the engine's way of
// finding it (ai.Result.By). A manager shows MESSAGE lines or ignores them;
// cmd/gomoku-match reads the kind to report think times of forced and
// unforced moves apart.
func moveMessage(r ai.Result) string {
	kind := kindSearched
	switch {
	case r.By != "search" && r.By != "random":
		kind = kindForced
	case r.By == "search" && r.Roots == 1:
		kind = kindForced
	case r.By == "search" && (ai.IsWin(r.Score) || ai.IsLoss(r.Score)):
		kind = kindProved
	}
	return fmt.Sprintf("%s%s by=%s depth=%d nodes=%d", movePrefix, kind, r.By, r.Depth, r.Nodes)
}

// forbidden lists black's renju forbidden points in Yixin's format: "FORBID "
// then xxyy for each point (two digits each) and a final ".".
func (b *brain) forbidden() string {
	if b.game == nil {
		return "ERROR " + errNoGame
	}
	var sb strings.Builder
	sb.WriteString(forbidPrefix)
	if b.game.Turn() == gomoku.Black {
		for _, f := range b.game.ForbiddenPoints() {
			x, y := f.Point.Col(), b.size-1-f.Point.Row()
			fmt.Fprintf(&sb, "%02d%02d", x, y)
		}
	}
	sb.WriteByte('.')
	return sb.String()
}

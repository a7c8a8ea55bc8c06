package ai

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

var (
	dataOut       = flag.String("evaldata.out", "", "BenchmarkEvalData: file the labelled positions are appended to (FEN;score per line)")
	dataPositions = flag.Int("evaldata.positions", 50000, "BenchmarkEvalData: positions to write before stopping")
	dataTime      = flag.Duration("evaldata.time", time.Hour, "BenchmarkEvalData: stop after this long even with fewer positions")
	dataDepth     = flag.Int("evaldata.depth", 8, "BenchmarkEvalData: fairy-stockfish search depth for each move and label")
	dataWorkers   = flag.Int("evaldata.workers", 2, "BenchmarkEvalData: games played at once (one fairy-stockfish each)")
	dataSeed      = flag.Uint64("evaldata.seed", 1, "BenchmarkEvalData: seed of the random plies")
)

// Self-play shape: the first randomPlies plies are uniformly random legal
// moves, later ones are random with probability randomRate; positions before
// skipPlies are not written; a game stops at maxPlies, at its end, or once a
// side is decisionScore ahead.
const (
	randomPlies   = 4
	randomRate    = 0.04
	skipPlies     = 8
	maxPlies      = 240
	decisionScore = 1500
)

// findFSF returns the path of fairy-stockfish (on PATH or in /usr/games), or "".
func findFSF() string {
	for _, name := range []string{"fairy-stockfish", "/usr/games/fairy-stockfish"} {
		if path, err := exec.LookPath(name); err == nil {
			return path
		}
	}
	return ""
}

// fsf is a running fairy-stockfish in Xiangqi mode.
type fsf struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// startFSF starts fairy-stockfish at path in Xiangqi mode.
func startFSF(path string) (*fsf, error) {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return nil, fmt.Errorf("fairy-stockfish stdin: %w", err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		return nil, fmt.Errorf("fairy-stockfish stdout: %w", err)
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start fairy-stockfish: %w", err)
	}
	e := &fsf{cmd: cmd, in: in, out: bufio.NewScanner(out)}
	if err := e.send("uci\nsetoption name UCI_Variant value xiangqi\nisready"); err != nil {
		return nil, err
	}
	if _, err := e.waitFor("readyok"); err != nil {
		return nil, err
	}
	return e, nil
}

func (e *fsf) send(s string) error {
	if _, err := fmt.Fprintln(e.in, s); err != nil {
		return fmt.Errorf("write to fairy-stockfish: %w", err)
	}
	return nil
}

// waitFor reads lines up to one starting with prefix and returns the lines
// read, that one last.
func (e *fsf) waitFor(prefix string) ([]string, error) {
	var lines []string
	for e.out.Scan() {
		lines = append(lines, e.out.Text())
		if strings.HasPrefix(e.out.Text(), prefix) {
			return lines, nil
		}
	}
	if err := e.out.Err(); err != nil {
		return nil, fmt.Errorf("read fairy-stockfish: %w", err)
	}
	return nil, fmt.Errorf("fairy-stockfish exited before %q", prefix)
}

// analyse searches fen to depth and returns the best move and the last
// score in centipawns from the side to move's view (mate: false).
func (e *fsf) analyse(fen string, depth int) (best string, cp int, ok bool, err error) {
	if err := e.send("position fen " + fen + "\ngo depth " + strconv.Itoa(depth)); err != nil {
		return "", 0, false, err
	}
	lines, err := e.waitFor("bestmove")
	if err != nil {
		return "", 0, false, err
	}
	for _, l := range lines {
		f := strings.Fields(l)
		for i := 0; i+2 < len(f); i++ {
			if f[i] != "score" {
				continue
			}
			v, perr := strconv.Atoi(f[i+2])
			if perr != nil {
				return "", 0, false, fmt.Errorf("fairy-stockfish score in %q: %w", l, perr)
			}
			cp, ok = v, f[i+1] == "cp"
		}
	}
	f := strings.Fields(lines[len(lines)-1])
	if len(f) < 2 {
		return "", 0, false, fmt.Errorf("fairy-stockfish: no move in %q", lines[len(lines)-1])
	}
	return f[1], cp, ok, nil
}

func (e *fsf) close() {
	_ = e.send("quit")
	e.in.Close()
	_ = e.cmd.Wait()
}

// BenchmarkEvalData writes evaluation training data: fairy-stockfish plays
// itself (depth -evaldata.depth a move, after a few random plies and with
// the odd random move later), and every position from ply 8 on that is not
// in check is written with fairy-stockfish's score of it (side to move's
// view, centipawns; mate scores dropped) as "FEN;score". The tuner
// (BenchmarkTune) keeps the quiet ones. It is a tool to run by hand, not a
// test; the data is large, so keep it outside the repository:
//
//	nice -n 19 go test -run '^$' -bench EvalData -benchtime 1x -timeout 0 \
//		./engine/xiangqi/ai -evaldata.out /tmp/xq-eval.txt -evaldata.positions 60000
func BenchmarkEvalData(b *testing.B) {
	if *dataOut == "" {
		b.Fatal("BenchmarkEvalData needs -evaldata.out FILE")
	}
	path := findFSF()
	if path == "" {
		b.Fatal("fairy-stockfish is not installed (apt-get install fairy-stockfish)")
	}
	f, err := os.OpenFile(*dataOut, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	var (
		mu      sync.Mutex
		written int
		games   int
	)
	deadline := time.Now().Add(*dataTime)
	more := func() bool {
		mu.Lock()
		defer mu.Unlock()
		return written < *dataPositions && time.Now().Before(deadline)
	}
	var wg sync.WaitGroup
	errs := make(chan error, *dataWorkers)
	for w := range *dataWorkers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			e, err := startFSF(path)
			if err != nil {
				errs <- err
				return
			}
			defer e.close()
			rng := rand.New(rand.NewPCG(*dataSeed, uint64(w)))
			for more() {
				lines, err := selfPlay(e, rng, *dataDepth)
				if err != nil {
					errs <- err
					return
				}
				mu.Lock()
				_, err = io.WriteString(f, strings.Join(lines, ""))
				written += len(lines)
				games++
				if games%20 == 0 {
					b.Logf("%d games, %d positions", games, written)
				}
				mu.Unlock()
				if err != nil {
					errs <- fmt.Errorf("write %s: %w", *dataOut, err)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		b.Error(err)
	}
	b.Logf("%d games, %d positions appended to %s", games, written, *dataOut)
}

// selfPlay plays one game and returns its labelled lines.
func selfPlay(e *fsf, rng *rand.Rand, depth int) ([]string, error) {
	if err := e.send("ucinewgame"); err != nil {
		return nil, err
	}
	g := xiangqi.NewGame()
	var lines []string
	for ply := 0; ply < maxPlies && !g.Outcome().Over(); ply++ {
		p := g.Position()
		fen := p.FEN()
		best, cp, ok, err := e.analyse(fen, depth)
		if err != nil {
			return nil, err
		}
		if !ok || cp >= decisionScore || cp <= -decisionScore {
			break // a mate or a decided game: little left to learn
		}
		if ply >= skipPlies && !p.InCheck() {
			lines = append(lines, fmt.Sprintf("%s;%d\n", fen, cp))
		}
		move := best
		if ply < randomPlies || rng.Float64() < randomRate {
			legal := g.LegalMoves()
			move = legal[rng.IntN(len(legal))]
		}
		if _, err := g.Play(move); err != nil {
			return nil, fmt.Errorf("%s: move %s: %w", fen, move, err)
		}
	}
	return lines, nil
}

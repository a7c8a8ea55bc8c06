package xiangqi

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// fsf is a running fairy-stockfish in Xiangqi mode, the referee for perft.
type fsf struct {
	cmd *exec.Cmd
	in  io.WriteCloser
	out *bufio.Scanner
}

// findFSF returns the path of fairy-stockfish (on PATH or in /usr/games), or "".
func findFSF() string {
	if path, err := exec.LookPath("fairy-stockfish"); err == nil {
		return path
	}
	if path, err := exec.LookPath("/usr/games/fairy-stockfish"); err == nil {
		return path
	}
	return ""
}

// startFSF starts fairy-stockfish or skips the test loudly when it is absent.
func startFSF(t *testing.T) *fsf {
	t.Helper()
	path := findFSF()
	if path == "" {
		t.Skip("SKIPPED: fairy-stockfish is not installed (apt-get install fairy-stockfish); the perft cross-check did not run")
	}
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatalf("fairy-stockfish stdin: %v", err)
	}
	outPipe, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatalf("fairy-stockfish stdout: %v", err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("start fairy-stockfish: %v", err)
	}
	e := &fsf{cmd: cmd, in: in, out: bufio.NewScanner(outPipe)}
	t.Cleanup(func() {
		fmt.Fprintln(e.in, "quit")
		e.in.Close()
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	e.send(t, "uci")
	e.expect(t, "uciok")
	e.send(t, "setoption name UCI_Variant value xiangqi")
	e.send(t, "isready")
	e.expect(t, "readyok")
	return e
}

func (e *fsf) send(t *testing.T, line string) {
	t.Helper()
	if _, err := fmt.Fprintln(e.in, line); err != nil {
		t.Fatalf("write to fairy-stockfish: %v", err)
	}
}

func (e *fsf) expect(t *testing.T, prefix string) string {
	t.Helper()
	for e.out.Scan() {
		if line := e.out.Text(); strings.HasPrefix(line, prefix) {
			return line
		}
	}
	t.Fatalf("fairy-stockfish ended before %q: %v", prefix, e.out.Err())
	return ""
}

// divide returns fairy-stockfish's perft divide of a FEN position.
func (e *fsf) divide(t *testing.T, fen string, depth int) (map[string]uint64, uint64) {
	t.Helper()
	e.send(t, "position fen "+fen)
	e.send(t, fmt.Sprintf("go perft %d", depth))
	out := make(map[string]uint64)
	for e.out.Scan() {
		line := e.out.Text()
		if rest, ok := strings.CutPrefix(line, "Nodes searched: "); ok {
			n, err := strconv.ParseUint(strings.TrimSpace(rest), 10, 64)
			if err != nil {
				t.Fatalf("fairy-stockfish total %q: %v", line, err)
			}
			return out, n
		}
		move, count, ok := strings.Cut(line, ": ")
		if !ok {
			continue
		}
		n, err := strconv.ParseUint(strings.TrimSpace(count), 10, 64)
		if err != nil {
			continue
		}
		out[move] = n
	}
	t.Fatalf("fairy-stockfish ended during perft of %s: %v", fen, e.out.Err())
	return nil, 0
}

// compareDivide reports every move whose count differs between us and FSF.
func compareDivide(t *testing.T, e *fsf, p *Position, depth int) bool {
	t.Helper()
	fen := p.FEN()
	want, total := e.divide(t, fen, depth)
	got := p.Divide(depth)
	ok := true
	for m, n := range want {
		if got[m] != n {
			t.Errorf("position %s depth %d: move %s: we count %d, fairy-stockfish %d", fen, depth, m, got[m], n)
			ok = false
		}
	}
	for m, n := range got {
		if _, found := want[m]; !found {
			t.Errorf("position %s depth %d: move %s (%d nodes) is not legal for fairy-stockfish", fen, depth, m, n)
			ok = false
		}
	}
	if p.Perft(depth) != total {
		t.Errorf("position %s depth %d: perft %d, fairy-stockfish %d", fen, depth, p.Perft(depth), total)
		ok = false
	}
	return ok
}

// randomPositions returns n positions reached from the start by seeded
// random play of 0..maxPlies plies (stopping early at a game's end).
func randomPositions(seed uint64, n, maxPlies int) []Position {
	rng := rand.New(rand.NewPCG(seed, 0x7e46e4))
	out := make([]Position, 0, n)
	for len(out) < n {
		p := StartPosition()
		plies := rng.IntN(maxPlies + 1)
		for i := 0; i < plies; i++ {
			var buf [MaxMoves]Move
			moves := p.GenerateMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p.MakeMove(moves[rng.IntN(len(moves))])
		}
		out = append(out, p)
	}
	return out
}

// TestPerftAgainstFairyStockfish compares per-move perft counts with
// fairy-stockfish on a few hundred positions reached by seeded random play,
// so that a failure names the position and the move.
func TestPerftAgainstFairyStockfish(t *testing.T) {
	e := startFSF(t)
	positions := randomPositions(20261122, 300, 160)
	for i := range positions {
		depth := 2
		switch {
		case testing.Short():
		case i%30 == 0:
			depth = 4
		case i%10 == 0:
			depth = 3
		}
		if !compareDivide(t, e, &positions[i], depth) {
			return // one failing position is enough to debug
		}
	}
	// The tricky positions of the table tests, a little deeper.
	for _, fen := range trickyFENs {
		p, err := ParseFEN(fen)
		if err != nil {
			t.Fatalf("ParseFEN(%q): %v", fen, err)
		}
		compareDivide(t, e, &p, 3)
	}
}

// TestFENMatchesFairyStockfish plays seeded random games and checks that
// our FEN of every tenth position is exactly the one fairy-stockfish prints
// after the same moves (placement, side, clock and move number).
func TestFENMatchesFairyStockfish(t *testing.T) {
	e := startFSF(t)
	rng := rand.New(rand.NewPCG(17, 71))
	for game := 0; game < 20; game++ {
		p := StartPosition()
		var played []string
		for ply := 0; ply < 150; ply++ {
			moves := p.GenerateMoves(nil)
			if len(moves) == 0 {
				break
			}
			m := moves[rng.IntN(len(moves))]
			p.MakeMove(m)
			played = append(played, m.String())
			if ply%10 != 9 {
				continue
			}
			e.send(t, "position startpos moves "+strings.Join(played, " "))
			e.send(t, "d")
			want := strings.TrimPrefix(e.expect(t, "Fen: "), "Fen: ")
			if got := p.FEN(); got != want {
				t.Fatalf("after %v:\nour FEN %s\nFSF FEN %s", played, got, want)
			}
		}
	}
}

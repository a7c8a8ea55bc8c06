package store

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// Environment of the crash-test child process.
const (
	crashDBEnv   = "TENGEN_STORE_CRASH_DB"
	crashGameEnv = "TENGEN_STORE_CRASH_GAME"
)

// TestHelperProcess is not a test: it is the child process of
// TestSQLiteKilledWriterLosesNoAcknowledgedMove, run by re-executing the test
// binary with crashDBEnv set. It appends moves to a game forever, printing
// "ack N" after move N is committed, until it is killed.
func TestHelperProcess(t *testing.T) {
	path := os.Getenv(crashDBEnv)
	if path == "" {
		return // run as an ordinary test: nothing to do
	}
	id, err := strconv.ParseInt(os.Getenv(crashGameEnv), 10, 64)
	if err != nil {
		fmt.Fprintln(os.Stderr, "bad game id:", err)
		os.Exit(2)
	}
	ctx := context.Background()
	db, err := Open(ctx, path, Options{})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	g, err := db.Game(ctx, id)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	for n := 0; ; n++ {
		g.Moves += fmt.Sprintf("m%d;", n)
		g.Deadline = time.Now().Add(time.Hour)
		if err := db.Update(ctx, g); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		if _, err := fmt.Printf("ack %d\n", n); err != nil {
			os.Exit(2)
		}
	}
}

// TestSQLiteKilledWriterLosesNoAcknowledgedMove SIGKILLs a child process in the
// middle of a stream of committed moves, then reopens the database: it must
// pass an integrity check and hold every move the child acknowledged.
func TestSQLiteKilledWriterLosesNoAcknowledgedMove(t *testing.T) {
	for round, killAfter := range []int{1, 37, 150} {
		t.Run(fmt.Sprintf("kill after %d acks", killAfter), func(t *testing.T) {
			db, path := openTemp(t, Options{})
			ctx := context.Background()
			g := humanGame("a", "b", false)
			if err := db.CreateGame(ctx, g); err != nil {
				t.Fatal(err)
			}
			last := runAndKill(t, path, g.ID, killAfter)
			t.Logf("round %d: last acknowledged move %d", round, last)

			reopened, err := Open(ctx, path, Options{})
			if err != nil {
				t.Fatalf("reopen after the kill: %v", err)
			}
			defer reopened.Close()
			var check string
			if err := reopened.w.QueryRowContext(ctx, `PRAGMA integrity_check`).Scan(&check); err != nil || check != "ok" {
				t.Fatalf("integrity_check = %q, %v", check, err)
			}
			got, err := reopened.Game(ctx, g.ID)
			if err != nil {
				t.Fatal(err)
			}
			moves := strings.Split(strings.TrimSuffix(got.Moves, ";"), ";")
			// Every acknowledged move is there; at most one more (committed
			// but killed before its ack was printed).
			if len(moves) < last+1 || len(moves) > last+2 {
				t.Fatalf("%d moves stored, %d acknowledged", len(moves), last+1)
			}
			for i, m := range moves {
				if m != fmt.Sprintf("m%d", i) {
					t.Fatalf("move %d is %q", i, m)
				}
			}
			if got.Version != int64(len(moves))+1 {
				t.Fatalf("version %d after %d moves", got.Version, len(moves))
			}
		})
	}
}

// runAndKill starts the writer child on the game and SIGKILLs it once it
// has acknowledged killAfter moves; it returns the last acknowledged move.
func runAndKill(t *testing.T, path string, id int64, killAfter int) int {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), crashDBEnv+"="+path, crashGameEnv+"="+strconv.FormatInt(id, 10))
	var stderr strings.Builder
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	last, acks := -1, 0
	sc := bufio.NewScanner(out)
	for sc.Scan() {
		n, ok := strings.CutPrefix(sc.Text(), "ack ")
		if !ok {
			continue // the test binary's own output
		}
		v, err := strconv.Atoi(n)
		if err != nil || v != last+1 {
			t.Fatalf("child printed %q after ack %d", sc.Text(), last)
		}
		last = v
		if acks++; acks == killAfter {
			if err := cmd.Process.Kill(); err != nil {
				t.Fatal(err)
			}
		}
	}
	err = cmd.Wait()
	if acks < killAfter {
		t.Fatalf("child stopped after %d acks (%v): %s", acks, err, stderr.String())
	}
	if ctx.Err() != nil {
		t.Fatalf("child timed out: %s", stderr.String())
	}
	return last
}

package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/store"
)

// TestLitestreamBackup replicates a Tengen database with Litestream and the
// configuration the README documents (deploy/litestream.yml) while games
// are written, then restores it elsewhere: every game, with every move
// written before the replica was last synced, comes back. It needs the
// litestream binary (.ci/run installs it) and is skipped, saying so,
// without it.
func TestLitestreamBackup(t *testing.T) {
	bin, err := exec.LookPath("litestream")
	if err != nil {
		t.Skip("SKIPPING the Litestream backup test: no litestream on PATH (go install github.com/benbjohnson/litestream/cmd/litestream@v0.5.18)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	dir := t.TempDir()
	path := filepath.Join(dir, "tengen.db")
	env := append(os.Environ(), "TENGEN_DB="+path, "TENGEN_REPLICA=file://"+filepath.Join(dir, "replica"))
	db, err := store.Open(ctx, path, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	rep := exec.Command(bin, "replicate", "-config", filepath.Join("deploy", "litestream.yml"))
	rep.Env = env
	var logs syncBuffer
	rep.Stdout, rep.Stderr = &logs, &logs
	if err := rep.Start(); err != nil {
		t.Fatal(err)
	}
	stopped := false
	defer func() {
		if !stopped {
			rep.Process.Kill()
			rep.Wait()
		}
	}()
	var games []*store.Game
	for i := range 20 {
		g := &store.Game{Kind: store.Gomoku, Rules: "freestyle", Size: 15, ChannelID: "c", Status: store.Active,
			Seats: [2]store.Seat{{UserID: fmt.Sprint("a", i)}, {UserID: fmt.Sprint("b", i)}}}
		if err := db.CreateGame(ctx, g); err != nil {
			t.Fatal(err)
		}
		for _, mv := range []string{"h8", "h9", "i8"} {
			g.Moves = strings.TrimSpace(g.Moves + " " + mv)
			if err := db.Update(ctx, g); err != nil {
				t.Fatal(err)
			}
		}
		games = append(games, g)
		time.Sleep(50 * time.Millisecond)
	}
	// Litestream syncs every second, and once more when it stops.
	time.Sleep(2 * time.Second)
	if err := rep.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	if err := rep.Wait(); err != nil {
		t.Logf("litestream stopped: %v\n%s", err, logs.String())
	}
	stopped = true

	restored := filepath.Join(t.TempDir(), "restored.db")
	res := exec.CommandContext(ctx, bin, "restore", "-config", filepath.Join("deploy", "litestream.yml"), "-o", restored, path)
	res.Env = env
	if out, err := res.CombinedOutput(); err != nil {
		t.Fatalf("litestream restore: %v\n%s\nreplicate:\n%s", err, out, logs.String())
	}
	back, err := store.Open(ctx, restored, store.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer back.Close()
	for _, g := range games {
		got, err := back.Game(ctx, g.ID)
		if err != nil || got.Moves != g.Moves || got.Version != g.Version {
			t.Fatalf("game %d restored as %+v, %v; want moves %q at version %d", g.ID, got, err, g.Moves, g.Version)
		}
	}
	t.Logf("%d games restored from the replica", len(games))
}

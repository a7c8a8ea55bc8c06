package store

import (
	"context"
	"fmt"
	"sync"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// TestGroupCommit: writes of many games at once, some of them stale (a
// version another writer moved past), commit together where they can: each
// fresh write applies once, each stale one fails alone with its conflict,
// and none takes another's down with it.
func TestGroupCommit(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		const games = 40
		gs := make([]*Game, games)
		for i := range gs {
			gs[i] = humanGame(fmt.Sprint("a", i), fmt.Sprint("b", i), false)
			if err := db.CreateGame(ctx, gs[i]); err != nil {
				t.Fatal(err)
			}
		}
		var wg sync.WaitGroup
		errs := make([]error, 2*games)
		for i, g := range gs {
			stale := *g
			stale.Version = 7 // no such version: a writer that lost a race
			stale.Moves = "j10"
			fresh := *g
			fresh.Moves = "h8"
			wg.Go(func() { errs[2*i] = db.Update(ctx, &fresh) })
			wg.Go(func() { errs[2*i+1] = db.Update(ctx, &stale) })
		}
		wg.Wait()
		for i, g := range gs {
			if errs[2*i] != nil {
				t.Errorf("game %d: the fresh write failed: %v", g.ID, errs[2*i])
			}
			if engine.ErrorCode(errs[2*i+1]) != engine.VersionConflict {
				t.Errorf("game %d: the stale write: %v, want a version conflict", g.ID, errs[2*i+1])
			}
			got, err := db.Game(ctx, g.ID)
			if err != nil || got.Moves != "h8" || got.Version != 2 {
				t.Errorf("game %d stored %+v, %v; want h8 at version 2", g.ID, got, err)
			}
		}
	})
}

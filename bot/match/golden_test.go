package match

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestScenarioGolden plays a scripted session through the lifecycle and
// compares the transcript (every call, its error, every event) with
// testdata/scenario.golden. Run go test -update to rewrite it after an
// intended change of events or messages.
func TestScenarioGolden(t *testing.T) {
	e := newEnv(t, Config{MoveTimeout: 6 * time.Hour, RemindBefore: time.Hour})
	var out strings.Builder
	seen := 0
	flush := func() {
		all := e.rec.all()
		for _, ev := range all[seen:] {
			fmt.Fprintf(&out, "  event %v: game %d v%d, actor %v", ev.Kind, ev.GameID, ev.Game.Version, ev.Actor)
			if ev.Move != "" {
				fmt.Fprintf(&out, ", move %s", ev.Move)
			}
			if ev.Request != store.NoRequest {
				fmt.Fprintf(&out, ", request %s", ev.Request)
			}
			if len(ev.Undone) > 0 {
				fmt.Fprintf(&out, ", undone %v", ev.Undone)
			}
			if ev.Outcome.Over() {
				fmt.Fprintf(&out, ", %v", ev.Outcome)
			}
			out.WriteString("\n")
		}
		seen = len(all)
	}
	do := func(what string, f func() (*store.Game, error)) *store.Game {
		g, err := f()
		fmt.Fprintf(&out, "%s:", what)
		switch {
		case ErrorCode(err) == OK && err != nil:
			fmt.Fprintf(&out, " rule error (%v) %s", engine.ErrorCode(err), err)
		case err != nil:
			fmt.Fprintf(&out, " error (%v) %s", ErrorCode(err), err)
		case g == nil:
			out.WriteString(" ok")
		default:
			fmt.Fprintf(&out, " ok, game %d %s", g.ID, g.Status)
		}
		out.WriteString("\n")
		flush()
		return g
	}
	spec := ChallengeSpec{Setup: Setup{Kind: store.Gomoku, Rules: "renju"}, Challenger: alice, Opponent: bob, Rated: true}
	g := do("alice challenges bob", func() (*store.Game, error) { return e.m.Challenge(ctx, spec) })
	id := g.ID
	do("carol accepts", func() (*store.Game, error) { return e.m.Accept(ctx, id, carol.ID) })
	do("bob accepts", func() (*store.Game, error) { return e.m.Accept(ctx, id, bob.ID) })
	do("bob plays h8", func() (*store.Game, error) { return e.m.Play(ctx, id, bob.ID, "h8", 0) })
	do("alice plays h8", func() (*store.Game, error) { return e.m.Play(ctx, id, alice.ID, "h8", 0) })
	do("alice plays g7 from the old board", func() (*store.Game, error) { return e.m.Play(ctx, id, alice.ID, "g7", 0) })
	do("bob plays I 9", func() (*store.Game, error) { return e.m.Play(ctx, id, bob.ID, "I 9", 1) })
	do("alice plays h8 again", func() (*store.Game, error) { return e.m.Play(ctx, id, alice.ID, "h8", 2) })
	do("bob asks an undo", func() (*store.Game, error) { return e.m.Ask(ctx, id, bob.ID, store.UndoRequest, 2) })
	do("bob answers himself", func() (*store.Game, error) { return e.m.Answer(ctx, id, bob.ID, true, 2) })
	do("alice declines", func() (*store.Game, error) { return e.m.Answer(ctx, id, alice.ID, false, 2) })
	do("alice offers a draw", func() (*store.Game, error) { return e.m.Ask(ctx, id, alice.ID, store.DrawRequest, 2) })
	do("alice plays j10", func() (*store.Game, error) { return e.m.Play(ctx, id, alice.ID, "j10", 2) })
	do("bob answers the old button", func() (*store.Game, error) { return e.m.Answer(ctx, id, bob.ID, true, 2) })
	e.clock.Advance(5 * time.Hour)
	do("tick after 5h", func() (*store.Game, error) { return nil, e.m.Tick(ctx) })
	e.clock.Advance(time.Hour)
	do("tick after 6h", func() (*store.Game, error) { return nil, e.m.Tick(ctx) })
	do("alice plays k11", func() (*store.Game, error) { return e.m.Play(ctx, id, alice.ID, "k11", AnyPly) })
	do("alice asks a rematch", func() (*store.Game, error) { return e.m.Rematch(ctx, id, alice.ID) })
	do("bob asks a rematch", func() (*store.Game, error) { return e.m.Rematch(ctx, id, bob.ID) })

	path := filepath.Join("testdata", "scenario.golden")
	if *update {
		if err := os.WriteFile(path, []byte(out.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got := out.String(); got != string(want) {
		t.Errorf("transcript differs from %s (go test -update rewrites it):\n%s", path, got)
	}
}

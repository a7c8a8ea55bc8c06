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
	// posts prints the posts that changed since the last call: what the
	// lifecycle plans to show on Discord.
	shown := map[int64]string{}
	posts := func() {
		for id := int64(1); ; id++ {
			ps, err := e.db.Posts(ctx, id)
			if err != nil {
				t.Fatal(err)
			}
			if len(ps) == 0 {
				return
			}
			for _, p := range ps {
				line := fmt.Sprintf("  post %d of game %d: %s in %s, want %s", p.ID, p.GameID, p.Kind, p.ChannelID, p.Want)
				if p.Interaction != "" {
					line += ", through " + p.Interaction
				}
				if len(p.Ping) > 0 {
					line += fmt.Sprintf(", pings %v", p.Ping)
				}
				if p.Request != store.NoRequest {
					line += fmt.Sprintf(", %s by %v", p.Request, p.By)
				}
				if shown[p.ID] != line {
					shown[p.ID] = line
					out.WriteString(line + "\n")
				}
			}
		}
	}
	n := 0
	// as acts through a new interaction in channel c1.
	as := func(p Player) Actor {
		n++
		return Actor{Player: p, Via: Via{Interaction: fmt.Sprintf("i%d", n), Token: "token", At: e.clock.Now(), Channel: "c1", Locale: "en-US"}}
	}
	do := func(what string, f func() (*store.Game, error)) *store.Game {
		g, err := f()
		fmt.Fprintf(&out, "%s:", what)
		switch {
		case engine.ErrorCode(err).Class() == engine.ClassNone && err != nil:
			fmt.Fprintf(&out, " rule error (%v) %s", engine.ErrorCode(err), err)
		case err != nil:
			fmt.Fprintf(&out, " error (%v) %s", engine.ErrorCode(err), err)
		case g == nil:
			out.WriteString(" ok")
		default:
			fmt.Fprintf(&out, " ok, game %d %s", g.ID, g.Status)
		}
		out.WriteString("\n")
		flush()
		posts()
		return g
	}
	spec := ChallengeSpec{Setup: Setup{Kind: store.Gomoku, Rules: "renju"}, Challenger: alice, Opponent: bob, Rated: true,
		ChannelID: "c1", Via: as(alice).Via}
	g := do("alice challenges bob", func() (*store.Game, error) { return e.m.Challenge(ctx, spec) })
	id := g.ID
	do("carol accepts", func() (*store.Game, error) { return e.m.Accept(ctx, id, as(carol)) })
	do("bob accepts", func() (*store.Game, error) { return e.m.Accept(ctx, id, as(bob)) })
	do("bob plays h8", func() (*store.Game, error) { return e.m.Play(ctx, id, as(bob), "h8", 0) })
	do("alice plays h8", func() (*store.Game, error) { return e.m.Play(ctx, id, as(alice), "h8", 0) })
	do("alice plays g7 from the old board", func() (*store.Game, error) { return e.m.Play(ctx, id, as(alice), "g7", 0) })
	do("bob plays I 9", func() (*store.Game, error) { return e.m.Play(ctx, id, as(bob), "I 9", 1) })
	do("alice plays h8 again", func() (*store.Game, error) { return e.m.Play(ctx, id, as(alice), "h8", 2) })
	do("bob asks an undo", func() (*store.Game, error) { return e.m.Ask(ctx, id, as(bob), store.UndoRequest, 2) })
	do("bob answers himself", func() (*store.Game, error) { return e.m.Answer(ctx, id, as(bob), true, 2) })
	do("alice declines", func() (*store.Game, error) { return e.m.Answer(ctx, id, as(alice), false, 2) })
	do("alice offers a draw", func() (*store.Game, error) { return e.m.Ask(ctx, id, as(alice), store.DrawRequest, 2) })
	do("alice plays j10", func() (*store.Game, error) { return e.m.Play(ctx, id, as(alice), "j10", 2) })
	do("bob answers the old button", func() (*store.Game, error) { return e.m.Answer(ctx, id, as(bob), true, 2) })
	e.clock.Advance(5 * time.Hour)
	do("tick after 5h", func() (*store.Game, error) { return nil, e.m.Tick(ctx) })
	e.clock.Advance(time.Hour)
	do("tick after 6h", func() (*store.Game, error) { return nil, e.m.Tick(ctx) })
	do("alice plays k11", func() (*store.Game, error) { return e.m.Play(ctx, id, as(alice), "k11", AnyPly) })
	do("alice asks a rematch", func() (*store.Game, error) { return e.m.Rematch(ctx, id, as(alice)) })
	do("bob asks a rematch", func() (*store.Game, error) { return e.m.Rematch(ctx, id, as(bob)) })

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

package bot_test

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

var record = flag.Bool("record", false, "play the scenario against the fake Discord and record its interactions in testdata/scenario")

// recorded is one interaction as the bot received it, with the id of the
// message the answer created or updated: what TestRepliesGolden replays.
type recorded struct {
	Interaction json.RawMessage `json:"interaction"`
	Message     string          `json:"message,omitempty"`
}

// TestRecordScenario plays a game between people through the fake
// Discord and records every interaction the bot received, for the handler
// golden test (TestRepliesGolden) to replay without any Discord. It runs
// only with -record.
func TestRecordScenario(t *testing.T) {
	if !*record {
		t.Skip("recording the scenario needs -record")
	}
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	var (
		mu   sync.Mutex
		seen []json.RawMessage
	)
	w.g.AddHandler(func(_ *discordgo.Session, ic *discordgo.InteractionCreate) {
		i := ic.Interaction
		c := *i
		c.Token = "recorded-token" // a real one would be a secret; the replay does not send
		raw, err := json.Marshal(&c)
		if err != nil {
			t.Error(err)
			return
		}
		mu.Lock()
		seen = append(seen, raw)
		mu.Unlock()
	})
	var out []recorded
	step := func(r *discordtest.Reply, err error) *discordtest.Message {
		t.Helper()
		r = w.must(r, err)
		m := w.settled(r)
		for {
			mu.Lock()
			if len(seen) > len(out) {
				break
			}
			mu.Unlock()
			time.Sleep(time.Millisecond)
		}
		defer mu.Unlock()
		rec := recorded{Interaction: seen[len(out)]}
		if m != nil {
			rec.Message = m.ID
		}
		out = append(out, rec)
		return m
	}
	ch := step(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	step(w.carol.Click(ctx, ch, buttonID(t, ch, "Accept")))
	board := step(w.bob.Click(ctx, ch, buttonID(t, ch, "Accept")))
	board = step(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8")))
	p := step(w.bob.Click(ctx, board, buttonID(t, board, "Move…")))
	p = step(w.bob.Select(ctx, p, p.Components[0].Components[0].CustomID, "h"))
	board = step(w.bob.Select(ctx, p, p.Components[0].Components[0].CustomID, "9"))
	step(w.bob.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", "i")))
	prompt := step(w.alice.Click(ctx, board, buttonID(t, board, "Undo")))
	board = step(w.bob.Click(ctx, prompt, buttonID(t, prompt, "Accept")))
	board = step(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "i8")))
	step(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "i9")))
	prompt = step(w.bob.Click(ctx, board, buttonID(t, board, "Draw")))
	step(w.alice.Click(ctx, prompt, buttonID(t, prompt, "Decline")))
	ask := step(w.bob.Slash(ctx, w.lobby, "resign"))
	step(w.bob.Click(ctx, ask, buttonID(t, ask, "Yes, resign")))
	final := w.current(board)
	offer := step(w.alice.Click(ctx, final, buttonID(t, final, "Rematch")))
	step(w.bob.Click(ctx, offer, buttonID(t, offer, "Accept")))
	step(w.bob.Slash(ctx, w.lobby, "games"))
	step(w.bob.Slash(ctx, w.lobby, "leaderboard", discordtest.Opt("game", "gomoku")))
	step(w.carol.Slash(ctx, w.lobby, "stats", discordtest.Opt("user", w.alice.ID)))

	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "scenario", "interactions.json")
	if err := os.WriteFile(path, append(data, '\n'), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("recorded %d interactions in %s", len(out), path)
}

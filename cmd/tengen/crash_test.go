package main

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// The kill -9 matrix: the bot runs as a real process against the fake
// Discord, is killed with SIGKILL at a chosen step of a move or of an AI
// turn (a request held in the fake marks the step), and a new process
// must converge on its own: the newest board shows the newest position
// with live buttons in the server's language, every older board of the
// game has lost its buttons, no message stays "thinking…", nothing is due.

var (
	binOnce sync.Once
	binPath string
	binErr  error
)

// tengenBinary builds the bot once for the test run.
func tengenBinary(t *testing.T) string {
	t.Helper()
	binOnce.Do(func() {
		dir, err := os.MkdirTemp("", "tengen-bin")
		if err != nil {
			binErr = err
			return
		}
		binPath = filepath.Join(dir, "tengen")
		out, err := exec.Command("go", "build", "-o", binPath, ".").CombinedOutput()
		if err != nil {
			binErr = fmt.Errorf("go build: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	return binPath
}

// botProcess is one run of the bot binary.
type botProcess struct {
	cmd  *exec.Cmd
	logs *syncBuffer
}

// startBot runs the bot with the configuration cfg (YAML) and waits until
// it is up.
func startBot(t *testing.T, dc *discordtest.Discord, dir, cfg string) *botProcess {
	t.Helper()
	return startProcess(t, dc, dir, cfg, "run", "msg=running")
}

// startProcess runs "tengen command" with the configuration cfg (YAML,
// written in dir) and waits until its logs say ready.
func startProcess(t *testing.T, dc *discordtest.Discord, dir, cfg, command, ready string) *botProcess {
	t.Helper()
	path := filepath.Join(dir, "config.yaml")
	if err := os.WriteFile(path, []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	p := &botProcess{logs: &syncBuffer{}}
	p.cmd = exec.Command(tengenBinary(t), command, "-config", path)
	p.cmd.Env = append(os.Environ(), "DISCORD_TOKEN="+strings.TrimPrefix(discordtest.Token, "Bot "), "TENGEN_DISCORD_REST_URL="+dc.URL())
	p.cmd.Stderr, p.cmd.Stdout = p.logs, p.logs
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		p.kill()
		if t.Failed() {
			t.Logf("the bot's logs:\n%s", p.logs.String())
		}
	})
	select {
	case <-p.logs.seen(ready):
	case <-time.After(30 * time.Second):
		t.Fatalf("tengen %s did not start:\n%s", command, p.logs.String())
	}
	return p
}

// kill ends the process with SIGKILL, as a crash would.
func (p *botProcess) kill() {
	if p.cmd.ProcessState != nil {
		return
	}
	p.cmd.Process.Kill()
	p.cmd.Wait()
}

// crashWorld is a fake Discord in a zh-CN server and a bot directory.
type crashWorld struct {
	t          *testing.T
	dc         *discordtest.Discord
	dir, cfg   string
	lobby      *discordtest.Channel
	alice, bob *discordtest.User
}

func newCrashWorld(t *testing.T, deferAfter string) *crashWorld {
	dc := discordtest.New(t)
	dc.Guild().SetLocale(discordgo.ChineseCN)
	dir := t.TempDir()
	w := &crashWorld{t: t, dc: dc, dir: dir, lobby: dc.NewChannel("lobby"), alice: dc.User("alice"), bob: dc.User("bob")}
	w.cfg = fmt.Sprintf("database: %s\ndev_guild: %q\ndiscord:\n  defer_after: %s\ngames:\n  ai_workers: 1\n  tick_interval: 1s\n  puzzle_stock: 0\n",
		filepath.Join(dir, "tengen.db"), dc.Guild().ID, deferAfter)
	return w
}

func (w *crashWorld) start() *botProcess { return startBot(w.t, w.dc, w.dir, w.cfg) }

// must fails the test on an error from a user's action.
func (w *crashWorld) must(r *discordtest.Reply, err error) *discordtest.Reply {
	w.t.Helper()
	if err != nil {
		w.t.Fatal(err)
	}
	return r
}

// game returns the only game, with its posts, from the database.
func (w *crashWorld) game(ctx context.Context) (*store.Game, []*store.Post, error) {
	db, err := store.Open(ctx, filepath.Join(w.dir, "tengen.db"), store.Options{})
	if err != nil {
		return nil, nil, err
	}
	defer db.Close()
	g, err := db.Game(ctx, 1)
	if err != nil {
		return nil, nil, err
	}
	ps, err := db.Posts(ctx, 1)
	return g, ps, err
}

// converged waits until Discord shows game 1 as the store has it, and
// says why not when it never does.
func (w *crashWorld) converged(ctx context.Context, humanToMove bool) {
	w.t.Helper()
	var why string
	for deadline := time.Now().Add(45 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if why = w.why(ctx, humanToMove); why == "" {
			return
		}
	}
	var log []string
	for _, r := range w.dc.Requests() {
		log = append(log, fmt.Sprintf("%s %s %d", r.Method, r.Path[:min(len(r.Path), 60)], r.Status))
	}
	_, posts, _ := w.game(ctx)
	for _, p := range posts {
		log = append(log, fmt.Sprintf("post %+v", *p))
	}
	w.t.Fatalf("Discord never converged: %s\n%s", why, strings.Join(log, "\n"))
}

// why says what Discord shows wrong of game 1 ("" when nothing).
func (w *crashWorld) why(ctx context.Context, humanToMove bool) string {
	g, posts, err := w.game(ctx)
	if err != nil {
		return err.Error()
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return err.Error()
	}
	if humanToMove && g.Seats[eg.Turn()].IsAI() {
		return "the AI has not moved yet"
	}
	for _, m := range w.lobby.Messages() {
		if m.Loading() {
			return fmt.Sprintf("message %s still says thinking", m.ID)
		}
	}
	for _, p := range posts {
		if p.Due() {
			return fmt.Sprintf("post %d (%s) still wants %q, shows %q", p.ID, p.Kind, p.Want, p.Shown)
		}
		if p.Kind != store.BoardPost {
			continue
		}
		m := w.dc.Message(p.MessageID)
		if m == nil {
			return fmt.Sprintf("board post %d has no message %q", p.ID, p.MessageID)
		}
		bs := m.Buttons()
		if p.ID != g.BoardPost {
			if len(bs) != 0 {
				return fmt.Sprintf("old board %s kept its buttons", m.ID)
			}
			continue
		}
		want := "/move/" + strconv.Itoa(eg.Ply())
		if len(bs) == 0 || !strings.HasSuffix(bs[0].CustomID, want) {
			return fmt.Sprintf("the newest board %s does not have live buttons for move %d: %+v", m.ID, eg.Ply(), bs)
		}
		if len(m.Embeds) == 0 || !strings.Contains(m.Embeds[0].Title, "第 1 局") {
			return fmt.Sprintf("the newest board is not in the server's language: %+v", m.Embeds)
		}
	}
	return ""
}

// move plays a move of game 1 for the person whose turn it is (alice,
// black, against the AI): the first legal point, h8 on an empty board.
func (w *crashWorld) move(ctx context.Context) error {
	g, _, err := w.game(ctx)
	if err != nil {
		return err
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return err
	}
	player, mv := w.alice, "h8"
	if eg.Ply() > 0 {
		mv = eg.LegalMoves()[0]
	}
	if eg.Turn() == 1 {
		player = w.bob
	}
	_, err = player.Slash(ctx, w.lobby, "move", discordtest.Opt("move", mv))
	return err
}

// Routes the holds stop.
const (
	callbackRoute = "/interactions/{interaction_id}/{interaction_token}/callback"
	messageRoute  = "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}"
	originalRoute = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
)

// TestKillMatrix kills the bot at each step of a move between people and
// of a turn against the AI, and checks that a new process converges
// without anyone typing anything; then the game goes on.
func TestKillMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("the kill -9 matrix runs real processes")
	}
	tests := []struct {
		name       string
		ai         int    // the AI's level; 0 for a game between people
		deferAfter string // discord.defer_after
		// hold returns the hold marking the step (nil: kill once the
		// move's answer has arrived).
		hold func(dc *discordtest.Discord) *discordtest.Hold
		// mayMiss says the step may not come for one move (an answer
		// ready within defer_after is never deferred): the players then
		// play on until it does.
		mayMiss bool
		// afterAnswer says the step comes after the move's answer, so the
		// answer arriving first does not mean the step was missed.
		afterAnswer bool
	}{
		{name: "people: after the commit, before the answer", deferAfter: "1s",
			hold: func(dc *discordtest.Discord) *discordtest.Hold { return dc.HoldNext("POST", callbackRoute, false) }},
		{name: "people: after the answer, before it is recorded", deferAfter: "1s",
			hold: func(dc *discordtest.Discord) *discordtest.Hold { return dc.HoldNext("POST", callbackRoute, true) }},
		{name: "people: between the answer and the old board's edit", deferAfter: "1s", afterAnswer: true,
			hold: func(dc *discordtest.Discord) *discordtest.Hold { return dc.HoldNext("PATCH", messageRoute, false) }},
		{name: "people: after a defer", deferAfter: "1ms", mayMiss: true,
			hold: func(dc *discordtest.Discord) *discordtest.Hold { return dc.HoldNext("PATCH", originalRoute, false) }},
		{name: "AI: while the AI thinks", ai: 10, deferAfter: "1s"},
		{name: "AI: between two edits", ai: 1, deferAfter: "1s", afterAnswer: true,
			hold: func(dc *discordtest.Discord) *discordtest.Hold { return dc.HoldNext("PATCH", messageRoute, false) }},
		{name: "AI: after the answer, before it is recorded", ai: 1, deferAfter: "1s",
			hold: func(dc *discordtest.Discord) *discordtest.Hold { return dc.HoldNext("POST", callbackRoute, true) }},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newCrashWorld(t, tt.deferAfter)
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			p := w.start()
			if tt.ai == 0 {
				r := w.must(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
					discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
				id := r.Message().ID
				ch, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
					return m.ID == id && !m.Loading() && len(m.Buttons()) == 2
				})
				if err != nil {
					t.Fatal(err)
				}
				w.must(w.bob.Click(ctx, ch, ch.Buttons()[0].CustomID))
			} else {
				w.must(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai",
					discordtest.Opt("level", tt.ai), discordtest.Opt("colour", "black"))))
			}
			w.converged(ctx, true)

			// A move (alice's, or by turns while the step does not come),
			// and the kill at the step.
			var hold *discordtest.Hold
			if tt.hold != nil {
				hold = tt.hold(w.dc)
			}
		steps:
			for tries := 0; ; tries++ {
				moved := make(chan error, 1)
				go func() { moved <- w.move(ctx) }()
				if hold == nil {
					if err := <-moved; err != nil {
						t.Fatal(err)
					}
					break
				}
				select {
				case <-hold.Reached():
				case err := <-moved:
					if err == nil && tt.afterAnswer {
						select {
						case <-hold.Reached():
							break steps
						case <-ctx.Done():
							t.Fatal("the move was answered and the step after it never reached")
						}
					}
					if !tt.mayMiss || tries == 5 {
						t.Fatalf("the move was answered (%v) and the step never reached", err)
					}
					if err != nil {
						t.Fatal(err)
					}
					w.converged(ctx, true)
					continue
				case <-ctx.Done():
					t.Fatal("the step was never reached")
				}
				break
			}
			p.kill()
			if hold != nil {
				hold.Release()
			}
			w.start()
			w.converged(ctx, true)

			// The game goes on in the new process.
			if err := w.move(ctx); err != nil {
				t.Fatal(err)
			}
			w.converged(ctx, true)
			if g, _, err := w.game(ctx); err != nil || g.Status != store.Active {
				t.Fatalf("game after the restart: %+v, %v", g, err)
			}
		})
	}
}

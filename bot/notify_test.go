package bot_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
)

// notified returns how many notifications each user got since the counts
// in before, and remembers the new counts there.
func notified(w *world, before map[string]int, users ...*discordtest.User) map[string]int {
	got := map[string]int{}
	for _, u := range users {
		n := len(u.Notifications())
		got[u.Name] = n - before[u.Name]
		before[u.Name] = n
	}
	return got
}

// TestNotifiedOncePerTurnChange plays a game between people and one against
// the AI on a fake Discord that notifies as Discord does (mentions notify
// only in a message being created) and checks, after every step, that
// exactly the person who must act now was notified, once: the challenged
// player, the player to move, the player asked to answer a request; never
// the actor, never a bystander.
func TestNotifiedOncePerTurnChange(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{opts: []discordtest.Option{discordtest.WithRateLimits()}})
	ctx := ctxT(t)
	counts := map[string]int{}
	users := []*discordtest.User{w.alice, w.bob, w.carol}
	want := func(step string, who ...*discordtest.User) {
		t.Helper()
		w.idle()
		got := notified(w, counts, users...)
		for _, u := range users {
			n := 0
			for _, x := range who {
				if x == u {
					n++
				}
			}
			if got[u.Name] != n {
				for _, r := range w.dc.Requests() {
					t.Logf("%s %s %d", r.Method, r.Path, r.Status)
				}
				t.Fatalf("%s: %s was notified %d times, want %d (all: %v; %s's: %+v)", step, u.Name, got[u.Name], n, got, u.Name, u.Notifications())
			}
		}
	}

	ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	want("alice challenges bob", w.bob)
	board := w.click(w.bob, ch, "Accept")
	want("bob accepts: alice moves first", w.alice)
	board = w.play(w.alice, "h8")
	want("alice moves", w.bob)
	p := w.must(w.bob.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
	p = w.must(w.bob.Select(ctx, p, p.Components[0].Components[0].CustomID, "h")).Message()
	w.must(w.bob.Select(ctx, p, p.Components[0].Components[0].CustomID, "9"))
	want("bob moves with the picker", w.alice)
	board = w.play(w.alice, "i8")
	want("alice moves", w.bob)
	prompt := w.click(w.alice, board, "Undo")
	want("alice asks to take her move back", w.bob)
	board = w.click(w.bob, prompt, "Accept")
	want("bob accepts: alice is to move again", w.alice)
	board = w.play(w.alice, "j8")
	want("alice moves", w.bob)
	prompt = w.click(w.bob, board, "Draw")
	want("bob offers a draw", w.alice)
	w.click(w.alice, prompt, "Decline")
	want("alice declines: nobody's turn changed")
	board = w.do(w.bob.Slash(ctx, w.lobby, "board"))
	want("bob shows the board again")
	w.do(w.carol.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "a1")))
	want("a bystander's refusal")

	final := w.resign(w.bob, board)
	want("bob resigns: nobody has to act")
	w.must(w.bob.Click(ctx, final, buttonID(t, final, "Rematch")))
	offer, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "rematch") && len(m.Buttons()) == 2 && !disabled(m)
	})
	if err != nil {
		t.Fatal(err)
	}
	want("bob offers a rematch", w.alice)
	w.click(w.alice, offer, "Accept")
	want("alice accepts: bob, now black, moves first", w.bob)

	w.noFailures()
}

// slowAI answers like scriptAI after a delay: longer than a move's answer
// waits for the AI, so its reply is an edit of the board.
type slowAI struct {
	scriptAI
	delay time.Duration
}

func (a *slowAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	select {
	case <-time.After(a.delay):
	case <-ctx.Done():
		return "", ctx.Err()
	}
	return a.scriptAI.Move(ctx, g, level)
}

// TestNotifiedOfTheAIsReply: against the AI, each reply hands the turn back
// to the player, who is notified once: within the move's own answer when
// the AI answers at once, by a short message after the board's edit when
// it takes longer.
func TestNotifiedOfTheAIsReply(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		name   string
		ai     match.AI
		budget time.Duration
	}{
		{"quick", &scriptAI{}, 0},
		// a level that thinks 2 s: the move is answered at once, the reply
		// comes later
		{"slow", &slowAI{delay: 200 * time.Millisecond}, 2 * time.Second},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			w := newWorld(t, setup{ai: tt.ai, budget: tt.budget, opts: []discordtest.Option{discordtest.WithRateLimits()}})
			ctx := ctxT(t)
			counts := map[string]int{}
			board := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"))))
			if got := notified(w, counts, w.alice, w.bob); got["alice"] != 0 || got["bob"] != 0 {
				t.Fatalf("starting a game notified %v", got)
			}
			for i, mv := range []string{"h8", "a1", "a2"} {
				board = w.play(w.alice, mv)
				if _, err := w.waitMoves(board, itoa(2*i+2)); err != nil {
					t.Fatal(err)
				}
				w.idle()
				if got := notified(w, counts, w.alice, w.bob); got["alice"] != 1 || got["bob"] != 0 {
					t.Fatalf("move %d: notified %v, want alice once", i+1, got)
				}
			}
			// As fast as she can: each move's board is retired by the
			// next while its delivery may still be going on; a retired
			// board notifies nobody.
			for i, mv := range []string{"o15", "o14", "o13", "o12"} {
				r := w.must(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", mv)))
				if _, err := w.waitMoves(r.Message(), itoa(2*i+8)); err != nil {
					t.Fatal(err)
				}
			}
			w.idle()
			if got := notified(w, counts, w.alice, w.bob); got["alice"] != 4 || got["bob"] != 0 {
				t.Fatalf("four quick moves: notified %v, want alice four times", got)
			}
			w.noFailures()
		})
	}
}

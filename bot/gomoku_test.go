package bot_test

import (
	"bytes"
	"image/png"
	"slices"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/store"
)

// boardOf checks m is a live board message of game and returns it.
func checkBoard(t *testing.T, m *discordtest.Message, wantButtons ...string) {
	t.Helper()
	if m == nil {
		t.Fatal("no board message")
	}
	att, ok := m.Attachment("board.png")
	if !ok {
		t.Fatalf("board message %s has no board.png: %+v", m.ID, m.Attachments)
	}
	if _, err := png.Decode(bytes.NewReader(att.Data)); err != nil {
		t.Fatalf("board.png: %v", err)
	}
	if len(m.Embeds) != 1 || m.Embeds[0].Image == nil || m.Embeds[0].Image.URL != "attachment://board.png" {
		t.Fatalf("board embed = %+v", m.Embeds)
	}
	var got []string
	for _, b := range m.Buttons() {
		l := b.Label
		if strings.HasPrefix(l, "Undo (") { // against the AI: "Undo (2 left)"
			l = "Undo"
		}
		got = append(got, l)
	}
	if field(m, "Moves played") != "0" { // the move list, all of it: TestMovesButton
		wantButtons = append(slices.Clip(wantButtons), "Moves")
	}
	if strings.Join(got, ",") != strings.Join(wantButtons, ",") {
		t.Fatalf("buttons %v, want %v", got, wantButtons)
	}
}

func field(m *discordtest.Message, name string) string {
	for _, e := range m.Embeds {
		for _, f := range e.Fields {
			if f.Name == name {
				return f.Value
			}
		}
	}
	return ""
}

var liveButtons = []string{"Move…", "Undo", "Draw", "Resign"}

// startButtons are the buttons of a board before any move: nothing to
// take back.
var startButtons = []string{"Move…", "Draw", "Resign"}

// earlyAIButtons are the buttons of a board against the AI in its first
// moves, which the player may abort rather than resign.
var earlyAIButtons = []string{"Move…", "Undo", "Draw", "Abort"}

// buttonID returns the custom id of the button labelled label.
func buttonID(t testing.TB, m *discordtest.Message, label string) string {
	t.Helper()
	for _, b := range m.Buttons() {
		if b.Label == label {
			return b.CustomID
		}
	}
	t.Fatalf("message %s has no %q button: %+v", m.ID, label, m.Buttons())
	return ""
}

// TestGomokuGameToFive plays a whole game between two people: challenge,
// accept, moves typed and picked, a five, then the result, the replay, the
// stats and the leaderboard.
func TestGomokuGameToFive(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	alice, bob := w.alice, w.bob

	ch := w.do(alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", bob.ID), discordtest.Opt("first", "me"))))
	if ch.Ephemeral() || !strings.Contains(ch.Content, "<@"+bob.ID+">") {
		t.Fatalf("challenge message: %+v", ch)
	}
	// Only bob may accept.
	wantEphemeral(t, w.must(w.carol.Click(ctx, ch, buttonID(t, ch, "Accept"))), "you are not playing in game #1")
	board := w.click(bob, ch, "Accept")
	checkBoard(t, board, startButtons...)
	if !strings.Contains(board.Content, "<@"+alice.ID+">") {
		t.Fatalf("the board does not ask alice to move: %q", board.Content)
	}

	moves := []struct {
		u    *discordtest.User
		move string
	}{{alice, "a1"}, {bob, "o15"}, // ten moves at least: a shorter game moves no rating
		{alice, "h8"}, {bob, "h9"}, {alice, "i8"}, {bob, "i9"}, {alice, "j8"}, {bob, "j9"}, {alice, "k8"}, {bob, "k9"}}
	prev := board
	for i, mv := range moves {
		var cur *discordtest.Message
		if i%3 == 2 {
			// by the picker: Move…, column, row
			p := w.must(mv.u.Click(ctx, prev, buttonID(t, prev, "Move…"))).Message()
			if !p.Ephemeral() {
				t.Fatalf("picker is public: %+v", p)
			}
			col, row := mv.move[:1], mv.move[1:]
			sel := p.Components[0].Components[0].CustomID
			p2 := w.must(mv.u.Select(ctx, p, sel, col)).Message()
			w.must(mv.u.Select(ctx, p2, p2.Components[0].Components[0].CustomID, row))
			var err error
			cur, err = w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
				return m.ID != prev.ID && !m.Ephemeral() && field(m, "Moves played") == itoa(i+1)
			})
			if err != nil {
				t.Fatal(err)
			}
			w.idle()
		} else {
			cur = w.do(mv.u.Slash(ctx, w.lobby, "move", discordtest.Opt("move", mv.move)))
		}
		checkBoard(t, cur, liveButtons...)
		if got := field(cur, "Last move"); got != "`"+mv.move+"`" {
			t.Fatalf("move %d: last move %q, want %s", i+1, got, mv.move)
		}
		if old := w.dc.Message(prev.ID); len(old.Buttons()) != 0 {
			t.Fatalf("move %d: the previous board kept its buttons", i+1)
		}
		prev = cur
	}
	// A move out of turn and an occupied point are refused privately.
	wantEphemeral(t, w.must(bob.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "l9"))), "not your turn")
	wantEphemeral(t, w.must(alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h9"))), "h9")

	final := w.do(alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "l8")))
	checkBoard(t, final, "Rematch", "Review")
	if _, ok := final.Attachment("replay.gif"); !ok {
		t.Fatal("the final board has no replay")
	}
	if !strings.Contains(final.Content, "wins by five in a row") {
		t.Fatalf("result: %q", final.Content)
	}

	st, err := w.db.Stats(ctx, alice.ID, store.Gomoku)
	if err != nil || st.People.Wins != 1 {
		t.Fatalf("alice's stats %+v, %v", st, err)
	}
	lb := w.do(bob.Slash(ctx, w.lobby, "leaderboard", discordtest.Opt("game", "gomoku")))
	desc := lb.Embeds[0].Description
	if !strings.Contains(desc, "🥇 <@"+alice.ID+">") || !strings.Contains(desc, "🥈 <@"+bob.ID+">") {
		t.Fatalf("leaderboard: %q", desc)
	}
	if you := field(lb, "Your rank"); !strings.Contains(you, "<@"+bob.ID+">") || !strings.Contains(you, "0W 1L 0D") {
		t.Fatalf("bob's own rank: %q", you)
	}
	sm := w.do(bob.Slash(ctx, w.lobby, "stats", discordtest.Opt("user", alice.ID), discordtest.Opt("game", "gomoku")))
	if v := sm.Embeds[0].Fields[0].Value; !strings.Contains(v, "1W 0L 0D") {
		t.Fatalf("stats: %q", v)
	}
	w.noFailures()
}

func itoa(n int) string { return fmtInt(n) }

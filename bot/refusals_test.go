package bot_test

import (
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

// TestRenjuForbiddenRefused: black's double three is refused with the
// reason, privately, and the board does not change.
func TestRenjuForbiddenRefused(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame(discordtest.Opt("rule", "renju"))
	var board *discordtest.Message
	for i, mv := range []string{"h8", "a1", "i8", "a3", "j9", "a5", "j10", "a7"} {
		u := w.alice
		if i%2 == 1 {
			u = w.bob
		}
		board = w.play(u, mv)
	}
	r := w.must(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "j8")))
	wantEphemeral(t, r, "j8", "double three")
	if got := field(w.current(board), "Moves played"); got != "8" {
		t.Fatalf("the forbidden move changed the board: %s moves", got)
	}
	// the picker does not even offer it
	p := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
	p = w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "j")).Message()
	for _, o := range p.Components[0].Components[0].Options {
		if o.Value == "8" {
			t.Fatal("the picker offers the forbidden j8")
		}
	}
	w.noFailures()
}

// TestStrangersAndOutOfTurn: everyone else pressing a board's buttons, and
// a player acting out of turn, get an ephemeral explanation.
func TestStrangersAndOutOfTurn(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.startGame()
	for _, label := range []string{"Move…", "Draw", "Resign"} {
		r := w.must(w.carol.Click(ctx, board, buttonID(t, board, label)))
		wantEphemeral(t, r, "not playing")
	}
	wantEphemeral(t, w.must(w.bob.Click(ctx, board, buttonID(t, board, "Move…"))), "not your turn", "@alice")
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8"))), "no game in progress")
	if b := w.current(board); b.Version != board.Version {
		t.Fatalf("strangers changed the board: %+v", b)
	}
	w.noFailures()
}

// TestIllegalInput: moves that cannot be read or are off the board get a
// specific private error; a stale picker is recognised.
func TestIllegalInput(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.startGame()
	tests := []struct{ move, want string }{
		{"zz", "zz"},
		{"p16", "p16"},
		{"h8h8h8", "h8h8h8"},
	}
	for _, tt := range tests {
		wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", tt.move))), tt.want)
	}
	// game numbers start at 1: Discord refuses 0 and -5 as it does any
	// number out of the option's range; a number not yours is refused
	for _, id := range []int{0, -5} {
		if _, err := w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8"), discordtest.Opt("game", id)); err == nil || !strings.Contains(err.Error(), "out of range") {
			t.Fatalf("game:%d reached the bot: %v", id, err)
		}
	}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "h8"), discordtest.Opt("game", 99))),
		"Game #99 is not one of your games in progress")
	p := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
	w.play(w.alice, "h8") // the picker is now stale
	r := w.must(w.alice.Select(ctx, p, p.Components[0].Components[0].CustomID, "a"))
	wantEphemeral(t, r, "latest board")
	w.noFailures()
}

// TestChallengeExpires: an unanswered challenge expires on Tick and its
// buttons go; a stranger and the challenger are refused meanwhile.
func TestChallengeExpires(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	ch := w.do(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID))))
	wantEphemeral(t, w.must(w.carol.Click(ctx, ch, buttonID(t, ch, "Decline"))), "you are not playing in game #1")
	wantEphemeral(t, w.must(w.alice.Click(ctx, ch, buttonID(t, ch, "Accept"))), "")
	w.tickAfter(11 * time.Minute)
	if err := w.b.Idle(ctx); err != nil {
		t.Fatal(err)
	}
	m := w.current(ch)
	if len(m.Buttons()) != 0 || !strings.Contains(m.Content, "expired") {
		t.Fatalf("expired challenge: %q, %d buttons", m.Content, len(m.Buttons()))
	}
	w.noFailures()
}

// TestRequestAfterTheEnd: a prompt still open when the game ends is closed,
// a picker left open is explained, and so is a button the bot does not
// know: never "This interaction failed".
func TestRequestAfterTheEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	board := w.play(w.alice, "h8")
	prompt := w.click(w.alice, board, "Undo")
	picker := w.must(w.bob.Click(ctx, board, buttonID(t, board, "Move…"))).Message()
	w.confirmResign(w.alice, w.must(w.alice.Slash(ctx, w.lobby, "resign")), board)
	if p := w.current(prompt); len(p.Buttons()) != 0 || !strings.Contains(p.Content, "no longer stands") {
		t.Fatalf("the prompt outlived the game: %+v", p)
	}
	wantEphemeral(t, w.must(w.bob.Select(ctx, picker, picker.Components[0].Components[0].CustomID, "a")), "already over")

	other := w.dc.Session() // the same bot, posting a button of another era
	msg, err := other.ChannelMessageSendComplex(w.lobby.ID, &discordgo.MessageSend{Content: "old", Components: []discordgo.MessageComponent{
		discordgo.ActionsRow{Components: []discordgo.MessageComponent{discordgo.Button{Label: "Join", CustomID: "join-v0", Style: discordgo.PrimaryButton}}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	wantEphemeral(t, w.must(w.carol.Click(ctx, w.dc.Message(msg.ID), "join-v0")), "not one I know")
	w.noFailures()
}

// TestAutocomplete: /move suggests legal moves of the caller's game here,
// filtered by what was typed; Xiangqi moves come in the three notations.
func TestAutocomplete(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.startGame()
	w.play(w.alice, "h8")
	r := w.must(w.bob.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", "g")))
	if len(r.Choices) == 0 || len(r.Choices) > 25 {
		t.Fatalf("choices %+v", r.Choices)
	}
	for _, c := range r.Choices {
		if !strings.HasPrefix(c.Value.(string), "g") || c.Value == "h8" {
			t.Fatalf("choice %+v does not fit \"g\"", c)
		}
	}
	// full-width, as CJK keyboards type it
	r = w.must(w.bob.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", "Ｇ１")))
	if len(r.Choices) == 0 || !strings.HasPrefix(r.Choices[0].Value.(string), "g1") {
		t.Fatalf("full-width Ｇ１: %+v", r.Choices)
	}
	r = w.must(w.bob.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", "a1")))
	if len(r.Choices) != 1 || r.Choices[0].Value != "a1" {
		t.Fatalf("typed point: %+v", r.Choices)
	}
	r = w.must(w.carol.Autocomplete(ctx, w.lobby, "move", discordtest.Focused("move", "")))
	if len(r.Choices) != 0 {
		t.Fatalf("carol has no game, got %+v", r.Choices)
	}

	x := w.lobby
	ch := w.do(w.carol.Slash(ctx, x, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", w.alice.ID), discordtest.Opt("colour", "red"))))
	w.click(w.alice, ch, "Accept")
	r = w.must(w.carol.Autocomplete(ctx, x, "move", discordtest.Focused("move", "炮二")))
	found := false
	for _, c := range r.Choices {
		found = found || (c.Name == "h3e3 · 炮二平五 · C2.5" && c.Value == "h3e3")
	}
	if !found {
		t.Fatalf("no central cannon among %+v", r.Choices)
	}
	// alice has two games here now: the game option lists them
	r = w.must(w.alice.Autocomplete(ctx, x, "move", discordtest.Opt("move", "h"), discordtest.Focused("game", "")))
	if len(r.Choices) != 2 {
		t.Fatalf("alice's games: %+v", r.Choices)
	}
	wantEphemeral(t, w.must(w.alice.Slash(ctx, x, "board")), "several games")
	w.noFailures()
}

package bot_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
)

// noForbidden fails the test if the bot sent a request Discord refused
// with 403: where its bot user is not present it must not try.
func noForbidden(t testing.TB, w *world) {
	t.Helper()
	for _, req := range w.dc.Requests() {
		if req.Status == 403 {
			t.Fatalf("the bot tried %s %s, which Discord refused", req.Method, req.Path)
		}
	}
}

// TestPlayInBotDM: in a DM with the bot, a game against the AI is played
// in the reader's language from start to end (the AI's reply included),
// the board warns of nothing missing, a challenge is refused (nobody else
// can see the DM), and what time decides is shown with the bot token.
func TestPlayInBotDM(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	li := w.dc.User("li", discordtest.Locale(discordgo.ChineseCN))
	dm := w.dc.DM(li)

	r := w.must(li.Slash(ctx, dm, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID))))
	wantEphemeral(t, r, "只能和 AI 对局")

	board := w.do(li.Slash(ctx, dm, "gomoku", discordtest.Sub("ai", discordtest.Opt("level", 1), discordtest.Opt("colour", "black"))))
	if strings.Contains(board.Content, "⚠️") {
		t.Fatalf("a board in the bot's DM warns of something missing: %q", board.Content)
	}
	board = w.do(li.Slash(ctx, dm, "move", discordtest.Opt("move", "h8")))
	board, err := dm.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return m.ID == board.ID && len(m.Embeds) > 0 && strings.Contains(m.Embeds[0].Title, "第") && strings.Contains(m.Content, "轮到你")
	})
	if err != nil {
		t.Fatalf("the board after the AI's reply is not in Chinese: %v", err)
	}

	// Nobody plays for a day: the game is abandoned, with the bot token.
	w.tickAfter(match.DefaultMoveTimeout + time.Minute)
	if !strings.Contains(w.current(board).Content, "本局已放弃") {
		t.Fatalf("the board after a day without a move: %q", w.current(board).Content)
	}
	w.nothingDue()
	noForbidden(t, w)
	w.noFailures()
}

// TestPlayInGroupDM: in a group DM, where only its members installed
// Tengen, people present can be challenged and others cannot; a game is
// played through the interactions alone, the bot token is never tried,
// and a loss on time decided while nobody interacts is shown, with a
// notification, at the next interaction there.
func TestPlayInGroupDM(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	gdm := w.dc.GroupDM(w.alice, w.bob)

	r := w.must(w.alice.Slash(ctx, gdm, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.carol.ID))))
	wantEphemeral(t, r, "not in this group DM")

	ch := w.do(w.alice.Slash(ctx, gdm, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	if !strings.Contains(ch.Content, "next command or click here") {
		t.Fatalf("the challenge does not say what happens to timeouts here: %q", ch.Content)
	}
	board := w.click(w.bob, ch, "Accept")
	before := len(w.dc.Requests())
	for i, mv := range []string{"h8", "h9", "i8", "i9"} {
		board = w.do([2]*discordtest.User{w.alice, w.bob}[i%2].Slash(ctx, gdm, "move", discordtest.Opt("move", mv)))
	}
	w.idle()
	perMove := float64(len(w.dc.Requests())-before) / 4
	t.Logf("REST requests per move in a group DM: %.2f", perMove)
	if field(board, "Moves played") != "4" {
		t.Fatalf("the board after 4 moves: %+v", board)
	}

	// Nobody plays for a day: the loss is decided, but nothing reaches
	// the group DM until someone uses Tengen there.
	w.tickAfter(match.DefaultMoveTimeout + time.Minute)
	if strings.Contains(w.current(board).Content, "wins by time") {
		t.Fatal("the old board was edited although no token reaches it")
	}
	pings := len(w.dc.Notifications())
	w.must(w.bob.Slash(ctx, gdm, "games"))
	w.idle()
	if _, err := gdm.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "⏰") && strings.Contains(m.Content, "wins by time")
	}); err != nil {
		t.Fatalf("the loss on time was not shown at the next interaction: %v", err)
	}
	if _, err := gdm.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return m.ID != board.ID && strings.Contains(m.Content, "wins by time") && field(m, "Moves played") == "4"
	}); err != nil {
		t.Fatalf("no board of the finished game at the next interaction: %v", err)
	}
	if len(w.dc.Notifications()) == pings {
		t.Fatal("nobody was notified of the loss on time")
	}
	w.nothingDue()
	// Against the AI too.
	w.do(w.bob.Slash(ctx, gdm, "xiangqi", discordtest.Sub("ai", discordtest.Opt("level", 1))))
	noForbidden(t, w)
	w.noFailures()
}

// TestPlayInUserInstalledServer: in a server where only the players
// installed Tengen, a challenge reaches only members who can see the
// channel, the game is played through the interactions, the bot token is
// never tried, and the server's own /limits is not offered.
func TestPlayInUserInstalledServer(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	g := w.dc.NewGuild("theirs")
	g.SetBotMember(false)
	c := g.NewChannel("games")
	g.Leave(w.carol)
	dan := w.dc.User("dan")
	c.Hide(dan)

	r := w.must(w.alice.Slash(ctx, c, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.carol.ID))))
	wantEphemeral(t, r, "not a member of this server")
	r = w.must(w.alice.Slash(ctx, c, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", dan.ID))))
	wantEphemeral(t, r, "cannot see this channel")
	if _, err := w.alice.Slash(ctx, c, "limits"); !errors.Is(err, discordtest.ErrNotOffered) {
		t.Fatalf("/limits where the server did not install Tengen: %v", err)
	}

	ch := w.do(w.alice.Slash(ctx, c, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	board := w.click(w.bob, ch, "Accept")
	board = w.do(w.alice.Slash(ctx, c, "move", discordtest.Opt("move", "h8")))
	board = w.do(w.bob.Slash(ctx, c, "move", discordtest.Opt("move", "h9")))
	if field(board, "Moves played") != "2" {
		t.Fatalf("the board after 2 moves: %+v", board)
	}
	noForbidden(t, w)
	w.noFailures()
}

// TestChallengeSomeoneWhoCannotSee: in a server that installed Tengen too,
// a challenge is refused when its opponent is not a member or may not see
// the channel.
func TestChallengeSomeoneWhoCannotSee(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.dc.Guild().Leave(w.carol)
	w.lobby.Hide(w.bob)
	r := w.must(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.carol.ID))))
	wantEphemeral(t, r, "not a member of this server")
	r = w.must(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge", discordtest.Opt("opponent", w.bob.ID))))
	wantEphemeral(t, r, "cannot see this channel")
	if games, err := w.db.LiveGames(ctx); err != nil || len(games) != 0 {
		t.Fatalf("games after refused challenges: %v, %v", games, err)
	}
}

// TestOutdatedBoardClick: where no token reaches an old message any more
// (a group DM, 15 minutes later), a click on it is how it changes: an
// older board loses its buttons, the game's own board shows the game as
// it stands (here, lost on time), each through the click's response
// (type 7), with the reason the click did nothing as a private follow-up.
func TestOutdatedBoardClick(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	gdm := w.dc.GroupDM(w.alice, w.bob)
	ch := w.do(w.alice.Slash(ctx, gdm, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	first := w.click(w.bob, ch, "Accept")
	w.dc.Clock().Advance(20 * time.Minute)
	board := w.do(w.alice.Slash(ctx, gdm, "move", discordtest.Opt("move", "h8")))
	if len(w.current(first).Buttons()) == 0 {
		t.Fatal("the first board lost its buttons although no token reaches it")
	}
	r := w.must(w.bob.Click(ctx, w.current(first), buttonID(t, first, "Resign")))
	w.idle()
	if r.Type != discordgo.InteractionResponseUpdateMessage || len(w.current(first).Buttons()) != 0 {
		t.Fatalf("a click on the old board: response type %d, buttons %+v; want it updated without buttons", r.Type, w.current(first).Buttons())
	}
	if fs := r.Followups(); len(fs) != 1 || !fs[0].Ephemeral() || !strings.Contains(fs[0].Content, "use the latest board") {
		t.Fatalf("the reason, privately: %+v", fs)
	}

	w.tickAfter(match.DefaultMoveTimeout + time.Minute)
	r = w.must(w.bob.Click(ctx, w.current(board), buttonID(t, board, "Resign")))
	w.idle()
	if got := w.current(board); r.Type != discordgo.InteractionResponseUpdateMessage || !strings.Contains(got.Content, "wins by time") {
		t.Fatalf("a click on the game's board after the loss on time: type %d, board %q", r.Type, got.Content)
	}
	var reason, notice bool
	for _, f := range r.Followups() {
		reason = reason || f.Ephemeral() && strings.Contains(f.Content, "is over: black wins by time")
		notice = notice || !f.Ephemeral() && strings.HasPrefix(f.Content, "⏰") && strings.Contains(f.Content, "wins by time")
	}
	if !reason || !notice {
		t.Fatalf("the reason (%v) and the notice of the loss (%v), as follow-ups of the click", reason, notice)
	}
	w.nothingDue()
	noForbidden(t, w)
	w.noFailures()
}

// TestGroupDMLanguages: in a group DM, where there is no server language,
// what each player's interaction shows is in that player's language, and
// the AI's reply keeps the language of the move it answers; refusals are
// in the reader's own.
func TestGroupDMLanguages(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	li := w.dc.User("li", discordtest.Locale(discordgo.ChineseCN))
	gdm := w.dc.GroupDM(li, w.bob)
	board := w.do(li.Slash(ctx, gdm, "gomoku", discordtest.Sub("ai", discordtest.Opt("level", 1), discordtest.Opt("colour", "black"))))
	board = w.do(li.Slash(ctx, gdm, "move", discordtest.Opt("move", "h8")))
	if _, err := gdm.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return m.ID == board.ID && field(m, "已走步数") == "2" && strings.Contains(m.Content, "轮到你")
	}); err != nil {
		t.Fatalf("the board after the AI's reply is not in li's language: %v", err)
	}
	r := w.must(w.bob.Slash(ctx, gdm, "move", discordtest.Opt("move", "h9")))
	wantEphemeral(t, r, "no game in progress")
	r = w.must(li.Slash(ctx, gdm, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", w.carol.ID))))
	wantEphemeral(t, r, "不在这个群组私信里")
	ch := w.do(w.bob.Slash(ctx, gdm, "gomoku", discordtest.Sub("challenge", discordtest.Opt("opponent", li.ID))))
	if !strings.Contains(ch.Content, "challenges you") {
		t.Fatalf("bob's challenge is not in bob's language: %q", ch.Content)
	}
	noForbidden(t, w)
	w.noFailures()
}

// TestBotLeavesTheServer: a game begun where the server installed Tengen
// goes on after the bot user leaves the server (only the players' installs
// remain). The reminder due while nobody plays is refused to the bot token
// (403), which blocks it instead of retrying it; the next interaction there
// shows it, the boards say the game is now played through the interactions
// alone, the bot token is not tried again, and the game goes on to its end
// with nothing left due.
func TestBotLeavesTheServer(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	g := w.dc.NewGuild("theirs")
	c := g.NewChannel("games")
	ch := w.do(w.alice.Slash(ctx, c, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"))))
	w.click(w.bob, ch, "Accept")
	w.do(w.alice.Slash(ctx, c, "move", discordtest.Opt("move", "h8")))
	g.SetBotMember(false)
	w.tickAfter(match.DefaultMoveTimeout - match.DefaultRemindBefore + time.Minute)
	forbidden := func() int {
		n := 0
		for _, req := range w.dc.Requests() {
			if req.Status == 403 {
				n++
			}
		}
		return n
	}
	refused := forbidden()
	if refused == 0 {
		t.Fatal("the bot token was never refused: the test did not reach the case")
	}
	w.must(w.bob.Slash(ctx, c, "games"))
	w.idle()
	if _, err := c.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "⏰ <@"+w.bob.ID+">, it is your move")
	}); err != nil {
		t.Fatalf("the reminder was not shown at the next interaction: %v", err)
	}
	board := w.do(w.bob.Slash(ctx, c, "move", discordtest.Opt("move", "h9")))
	if !strings.Contains(board.Content, "next command or click here") {
		t.Fatalf("the board after the bot left does not say how time-outs are shown now: %q", board.Content)
	}
	for i, mv := range []string{"i8", "i9", "j8", "j9", "k8", "k9", "l8"} {
		board = w.do([2]*discordtest.User{w.alice, w.bob}[i%2].Slash(ctx, c, "move", discordtest.Opt("move", mv)))
	}
	if !strings.Contains(board.Content, "wins") {
		t.Fatalf("the game did not end with alice's five: %q", board.Content)
	}
	w.idle()
	w.nothingDue()
	if more := forbidden() - refused; more != 0 {
		t.Fatalf("%d more bot-token requests refused after the first interaction there", more)
	}
	w.noFailures()
}

package bot_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// clockGame has alice challenge bob with time control tc (alice black,
// moving first), bob accept, both play their first move at once (h8, h9:
// it starts their clocks) and alice play i8 after 7 seconds; it returns
// the board, which asks bob to move, and the game as stored.
func (w *world) clockGame(tc string) (*discordtest.Message, *store.Game) {
	w.t.Helper()
	w.startGame(discordtest.Opt("time", tc))
	w.play(w.alice, "h8")
	w.play(w.bob, "h9")
	w.dc.Clock().Advance(7 * time.Second)
	board := w.play(w.alice, "i8")
	id, err := parseButton(board)
	if err != nil {
		w.t.Fatal(err)
	}
	g, err := w.db.Game(ctxT(w.t), id)
	if err != nil {
		w.t.Fatal(err)
	}
	return board, g
}

// flagMarkup is the countdown a board shows to the flag of the player to
// move in g: Discord's relative timestamp of the deadline.
func flagMarkup(g *store.Game) string { return fmt.Sprintf("<t:%d:R>", g.Deadline.Unix()) }

// TestClockBoardShowsCountdown: a 3+2 board shows both clocks and a live
// countdown to the flag of the player to move, in the call to move too
// (before a player's first move, to when it is due); the challenge says
// the time control before it is accepted.
func TestClockBoardShowsCountdown(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	ch := w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"), discordtest.Opt("time", "3+2"))))
	if got := field(ch, "Time"); got != "3+2: 3 minutes each, +2 seconds per move" {
		t.Fatalf("the challenge's time: %q", got)
	}
	first := w.click(w.bob, ch, "Accept")
	if got := field(first, "Clock (3+2)"); !strings.HasPrefix(got, "⚫ black **3:00** · first move due <t:") {
		t.Fatalf("before the first move: %q", got)
	}
	if !strings.Contains(first.Content, "⏱ First move due <t:") {
		t.Fatalf("the first call to move: %q", first.Content)
	}
	w.play(w.alice, "h8")
	w.play(w.bob, "h9")
	w.dc.Clock().Advance(7 * time.Second)
	board := w.play(w.alice, "i8")
	id, err := parseButton(board)
	if err != nil {
		t.Fatal(err)
	}
	g, err := w.db.Game(ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if want := w.dc.Clock().Now().Add(3 * time.Minute).Truncate(time.Millisecond); !g.Deadline.Equal(want) {
		t.Fatalf("bob's flag at %v, want %v", g.Deadline, want)
	}
	want := "⚫ black **2:55**\n⚪ white **3:00** · flag falls " + flagMarkup(g)
	if got := field(board, "Clock (3+2)"); got != want {
		t.Fatalf("clock field %q, want %q", got, want)
	}
	if !strings.Contains(board.Content, "⏱ Flag falls "+flagMarkup(g)) {
		t.Fatalf("the call to move shows no countdown: %q", board.Content)
	}
	w.noFailures()
}

// TestClockFlagFallsWithNobodyInteracting: the lifecycle's tick at the
// flag (the ticker wakes at the next deadline, see cmd/tengen) ends the
// game on time, shows it on the board and tells the players.
func TestClockFlagFallsWithNobodyInteracting(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board, g := w.clockGame("3+2")
	next, err := w.m.NextDeadline(ctx)
	if err != nil || !next.Equal(g.Deadline) {
		t.Fatalf("next deadline %v, %v; want bob's flag %v", next, err, g.Deadline)
	}
	w.tickAfter(g.Deadline.Sub(w.dc.Clock().Now()) - time.Millisecond)
	if cur := w.current(board); strings.Contains(cur.Content, "wins by time") {
		t.Fatalf("the flag fell early: %q", cur.Content)
	}
	w.tickAfter(time.Millisecond)
	final := w.current(board)
	if !strings.Contains(final.Content, "<@"+w.alice.ID+"> (black) wins by time") {
		t.Fatalf("after the flag: %q", final.Content)
	}
	if got := field(final, "Clock (3+2)"); got != "⚫ black **2:55**\n⚪ white **0:00.0**" {
		t.Fatalf("final clocks %q", got)
	}
	if _, err := w.lobby.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "⏰ <@"+w.alice.ID+"> (black) wins by time")
	}); err != nil {
		t.Fatal(err)
	}
	w.noFailures()
}

// TestClockLateMoveLoses: a move that reaches the bot after the flag fell
// loses on time, though no tick has run; the player is told why.
func TestClockLateMoveLoses(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board, g := w.clockGame("3+2")
	w.dc.Clock().Advance(3*time.Minute + time.Second)
	r := w.must(w.bob.Slash(ctx, w.lobby, "move", discordtest.Opt("move", "i9")))
	wantEphemeral(t, r, "your time ran out at <t:"+fmt.Sprint(g.Deadline.Unix())+":t>", "you lose on time")
	w.idle()
	final := w.current(board)
	if !strings.Contains(final.Content, "<@"+w.alice.ID+"> (black) wins by time") {
		t.Fatalf("after the late move: %q", final.Content)
	}
	got, err := w.db.Game(ctx, g.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Outcome != engine.WinFor(engine.First, engine.Timeout) || got.Moves != g.Moves {
		t.Fatalf("stored: %+v, moves %q (was %q)", got.Outcome, got.Moves, g.Moves)
	}
	w.noFailures()
}

// TestClockSurvivesRestart: the bot stops in the middle of bob's turn and
// starts again later; bob's clock ran meanwhile, no more and no less.
func TestClockSurvivesRestart(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board, g := w.clockGame("3+2")
	w.dc.Clock().Advance(time.Minute)
	w.stop()
	w.dc.Clock().Advance(time.Minute) // the bot is down
	w.start()
	w.tickAfter(time.Minute - time.Millisecond)
	if cur, err := w.db.Game(ctx, g.ID); err != nil || cur.Status != store.Active {
		t.Fatalf("the restart took time: %v %v", cur.Status, err)
	}
	w.tickAfter(time.Millisecond)
	if final := w.current(board); !strings.Contains(final.Content, "wins by time") {
		t.Fatalf("the restart gave time: %q", final.Content)
	}
	w.noFailures()
}

// TestClockRefusesNonsense: a time control that makes no sense is refused
// privately, in the player's language, and creates no game.
func TestClockRefusesNonsense(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	for _, tc := range []string{"5+", "0+0", "999+0", "3 days"} {
		r := w.must(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("challenge",
			discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("time", tc))))
		wantEphemeral(t, r, "'"+tc+"' is not a time control", "10+5", "1 to 180 minutes", "3d")
	}
	r := w.must(w.alice.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("ai", discordtest.Opt("time", "0+0"))))
	wantEphemeral(t, r, "'0+0' is not a time control")
	kenji := w.dc.User("kenji", discordtest.Locale(discordgo.Japanese))
	r = w.must(kenji.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("time", "5+"))))
	wantEphemeral(t, r, "「5+」は持ち時間の指定ではありません")
	if games, err := w.db.UserGames(ctx, w.alice.ID); err != nil || len(games) != 0 {
		t.Fatalf("games made: %d, %v", len(games), err)
	}
	w.noFailures()
}

// TestClockAutocomplete: the time option suggests the presets, and what
// the player typed when it is a control of their own.
func TestClockAutocomplete(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	values := func(tc string) []string {
		r := w.must(w.alice.Autocomplete(ctx, w.lobby, "gomoku", discordtest.Sub("challenge", discordtest.Focused("time", tc))))
		var vs []string
		for _, c := range r.Choices {
			vs = append(vs, fmt.Sprint(c.Value))
		}
		return vs
	}
	if got := strings.Join(values(""), " "); got != "3+2 10+5 30+20 1d 3d 7d" {
		t.Fatalf("suggested %q", got)
	}
	if got := strings.Join(values("15+10"), " "); got != "15+10" {
		t.Fatalf("for 15+10: %q", got)
	}
	if got := strings.Join(values("d"), " "); got != "1d 3d 7d" {
		t.Fatalf("for d: %q", got)
	}
	w.noFailures()
}

// TestClockAgainstAI: only the person's clock runs against the AI; their
// flag ends the game as a loss on time.
func TestClockAgainstAI(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.do(w.alice.Slash(ctx, w.lobby, "gomoku", discordtest.Sub("ai", discordtest.Opt("colour", "black"), discordtest.Opt("time", "1+0"))))
	if _, err := w.waitMoves(w.play(w.alice, "h8"), "2"); err != nil { // the first move: free
		t.Fatal(err)
	}
	w.dc.Clock().Advance(5 * time.Second)
	board := w.play(w.alice, "j10")
	if board, err := w.waitMoves(board, "4"); err != nil {
		t.Fatal(err)
	} else if got := field(board, "Clock (1+0)"); !strings.HasPrefix(got, "⚫ black **0:55** · flag falls <t:") || !strings.HasSuffix(got, "⚪ white —") {
		t.Fatalf("clock field %q", got)
	}
	w.tickAfter(55 * time.Second)
	if final := w.current(board); !strings.Contains(final.Content, "wins by time") {
		t.Fatalf("at alice's flag: %q", final.Content)
	}
	w.noFailures()
}

// TestClockInChinese: in a Chinese server the board's clock, the
// countdown and the autocomplete suggestions are in Chinese.
func TestClockInChinese(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	w.dc.Guild().SetLocale(discordgo.ChineseCN)
	ming := w.dc.User("小明", discordtest.Locale(discordgo.ChineseCN))
	hua := w.dc.User("小華", discordtest.Locale(discordgo.ChineseTW))
	ch := w.do(ming.Slash(ctx, w.lobby, "xiangqi", discordtest.Sub("challenge",
		discordtest.Opt("opponent", hua.ID), discordtest.Opt("colour", "red"), discordtest.Opt("time", "10+5"))))
	if got := field(ch, "用时"); got != "10+5：每方 10 分钟，每步加 5 秒" {
		t.Fatalf("the challenge's time: %q", got)
	}
	board := w.click(hua, ch, "接受")
	if got := field(board, "棋钟（10+5）"); !strings.HasPrefix(got, "🔴 红方 **10:00** · 第一步截止：<t:") || !strings.HasSuffix(got, ":R>\n⚫ 黑方 **10:00**") {
		t.Fatalf("clock field %q", got)
	}
	if !strings.Contains(board.Content, "⏱ 第一步截止：<t:") {
		t.Fatalf("no countdown in %q", board.Content)
	}
	r := w.must(hua.Autocomplete(ctx, w.lobby, "xiangqi", discordtest.Sub("ai", discordtest.Focused("time", "3"))))
	if len(r.Choices) == 0 || r.Choices[0].Name != "3+2：每方 3 分鐘，每步加 2 秒" {
		t.Fatalf("suggestions for 小華: %+v", r.Choices)
	}
	w.noFailures()
}

// TestClockInGroupDM: where the bot cannot post (a group DM), a flag that
// falls with nobody interacting is decided at once; the board, whose
// interaction token still lasts, shows it, and the notice that tells the
// players comes with the next interaction there.
func TestClockInGroupDM(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	gdm := w.dc.GroupDM(w.alice, w.bob)
	ch := w.do(w.alice.Slash(ctx, gdm, "gomoku", discordtest.Sub("challenge",
		discordtest.Opt("opponent", w.bob.ID), discordtest.Opt("first", "me"), discordtest.Opt("time", "3+2"))))
	w.click(w.bob, ch, "Accept")
	w.do(w.alice.Slash(ctx, gdm, "move", discordtest.Opt("move", "h8")))
	w.do(w.bob.Slash(ctx, gdm, "move", discordtest.Opt("move", "h9")))
	board := w.do(w.alice.Slash(ctx, gdm, "move", discordtest.Opt("move", "i8")))
	w.tickAfter(3 * time.Minute)
	id, err := parseButton(board)
	if err != nil {
		t.Fatal(err)
	}
	if g, err := w.db.Game(ctx, id); err != nil || g.Outcome != engine.WinFor(engine.First, engine.Timeout) {
		t.Fatalf("after bob's flag: %+v, %v", g, err)
	}
	// A 3+2 flag falls well within the 15 minutes of the last move's
	// token, which edits its board at once.
	if got := w.current(board).Content; !strings.Contains(got, "<@"+w.alice.ID+"> (black) wins by time") {
		t.Fatalf("the board after bob's flag: %q", got)
	}
	w.must(w.bob.Slash(ctx, gdm, "games"))
	w.idle()
	if _, err := gdm.WaitMessage(ctx, func(m *discordtest.Message) bool {
		return strings.HasPrefix(m.Content, "⏰ <@"+w.alice.ID+"> (black) wins by time")
	}); err != nil {
		t.Fatalf("the notice of the loss on time is not shown at the next interaction: %v", err)
	}
	w.nothingDue()
	noForbidden(t, w)
	w.noFailures()
}

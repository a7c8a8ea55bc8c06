package bot_test

import (
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
	"github.com/tengen-bot/tengen/store/glicko2"
)

// keepPuzzles stores two puzzles whose solutions the rules prove: a
// Gomoku double four (k8, the block, the five) and a Xiangqi mate in one.
func (w *world) keepPuzzles() {
	w.t.Helper()
	ps := []store.Puzzle{
		{Kind: store.Gomoku, Record: "15 freestyle: h8 a1 i8 a3 j8 o1 k9 o3 k10 g8 k11 k12", Solver: engine.First, Theme: "vcf",
			Plies: 3, Line: []string{"k8", "l8", "k7"}, Rating: glicko2.Rating{Rating: 1300}},
		{Kind: store.Xiangqi, Record: "4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1", Solver: engine.First, Theme: "mate",
			Plies: 1, Line: []string{"b1b10"}, Rating: glicko2.Rating{Rating: 1000}},
	}
	if _, err := w.db.SavePuzzles(ctxT(w.t), ps); err != nil {
		w.t.Fatal(err)
	}
}

// puzzleEmbed is the private answer of a puzzle command, with its embed,
// once settled (a slow answer is deferred first).
func (w *world) puzzleEmbed(r *discordtest.Reply) (*discordtest.Message, *discordgo.MessageEmbed) {
	t := w.t
	t.Helper()
	m := w.settled(r)
	if m == nil || !m.Ephemeral() || len(m.Embeds) != 1 {
		t.Fatalf("a puzzle's answer: %+v", m)
	}
	return m, m.Embeds[0]
}

// TestPuzzlesEndToEnd: /puzzle next shows a puzzle privately with its
// board; /puzzle move judges each move (the engine replies), refusing
// what the rules refuse; the end shows the rating change and a Next
// button; Give up shows the solution; /puzzle daily is everyone's, once,
// with a server leaderboard; /stats shows the puzzle rating.
func TestPuzzlesEndToEnd(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{puzzles: true})
	w.keepPuzzles()
	ctx := ctxT(t)

	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("move", discordtest.Opt("move", "k8")))),
		"not solving a puzzle")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("next", discordtest.Opt("game", "xiangqi"),
		discordtest.Opt("theme", "vcf")))), "“win with fours (VCF)” puzzles are Gomoku puzzles")
	m, e := w.puzzleEmbed(w.must(w.alice.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("next", discordtest.Opt("game", "gomoku")))))
	if e.Title != "🧩 Puzzle #1 · Gomoku · win with fours (VCF)" || !strings.Contains(e.Description, "You play black. Win with fours only: find the win in 2 moves.") ||
		!strings.Contains(e.Footer.Text, "Puzzle rating 1300") {
		t.Fatalf("the puzzle: %q / %q / %+v", e.Title, e.Description, e.Footer)
	}
	if a, ok := m.Attachment("board.png"); !ok || len(a.Data) == 0 || !strings.Contains(a.Description, "Gomoku puzzle #1, black to play.") {
		t.Errorf("the puzzle's board: %+v", a)
	}
	if got := labels(m); len(got) != 1 || got[0] != "Give up" {
		t.Errorf("buttons %v", got)
	}
	// Suggestions come from the puzzle's position.
	r := w.must(w.alice.Autocomplete(ctx, w.lobby, "puzzle", discordtest.Sub("move", discordtest.Focused("move", "k"))))
	if len(r.Choices) == 0 || !strings.HasPrefix(r.Choices[0].Name, "k") {
		t.Errorf("suggestions: %+v", r.Choices)
	}
	move := func(u *discordtest.User, mv string) *discordtest.Reply {
		return w.must(u.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("move", discordtest.Opt("move", mv))))
	}
	wantEphemeral(t, move(w.alice, "h8"), "h8 is already taken")
	_, e = w.puzzleEmbed(move(w.alice, "k8"))
	if !strings.Contains(e.Description, "✅ **k8** is right. Tengen answers **l8**. 1 more to find.") {
		t.Fatalf("k8: %q", e.Description)
	}
	m, e = w.puzzleEmbed(move(w.alice, "k7"))
	if !strings.Contains(e.Description, "🎉 **k7**: solved!") || !strings.Contains(e.Description, "Puzzle rating 1500 → ") ||
		!strings.Contains(e.Description, "streak 1 (best 1)") {
		t.Fatalf("k7: %q", e.Description)
	}
	// Next: alice has tried the only Gomoku puzzle.
	wantEphemeral(t, w.must(w.alice.Click(ctx, m, buttonID(t, m, "Next puzzle"))), "no puzzle of this kind you have not tried")

	// bob gives up with the button: the answer shows the solution.
	m, _ = w.puzzleEmbed(w.must(w.bob.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("next", discordtest.Opt("theme", "vcf")))))
	w.must(w.bob.Click(ctx, m, buttonID(t, m, "Give up")))
	w.idle()
	if got := w.current(m); got == nil || len(got.Embeds) != 1 || !strings.Contains(got.Embeds[0].Description, "You gave up. The solution: **k8 l8 k7**") {
		t.Fatalf("given up: %+v", got)
	}

	// The daily puzzle: the same for everyone, one try each.
	_, e = w.puzzleEmbed(w.must(w.carol.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("daily", discordtest.Opt("game", "xiangqi")))))
	day := store.DayOf(w.dc.Clock().Now())
	if !strings.HasPrefix(e.Title, "🗓️ Daily puzzle of "+day+" · Xiangqi · mate") || !strings.Contains(e.Description, "You play red. Mate in 1.") {
		t.Fatalf("the daily: %q / %q", e.Title, e.Description)
	}
	_, e = w.puzzleEmbed(move(w.carol, "b1b10"))
	if !strings.Contains(e.Description, "solved!") {
		t.Fatalf("the daily's mate: %q", e.Description)
	}
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("daily", discordtest.Opt("game", "xiangqi")))),
		"tried today's puzzle already")
	_, e = w.puzzleEmbed(w.must(w.alice.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("daily", discordtest.Opt("game", "xiangqi")))))
	_, e = w.puzzleEmbed(move(w.alice, "a9a10"))
	if !strings.Contains(e.Description, "❌ **") || !strings.Contains(e.Description, "The solution: **") {
		t.Fatalf("a check that is no mate: %q", e.Description)
	}
	board := w.do(w.bob.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("leaderboard", discordtest.Opt("game", "xiangqi"))))
	if board.Ephemeral() || len(board.Embeds) != 1 || len(board.Embeds[0].Fields) != 2 ||
		!strings.HasPrefix(board.Embeds[0].Fields[0].Value, "1. <@"+w.carol.ID+"> · 0:") ||
		strings.Contains(board.Embeds[0].Fields[0].Value, w.alice.ID) {
		t.Fatalf("the leaderboard: %+v", board.Embeds)
	}

	stats := w.do(w.alice.Slash(ctx, w.lobby, "stats", discordtest.Opt("game", "gomoku")))
	if len(stats.Embeds) != 1 || !strings.Contains(stats.Embeds[0].Fields[0].Value, "Puzzles: **") ||
		!strings.Contains(stats.Embeds[0].Fields[0].Value, "1 solved of 1 · streak 1 (best 1)") {
		t.Fatalf("stats: %+v", stats.Embeds[0].Fields)
	}
	w.noFailures()
}

// TestPuzzlesInChinese: a puzzle speaks its solver's language, and takes
// moves in their notation.
func TestPuzzlesInChinese(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{puzzles: true})
	w.keepPuzzles()
	ctx := ctxT(t)
	zh := w.dc.User("zhang", discordtest.Locale(discordgo.ChineseCN))
	_, e := w.puzzleEmbed(w.must(zh.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("next", discordtest.Opt("game", "xiangqi")))))
	if !strings.Contains(e.Title, "谜题 #2") || !strings.Contains(e.Description, "红方走，1 步将死。") {
		t.Fatalf("the puzzle: %q / %q", e.Title, e.Description)
	}
	_, e = w.puzzleEmbed(w.must(zh.Slash(ctx, w.lobby, "puzzle", discordtest.Sub("move", discordtest.Opt("move", "车八进九")))))
	if !strings.Contains(e.Description, "解出来了") {
		t.Fatalf("车八进九: %q", e.Description)
	}
	w.noFailures()
}

package render

import (
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/engine"
)

// Words are the texts of a board's header and footer in one language. The
// caller fills them from its own catalogue, once per language; render picks
// no language itself, it only puts numbers, names and the words below into
// the formats. The formats are fmt formats whose verbs are listed on each
// field; a format need not use every argument (explicit indexes such as
// %[2]s let it pick and reorder them).
//
// A field left empty is taken from EnglishWords, so the zero value draws
// today's English boards.
type Words struct {
	// Black, White and Red name the sides as the board shows them (an
	// unnamed player, the side to move, the winner), e.g. "Black" or "黑方".
	// Gomoku's sides are Black and White, Xiangqi's Red and Black.
	Black, White, Red string
	// ToPlay is the footer of a game going on: %[1]d is the move number,
	// %[2]s the colour of the side to move. "Move %[1]d · %[2]s to play".
	ToPlay string
	// AI names the bot's own engine in the header: %d is its level.
	// "Tengen AI · level %d".
	AI string
	// Win is the result of a won game: %[1]s is the winner as the header
	// names them (display name, AI label or colour), %[2]s the winner's
	// colour and %[3]s the reason. "%[1]s wins by %[3]s".
	Win string
	// Draw is the result of a drawn game: %s is the reason. "Draw by %s".
	Draw string
	// Reasons name why a game ended, indexed by engine.Reason, e.g.
	// Reasons[engine.Checkmate] = "将死". A reason left empty (or one the
	// engine adds later) is named by the engine, in English
	// (engine.Reason.String). An array, not a map, keeps Words and Header
	// comparable with ==.
	Reasons [engine.NoLegalPoint + 1]string
	// Ended is the footer of a finished game: %[1]s is the result (Win or
	// Draw), %[2]d the number of moves played. "%[1]s · %[2]d moves".
	Ended string
	// EndedOne replaces Ended when exactly one move was played; if empty,
	// Ended is used (English only sets it: "%[1]s · %[2]d move").
	EndedOne string
}

// EnglishWords returns the English words, which are also what an empty
// field of Words means. Reasons is empty: the engine's names are English.
func EnglishWords() Words {
	return Words{
		Black:    "Black",
		White:    "White",
		Red:      "Red",
		ToPlay:   "Move %[1]d · %[2]s to play",
		AI:       "Tengen AI · level %d",
		Win:      "%[1]s wins by %[3]s",
		Draw:     "Draw by %s",
		Ended:    "%[1]s · %[2]d moves",
		EndedOne: "%[1]s · %[2]d move",
	}
}

// filled returns w with every empty field taken from EnglishWords.
func (w Words) filled() Words {
	en := EnglishWords()
	if w.EndedOne == "" && w.Ended != "" {
		w.EndedOne = w.Ended
	}
	fill := func(dst *string, def string) {
		if *dst == "" {
			*dst = def
		}
	}
	fill(&w.Black, en.Black)
	fill(&w.White, en.White)
	fill(&w.Red, en.Red)
	fill(&w.ToPlay, en.ToPlay)
	fill(&w.AI, en.AI)
	fill(&w.Win, en.Win)
	fill(&w.Draw, en.Draw)
	fill(&w.Ended, en.Ended)
	fill(&w.EndedOne, en.EndedOne)
	return w
}

// sides returns the colour names of board kind's two sides, indexed by
// engine.Side.
func (w *Words) sides(kind gameKind) [2]string {
	if kind == xiangqiBoard {
		return [2]string{w.Red, w.Black}
	}
	return [2]string{w.Black, w.White}
}

// reason names r.
func (w *Words) reason(r engine.Reason) string {
	if int(r) < len(w.Reasons) && w.Reasons[r] != "" {
		return w.Reasons[r]
	}
	return r.String()
}

// Check reports a format of w (after filling its blanks) that does not fit
// its arguments: an unknown verb, a verb of the wrong type, or an argument
// index out of range. A caller's catalogue test can run it on every
// language's Words.
func (w Words) Check() error {
	f := w.filled()
	for _, t := range []struct {
		field, format string
		args          []any
	}{
		{"ToPlay", f.ToPlay, []any{6, f.Red}},
		{"AI", f.AI, []any{3}},
		{"Win", f.Win, []any{"Alice", f.Black, "five in a row"}},
		{"Draw", f.Draw, []any{"agreement"}},
		{"Ended", f.Ended, []any{"result", 57}},
		{"EndedOne", f.EndedOne, []any{"result", 1}},
	} {
		if s := fmt.Sprintf(t.format, t.args...); strings.Contains(s, "%!") {
			return fmt.Errorf("render: words: %s format %q does not fit its arguments: %q", t.field, t.format, s)
		}
	}
	return nil
}

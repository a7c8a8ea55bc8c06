package bot

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
)

// verbsByArg maps each argument of format, by its index from 1, to the
// letter of its verb, following fmt's rules for explicit indexes.
func verbsByArg(format string) map[int]string {
	out := map[int]string{}
	next := 1
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		at := next
		if m[1] != "" {
			at, _ = strconv.Atoi(strings.Trim(m[1], "[]"))
		}
		next = at + 1
		out[at] = m[0][len(m[0])-1:]
	}
	return out
}

// simplifiedOnly and traditionalOnly are characters each script writes
// differently, so that a traditional one in 简体中文 (or the reverse) is a
// slip.
const (
	simplifiedOnly  = "这没说车马将帅进盘点对则请让选数间个边线长连为会结获胜经该给写号记谱从够着过确误应输储实际绊挡"
	traditionalOnly = "這沒說車馬將帥進盤點對則請讓選數間個邊線長連為會結獲勝經該給寫號記譜從夠著過確誤應輸儲實際絆擋"
)

// TestErrorCatalogueComplete checks that each Chinese locale words every
// engine code with the English format's arguments and verbs, and (in the
// catalogue) every Term; that it has nothing else; and that each keeps to
// its own script.
func TestErrorCatalogueComplete(t *testing.T) {
	known := map[string]bool{}
	for c := engine.Code(1); c < engine.NumCodes; c++ {
		known[c.Key()] = true
	}
	for _, l := range []locale{zhCN, zhTW} {
		table := errorCatalogue[l]
		for c := engine.Code(1); c < engine.NumCodes; c++ {
			f, ok := table[c.Key()]
			if !ok {
				t.Errorf("locale %d lacks %q (%s)", l, c.Key(), c.English())
				continue
			}
			want, got := verbsByArg(c.English()), verbsByArg(f)
			if fmt.Sprint(got) != fmt.Sprint(want) {
				t.Errorf("locale %d, %q: %q takes %v, English %q takes %v", l, c.Key(), f, got, c.English(), want)
			}
		}
		for tm := engine.Term(1); tm < engine.NumTerms; tm++ {
			w, ok := catalogue[l][tm.Key()]
			if !ok || strings.TrimSpace(w) == "" || strings.Contains(w, "%") {
				t.Errorf("locale %d: term %q is %q in the catalogue", l, tm.Key(), w)
			}
		}
		foreign := traditionalOnly
		if l == zhTW {
			foreign = simplifiedOnly
		}
		for key, f := range table {
			if !known[key] {
				t.Errorf("locale %d has %q, which is no engine code", l, key)
			}
			if strings.TrimSpace(f) == "" {
				t.Errorf("locale %d, %q is empty", l, key)
			}
			if i := strings.IndexAny(f, foreign); i >= 0 {
				t.Errorf("locale %d, %q: %q has %q, of the other script", l, key, f, []rune(f[i:])[0])
			}
		}
	}
	if errorCatalogue[en] != nil {
		t.Error("English has its own entries: it should use the engine's")
	}
}

// realErrors plays illegal moves and reads bad notation in real games and
// positions, returning each error with the code it must have.
func realErrors(t *testing.T) []struct {
	err  error
	code engine.Code
} {
	t.Helper()
	var out []struct {
		err  error
		code engine.Code
	}
	add := func(err error, code engine.Code) {
		out = append(out, struct {
			err  error
			code engine.Code
		}{err, code})
	}
	gomokuGame := func(size int, rule gomoku.Rule, moves string) *gomoku.Game {
		g, err := gomoku.NewGame(size, rule)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range strings.Fields(moves) {
			if _, err := g.Play(m); err != nil {
				t.Fatalf("%s: %v", m, err)
			}
		}
		return g
	}
	play := func(g engine.Game, move string) error {
		_, err := g.Play(move)
		return err
	}

	// Gomoku.
	g := gomokuGame(15, gomoku.Renju, "h8")
	add(play(g, "h8"), engine.Occupied)
	add(play(g, "p3"), engine.OffBoard)
	add(play(g, "hh"), engine.NotAPoint)
	add(play(g, "  "), engine.NoPointGiven)
	add(g.Undo(5), engine.UndoTooMany)
	add(g.Undo(-1), engine.UndoNegative)
	add(play(gomokuGame(15, gomoku.Renju, "h8 a1 j8 a2 i9 a3 i10 a4"), "i8"), engine.ForbiddenPoint)
	add(play(gomokuGame(15, gomoku.Renju, "e5 a1 f5 a3 g5 a5 h6 a7 h7 a9 h8 a11"), "h5"), engine.ForbiddenPoint)
	add(play(gomokuGame(15, gomoku.Renju, "c3 a1 d3 a3 e3 a5 g3 a7 h3 a9"), "f3"), engine.ForbiddenPoint)
	won := gomokuGame(15, gomoku.Freestyle, "h8 a1 i8 a2 j8 a3 k8 a4 l8")
	add(play(won, "b5"), engine.GomokuWon)
	add(engine.Over(won.Outcome(), won.Colours()), engine.GameWon)
	_, err := gomoku.ParseRule("go")
	add(err, engine.NotARule)
	_, err = gomoku.NewGame(17, gomoku.Renju)
	add(err, engine.BadBoardSize)
	add(new(gomoku.Game).UnmarshalText([]byte("17 renju: h8")), engine.NotABoardSize)
	add(new(gomoku.Game).UnmarshalText([]byte("h8 h9")), engine.NotASavedGame)
	_, err = gomoku.NewGame(15, gomoku.Rule(7))
	add(err, engine.UnknownRule)
	board, err := gomoku.NewBoard(15, gomoku.Freestyle)
	if err != nil {
		t.Fatal(err)
	}
	add(board.Play(gomoku.NoPoint, gomoku.Black), engine.NoSuchPoint)

	// Xiangqi moves, in every notation.
	moves := []struct {
		fen, move string
		code      engine.Code
	}{
		{xiangqi.StartFEN, "xyz", engine.NotAMove},
		{xiangqi.StartFEN, "", engine.NoMoveGiven},
		{xiangqi.StartFEN, "j3e3", engine.NotOnBoard},
		{xiangqi.StartFEN, "e5e6", engine.NoPieceOn},
		{xiangqi.StartFEN, "h8e8", engine.NotYourPiece},
		{xiangqi.StartFEN, "a1b1", engine.OwnPiece},
		{xiangqi.StartFEN, "e1e3", engine.GeneralStep},
		{xiangqi.StartFEN, "d1c2", engine.AdvisorPalace},
		{xiangqi.StartFEN, "c1e5", engine.ElephantStep},
		{"3k5/9/9/9/9/2B6/9/9/9/4K4 w - - 0 1", "c5e7", engine.ElephantRiver},
		{"5k3/9/9/9/9/9/9/9/3R5/2B1K4 w - - 0 1", "c1e3", engine.ElephantEye},
		{"3k5/9/9/9/9/9/9/9/4R4/4NK3 w - - 0 1", "e1d3", engine.HorseLeg},
		{xiangqi.StartFEN, "b1d3", engine.HorseStep},
		{xiangqi.StartFEN, "a1b2", engine.NotStraight},
		{xiangqi.StartFEN, "a1a5", engine.PathBlocked},
		{xiangqi.StartFEN, "h3h9", engine.PathBlocked},
		{xiangqi.StartFEN, "b3b8", engine.NoScreen},
		{xiangqi.StartFEN, "a4b4", engine.SoldierSideways},
		{"3k5/9/9/4P4/9/9/9/9/9/5K3 w - - 0 1", "e7e6", engine.SoldierBackward},
		{"4k4/9/9/9/9/4N4/9/9/9/4K4 w - - 0 1", "e5d7", engine.GeneralsFace},
		{"3k5/9/9/4r4/9/9/9/4N4/9/4K4 w - - 0 1", "e3d5", engine.LeavesInCheck},
		{"3k5/9/9/9/4r4/9/R8/9/9/4K4 w - - 0 1", "a4a5", engine.StillInCheck},
		{xiangqi.StartFEN, "C3.5", engine.NoPieceOnFile},
		{xiangqi.StartFEN, "C+.5", engine.FilesTooFew},
		{"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1", "5+.4", engine.FileTooFew},
		{"3k5/9/9/9/2C6/9/9/2C6/9/4K4 w - - 0 1", "C7.6", engine.Ambiguous},
		{"3k5/9/9/9/2C6/9/9/2C6/9/4K4 w - - 0 1", "炮七平六", engine.Ambiguous},
		{xiangqi.StartFEN, "H2.3", engine.NoSideways},
		{xiangqi.StartFEN, "H2+6", engine.CannotReachFile},
		{xiangqi.StartFEN, "R1+5", engine.PathBlocked},
		{xiangqi.StartFEN, "炮三平五", engine.NoPieceOnFile},
		{xiangqi.StartFEN, "炮二平二", engine.AlreadyOnFile},
		{xiangqi.StartFEN, "炮八进五", engine.NoScreen},
		{xiangqi.StartFEN, "马二平三", engine.NoSideways},
		{xiangqi.StartFEN, "R9-1", engine.OffBoardMove},
		{xiangqi.StartFEN, "h3h3", engine.AlreadyThere},
		{xiangqi.StartFEN, "d1d2", engine.AdvisorStep},
		{"3k5/9/9/9/9/9/9/5K3/9/9 w - - 0 1", "f3g3", engine.GeneralPalace},
		{"4k4/4a4/4n4/9/9/9/9/4C4/9/3K5 w - - 0 1", "e3e10", engine.ManyScreens},
		{"3k5/9/9/9/9/9/P8/9/9/4K4 w - - 0 1", "a4a6", engine.SoldierStep},
	}
	for _, m := range moves {
		g, err := xiangqi.NewGameFromFEN(m.fen)
		if err != nil {
			t.Fatal(err)
		}
		add(play(g, m.move), m.code)
	}
	p := xiangqi.StartPosition()
	_, err = p.ParseChinese("炮九九九")
	add(err, engine.NotChinese)
	_, err = p.ParseWXF("Z9.9")
	add(err, engine.NotWXF)
	_, err = xiangqi.ParseSquare("e")
	add(err, engine.NotASquare)
	add(p.CheckMove(xiangqi.NoSquare, xiangqi.NoSquare), engine.SquareOffBoard)
	add(xiangqi.NewGame().Undo(3), engine.UndoBeyond)
	add(new(xiangqi.Game).UnmarshalText([]byte(xiangqi.StartFEN+" movesh3e3")), engine.MovesAfterFEN)
	mated, err := xiangqi.NewGameFromFEN("1r1k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	if err := play(mated, "b10b1"); err != nil {
		t.Fatal(err)
	}
	add(play(mated, "e1e2"), engine.GameWon)
	_, err = match.NewRandomAI(1).Move(context.Background(), mated, 1)
	add(err, engine.NoLegalMove)
	repeated := xiangqi.NewGame()
	for range 2 {
		for _, m := range []string{"h1g3", "h10g8", "g3h1", "g8h10"} {
			if err := play(repeated, m); err != nil {
				t.Fatal(err)
			}
		}
	}
	add(play(repeated, "h3e3"), engine.GameDrawn)

	// Xiangqi positions.
	for _, f := range []struct {
		fen  string
		code engine.Code
	}{
		{"", engine.FENFields},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/RNBAKABNR w", engine.FENRanks},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN w", engine.FENRankPoints},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w", engine.FENRankLong},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN炮 w", engine.FENLetter},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBA1ABNR w", engine.FENNoGeneral},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR x", engine.FENTurn},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w k - 0 1", engine.FENDash},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - x 1", engine.FENClock},
		{"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 0", engine.FENFullmove},
		{"4k4/9/9/9/9/9/9/9/9/K8 w", engine.FENPalace},
		{"3k5/9/9/9/9/9/9/9/3A5/4K4 w", engine.FENAdvisor},
		{"4k4/9/9/9/B8/9/9/9/9/3K5 w", engine.FENElephant},
		{"4k4/9/9/9/9/9/9/P8/9/3K5 w", engine.FENSoldier},
		{"3k5/9/9/9/9/9/9/9/9/RRR1K4 w", engine.FENTooMany},
		{"4k4/9/9/9/9/9/9/9/9/4K4 w", engine.FENCapture},
	} {
		_, err := xiangqi.ParseFEN(f.fen)
		add(err, f.code)
	}
	return out
}

// notationWords are the English-looking words a Chinese message may keep
// in its own text because they are notation: the keyword of a saved
// Xiangqi game and the example of a saved Gomoku game.
var notationWords = map[string]bool{"moves": true, "renju": true}

// englishWord finds a run of three or more Latin letters.
var englishWord = regexp.MustCompile(`[A-Za-z]{3,}`)

// TestErrorTextTranslated renders real refusals in Chinese: every one is
// worded from the locale's table, with its terms translated, so that no
// English word is left but the notation and input it quotes.
func TestErrorTextTranslated(t *testing.T) {
	seen := map[engine.Code]bool{}
	for _, r := range realErrors(t) {
		var e *engine.Error
		if !errors.As(r.err, &e) || e.Code != r.code {
			t.Errorf("got %v (%v), want an error with code %v", r.err, engine.ErrorCode(r.err), r.code)
			continue
		}
		seen[e.Code] = true
		if got := en.errorText(e); got != e.Error() {
			t.Errorf("English %q, want the engine's %q", got, e.Error())
		}
		for _, l := range []locale{zhCN, zhTW} {
			text := l.errorText(e)
			if text == e.Error() || strings.Contains(text, "%!") {
				t.Errorf("locale %d, %v: %q", l, e.Code, text)
			}
			rest := text
			for _, a := range e.Args {
				if s, ok := a.(string); ok && s != "" {
					rest = strings.ReplaceAll(rest, strconv.Quote(s), " ")
					rest = strings.ReplaceAll(rest, s, " ")
				}
			}
			for _, w := range englishWord.FindAllString(rest, -1) {
				if !notationWords[w] && w != "FEN" && w != "WXF" {
					t.Errorf("locale %d, %v: %q leaves the English %q", l, e.Code, text, w)
				}
			}
			reply, internal := explain(l, fmt.Errorf("play: %w", r.err))
			if internal || !strings.Contains(reply, text) {
				t.Errorf("locale %d explains %v as %q, want it to contain %q", l, r.err, reply, text)
			}
		}
	}
	var missing []string
	for c := engine.Code(1); c < engine.NumCodes; c++ {
		if !seen[c] {
			missing = append(missing, c.String())
		}
	}
	t.Logf("%d real errors, %d of %d codes; not produced here: %s", len(realErrors(t)), len(seen), engine.NumCodes-1, strings.Join(missing, ", "))
}

// TestErrorTextExamples pins a few renderings, arguments reordered and
// terms translated.
func TestErrorTextExamples(t *testing.T) {
	tests := []struct {
		l    locale
		err  *engine.Error
		want string
	}{
		{zhCN, engine.E(engine.PathBlocked, engine.PieceCannon, "c3"), "炮的路线在 c3 被挡住了"},
		{zhTW, engine.E(engine.PathBlocked, engine.PieceChariot, "a4"), "車的路線在 a4 被擋住了"},
		{zhCN, engine.E(engine.ForbiddenPoint, engine.ShapeDoubleThree, "j8"), "黑方在 j8 落子会形成三三，这是禁手"},
		{zhTW, engine.E(engine.ForbiddenPoint, engine.ShapeOverline, "f3"), "黑方在 f3 落子會形成長連，這是禁手"},
		{zhCN, engine.E(engine.NotYourPiece, engine.PieceCannon, "h8", engine.ColourBlack, engine.ColourRed), "h8 上的炮是黑方的，现在轮到红方走"},
		{zhTW, engine.E(engine.NoPieceOnFile, engine.ColourRed, engine.PieceHorse, 3), "紅方在第 3 路上沒有馬"},
		{zhCN, engine.Over(engine.WinFor(engine.First, engine.Checkmate), [2]engine.Term{engine.ColourRed, engine.ColourBlack}), "对局已经结束：红方获胜（将死）"},
		{zhTW, engine.Over(engine.DrawBy(engine.Repetition), [2]engine.Term{engine.ColourRed, engine.ColourBlack}), "對局已經結束：和棋（重複局面）"},
		{en, engine.E(engine.HorseLeg, "e2"), "the horse's leg at e2 is blocked"},
	}
	for _, tt := range tests {
		if got := tt.l.errorText(tt.err); got != tt.want {
			t.Errorf("locale %d, %v %v: %q, want %q", tt.l, tt.err.Code, tt.err.Args, got, tt.want)
		}
	}
}

// TestRefusalsInChineseHaveNoEnglish: every refusal a zh-CN or zh-TW reader
// can get, the class's headline and the code's message, is Chinese through
// and through; Latin letters appear only in notation, in names of formats
// and in the AI's name.
func TestRefusalsInChineseHaveNoEnglish(t *testing.T) {
	word := regexp.MustCompile(`[A-Za-z]{2,}`)
	allowed := map[string]bool{"AI": true, "ID": true, "FEN": true, "WXF": true, "Tengen": true, "renju": true, "moves": true}
	check := func(l locale, what, text string) {
		t.Helper()
		for _, w := range word.FindAllString(verb.ReplaceAllString(text, ""), -1) {
			if !allowed[w] {
				t.Errorf("locale %d, %s: %q has the English %q", l, what, text, w)
			}
		}
	}
	for _, l := range []locale{zhCN, zhTW} {
		for c := engine.Code(1); c < engine.NumCodes; c++ {
			if c.Class() == engine.ClassInternal {
				continue // never shown: the reader gets err.internal
			}
			check(l, c.Key(), errorCatalogue[l][c.Key()])
			check(l, c.Key()+" headline", l.t(classKey[c.Class()]))
		}
		// With real arguments, as match words them.
		bob := engine.Seat{Name: "bob", UserID: "2", Colour: engine.ColourWhite}
		ai := engine.Seat{AI: 3, Colour: engine.ColourBlack}
		for _, err := range []error{
			engine.E(engine.NotYourTurn, ai),
			engine.E(engine.NotInGame, 4, bob, ai),
			engine.E(engine.AnswerOnlyOther, bob, engine.RequestDraw),
			engine.E(engine.RequestPending, engine.RequestUndo, bob),
			engine.E(engine.RequestExpired, engine.RequestUndo, time.Unix(1e9, 0)),
			engine.E(engine.GameEndedWon, 4, engine.ColourRed, engine.Resignation),
			engine.E(engine.GameEndedDrawn, 4, engine.Agreement),
		} {
			text, internal := explain(l, err)
			if internal {
				t.Errorf("%v is internal", err)
			}
			check(l, "explain", strings.ReplaceAll(text, "@bob", ""))
		}
	}
}

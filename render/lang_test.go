package render

import (
	"bytes"
	"image"
	"image/gif"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// languages are the readers the golden images are drawn for, with the
// players' names such a reader would likely see.
func languages() []struct {
	tag   string
	words Words
	names [2]string
} {
	return []struct {
		tag   string
		words Words
		names [2]string
	}{
		{"en", EnglishWords(), [2]string{"Alice", "Bob"}},
		{"zh-CN", zhCNWords(), [2]string{"王伟", "小明"}},
		{"zh-TW", zhTWWords(), [2]string{"陳國華", "黃飛鴻"}},
		{"vi", viWords(), [2]string{"Nguyễn Văn Ân", "Trần Thị Bích"}},
		{"ja", jaWords(), [2]string{"田中 黒子", "佐藤 花子"}},
		{"ko", koWords(), [2]string{"김민준", "이서연"}},
	}
}

// languageScenes are the golden images of each language: Gomoku and
// Xiangqi, each in progress and finished, against a person and the AI.
func languageScenes(t testing.TB) []struct {
	name  string
	paint func(r *Renderer) (*image.Paletted, error)
} {
	type scene = struct {
		name  string
		paint func(r *Renderer) (*image.Paletted, error)
	}
	var scenes []scene
	for _, l := range languages() {
		vsAI := Header{Players: [2]Player{{Name: l.names[0]}, {AI: true, Level: 3}}, Words: l.words}
		people := Header{Players: [2]Player{{Name: l.names[0]}, {Name: l.names[1]}}, Words: l.words}

		mid := midGomoku(15, 60)
		mid.Header = vsAI
		win := &Gomoku{Size: 15,
			Moves:   points(t, "h8 h9 i9 j8 g9 g8 i7 i8 k8 f7 g7 h7 j10 k11 e8 j6 f6"),
			WinLine: points(t, "f6 g7 h8 i9 j10"),
			Header:  people,
		}
		win.Header.Outcome = engine.WinFor(engine.First, engine.Five)
		// Move 6, red to play: a screen-horse opening.
		opening := XiangqiFromGame(playXiangqi(t, "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
			"h3e3 h10g8 h1g3 i10h10 i1h1 b10c8 c4c5 g7g6 h1h7 h8i8"), vsAI, false)
		aiFirst := vsAI
		aiFirst.Players[0], aiFirst.Players[1] = vsAI.Players[1], vsAI.Players[0]
		mate := XiangqiFromGame(playXiangqi(t, "3rkr3/7R1/4P4/p7p/9/9/P7P/4B4/9/3AK4 w - - 0 40", "h9e9"), aiFirst, false)
		// The English Gomoku scenes are the older goldens gomoku15_mid and
		// gomoku15_win, drawn there with zero Words: sharing the file checks
		// that EnglishWords draws exactly what the zero value does.
		suffix := "_" + l.tag
		if l.tag == "en" {
			suffix = ""
		}
		scenes = append(scenes,
			scene{"gomoku15_mid" + suffix, func(r *Renderer) (*image.Paletted, error) { return r.GomokuImage(mid, Options{}) }},
			scene{"gomoku15_win" + suffix, func(r *Renderer) (*image.Paletted, error) { return r.GomokuImage(win, Options{}) }},
			scene{"xiangqi_opening_" + l.tag, func(r *Renderer) (*image.Paletted, error) { return r.XiangqiImage(opening, Options{}) }},
			scene{"xiangqi_mate_" + l.tag, func(r *Renderer) (*image.Paletted, error) { return r.XiangqiImage(mate, Options{}) }},
		)
	}
	return scenes
}

// TestEnglishWordsDrawLikeZero checks pixel for pixel that EnglishWords and
// the zero Words draw the same boards, finished and not.
func TestEnglishWordsDrawLikeZero(t *testing.T) {
	r := NewRenderer()
	draw := func(words Words, outcome engine.Outcome) (gomoku, xiangqi []byte) {
		g := midGomoku(15, 60)
		x := matedXiangqi(t)
		g.Header.Outcome, x.Header.Outcome = outcome, outcome
		g.Header.Words, x.Header.Words = words, words
		gi, err := r.GomokuImage(g, Options{})
		if err != nil {
			t.Fatal(err)
		}
		xi, err := r.XiangqiImage(x, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return gi.Pix, xi.Pix
	}
	for _, outcome := range []engine.Outcome{{}, engine.WinFor(engine.Second, engine.Timeout), engine.DrawBy(engine.Agreement)} {
		zg, zx := draw(Words{}, outcome)
		eg, ex := draw(EnglishWords(), outcome)
		if !bytes.Equal(zg, eg) || !bytes.Equal(zx, ex) {
			t.Errorf("%v: EnglishWords draws a different board from the zero Words", outcome)
		}
		// And the comparison can fail: Chinese words change the picture.
		if cg, _ := draw(zhCNWords(), outcome); bytes.Equal(zg, cg) {
			t.Errorf("%v: Chinese words draw the English board", outcome)
		}
	}
}

// TestReplayKeepsWords checks that every frame of a replay, not only the
// last, is drawn in the header's words: the first frame of a Chinese
// replay is the empty board with the Chinese footer.
func TestReplayKeepsWords(t *testing.T) {
	r := NewRenderer()
	g := midGomoku(15, 6)
	g.Header.Words = zhCNWords()
	var buf bytes.Buffer
	if err := r.GomokuReplay(&buf, g, ReplayOptions{}); err != nil {
		t.Fatal(err)
	}
	replay, err := gif.DecodeAll(&buf)
	if err != nil {
		t.Fatal(err)
	}
	first := replay.Image[0]
	for _, tt := range []struct {
		words Words
		same  bool
	}{{zhCNWords(), true}, {Words{}, false}} {
		empty := Gomoku{Size: 15, Header: Header{Players: g.Header.Players, Words: tt.words}}
		want, err := r.drawGomoku(&empty, Options{}, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		if got := compareImages(first, want) == ""; got != tt.same {
			t.Errorf("first frame like the empty board in %q words: %v, want %v", tt.words.ToPlay, got, tt.same)
		}
	}
}

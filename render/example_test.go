package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/render"
)

// Draw a Gomoku position: the moves in order give colours and the marker.
func ExampleRenderer_Gomoku() {
	r := render.NewRenderer() // keep one for the whole program: it caches boards
	g := &render.Gomoku{
		Size:  15,
		Moves: []render.Point{{7, 7}, {7, 8}, {8, 8}}, // h8 h9 i9
		Header: render.Header{Players: [2]render.Player{
			{Name: "Alice"}, {AI: true, Level: 3},
		}},
	}
	var b bytes.Buffer
	if err := r.Gomoku(&b, g, render.Options{}); err != nil {
		log.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.Bounds().Size())
	// Output: (720,828)
}

// Draw a Xiangqi position the engine has read from a FEN, after red's
// cannon opening, from black's side, in the dark theme.
func ExampleRenderer_Xiangqi() {
	r := render.NewRenderer()
	p, err := xiangqi.ParseFEN("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1")
	if err != nil {
		log.Fatal(err)
	}
	m, err := p.ParseMove("h3e3")
	if err != nil {
		log.Fatal(err)
	}
	p.MakeMove(m)
	h := render.Header{Players: [2]render.Player{{Name: "Wei"}, {AI: true, Level: 5}}}
	x := render.XiangqiFromPosition(&p, m, h, true)
	img, err := r.XiangqiImage(x, render.Options{Theme: "dark", Scale: 0.5})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(img.Bounds().Size(), x.From, x.To)
	// Output: (360,448) h3 e3
}

// Draw a finished Xiangqi game for a reader of Simplified Chinese: the
// caller fills Words once per language from its catalogue, and every board
// and replay it draws for that reader carries them in its Header.
func ExampleWords() {
	var reasons [engine.NoLegalPoint + 1]string
	reasons[engine.Checkmate] = "将死"
	zh := render.Words{
		Black: "黑方", White: "白方", Red: "红方",
		ToPlay:  "第 %[1]d 手 · %[2]s走棋",
		AI:      "Tengen AI · %d 级",
		Win:     "%[2]s胜（%[3]s）",
		Draw:    "和棋（%s）",
		Ended:   "%[1]s· 共 %[2]d 手",
		Reasons: reasons,
	}
	if err := zh.Check(); err != nil { // a catalogue test can do this for every language
		log.Fatal(err)
	}
	g, err := xiangqi.NewGameFromFEN("3rkr3/7R1/4P4/p7p/9/9/P7P/4B4/9/3AK4 w - - 0 40")
	if err != nil {
		log.Fatal(err)
	}
	if _, err := g.Play("h9e9"); err != nil {
		log.Fatal(err)
	}
	h := render.Header{Players: [2]render.Player{{AI: true, Level: 3}, {Name: "小明"}}, Words: zh}
	x := render.XiangqiFromGame(g, h, false)
	var b bytes.Buffer
	if err := render.NewRenderer().Xiangqi(&b, x, render.Options{}); err != nil {
		log.Fatal(err)
	}
	fmt.Println(x.Header.Outcome)
	// Output: first wins by checkmate
}

package render_test

import (
	"bytes"
	"fmt"
	"image/png"
	"log"

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

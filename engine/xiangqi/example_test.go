package xiangqi_test

import (
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/engine/xiangqi"
)

func ExamplePosition_Describe() {
	p := xiangqi.StartPosition()
	m, err := p.ParseMove("C2.5")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(p.Describe(m))
	fmt.Println(p.Chinese(m, true))
	// Output:
	// h3e3 · 炮二平五 · C2.5
	// 炮二平五
}

func ExamplePosition_ParseMove() {
	p := xiangqi.StartPosition()
	for _, s := range []string{"h1g3", "H2+3", "傌二進三", "b1d3", "h3h9"} {
		m, err := p.ParseMove(s)
		if err != nil {
			fmt.Printf("%s: %v\n", s, err)
			continue
		}
		fmt.Printf("%s: %v\n", s, m)
	}
	// Output:
	// h1g3: h1g3
	// H2+3: h1g3
	// 傌二進三: h1g3
	// b1d3: the horse moves one point straight and then one diagonally
	// h3h9: the cannon's path is blocked at h8
}

func ExamplePosition_Perft() {
	p := xiangqi.StartPosition()
	for depth := 1; depth <= 3; depth++ {
		fmt.Println(depth, p.Perft(depth))
	}
	// Output:
	// 1 44
	// 2 1920
	// 3 79666
}

func ExamplePosition_MakeMove() {
	p := xiangqi.StartPosition()
	var buf [xiangqi.MaxMoves]xiangqi.Move
	nodes := 0
	for _, m := range p.GenerateMoves(buf[:0]) {
		u := p.MakeMove(m)
		nodes += p.CountMoves()
		p.UnmakeMove(m, u)
	}
	fmt.Println(nodes, p.FEN() == xiangqi.StartFEN)
	// Output: 1920 true
}

func ExamplePosition_Match() {
	p := xiangqi.StartPosition()
	for _, typed := range []string{"马八", "車一進", "ｈ３ｅ", "Ｃ２．５", "帅五进"} {
		q := xiangqi.NewQuery(typed) // fold once per keystroke
		var found []string
		for _, m := range p.GenerateMoves(nil) {
			if p.Match(m, q) {
				found = append(found, p.DescribeIn(m, true))
			}
		}
		fmt.Printf("%s: %s\n", typed, strings.Join(found, " | "))
	}
	// Output:
	// 马八: b1c3 · 马八进七 · H8+7 | b1a3 · 马八进九 · H8+9
	// 車一進: i1i2 · 车一进一 · R1+1 | i1i3 · 车一进二 · R1+2
	// ｈ３ｅ: h3e3 · 炮二平五 · C2.5
	// Ｃ２．５: h3e3 · 炮二平五 · C2.5
	// 帅五进: e1e2 · 帅五进一 · K5+1
}

func ExamplePieceName() {
	p := xiangqi.StartPosition()
	for _, s := range []string{"b1", "h10", "e1", "e10"} {
		sq, err := xiangqi.ParseSquare(s)
		if err != nil {
			fmt.Println(err)
			return
		}
		pc := p.At(sq)
		fmt.Println(s, xiangqi.PieceName(pc, false), xiangqi.PieceName(pc, true))
	}
	// Output:
	// b1 傌 马
	// h10 馬 马
	// e1 帥 帅
	// e10 將 将
}

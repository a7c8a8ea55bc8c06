package xiangqi_test

import (
	"fmt"

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

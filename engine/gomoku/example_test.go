package gomoku_test

import (
	"fmt"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
)

func ExampleGame_Play() {
	g, _ := gomoku.NewGame(gomoku.Small, gomoku.Renju)
	for _, move := range []string{"H8", "h 9", "i9", "h8"} {
		canonical, err := g.Play(move)
		if err != nil {
			fmt.Printf("%s: %v (%v)\n", move, err, engine.ErrorCode(err))
			continue
		}
		fmt.Println("played", canonical)
	}
	fmt.Println(g)
	// Output:
	// played h8
	// played h9
	// played i9
	// h8: h8 is already taken (occupied)
	// 15 renju: h8 h9 i9
}

func ExampleGame_MarshalText() {
	g, _ := gomoku.ParseGame("19 freestyle: J10 K11")
	text, _ := g.MarshalText()
	fmt.Println(string(text))
	// Output: 19 freestyle: j10 k11
}

func ExampleParsePoint() {
	for _, text := range []string{" H 8 ", "p3", "hh"} {
		p, err := gomoku.ParsePoint(text, gomoku.Small)
		fmt.Println(p, err)
	}
	// Output:
	// h8 <nil>
	// - p3 is off the board: columns run a–o and rows 1–15
	// - 'hh' is not a point: write a column letter then a row number, like h8
}

func ExampleBoard_Forbidden() {
	g, _ := gomoku.ParseGame("15 renju: h8 a1 j8 a2 i9 a3 i10 a4")
	b := g.Board()
	i8, _ := gomoku.ParsePoint("i8", b.Size())
	fmt.Println(b.Forbidden(i8))
	_, err := g.Play("i8")
	fmt.Println(err)
	// Output:
	// double three
	// black may not play a double three at i8
}

func ExampleBoard_Put() {
	b, _ := gomoku.NewBoard(gomoku.Small, gomoku.Freestyle)
	for i := range 5 {
		b.Put(gomoku.PointAt(3+i, 7), gomoku.Black)
	}
	last := gomoku.PointAt(7, 7)
	fmt.Println(b.Wins(last), gomoku.FormatMoves(b.WinningLine(last)))
	b.Take(last)
	fmt.Println(b.Wins(gomoku.PointAt(6, 7)), b.Stones())
	// Output:
	// true d8 e8 f8 g8 h8
	// false 4
}

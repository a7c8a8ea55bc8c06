package ai_test

import (
	"context"
	"fmt"
	"time"

	"github.com/tengen-bot/tengen/engine/gomoku"
	gomokuai "github.com/tengen-bot/tengen/engine/gomoku/ai"
)

// Black has a broken four (e8 f8 g8 _ i8) and takes the five.
func ExampleEngine_Think() {
	g, err := gomoku.ParseGame("15 renju: e8 e9 f8 f9 g8 g9 i8 a1")
	if err != nil {
		panic(err)
	}
	e := gomokuai.New(gomokuai.Options{Level: 10, MoveTime: time.Second})
	r, err := e.Think(context.Background(), g)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Text, r.By, gomokuai.WinIn(r.Score))
	// Output: h8 five 1
}

// After two stones neither side stands clearly better: a draw offer is accepted.
func ExampleEngine_Evaluate() {
	g, err := gomoku.ParseGame("15 freestyle: h8 h9")
	if err != nil {
		panic(err)
	}
	e := gomokuai.New(gomokuai.Options{Level: 10, MaxNodes: 20000})
	score, err := e.Evaluate(context.Background(), g)
	if err != nil {
		panic(err)
	}
	fmt.Println("accepts a draw:", e.AcceptsDraw(score))
	// Output: accepts a draw: true
}

package ai_test

import (
	"context"
	"fmt"

	"github.com/tengen-bot/tengen/engine/xiangqi"
	ai "github.com/tengen-bot/tengen/engine/xiangqi/ai"
)

// The engine finds a mate in one with two chariots.
func ExampleEngine_Think() {
	g, err := xiangqi.NewGameFromFEN("4k4/R8/9/9/9/9/9/9/9/1R1K5 w - - 0 1")
	if err != nil {
		panic(err)
	}
	e := ai.New(ai.Options{Level: 10, MaxDepth: 3, MoveTime: ai.NoTimeLimit})
	r, err := e.Think(context.Background(), g)
	if err != nil {
		panic(err)
	}
	fmt.Println(r.Text, "mate in", r.Mate)
	// Output: b1b10 mate in 1
}

// Evaluate scores a position for a draw offer: a side a chariot down
// accepts.
func ExampleAcceptsDraw() {
	g, err := xiangqi.NewGameFromFEN("3k5/9/9/9/9/9/9/9/9/R3K4 b - - 0 1")
	if err != nil {
		panic(err)
	}
	score, err := ai.New(ai.Options{}).Evaluate(context.Background(), g)
	if err != nil {
		panic(err)
	}
	fmt.Println(score < 0, ai.AcceptsDraw(score))
	// Output: true true
}

package match

import (
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

func TestReadRecord(t *testing.T) {
	eg, s, err := ReadRecord(store.Xiangqi, "1. C2.5 H8+7", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := xiangqi.StartFEN + " moves h3e3 h10g8"; s.Record != want || eg.Ply() != 2 || s.Rules != "asian" {
		t.Errorf("setup %+v, ply %d; want record %q at ply 2", s, eg.Ply(), want)
	}
	_, s, err = ReadRecord(store.Gomoku, "Piskvorky 19x19, 11:11, 0\n10,10,0\n-1", "renju", 15)
	if err != nil {
		t.Fatal(err)
	}
	if s.Size != 19 || s.Rules != "renju" || s.Record != "19 renju: j10" {
		t.Errorf("psq setup %+v, want 19×19 renju with j10", s)
	}
	for _, c := range []struct {
		kind  store.Kind
		text  string
		rules string
		code  engine.Code
	}{
		{store.Gomoku, "h8 a1 i8 a2 j8 a3 k8 a4 l8", "", engine.ImportOver},
		{store.Gomoku, "h8 h8", "", engine.ImportMove},
		{store.Gomoku, "h8", "pente", engine.UnknownRules},
		{store.Xiangqi, "", "", engine.ImportEmpty},
		{store.Xiangqi, "C2.5 h3e3", "", engine.ImportMove},
	} {
		if _, _, err := ReadRecord(c.kind, c.text, c.rules, 0); engine.ErrorCode(err) != c.code {
			t.Errorf("%s %q: %v, want %s", c.kind, c.text, err, c.code)
		}
	}
}

// TestImportAgainstAI continues an imported Xiangqi game against the AI:
// it starts at the imported move, the AI answers, an undo takes back the
// moves played since, and none goes further back.
func TestImportAgainstAI(t *testing.T) {
	e := newEnv(t, Config{})
	eg, s, err := ReadRecord(store.Xiangqi, "C2.5 H8+7 H2+3 R9.8", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	seat := ChallengerFirst // red is to move: alice plays it
	if eg.Turn() != engine.First {
		seat = OpponentFirst
	}
	g, err := e.m.Solo(ctx, SoloSpec{Setup: s, Player: alice, Level: 1, Start: seat, ChannelID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Start != 4 || g.Rated {
		t.Fatalf("imported game: start %d, rated %v; want 4, unrated", g.Start, g.Rated)
	}
	if _, err := e.m.Play(ctx, g.ID, as(alice.ID), "C8.6", AnyPly); err != nil {
		t.Fatal(err)
	}
	e.rec.waitFor(t, g.ID, MoveMade)
	e.rec.waitFor(t, g.ID, MoveMade) // the AI's answer
	if _, eg := e.game(g.ID); eg.Ply() != 6 {
		t.Fatalf("after alice and the AI: ply %d, want 6", eg.Ply())
	}
	if _, err := e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, AnyPly); err != nil {
		t.Fatal(err)
	}
	if _, eg := e.game(g.ID); eg.Ply() != 4 {
		t.Fatalf("after the undo: ply %d, want 4 (the imported start)", eg.Ply())
	}
	_, err = e.m.Ask(ctx, g.ID, as(alice.ID), store.UndoRequest, AnyPly)
	if engine.ErrorCode(err) != engine.UndoBeforeStart {
		t.Fatalf("an undo into the imported moves: %v, want UndoBeforeStart", err)
	}
	if !CanAbort(e.must(g.ID), eg) {
		t.Error("an imported game with no move of the player's yet cannot be aborted")
	}
}

func (e *env) must(id int64) *store.Game {
	g, _ := e.game(id)
	return g
}

// TestImportAIMovesFirst: when the player leaves the next move to the AI,
// the AI plays it.
func TestImportAIMovesFirst(t *testing.T) {
	e := newEnv(t, Config{})
	_, s, err := ReadRecord(store.Gomoku, "h8 h9", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	g, err := e.m.Solo(ctx, SoloSpec{Setup: s, Player: alice, Level: 1, Start: OpponentFirst, ChannelID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Seats[engine.First].AI == 0 {
		t.Fatalf("seats %+v: the AI should hold black, to move", g.Seats)
	}
	e.rec.waitFor(t, g.ID, MoveMade)
	if _, eg := e.game(g.ID); eg.Ply() != 3 || eg.Turn() != engine.Second {
		t.Fatalf("ply %d, %v to move; want the AI's move 3 and alice (white) to move", eg.Ply(), eg.Turn())
	}
}

// TestImportChallenge: an imported game between people is never rated,
// starts from its position once accepted, and its rematch starts there
// again.
func TestImportChallenge(t *testing.T) {
	e := newEnv(t, Config{})
	_, s, err := ReadRecord(store.Gomoku, "1. h8 h9 2. i8", "standard", 19)
	if err != nil {
		t.Fatal(err)
	}
	g, err := e.m.Challenge(ctx, ChallengeSpec{Setup: s, Challenger: alice, Opponent: bob, Start: ChallengerFirst, Rated: true, ChannelID: "c1"})
	if err != nil {
		t.Fatal(err)
	}
	if g.Rated || g.Start != 3 || g.Size != 19 || g.Rules != "standard" {
		t.Fatalf("challenge rated %v, start %d, %d %s; want unrated from move 3 on 19 standard", g.Rated, g.Start, g.Size, g.Rules)
	}
	if _, err := e.m.Accept(ctx, g.ID, as(bob.ID)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.m.Play(ctx, g.ID, as(alice.ID), "a1", AnyPly); engine.ErrorCode(err) != engine.NotYourTurn {
		t.Fatalf("alice, who left white's move to bob: %v, want NotYourTurn", err)
	}
	e.play(g.ID, "j10")
	if _, err := e.m.Resign(ctx, g.ID, as(alice.ID), AnyPly); err != nil {
		t.Fatal(err)
	}
	r, err := e.m.Rematch(ctx, g.ID, as(alice.ID))
	if err != nil {
		t.Fatal(err)
	}
	if r.Start != 3 || r.Moves != "19 standard: h8 h9 i8" || r.Rated {
		t.Errorf("rematch start %d, moves %q, rated %v; want the imported start again, unrated", r.Start, r.Moves, r.Rated)
	}
}

func TestMovesSince(t *testing.T) {
	eg, _, err := ReadRecord(store.Xiangqi, "3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1 moves e2f2 f1e1 f2f1", "", 0)
	if err != nil {
		t.Fatal(err)
	}
	// black moved first: plies 1 and 3 are black's, 2 red's
	for _, c := range []struct {
		side        engine.Side
		start, want int
	}{{engine.Second, 0, 2}, {engine.First, 0, 1}, {engine.Second, 1, 1}, {engine.First, 3, 0}} {
		if got := movesSince(eg, c.side, c.start); got != c.want {
			t.Errorf("movesSince(%v, %d) = %d, want %d", c.side, c.start, got, c.want)
		}
	}
}

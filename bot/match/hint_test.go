package match

import (
	"context"
	"slices"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestHintsAgainstTheAI(t *testing.T) {
	e := newEnv(t, Config{Analyst: &Engines{Spare: -1}, HintNodes: 20000, HintLimit: 2})
	g := e.solo(ChallengerFirst) // alice black, to move
	sg, eg := e.game(g.ID)
	if ok, left := e.m.HintRoom(sg, eg); !ok || left != 2 {
		t.Fatalf("HintRoom at the start: %v, %d; want true, 2", ok, left)
	}
	if _, err := e.m.Hint(ctx, g.ID, as(bob.ID), AnyPly); engine.ErrorCode(err) != engine.NotInGame {
		t.Errorf("bob's hint: %v, want NotInGame", err)
	}
	if _, err := e.m.Hint(ctx, g.ID, as(alice.ID), 5); engine.ErrorCode(err) != engine.StaleButton {
		t.Errorf("a hint from an old board: %v, want StaleButton", err)
	}
	before := sg.Version
	h, err := e.m.Hint(ctx, g.ID, as(alice.ID), 0)
	if err != nil {
		t.Fatal(err)
	}
	if h.Left != 1 || len(h.Line) == 0 || h.Line[0] != h.Move || !slices.Contains(eg.LegalMoves(), h.Move) {
		t.Fatalf("hint %+v: want a legal move, its line and 1 left", h)
	}
	sg, eg = e.game(g.ID)
	if sg.Hints != 1 || sg.Version != before+1 || eg.Ply() != 0 {
		t.Fatalf("after a hint: %d hints left, version %d (was %d), %d moves", sg.Hints, sg.Version, before, eg.Ply())
	}
	if ok, left := e.m.HintRoom(sg, eg); !ok || left != 1 {
		t.Errorf("HintRoom after one: %v, %d", ok, left)
	}
	if h, err = e.m.Hint(ctx, g.ID, as(alice.ID), AnyPly); err != nil || h.Left != 0 {
		t.Fatalf("the second hint: %+v, %v", h, err)
	}
	if _, err := e.m.Hint(ctx, g.ID, as(alice.ID), AnyPly); engine.ErrorCode(err) != engine.HintsUsed {
		t.Errorf("a third hint: %v, want HintsUsed", err)
	}
	sg, eg = e.game(g.ID)
	if ok, _ := e.m.HintRoom(sg, eg); ok || sg.Hints != 0 {
		t.Errorf("after both hints: room %v, %d left", ok, sg.Hints)
	}
}

func TestNoHintsBetweenPeopleOrWhenOff(t *testing.T) {
	e := newEnv(t, Config{Analyst: &Engines{Spare: -1}, HintNodes: 5000})
	g := e.duel(false)
	if _, err := e.m.Hint(ctx, g.ID, as(alice.ID), AnyPly); engine.ErrorCode(err) != engine.HintsOnlyAI {
		t.Errorf("a hint between people: %v, want HintsOnlyAI", err)
	}
	sg, eg := e.game(g.ID)
	if ok, _ := e.m.HintRoom(sg, eg); ok {
		t.Error("HintRoom between people")
	}
	off := newEnv(t, Config{Analyst: &Engines{Spare: -1}, HintLimit: -1})
	g = off.solo(ChallengerFirst)
	if _, err := off.m.Hint(ctx, g.ID, as(alice.ID), AnyPly); engine.ErrorCode(err) != engine.HintsUsed {
		t.Errorf("hints off: %v, want HintsUsed", err)
	}
	none := newEnv(t, Config{})
	g = none.solo(ChallengerFirst)
	if _, err := none.m.Hint(ctx, g.ID, as(alice.ID), AnyPly); engine.ErrorCode(err) != engine.NoHintsHere {
		t.Errorf("no engine for hints: %v, want NoHintsHere", err)
	}
	// On the AI's turn the person waits.
	on := newEnv(t, Config{Analyst: &Engines{Spare: -1}, AI: &thinkingAI{}})
	g = on.solo(OpponentFirst) // the AI moves first, and thinks
	if _, err := on.m.Hint(ctx, g.ID, as(alice.ID), 0); engine.ErrorCode(err) != engine.NotYourTurn {
		t.Errorf("a hint on the AI's turn: %v, want NotYourTurn", err)
	}
}

// thinkingAI never finds its move: its turn lasts until the test ends.
type thinkingAI struct{ RandomAI }

func (*thinkingAI) Move(ctx context.Context, g engine.Game, level int) (string, error) {
	<-ctx.Done()
	return "", ctx.Err()
}

func TestHintsFollowTheServer(t *testing.T) {
	// A server's setting gives its new games against the AI their hints;
	// elsewhere Config.HintLimit does; a game keeps what it was given.
	e := newEnv(t, Config{Analyst: &Engines{Spare: -1}, HintLimit: 3})
	if err := e.db.SetGuildSetting(ctx, "g1", HintsSetting, "1"); err != nil {
		t.Fatal(err)
	}
	solo := func(guild string) *store.Game {
		g, err := e.m.Solo(ctx, SoloSpec{Setup: Setup{Kind: store.Gomoku}, Player: alice, Level: 3, Start: ChallengerFirst, GuildID: guild, ChannelID: "c1"})
		if err != nil {
			t.Fatal(err)
		}
		return g
	}
	first := solo("g1")
	if first.Hints != 1 {
		t.Errorf("a game in g1: %d hints, want the server's 1", first.Hints)
	}
	if g := solo("g2"); g.Hints != 3 {
		t.Errorf("a game in g2: %d hints, want the default 3", g.Hints)
	}
	if err := e.db.SetGuildSetting(ctx, "g1", HintsSetting, "0"); err != nil {
		t.Fatal(err)
	}
	g := solo("g1")
	sg, eg := e.game(g.ID)
	if ok, _ := e.m.HintRoom(sg, eg); ok || sg.Hints != 0 {
		t.Errorf("hints off in g1: room %v, %d", ok, sg.Hints)
	}
	if sg, _ := e.game(first.ID); sg.Hints != 1 {
		t.Errorf("the first game in g1 has %d hints after the change, want its 1", sg.Hints)
	}
}

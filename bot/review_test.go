package bot_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
)

// blunderGame has alice (black) and bob play a game in which bob's a1
// ignores alice's four and she makes five; it returns the finished board.
// The game is match's TestReviewFindsTheBlunderWithTheRealEngine: bob
// stands well enough before a1 for it to be a blunder at any depth.
func (w *world) blunderGame() *discordtest.Message {
	w.t.Helper()
	w.startGame()
	var board *discordtest.Message
	for i, mv := range []string{"h8", "h9", "i8", "g7", "j8", "k8", "g8", "a1", "f8"} {
		u := w.alice
		if i%2 == 1 {
			u = w.bob
		}
		board = w.play(u, mv)
	}
	return board
}

// reviewShown waits for message id to show a review (its graph attached)
// and returns it.
func (w *world) reviewShown(ch *discordtest.Channel, id string) *discordtest.Message {
	w.t.Helper()
	m, err := ch.WaitMessage(ctxT(w.t), func(m *discordtest.Message) bool {
		_, ok := m.Attachment("review-graph.png")
		return m.ID == id && ok
	})
	if err != nil {
		w.t.Fatalf("the review never showed: %v", err)
	}
	return m
}

// whiteBlundered matches a review summary whose white line counts a blunder.
var whiteBlundered = regexp.MustCompile(`\(white\) · accuracy [0-9.]+%\n[^\n]*blunders [1-9]`)

// TestReviewAFinishedGame: the Review button on a finished board answers
// with the review's progress, then the review: both players' accuracy,
// the evaluation graph, and the turning point (bob's a1, a blunder that
// let alice make five) with the better move and its board. A second
// request is answered at once from the store, /review finds the last
// game, and people outside the game may review it only in its channel.
func TestReviewAFinishedGame(t *testing.T) {
	t.Parallel()
	w := newWorld(t, setup{})
	ctx := ctxT(t)
	board := w.blunderGame()
	checkBoard(t, board, "Rematch", "Review")

	r := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Review")))
	first := r.Message()
	if first == nil || first.Ephemeral() || !strings.HasPrefix(first.Content, "🔍 Reviewing game #1") {
		t.Fatalf("the answer to Review: %+v", first)
	}
	rv := w.reviewShown(w.lobby, first.ID)
	if rv.Content != "" || len(rv.Embeds) < 2 {
		t.Fatalf("the review: content %q, %d embeds", rv.Content, len(rv.Embeds))
	}
	sum, tp := rv.Embeds[0], blunderShown(t, rv)
	// White's a1 is a blunder; whether the engine also counts an earlier
	// white move as one is its judgment, not the review's.
	if sum.Title != "Review of Gomoku game #1" || !strings.Contains(sum.Description, "accuracy") ||
		!whiteBlundered.MatchString(sum.Description) || sum.Image == nil {
		t.Errorf("the summary: %q / %q", sum.Title, sum.Description)
	}
	if !strings.Contains(tp.Title, "Move 8 · bob (white)") || !strings.Contains(tp.Description, "Played a1: a blunder") ||
		!strings.Contains(tp.Description, "Better: f8") || !strings.Contains(tp.Description, "let the opponent force a win (moves to their five: 1)") {
		t.Errorf("the turning point: %q / %q", tp.Title, tp.Description)
	}
	graph, _ := rv.Attachment("review-graph.png")
	moment, ok := rv.Attachment("review-" + tp.Title[:1] + ".png")
	if !ok || !strings.Contains(graph.Description, "Evaluation graph of game #1") || moment.Description == "" {
		t.Errorf("attachments: %+v, %+v", graph, moment)
	}

	// bob asks again with /review (his last finished game): the kept
	// review, at once.
	again := w.must(w.bob.Slash(ctx, w.lobby, "review")).Message()
	if again == nil || len(again.Embeds) != len(rv.Embeds) || blunderShown(t, again).Description != tp.Description {
		t.Fatalf("the kept review: %+v", again)
	}

	// carol, who did not play, may review it here but not elsewhere.
	if m := w.must(w.carol.Slash(ctx, w.lobby, "review", discordtest.Opt("game", 1))).Message(); m == nil || len(m.Embeds) != len(rv.Embeds) {
		t.Errorf("carol's review in the game's channel: %+v", m)
	}
	other := w.dc.NewChannel("other")
	wantEphemeral(t, w.must(w.carol.Slash(ctx, other, "review", discordtest.Opt("game", 1))), "played elsewhere")
	wantEphemeral(t, w.must(w.carol.Slash(ctx, w.lobby, "review")), "no finished game to review")

	// A game being played cannot be reviewed yet; one that does not exist
	// is named.
	w.startGame()
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "review", discordtest.Opt("game", 2))), "still being played")
	wantEphemeral(t, w.must(w.alice.Slash(ctx, w.lobby, "review", discordtest.Opt("game", 9))), "no game #9")
	w.noFailures()
}

// blunderShown returns the turning point of review rv that shows bob's
// a1 (the one that let alice make five).
func blunderShown(t *testing.T, rv *discordtest.Message) *discordgo.MessageEmbed {
	t.Helper()
	for _, e := range rv.Embeds[1:] {
		if strings.Contains(e.Description, "Played a1") {
			return e
		}
	}
	t.Fatalf("no turning point shows a1: %d embeds", len(rv.Embeds))
	return nil
}

// gateAnalyst blocks every analysis until its gate opens (or the review is
// called off).
type gateAnalyst struct {
	gate    chan struct{}
	started chan struct{}
	once    sync.Once
}

func (g *gateAnalyst) Analyse(ctx context.Context, _ engine.Game, _ uint64) (match.Analysis, error) {
	g.once.Do(func() { close(g.started) })
	select {
	case <-g.gate:
		return match.Analysis{Expected: 0.5}, nil
	case <-ctx.Done():
		return match.Analysis{}, ctx.Err()
	}
}

// TestReviewFinishedAfterARestart: the bot stops while a review is being
// made; the next start finishes it in the same answer.
func TestReviewFinishedAfterARestart(t *testing.T) {
	t.Parallel()
	gate := &gateAnalyst{gate: make(chan struct{}), started: make(chan struct{})}
	w := newWorld(t, setup{analyst: gate})
	ctx := ctxT(t)
	board := w.blunderGame()
	first := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Review"))).Message()
	if first == nil || !strings.HasPrefix(first.Content, "🔍 Reviewing game #1") {
		t.Fatalf("the answer to Review: %+v", first)
	}
	<-gate.started
	w.stop() // the review is called off, not answered
	if m := w.current(first); !strings.HasPrefix(m.Content, "🔍 Reviewing") {
		t.Fatalf("after the stop the answer reads %q", m.Content)
	}
	w.analyst = nil // the next process has the real engines
	w.start()
	rv := w.reviewShown(w.lobby, first.ID)
	blunderShown(t, rv)
	w.noFailures()
}

// TestReviewFinishedAfterItsTokenLapsed: the bot stays down longer than
// the interaction token's 15 minutes while a review is being made; the
// next start finishes the review and shows it in the same answer, edited
// with the bot token, instead of leaving "Reviewing…" for good. In HTTP
// mode too, where the answer's id did not come with it.
func TestReviewFinishedAfterItsTokenLapsed(t *testing.T) {
	t.Parallel()
	for _, http := range []bool{false, true} {
		t.Run(fmt.Sprintf("http=%v", http), func(t *testing.T) {
			t.Parallel()
			gate := &gateAnalyst{gate: make(chan struct{}), started: make(chan struct{})}
			w := newWorld(t, setup{analyst: gate, http: http})
			ctx := ctxT(t)
			board := w.blunderGame()
			first := w.must(w.alice.Click(ctx, board, buttonID(t, board, "Review"))).Message()
			<-gate.started
			w.stop()
			w.dc.Clock().Advance(20 * time.Minute)
			w.analyst = nil
			w.start()
			rv := w.reviewShown(w.lobby, first.ID)
			blunderShown(t, rv)
			for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
				reqs, err := w.db.ReviewRequests(ctx)
				if err == nil && len(reqs) == 0 {
					break
				}
				if time.Now().After(deadline) {
					t.Fatalf("the answered request is still kept: %+v, %v", reqs, err)
				}
			}
			w.noFailures()
		})
	}
}

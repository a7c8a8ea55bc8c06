package bot

import (
	"context"
	"errors"
	"strings"
	"sync"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// A review is asked for with /review or a finished board's Review button.
// A kept review is the answer itself. Otherwise the answer says the review
// has started, with a progress bar, and a reviewer edits it (through the
// interaction's token) as the engine goes through the positions, then
// shows the review. The request is stored before the answer, so a process
// that dies mid-review finishes it at its next start (Resume), while the
// token lasts.

// reviewers runs the reviews this process is answering.
type reviewers struct {
	ctx    context.Context // ends when the bot closes
	cancel context.CancelFunc
	wg     sync.WaitGroup
	mu     sync.Mutex
	active map[string]bool // by interaction
}

// progressEvery is how often a review's answer shows its progress at most.
const progressEvery = 1500 * time.Millisecond

// reviewCommand is /review [game]: the game named, or the user's last
// finished one.
func (b *Bot) reviewCommand(q *request, o options) (reply, error) {
	id := o.int(optGame)
	if id == 0 {
		last, err := b.st.LastFinished(q.ctx, q.user.ID)
		if err != nil {
			return reply{}, err
		}
		if last == 0 {
			return reply{}, engine.E(engine.NoGameToReview)
		}
		id = last
	}
	return b.review(q, id)
}

// review answers a request for game id's review: the kept review, or the
// start of one.
func (b *Bot) review(q *request, id int64) (reply, error) {
	g, err := b.st.Game(q.ctx, id)
	if err != nil {
		return reply{}, err
	}
	if _, player := seatOf(g, q.user.ID); !player && !shownHere(g, q.i.ChannelID) {
		return reply{}, engine.E(engine.ReviewElsewhere, id)
	}
	r, kept, err := b.m.KeptReview(q.ctx, id)
	if err != nil {
		return reply{}, err
	}
	if kept {
		msg, err := b.pres.reviewMessage(g, r, q.public)
		if err != nil {
			return reply{}, err
		}
		return reply{kind: replyMessage, msg: msg}, nil
	}
	req := store.ReviewRequest{Interaction: q.i.ID, Token: q.i.Token, TokenUntil: q.via.At.Add(match.TokenLifetime),
		GameID: id, Locale: q.via.Locale, UserID: q.user.ID}
	if err := b.st.AddReviewRequest(q.ctx, req); err != nil {
		return reply{}, err
	}
	return reply{kind: replyMessage, msg: &message{Content: reviewProgress(q.public, id, 0, 1)},
		after: func(messageID string) {
			if messageID != "" {
				b.recordAnswer(q.ctx, &req, q.i.ChannelID, messageID)
			}
			b.startReview(req)
		}}, nil
}

// reviewProgress is the answer while game id's review has done of total
// positions.
func reviewProgress(loc locale, id int64, done, total int) string {
	const width = 12
	filled := done * width / max(total, 1)
	return loc.t("review.progress", id, strings.Repeat("▰", filled)+strings.Repeat("▱", width-filled), done*100/max(total, 1))
}

// startReview answers req in the background: progress, then the review.
// A request this process already answers is left to that reviewer.
func (b *Bot) startReview(req store.ReviewRequest) {
	rv := &b.reviews
	rv.mu.Lock()
	if rv.active[req.Interaction] || rv.ctx.Err() != nil {
		rv.mu.Unlock()
		return
	}
	rv.active[req.Interaction] = true
	rv.wg.Add(1)
	rv.mu.Unlock()
	go func() {
		defer rv.wg.Done()
		defer func() {
			rv.mu.Lock()
			delete(rv.active, req.Interaction)
			rv.mu.Unlock()
		}()
		b.answerReview(rv.ctx, req)
	}()
}

// answerReview makes req's review and shows it in req's answer: through
// the interaction's token while it lasts (with the progress meanwhile),
// with the bot token after. When ctx ends first (the bot closes) the
// request stays for the next start.
func (b *Bot) answerReview(ctx context.Context, req store.ReviewRequest) {
	byToken := b.clock.Now().Before(req.TokenUntil)
	if byToken && req.MessageID == "" {
		// An answer sent in the body of an HTTP interaction request came
		// back without its id: the token tells it.
		if m, err := b.rest.webhookMessage(ctx, req.Token, "@original"); err != nil {
			b.log.Warn("finding a review's answer", "game", req.GameID, "err", err)
		} else {
			b.recordAnswer(ctx, &req, m.ChannelID, m.ID)
		}
	}
	loc := localeOf(discordgo.Locale(req.Locale))
	var (
		mu          sync.Mutex
		done, total int
	)
	tick := time.NewTicker(progressEvery)
	defer tick.Stop()
	result := make(chan error, 1)
	var r match.Review
	go func() {
		var err error
		r, _, err = b.m.GameReview(ctx, req.GameID, func(d, t int) {
			mu.Lock()
			done, total = d, t
			mu.Unlock()
		})
		result <- err
	}()
	shown := 0
	var err error
wait:
	for {
		select {
		case err = <-result:
			break wait
		case <-tick.C:
			mu.Lock()
			d, t := done, total
			mu.Unlock()
			if d > shown && d < t && byToken {
				shown = d
				content := reviewProgress(loc, req.GameID, d, t)
				if _, err := b.rest.editWebhook(ctx, req.Token, "@original", &payload{Content: &content}, nil); err != nil {
					b.log.Warn("showing a review's progress", "game", req.GameID, "err", err)
				}
			}
		}
	}
	if ctx.Err() != nil || errors.Is(err, context.Canceled) {
		return // the bot or the lifecycle is closing: the next start finishes it
	}
	var msg *message
	if err == nil {
		var g *store.Game
		if g, err = b.st.Game(ctx, req.GameID); err == nil {
			msg, err = b.pres.reviewMessage(g, r, loc)
		}
	}
	if err != nil {
		text, internal := explain(loc, err)
		if internal {
			b.log.Error("a review failed", "game", req.GameID, "err", err)
		}
		msg = &message{Content: loc.t("review.failed", req.GameID, text)}
	}
	p := msg.full()
	err = nil
	if byToken {
		_, err = b.rest.editWebhook(ctx, req.Token, "@original", p, msg.files())
	}
	if (!byToken || tokenGone(err)) && req.MessageID != "" {
		_, err = b.rest.edit(ctx, req.ChannelID, req.MessageID, p, msg.files())
	}
	if err != nil && !tokenGone(err) && !forbidden(err) && restCode(err) != codeUnknownMessage {
		b.log.Warn("showing a review; the next start tries again", "game", req.GameID, "err", err)
		return
	}
	if err != nil {
		b.log.Warn("a review's answer can no longer be edited: it stays as it was", "game", req.GameID, "err", err)
	}
	if err := b.st.ReviewAnswered(context.WithoutCancel(ctx), req.Interaction); err != nil {
		b.log.Warn("forgetting an answered review request", "game", req.GameID, "err", err)
	}
}

// recordAnswer records that messageID in channelID answers req, so that
// the bot token can edit it once the interaction's token has lapsed.
func (b *Bot) recordAnswer(ctx context.Context, req *store.ReviewRequest, channelID, messageID string) {
	req.ChannelID, req.MessageID = channelID, messageID
	if err := b.st.ReviewShownIn(ctx, req.Interaction, channelID, messageID); err != nil {
		b.log.Warn("recording a review's answer", "game", req.GameID, "err", err)
	}
}

// resumeReviews finishes the review requests a process left unanswered:
// those whose token still lasts, or whose answer's message is known (the
// bot token edits it), are answered; the others can no longer be edited
// and are forgotten.
func (b *Bot) resumeReviews(ctx context.Context) error {
	reqs, err := b.st.ReviewRequests(ctx)
	if err != nil {
		return err
	}
	now := b.clock.Now()
	var errs []error
	for _, req := range reqs {
		if !req.TokenUntil.After(now) && req.MessageID == "" {
			b.log.Warn("a review request outlived its token: its answer stays as it was", "game", req.GameID, "interaction", req.Interaction)
			errs = append(errs, b.st.ReviewAnswered(ctx, req.Interaction))
			continue
		}
		b.startReview(req)
	}
	return errors.Join(errs...)
}

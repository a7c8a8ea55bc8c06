package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// defaultLevel is the AI level of /gomoku ai and /xiangqi ai without a level.
const defaultLevel = 3

// played answers an interaction that changed game id: with the post the
// change created through the interaction (a new message: it notifies whom
// it pings), or else the clicked post it changed (an update of the clicked
// message), shown as the game stands now; a click that changed neither is
// acknowledged. The deliverer shows the other due posts of the game (and
// of also) afterwards.
func (b *Bot) played(q *request, id int64, also ...int64) (reply, error) {
	d, err := b.st.Delivery(q.ctx, id)
	if err != nil {
		return reply{}, fmt.Errorf("reading game %d: %w", id, err)
	}
	rep := reply{kind: replyAck, games: append([]int64{id}, also...)}
	for _, p := range d.Due {
		if p.Interaction == q.i.ID && p.MessageID == "" {
			rep.kind, rep.post = replyMessage, p
			break
		}
	}
	if rep.post == nil && q.via.Source != "" {
		for _, p := range d.Due {
			if p.MessageID == q.via.Source {
				rep.kind, rep.post = replyUpdate, p
				break
			}
		}
	}
	if rep.post == nil {
		if q.i.Type != discordgo.InteractionMessageComponent {
			return ephemeralReply("✅"), nil // nothing here to show: the deliverer shows it elsewhere
		}
		return rep, nil
	}
	eg, err := match.Restore(d.Game.Kind, d.Game.Moves)
	if err != nil {
		return reply{}, err
	}
	if rep.msg, err = b.pres.post(d.Game, eg, rep.post); err != nil {
		return reply{}, err
	}
	return rep, nil
}

// opponentOf reads the user option of a command from the resolved data.
func opponentOf(i *discordgo.Interaction, o options, name string) (match.Player, bool) {
	x, ok := o[name]
	if !ok {
		return match.Player{}, false
	}
	id, _ := x.Value.(string)
	d := i.ApplicationCommandData()
	p := match.Player{ID: id}
	if d.Resolved != nil {
		if u := d.Resolved.Users[id]; u != nil {
			p.Name, p.Bot = displayName(u), u.Bot
		}
		if m := d.Resolved.Members[id]; m != nil && m.Nick != "" {
			p.Name = m.Nick
		}
	}
	return p, id != ""
}

// challenge is /gomoku challenge and /xiangqi challenge.
func (b *Bot) challenge(q *request, o options, kind store.Kind) (reply, error) {
	opp, _ := opponentOf(q.i, o, optOpponent)
	if err := canSee(q, opp.ID); err != nil {
		return reply{}, err
	}
	rated, tc, err := b.gameTerms(q, o)
	if err != nil {
		return reply{}, err
	}
	start := match.RandomFirst
	switch o.str(optFirst) {
	case "me":
		start = match.ChallengerFirst
	case "opponent":
		start = match.OpponentFirst
	default:
		start = kindOf(kind).seating(o.str(optColour))
	}
	g, err := b.m.Challenge(q.ctx, match.ChallengeSpec{
		Setup:      match.Setup{Kind: kind, Rules: o.str(optRule), Size: int(o.int(optSize)), Time: tc},
		Challenger: q.user, Opponent: opp, Start: start, Rated: rated,
		GuildID: q.i.GuildID, ChannelID: q.i.ChannelID, Via: q.via,
	})
	if err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID)
}

// solo is /gomoku ai and /xiangqi ai.
func (b *Bot) solo(q *request, o options, kind store.Kind) (reply, error) {
	_, tc, err := b.gameTerms(q, o) // against the AI nothing is rated
	if err != nil {
		return reply{}, err
	}
	level := int(o.int(optLevel))
	if level == 0 {
		level = defaultLevel
	}
	start := kindOf(kind).seating(o.str(optColour))
	g, err := b.m.Solo(q.ctx, match.SoloSpec{
		Setup:  match.Setup{Kind: kind, Rules: o.str(optRule), Size: int(o.int(optSize)), Time: tc},
		Player: q.user, Level: level, Start: start, GuildID: q.i.GuildID, ChannelID: q.i.ChannelID, Via: q.via,
	})
	if err != nil {
		return reply{}, err
	}
	rep, err := b.played(q, g.ID)
	rep.thread = b.wantsThread(q)
	return rep, err
}

// accept is the Accept button of a challenge: the game's first board.
func (b *Bot) accept(q *request, c customID) (reply, error) {
	g, err := b.m.Accept(q.ctx, c.Game, q.actor())
	if err != nil {
		return reply{}, err
	}
	rep, err := b.played(q, g.ID)
	rep.thread = b.wantsThread(q)
	return rep, err
}

// decline is the Decline button of a challenge: the challenged user
// declines, the challenger withdraws.
func (b *Bot) decline(q *request, c customID) (reply, error) {
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return reply{}, err
	}
	if g.Status == store.Challenge && g.Seats[g.Challenger].UserID == q.user.ID {
		g, err = b.m.Withdraw(q.ctx, c.Game, q.actor())
	} else {
		g, err = b.m.Decline(q.ctx, c.Game, q.actor())
	}
	if err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID)
}

// findGame picks the caller's active game for a slash command: the one
// named by the game option, or their only game in this channel (a game
// paired across servers is in the channels of both).
func (b *Bot) findGame(q *request, o options) (*store.Game, error) {
	games, err := b.st.UserGames(q.ctx, q.user.ID)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", q.user.ID, err)
	}
	if _, named := o[optGame]; named {
		id := o.int(optGame) // 0 and below name no game, like any unknown number
		for _, g := range games {
			if g.ID == id {
				if g.Status != store.Active {
					return nil, refuse("err.game.waiting", id)
				}
				return g, nil
			}
		}
		return nil, refuse("err.game.notyours", id)
	}
	var here []*store.Game
	for _, g := range games {
		if g.Status == store.Active && shownHere(g, q.i.ChannelID) {
			here = append(here, g)
		}
	}
	switch len(here) {
	case 0:
		return nil, refuse("err.game.none")
	case 1:
		return here[0], nil
	}
	ids := make([]string, len(here))
	for i, g := range here {
		ids[i] = gameID(g.ID)
	}
	return nil, refuse("err.game.several", strings.Join(ids, ", "))
}

// shownHere reports whether game g is shown in channel: its own, or, for
// a game paired across servers, its mirror's.
func shownHere(g *store.Game, channel string) bool {
	return g.ChannelID == channel || g.Mirrored() && g.Mirror.ChannelID == channel
}

// moveCommand is /move.
func (b *Bot) moveCommand(q *request, o options) (reply, error) {
	g, err := b.findGame(q, o)
	if err != nil {
		return reply{}, err
	}
	move := o.str(optMove)
	if read := kindOf(g.Kind).read; read != nil {
		eg, err := match.Restore(g.Kind, g.Moves)
		if err != nil {
			return reply{}, err
		}
		move = read(q.loc, eg, move)
	}
	return b.play(q, g.ID, move, match.AnyPly)
}

// aiWait bounds how long a move's answer waits for the AI's reply, so that
// a quick reply is shown (and notifies the player) in that same answer,
// one message instead of an answer, an edit and a notification. It stays
// well inside the time before the answer is deferred; an AI whose level
// thinks longer is not waited for.
const aiWait = 600 * time.Millisecond

// play plays a move for the user and answers with its board: against the
// AI, with the AI's reply when it comes within aiWait.
func (b *Bot) play(q *request, id int64, move string, ply int) (reply, error) {
	g, err := b.m.Play(q.ctx, id, q.actor(), move, ply)
	if err != nil {
		return reply{}, err
	}
	b.awaitAI(q, g)
	return b.played(q, g.ID)
}

// awaitAI waits, within aiWait, for the AI to answer the move that left
// game g as it is.
func (b *Bot) awaitAI(q *request, g *store.Game) {
	level := g.AILevel()
	if g.Status != store.Active || level == 0 {
		return
	}
	budget := b.m.Budget(level)
	wait := min(budget+100*time.Millisecond, aiWait, b.opt.DeferAfter/2)
	if budget > wait {
		return // it will not answer in time: answer now
	}
	deadline := time.NewTimer(wait)
	defer deadline.Stop()
	for {
		changed := b.nextChange(g.ID) // first: a change made while reading wakes it
		cur, err := b.st.Game(q.ctx, g.ID)
		if err != nil || cur.Version != g.Version {
			return
		}
		select {
		case <-changed:
		case <-deadline.C:
			return
		case <-q.ctx.Done():
			return
		}
	}
}

// boardCommand is /board: the current board again, at the bottom of the
// channel.
func (b *Bot) boardCommand(q *request, o options) (reply, error) {
	g, err := b.findGame(q, o)
	if err != nil {
		return reply{}, err
	}
	if g, err = b.m.ShowBoard(q.ctx, g.ID, q.actor()); err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID)
}

// resignCommand is /resign: it asks to confirm resigning, or, in the
// first moves against the AI, aborting (match.CanAbort).
func (b *Bot) resignCommand(q *request, o options) (reply, error) {
	g, err := b.findGame(q, o)
	if err != nil {
		return reply{}, err
	}
	return b.confirmResign(q, g.ID, match.AnyPly)
}

// confirmResign asks the player, privately, to confirm resigning game id
// (the Resign button and /resign), or aborting it in the first moves
// against the AI (the Abort button and /resign then): one click next to
// Undo and Draw must not end a game. Whatever would refuse it refuses it
// now.
func (b *Bot) confirmResign(q *request, id int64, ply int) (reply, error) {
	g, abort, err := b.m.MayLeave(q.ctx, id, q.actor(), ply)
	if err != nil {
		return reply{}, err
	}
	if abort {
		m := &message{Content: q.loc.t("abort.confirm", g.ID), Ephemeral: true, Components: row(
			button(g.ID, actAbortYes, 0, q.loc.t("button.abort_yes"), discordgo.DangerButton),
			button(g.ID, actResignNo, 0, q.loc.t("button.resign_no"), discordgo.SecondaryButton),
		)}
		return reply{kind: replyMessage, msg: m}, nil
	}
	// No ply: once confirmed, the resignation stands whatever was played
	// meanwhile.
	m := &message{Content: q.loc.t("resign.confirm", g.ID), Ephemeral: true, Components: row(
		button(g.ID, actResignYes, 0, q.loc.t("button.resign_yes"), discordgo.DangerButton),
		button(g.ID, actResignNo, 0, q.loc.t("button.resign_no"), discordgo.SecondaryButton),
	)}
	return reply{kind: replyMessage, msg: m}, nil
}

// resign is the confirmation's Yes: the game ends, the confirmation says
// so and the board shows the result.
func (b *Bot) resign(q *request, c customID) (reply, error) {
	g, err := b.m.Resign(q.ctx, c.Game, q.actor(), match.AnyPly)
	if err != nil {
		return reply{}, err
	}
	m := &message{Content: q.loc.t("resign.done", g.ID), Components: []discordgo.MessageComponent{}}
	return reply{kind: replyUpdate, msg: m, games: []int64{g.ID}}, nil
}

// abort is the abort confirmation's Yes: the game ends with no result,
// the confirmation says so and the board shows it.
func (b *Bot) abort(q *request, c customID) (reply, error) {
	g, err := b.m.Abort(q.ctx, c.Game, q.actor(), match.AnyPly)
	if err != nil {
		return reply{}, err
	}
	m := &message{Content: q.loc.t("abort.done", g.ID), Components: []discordgo.MessageComponent{}}
	return reply{kind: replyUpdate, msg: m, games: []int64{g.ID}}, nil
}

// ask is the Undo and Draw buttons.
func (b *Bot) ask(q *request, c customID, kind store.RequestKind) (reply, error) {
	g, err := b.m.Ask(q.ctx, c.Game, q.actor(), kind, c.Ply)
	if err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID)
}

// seatOf returns the side userID plays in g.
func seatOf(g *store.Game, userID string) (engine.Side, bool) {
	for s, seat := range g.Seats {
		if seat.UserID != "" && seat.UserID == userID {
			return engine.Side(s), true
		}
	}
	return 0, false
}

// answer is the Accept and Decline buttons of a request prompt (the
// asker's Decline withdraws the request).
func (b *Bot) answer(q *request, c customID, yes bool) (reply, error) {
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return reply{}, err
	}
	side, mine := seatOf(g, q.user.ID)
	if !yes && mine && g.Status == store.Active && g.Request.Kind != store.NoRequest && g.Request.By == side {
		g, err = b.m.Withdraw(q.ctx, c.Game, q.actor())
	} else {
		g, err = b.m.Answer(q.ctx, c.Game, q.actor(), yes, c.Ply)
	}
	if err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID)
}

// rematch is the Rematch button of a finished game.
func (b *Bot) rematch(q *request, c customID) (reply, error) {
	g, err := b.m.Rematch(q.ctx, c.Game, q.actor())
	if err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID, c.Game)
}

// gameID formats a game id for messages.
func gameID(id int64) string { return fmt.Sprintf("#%d", id) }

package bot

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// defaultLevel is the AI level of /gomoku ai and /xiangqi ai without a level.
const defaultLevel = 3

// settlePrompt closes the prompt of a request that no longer stands: a move
// cancelled it, or the game ended.
func (b *Bot) settlePrompt(q *request, g *store.Game) {
	if g.Request.Kind != store.NoRequest {
		return
	}
	if p, ok := b.takePrompt(g.ID); ok {
		if err := b.editChannel(q.ctx, p.channelID, p.messageID, &outMessage{Content: q.public.t("prompt.cancelled", g.ID)}); err != nil {
			b.log.Warn("closing a request prompt", "game", g.ID, "err", err)
		}
	}
}

// replyBoard answers q with g's board as a new message and retires the
// previous board. The caller holds g's lock.
func (b *Bot) replyBoard(q *request, g *store.Game) error {
	if err := q.r.deferReply(false); err != nil {
		return err
	}
	b.settlePrompt(q, g)
	m, err := b.gameMessage(g, q.public)
	if err != nil {
		return err
	}
	b.retire(q.ctx, g.ChannelID, g.MessageID)
	msg, err := q.r.message(m)
	if err != nil {
		return err
	}
	return b.saveMessage(q.ctx, g.ID, msg.ID)
}

// updateBoard turns the message the component is on into g's board.
// The caller holds g's lock.
func (b *Bot) updateBoard(q *request, g *store.Game) error {
	if err := q.r.deferUpdate(); err != nil {
		return err
	}
	b.settlePrompt(q, g)
	m, err := b.gameMessage(g, q.public)
	if err != nil {
		return err
	}
	moved := q.i.Message != nil && g.MessageID != q.i.Message.ID
	if moved {
		b.retire(q.ctx, g.ChannelID, g.MessageID)
	}
	if err := q.r.update(m); err != nil {
		return err
	}
	if moved {
		return b.saveMessage(q.ctx, g.ID, q.i.Message.ID)
	}
	return nil
}

// postBoard posts g's board to its channel with the bot token and retires
// the previous board. The caller holds g's lock.
func (b *Bot) postBoard(q *request, g *store.Game) error {
	b.settlePrompt(q, g)
	m, err := b.gameMessage(g, q.public)
	if err != nil {
		return err
	}
	b.retire(q.ctx, g.ChannelID, g.MessageID)
	msg, err := b.post(q.ctx, g.ChannelID, m)
	if err != nil {
		return err
	}
	return b.saveMessage(q.ctx, g.ID, msg.ID)
}

// latest reloads game id (under its lock, after the lifecycle call that
// created it, so that an AI move already made is shown).
func (b *Bot) latest(q *request, id int64) (*store.Game, error) {
	g, err := b.st.Game(q.ctx, id)
	if err != nil {
		return nil, fmt.Errorf("loading game %d: %w", id, err)
	}
	return g, nil
}

// replyLatestBoard answers q with game id's board as stored now. It holds the
// game's lock until the board is posted, so an AI reply shown by an event
// worker lands on this board (see gameLocks).
func (b *Bot) replyLatestBoard(q *request, id int64) error {
	unlock := b.locks.lock(id)
	defer unlock()
	g, err := b.latest(q, id)
	if err != nil {
		return err
	}
	return b.replyBoard(q, g)
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
func (b *Bot) challenge(q *request, o options, kind store.Kind) error {
	opp, _ := opponentOf(q.i, o, optOpponent)
	start := match.RandomFirst
	pick := o.str(optFirst)
	if kind == store.Xiangqi {
		pick = map[string]string{"red": "me", "black": "opponent"}[o.str(optColour)]
	}
	switch pick {
	case "me":
		start = match.ChallengerFirst
	case "opponent":
		start = match.OpponentFirst
	}
	g, err := b.m.Challenge(q.ctx, match.ChallengeSpec{
		Setup:      match.Setup{Kind: kind, Rules: o.str(optRule), Size: int(o.int(optSize))},
		Challenger: q.user, Opponent: opp, Start: start, Rated: b.opt.Rated,
		GuildID: q.i.GuildID, ChannelID: q.i.ChannelID,
	})
	if err != nil {
		return err
	}
	unlock := b.locks.lock(g.ID)
	defer unlock()
	msg, err := q.r.message(challengeMessage(g, q.public))
	if err != nil {
		return err
	}
	return b.saveMessage(q.ctx, g.ID, msg.ID)
}

// solo is /gomoku ai and /xiangqi ai.
func (b *Bot) solo(q *request, o options, kind store.Kind) error {
	level := int(o.int(optLevel))
	if level == 0 {
		level = defaultLevel
	}
	start := match.RandomFirst
	switch o.str(optColour) {
	case "black":
		start = match.ChallengerFirst
		if kind == store.Xiangqi {
			start = match.OpponentFirst
		}
	case "white":
		start = match.OpponentFirst
	case "red":
		start = match.ChallengerFirst
	}
	g, err := b.m.Solo(q.ctx, match.SoloSpec{
		Setup:  match.Setup{Kind: kind, Rules: o.str(optRule), Size: int(o.int(optSize))},
		Player: q.user, Level: level, Start: start, GuildID: q.i.GuildID, ChannelID: q.i.ChannelID,
	})
	if err != nil {
		return err
	}
	return b.replyLatestBoard(q, g.ID)
}

// accept is the Accept button of a challenge: the challenge message becomes
// the board.
func (b *Bot) accept(q *request, c customID) error {
	unlock := b.locks.lock(c.Game)
	defer unlock()
	g, err := b.m.Accept(q.ctx, c.Game, match.Actor{Player: q.user})
	if err != nil {
		return err
	}
	return b.updateBoard(q, g)
}

// decline is the Decline button of a challenge: the challenged user declines,
// the challenger withdraws.
func (b *Bot) decline(q *request, c customID) error {
	unlock := b.locks.lock(c.Game)
	defer unlock()
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return err
	}
	if g.Status == store.Challenge && g.Seats[g.Challenger].UserID == q.user.ID {
		g, err = b.m.Withdraw(q.ctx, c.Game, match.Actor{Player: q.user})
	} else {
		g, err = b.m.Decline(q.ctx, c.Game, match.Actor{Player: q.user})
	}
	if err != nil {
		return err
	}
	return q.r.update(challengeMessage(g, q.public))
}

// findGame picks the caller's active game for a slash command: the one
// named by the game option, or their only game in this channel.
func (b *Bot) findGame(q *request, o options) (*store.Game, error) {
	games, err := b.st.UserGames(q.ctx, q.user.ID)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", q.user.ID, err)
	}
	if id := o.int(optGame); id != 0 {
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
		if g.Status == store.Active && g.ChannelID == q.i.ChannelID {
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

// moveCommand is /move.
func (b *Bot) moveCommand(q *request, o options) error {
	g, err := b.findGame(q, o)
	if err != nil {
		return err
	}
	unlock := b.locks.lock(g.ID)
	defer unlock()
	g, err = b.m.Play(q.ctx, g.ID, match.Actor{Player: q.user}, o.str(optMove), match.AnyPly)
	if err != nil {
		return err
	}
	return b.replyBoard(q, g)
}

// boardCommand is /board: the current board again, at the bottom of the
// channel.
func (b *Bot) boardCommand(q *request, o options) error {
	g, err := b.findGame(q, o)
	if err != nil {
		return err
	}
	return b.replyLatestBoard(q, g.ID)
}

// resignCommand is /resign.
func (b *Bot) resignCommand(q *request, o options) error {
	g, err := b.findGame(q, o)
	if err != nil {
		return err
	}
	unlock := b.locks.lock(g.ID)
	defer unlock()
	g, err = b.m.Resign(q.ctx, g.ID, match.Actor{Player: q.user}, match.AnyPly)
	if err != nil {
		return err
	}
	return b.replyBoard(q, g)
}

// resignButton is the Resign button: the board becomes the final board.
func (b *Bot) resignButton(q *request, c customID) error {
	unlock := b.locks.lock(c.Game)
	defer unlock()
	g, err := b.m.Resign(q.ctx, c.Game, match.Actor{Player: q.user}, c.Ply)
	if err != nil {
		return err
	}
	return b.updateBoard(q, g)
}

// ask is the Undo and Draw buttons.
func (b *Bot) ask(q *request, c customID, kind store.RequestKind) error {
	unlock := b.locks.lock(c.Game)
	defer unlock()
	g, err := b.m.Ask(q.ctx, c.Game, match.Actor{Player: q.user}, kind, c.Ply)
	if err != nil {
		return err
	}
	if g.Request.Kind == store.NoRequest {
		// against the AI an undo applies at once: the board changes
		return b.updateBoard(q, g)
	}
	asker, _ := seatOf(g, q.user.ID)
	msg, err := q.r.message(promptMessage(g, q.public, asker))
	if err != nil {
		return err
	}
	b.setPrompt(g.ID, promptRef{channelID: msg.ChannelID, messageID: msg.ID})
	if err := b.savePrompt(q.ctx, g.ID, g.Request, msg.ID); err != nil {
		// the request stands and its prompt is up: only a restart would
		// lose track of it, and a press on it then still closes it
		b.log.Warn("saving a request prompt", "game", g.ID, "err", err)
	}
	return nil
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

// promptMessage shows a pending undo or draw request; the buttons answer it
// (the asker's Decline withdraws it). Against the AI there are no buttons:
// it answers by itself.
func promptMessage(g *store.Game, loc locale, asker engine.Side) *outMessage {
	kind := string(g.Request.Kind)
	other := g.Seats[asker.Other()]
	m := &outMessage{Content: loc.t("prompt."+kind, seatName(loc, other), seatName(loc, g.Seats[asker]), g.ID)}
	if other.IsAI() {
		m.Content = loc.t("prompt.ai."+kind, seatName(loc, g.Seats[asker]), g.ID)
		return m
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return m
	}
	m.Components = row(
		button(g.ID, actYes, eg.Ply(), loc.t("button.accept"), discordgo.SuccessButton),
		button(g.ID, actNo, eg.Ply(), loc.t("button.decline"), discordgo.DangerButton),
	)
	return m
}

// answer is the Accept and Decline buttons of a request prompt.
func (b *Bot) answer(q *request, c customID, yes bool) error {
	unlock := b.locks.lock(c.Game)
	defer unlock()
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return err
	}
	kind := g.Request.Kind
	side, mine := seatOf(g, q.user.ID)
	var key string
	if !yes && mine && g.Status == store.Active && g.Request.Kind != store.NoRequest && g.Request.By == side {
		g, err = b.m.Withdraw(q.ctx, c.Game, match.Actor{Player: q.user})
		key = "prompt.withdrawn"
	} else {
		g, err = b.m.Answer(q.ctx, c.Game, match.Actor{Player: q.user}, yes, c.Ply)
		key = map[bool]string{true: "prompt.accepted", false: "prompt.declined"}[yes]
	}
	if err != nil {
		return b.closeStalePrompt(q, c, err)
	}
	b.takePrompt(g.ID)
	if yes {
		// the board first: whoever sees the answer sees the board changed
		if err := q.r.deferUpdate(); err != nil {
			return err
		}
		m, err := b.gameMessage(g, q.public)
		if err != nil {
			return err
		}
		if err := b.editChannel(q.ctx, g.ChannelID, g.MessageID, m); err != nil {
			return err
		}
	}
	return q.r.update(&outMessage{Content: q.public.t(key, seatName(q.public, g.Seats[side]), q.public.t("request."+string(kind)), g.ID)})
}

// closeStalePrompt answers a press on a prompt whose request no longer
// stands (answered, withdrawn or expired, e.g. a prompt posted before the
// store kept prompt ids, which nothing else could close): the prompt loses
// its buttons in place and err, the explanation, follows privately. Other
// errors are returned as they are.
func (b *Bot) closeStalePrompt(q *request, c customID, err error) error {
	var me *match.Error
	if !errors.As(err, &me) || (me.Code != match.NoRequest && me.Code != match.Expired) {
		return err
	}
	b.takePrompt(c.Game)
	if uerr := q.r.update(&outMessage{Content: q.public.t("prompt.gone", c.Game)}); uerr != nil {
		b.log.Warn("closing a stale prompt", "game", c.Game, "err", uerr)
	}
	return err
}

// rematch is the Rematch button of a finished game.
func (b *Bot) rematch(q *request, c customID) error {
	g, err := b.m.Rematch(q.ctx, c.Game, match.Actor{Player: q.user})
	if err != nil {
		return err
	}
	unlock := b.locks.lock(g.ID)
	defer unlock()
	if err := q.r.deferUpdate(); err != nil {
		return err
	}
	if g, err = b.latest(q, g.ID); err != nil {
		return err
	}
	if q.i.Message != nil {
		b.retire(q.ctx, q.i.ChannelID, q.i.Message.ID)
	}
	return b.postBoard(q, g)
}

// liveGames keeps the live games (challenges and games being played).
func liveGames(games []*store.Game) []*store.Game {
	return slices.DeleteFunc(slices.Clone(games), func(g *store.Game) bool { return !g.Status.Live() })
}

// restore rebuilds g's rules engine.
func restore(g *store.Game) (engine.Game, error) { return match.Restore(g.Kind, g.Moves) }

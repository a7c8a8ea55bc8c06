package bot

import (
	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// The move picker is for people who would rather not type, on phones: the
// "Move…" button opens a private message with select menus (each kind's
// first and second choice: Gomoku's column then row, Xiangqi's piece then
// destination), offering legal choices only. Its custom ids carry the ply,
// so a picker left open while the game moved on is refused as stale.

// pickable loads game id for the picker and checks that the user may move
// now.
func (b *Bot) pickable(q *request, c customID) (*store.Game, engine.Game, error) {
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return nil, nil, err
	}
	if g.Status != store.Active {
		return nil, nil, engine.E(engine.AlreadyOver, g.ID)
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return nil, nil, err
	}
	side, ok := seatOf(g, q.user.ID)
	if !ok {
		return nil, nil, engine.E(engine.NotInGame, g.ID, match.SeatOf(g, eg, engine.First), match.SeatOf(g, eg, engine.Second))
	}
	if eg.Ply() != c.Ply {
		return nil, nil, engine.E(engine.StaleButton, c.Ply, g.ID, eg.Ply())
	}
	if eg.Turn() != side {
		return nil, nil, engine.E(engine.NotYourTurn, match.SeatOf(g, eg, side.Other()))
	}
	return g, eg, nil
}

// selectMenu is a row holding one string select.
func selectMenu(id customID, placeholder string, opts []discordgo.SelectMenuOption) []discordgo.MessageComponent {
	if len(opts) > 25 {
		opts = opts[:25]
	}
	return row(discordgo.SelectMenu{CustomID: id.String(), Placeholder: placeholder, Options: opts})
}

// openPicker is the Move… button: a private message with the first select.
func (b *Bot) openPicker(q *request, c customID) (reply, error) {
	g, eg, err := b.pickable(q, c)
	if err != nil {
		return reply{}, err
	}
	gk := kindOf(g.Kind)
	opts := gk.pickFirst(q.loc, eg)
	if len(opts) == 0 {
		return reply{}, refuse("err.picker.nomoves")
	}
	m := &message{Ephemeral: true, Content: q.loc.t(gk.pickKeys[0], g.ID),
		Components: selectMenu(customID{Game: g.ID, Action: gk.pickActions[0], Ply: c.Ply}, q.loc.t(gk.pickKeys[1]), opts)}
	return reply{kind: replyMessage, msg: m}, nil
}

// pickFirst is the first select: the picker shows the second.
func (b *Bot) pickFirst(q *request, c customID, values []string) (reply, error) {
	g, eg, err := b.pickable(q, c)
	if err != nil {
		return reply{}, err
	}
	if len(values) != 1 {
		return reply{}, refuse("err.picker.choose")
	}
	v := values[0]
	gk := kindOf(g.Kind)
	opts := gk.pickSecond(q.loc, eg, v)
	if len(opts) == 0 {
		return reply{}, refuse(gk.pickKeys[4], v)
	}
	m := &message{Ephemeral: true, Content: q.loc.t(gk.pickKeys[2], g.ID, v),
		Components: selectMenu(customID{Game: g.ID, Action: gk.pickActions[1], Ply: c.Ply, Arg: v}, q.loc.t(gk.pickKeys[3]), opts)}
	return reply{kind: replyUpdate, msg: m}, nil
}

// pickSecond is the last select: it plays the move, whose new board is the
// answer.
func (b *Bot) pickSecond(q *request, c customID, values []string) (reply, error) {
	if len(values) != 1 {
		return reply{}, refuse("err.picker.choose")
	}
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return reply{}, err
	}
	return b.play(q, c.Game, kindOf(g.Kind).pickMove(c.Arg, values[0]), c.Ply)
}

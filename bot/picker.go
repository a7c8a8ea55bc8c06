package bot

import (
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

// The move picker is for people who would rather not type, on phones: the
// "Move…" button opens an ephemeral message with select menus, Gomoku's
// column then row, Xiangqi's piece then destination, offering legal
// choices only. Its custom ids carry the ply, so a picker left open while
// the game moved on is refused as stale.

// pickable loads game id for the picker and checks that userID may move now.
func (b *Bot) pickable(q *request, c customID) (*store.Game, engine.Game, error) {
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		if store.ErrorCode(err) == store.NotFound {
			return nil, nil, refuse("err.game.missing", c.Game)
		}
		return nil, nil, err
	}
	if g.Status != store.Active {
		return nil, nil, refuse("err.picker.over", g.ID)
	}
	side, ok := seatOf(g, q.user.ID)
	if !ok {
		return nil, nil, refuse("err.picker.stranger", g.ID, seatName(q.loc, g.Seats[0]), seatName(q.loc, g.Seats[1]))
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return nil, nil, err
	}
	if eg.Ply() != c.Ply {
		return nil, nil, refuse("err.picker.stale", g.ID)
	}
	if eg.Turn() != side {
		return nil, nil, refuse("err.picker.turn", seatName(q.loc, g.Seats[side.Other()]))
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

// openPicker is the Move… button.
func (b *Bot) openPicker(q *request, c customID) error {
	g, eg, err := b.pickable(q, c)
	if err != nil {
		return err
	}
	m := &outMessage{Ephemeral: true}
	switch game := eg.(type) {
	case *gomoku.Game:
		m.Content = q.loc.t("picker.column", g.ID)
		m.Components = selectMenu(customID{Game: g.ID, Action: actColumn, Ply: c.Ply}, q.loc.t("picker.column.placeholder"), gomokuColumns(game))
	case *xiangqi.Game:
		m.Content = q.loc.t("picker.piece", g.ID)
		m.Components = selectMenu(customID{Game: g.ID, Action: actPiece, Ply: c.Ply}, q.loc.t("picker.piece.placeholder"), xiangqiPieces(q.loc, game))
	}
	if len(m.Components) == 0 {
		return refuse("err.picker.nomoves")
	}
	return q.r.send(m)
}

// pickFirst is the first select: it shows the second.
func (b *Bot) pickFirst(q *request, c customID, values []string) error {
	g, eg, err := b.pickable(q, c)
	if err != nil {
		return err
	}
	if len(values) != 1 {
		return refuse("err.picker.choose")
	}
	v := values[0]
	m := &outMessage{Ephemeral: true}
	switch game := eg.(type) {
	case *gomoku.Game:
		rows := gomokuRows(game, v)
		if len(rows) == 0 {
			return refuse("err.picker.full", v)
		}
		m.Content = q.loc.t("picker.row", g.ID, strings.ToUpper(v))
		m.Components = selectMenu(customID{Game: g.ID, Action: actRow, Ply: c.Ply, Arg: v}, q.loc.t("picker.row.placeholder"), rows)
	case *xiangqi.Game:
		dests := xiangqiDestinations(game, v)
		if len(dests) == 0 {
			return refuse("err.picker.stuck", v)
		}
		m.Content = q.loc.t("picker.to", g.ID, v)
		m.Components = selectMenu(customID{Game: g.ID, Action: actTo, Ply: c.Ply, Arg: v}, q.loc.t("picker.to.placeholder"), dests)
	}
	return q.r.update(m)
}

// pickSecond is the last select: it plays the move and posts the new board.
func (b *Bot) pickSecond(q *request, c customID, values []string) error {
	if len(values) != 1 {
		return refuse("err.picker.choose")
	}
	move := values[0]
	if c.Action == actRow {
		move = c.Arg + values[0]
	}
	unlock := b.locks.lock(c.Game)
	defer unlock()
	g, err := b.m.Play(q.ctx, c.Game, match.Actor{Player: q.user}, move, c.Ply)
	if err != nil {
		return err
	}
	if err := q.r.update(&outMessage{Content: q.loc.t("picker.played", move, g.ID), Ephemeral: true}); err != nil {
		return err
	}
	return b.postBoard(q, g)
}

// gomokuColumns lists the columns with a legal point.
func gomokuColumns(g *gomoku.Game) []discordgo.SelectMenuOption {
	var opts []discordgo.SelectMenuOption
	for col := range g.Size() {
		letter := string(rune('a' + col))
		if len(gomokuRows(g, letter)) > 0 {
			opts = append(opts, discordgo.SelectMenuOption{Label: strings.ToUpper(letter), Value: letter})
		}
	}
	return opts
}

// gomokuRows lists the legal points of a column, top row first.
func gomokuRows(g *gomoku.Game, column string) []discordgo.SelectMenuOption {
	if len(column) != 1 || column[0] < 'a' || int(column[0]-'a') >= g.Size() {
		return nil
	}
	col := int(column[0] - 'a')
	board := g.Board()
	var forbidden []gomoku.Point
	if g.Turn() == engine.First {
		for _, f := range g.ForbiddenPoints() {
			forbidden = append(forbidden, f.Point)
		}
	}
	var opts []discordgo.SelectMenuOption
	for r := g.Size() - 1; r >= 0; r-- {
		p := gomoku.PointAt(col, r)
		if board.At(p) != gomoku.Empty || slices.Contains(forbidden, p) {
			continue
		}
		n := strconv.Itoa(r + 1)
		opts = append(opts, discordgo.SelectMenuOption{Label: strings.ToUpper(column) + n, Value: n})
	}
	return opts
}

// fromSquare splits a coordinate move "h10g8" into its squares.
func fromSquare(move string) (from, to string) {
	for i := 1; i < len(move); i++ {
		if move[i] >= 'a' && move[i] <= 'i' {
			return move[:i], move[i:]
		}
	}
	return move, ""
}

// xiangqiPieces lists the pieces that have a legal move.
func xiangqiPieces(loc locale, g *xiangqi.Game) []discordgo.SelectMenuOption {
	pos := g.Position()
	var opts []discordgo.SelectMenuOption
	seen := map[string]bool{}
	for _, mv := range g.LegalMoves() {
		from, _ := fromSquare(mv)
		if seen[from] {
			continue
		}
		seen[from] = true
		label := from
		if sq, err := xiangqi.ParseSquare(from); err == nil {
			label = loc.t("piece."+pos.At(sq).Kind().String()) + " " + from
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: label, Value: from})
	}
	slices.SortFunc(opts, func(a, b discordgo.SelectMenuOption) int { return strings.Compare(a.Value, b.Value) })
	return opts
}

// xiangqiDestinations lists the legal moves of the piece on from, described
// in the three notations.
func xiangqiDestinations(g *xiangqi.Game, from string) []discordgo.SelectMenuOption {
	pos := g.Position()
	var opts []discordgo.SelectMenuOption
	for _, mv := range g.LegalMoves() {
		if f, _ := fromSquare(mv); f != from {
			continue
		}
		label := mv
		if m, err := pos.ParseMove(mv); err == nil {
			label = pos.Describe(m)
		}
		opts = append(opts, discordgo.SelectMenuOption{Label: label, Value: mv})
	}
	return opts
}

package bot

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// Embed colours.
const (
	colourGomoku  = 0xC8A165
	colourXiangqi = 0xB0302A
	colourOver    = 0x4F545C
)

// Attachment names of board messages.
const (
	boardFile  = "board.png"
	replayFile = "replay.gif"
)

// sideNames are the colours of a kind, in the catalogue: "black"/"white" or
// "red"/"black", indexed by engine.Side.
func sideKeys(k store.Kind) [2]string {
	if k == store.Xiangqi {
		return [2]string{"colour.red", "colour.black"}
	}
	return [2]string{"colour.black", "colour.white"}
}

// sideEmoji marks each side's colour.
func sideEmoji(k store.Kind, s engine.Side) string {
	if k == store.Xiangqi {
		return [2]string{"🔴", "⚫"}[s&1]
	}
	return [2]string{"⚫", "⚪"}[s&1]
}

// seatName is how a message names the player of a side: a mention, or the AI.
func seatName(loc locale, seat store.Seat) string {
	if seat.IsAI() {
		return loc.t("ai.name", seat.AI)
	}
	return "<@" + seat.UserID + ">"
}

// kindName is the game's name in loc.
func kindName(loc locale, k store.Kind) string { return loc.t("kind." + string(k)) }

// setupText describes the rules and size of a game: "renju · 15×15".
func setupText(loc locale, g *store.Game) string {
	if g.Kind == store.Gomoku {
		return loc.t("rule."+g.Rules) + " · " + strconv.Itoa(g.Size) + "×" + strconv.Itoa(g.Size)
	}
	return loc.t("rule.xiangqi")
}

// players lists both sides with their colours.
func players(loc locale, g *store.Game) string {
	keys := sideKeys(g.Kind)
	var sb strings.Builder
	for s := engine.First; s <= engine.Second; s++ {
		if s == engine.Second {
			sb.WriteByte('\n')
		}
		fmt.Fprintf(&sb, "%s **%s**: %s", sideEmoji(g.Kind, s), loc.t(keys[s]), seatName(loc, g.Seats[s]))
	}
	return sb.String()
}

// outcomeText says how a game ended: "<@a> (black) wins by five in a row".
func outcomeText(loc locale, g *store.Game) string {
	o := g.Outcome
	reason := loc.t("reason." + strings.ReplaceAll(o.Reason.String(), " ", "_"))
	if o.Status == engine.Draw {
		return loc.t("result.draw", reason)
	}
	w := o.Winner
	return loc.t("result.win", seatName(loc, g.Seats[w]), loc.t(sideKeys(g.Kind)[w]), reason)
}

// header is the render view of the players.
func header(g *store.Game) render.Header {
	var h render.Header
	for s, seat := range g.Seats {
		h.Players[s] = render.Player{Name: seat.Name, AI: seat.IsAI(), Level: seat.AI}
	}
	if g.Status == store.Finished {
		h.Outcome = g.Outcome
	}
	return h
}

// flip reports whether a Xiangqi board is shown from black's side.
func (b *Bot) flip(g *store.Game, eg engine.Game) bool {
	if g.Kind != store.Xiangqi || b.opt.FixedXiangqiView {
		return false
	}
	switch {
	case g.Seats[engine.First].IsAI():
		return true // the person plays black
	case g.Seats[engine.Second].IsAI():
		return false
	}
	return eg.Turn() == engine.Second
}

func (b *Bot) renderOptions() render.Options {
	return render.Options{Theme: b.opt.Theme, Scale: b.opt.Scale}
}

// images draws the current position as a PNG and, when withReplay, the
// whole game as a GIF.
func (b *Bot) images(g *store.Game, eg engine.Game, withReplay bool) (png, gif []byte, err error) {
	var pb, gb bytes.Buffer
	h, opt := header(g), b.renderOptions()
	switch game := eg.(type) {
	case *gomoku.Game:
		view := render.GomokuFromGame(game, h, false)
		if err := b.render.Gomoku(&pb, view, opt); err != nil {
			return nil, nil, fmt.Errorf("drawing game %d: %w", g.ID, err)
		}
		if withReplay {
			if err := b.render.GomokuReplay(&gb, view, render.ReplayOptions{Options: opt}); err != nil {
				return nil, nil, fmt.Errorf("drawing the replay of game %d: %w", g.ID, err)
			}
		}
	case *xiangqi.Game:
		flip := b.flip(g, eg)
		view, err := render.XiangqiFromGame(game, h, flip)
		if err != nil {
			return nil, nil, fmt.Errorf("game %d: %w", g.ID, err)
		}
		if err := b.render.Xiangqi(&pb, view, opt); err != nil {
			return nil, nil, fmt.Errorf("drawing game %d: %w", g.ID, err)
		}
		if withReplay {
			pos, err := render.XiangqiPositions(game, h, flip)
			if err != nil {
				return nil, nil, fmt.Errorf("game %d: %w", g.ID, err)
			}
			if err := b.render.XiangqiReplay(&gb, pos, render.ReplayOptions{Options: opt}); err != nil {
				return nil, nil, fmt.Errorf("drawing the replay of game %d: %w", g.ID, err)
			}
		}
	default:
		return nil, nil, fmt.Errorf("game %d: no images for %T", g.ID, eg)
	}
	if !withReplay {
		return pb.Bytes(), nil, nil
	}
	return pb.Bytes(), gb.Bytes(), nil
}

// lastMove writes the last move for people: "h8", or in Xiangqi
// "h3e3 · 炮二平五 · C2.5".
func lastMove(g *store.Game, eg engine.Game) string {
	moves := eg.Moves()
	if len(moves) == 0 {
		return ""
	}
	last := moves[len(moves)-1]
	xg, ok := eg.(*xiangqi.Game)
	if !ok {
		return last
	}
	before, err := match.Restore(g.Kind, g.Moves)
	if err != nil || before.Undo(1) != nil {
		return last
	}
	hist := xg.History()
	pos := before.(*xiangqi.Game).Position()
	return pos.Describe(hist[len(hist)-1])
}

// button is a button of a game.
func button(g int64, action string, ply int, label string, style discordgo.ButtonStyle) discordgo.Button {
	return discordgo.Button{CustomID: customID{Game: g, Action: action, Ply: ply}.String(), Label: label, Style: style}
}

func row(bs ...discordgo.MessageComponent) []discordgo.MessageComponent {
	return []discordgo.MessageComponent{discordgo.ActionsRow{Components: bs}}
}

// boardMessage is a game's board message: the image, an embed saying how the
// game stands, the buttons, and after the end the replay.
func (b *Bot) boardMessage(g *store.Game, loc locale) (*outMessage, error) {
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return nil, err
	}
	over := g.Status == store.Finished
	png, gif, err := b.images(g, eg, over)
	if err != nil {
		return nil, err
	}
	e := &discordgo.MessageEmbed{
		Title:       loc.t("board.title", kindName(loc, g.Kind), g.ID),
		Description: players(loc, g),
		Color:       colourGomoku,
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + boardFile},
		Fields:      []*discordgo.MessageEmbedField{{Name: loc.t("board.rules"), Value: setupText(loc, g), Inline: true}},
	}
	if g.Kind == store.Xiangqi {
		e.Color = colourXiangqi
	}
	ply := eg.Ply()
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.move"), Value: strconv.Itoa(ply), Inline: true})
	if lm := lastMove(g, eg); lm != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.last"), Value: "`" + lm + "`", Inline: true})
	}
	m := &outMessage{Embeds: []*discordgo.MessageEmbed{e}, Files: []outFile{{Name: boardFile, ContentType: "image/png", Data: png}}}
	turn := eg.Turn()
	switch g.Status {
	case store.Active:
		seat := g.Seats[turn]
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.turn"),
			Value: sideEmoji(g.Kind, turn) + " " + seatName(loc, seat) + " (" + loc.t(sideKeys(g.Kind)[turn]) + ")"})
		if seat.IsAI() {
			m.Content = loc.t("board.thinking")
		} else {
			m.Content = loc.t("board.your_move", seatName(loc, seat), loc.t(sideKeys(g.Kind)[turn]))
		}
		if g.Request.Kind == store.UndoRequest || g.Request.Kind == store.DrawRequest {
			e.Footer = &discordgo.MessageEmbedFooter{Text: loc.t("board.pending."+string(g.Request.Kind), loc.t(sideKeys(g.Kind)[g.Request.By]))}
		}
		m.Components = row(
			button(g.ID, actMove, ply, loc.t("button.move"), discordgo.PrimaryButton),
			button(g.ID, actUndo, ply, loc.t("button.undo"), discordgo.SecondaryButton),
			button(g.ID, actDraw, ply, loc.t("button.draw"), discordgo.SecondaryButton),
			button(g.ID, actResign, ply, loc.t("button.resign"), discordgo.DangerButton),
		)
	case store.Finished:
		e.Color = colourOver
		result := outcomeText(loc, g)
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.result"), Value: result})
		m.Content = "🏁 " + result
		m.Files = append(m.Files, outFile{Name: replayFile, ContentType: "image/gif", Data: gif})
		m.Components = row(button(g.ID, actRematch, ply, loc.t("button.rematch"), discordgo.SuccessButton))
	default:
		e.Color = colourOver
		m.Content = loc.t("board.ended." + string(g.Status))
	}
	return m, nil
}

// challengeMessage shows a challenge (or rematch offer) and, while it waits,
// the Accept and Decline buttons.
func challengeMessage(g *store.Game, loc locale) *outMessage {
	challenger, opponent := g.Seats[g.Challenger], g.Seats[g.Challenger.Other()]
	title := loc.t("challenge.title", kindName(loc, g.Kind))
	if g.Request.Kind == store.RematchRequest {
		title = loc.t("challenge.rematch", kindName(loc, g.Kind))
	}
	e := &discordgo.MessageEmbed{
		Title:       title,
		Description: loc.t("challenge.text", seatName(loc, challenger), seatName(loc, opponent)) + "\n\n" + players(loc, g),
		Color:       colourGomoku,
		Fields:      []*discordgo.MessageEmbedField{{Name: loc.t("board.rules"), Value: setupText(loc, g), Inline: true}},
		Footer:      &discordgo.MessageEmbedFooter{Text: loc.t("board.game", g.ID)},
	}
	if g.Kind == store.Xiangqi {
		e.Color = colourXiangqi
	}
	if g.Rated {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("challenge.rated"), Value: loc.t("challenge.rated.yes"), Inline: true})
	}
	m := &outMessage{Embeds: []*discordgo.MessageEmbed{e}}
	switch g.Status {
	case store.Challenge:
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("challenge.expires"),
			Value: fmt.Sprintf("<t:%d:R>", g.Deadline.Unix()), Inline: true})
		m.Content = loc.t("challenge.ping", seatName(loc, opponent), seatName(loc, challenger))
		m.Components = row(
			button(g.ID, actAccept, 0, loc.t("button.accept"), discordgo.SuccessButton),
			button(g.ID, actDecline, 0, loc.t("button.decline"), discordgo.DangerButton),
		)
	case store.Declined, store.Expired:
		e.Color = colourOver
		m.Content = loc.t("challenge." + string(g.Status))
		// the buttons stay, disabled, so the message still shows what was asked
		accept := button(g.ID, actAccept, 0, loc.t("button.accept"), discordgo.SuccessButton)
		decline := button(g.ID, actDecline, 0, loc.t("button.decline"), discordgo.DangerButton)
		accept.Disabled, decline.Disabled = true, true
		m.Components = row(accept, decline)
	}
	return m
}

// gameMessage is the message of a game as it now stands: the challenge
// until it is accepted, then the board.
func (b *Bot) gameMessage(g *store.Game, loc locale) (*outMessage, error) {
	switch g.Status {
	case store.Challenge, store.Declined, store.Expired:
		return challengeMessage(g, loc), nil
	}
	return b.boardMessage(g, loc)
}

// retire removes the buttons of a board that is no longer the latest, with
// the bot token (the interaction that posted it may be days old).
func (b *Bot) retire(ctx context.Context, channelID, messageID string) {
	if messageID == "" {
		return
	}
	empty := []discordgo.MessageComponent{}
	err := retryREST(ctx, func() error {
		_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{ID: messageID, Channel: channelID, Components: &empty}, discordgo.WithContext(ctx))
		return err
	})
	if err != nil && restCode(err) != 10008 { // 10008: the message was deleted
		b.log.Warn("removing the buttons of an old board", "channel", channelID, "message", messageID, "err", err)
	}
}

// editChannel replaces a message of a game with the bot token.
func (b *Bot) editChannel(ctx context.Context, channelID, messageID string, m *outMessage) error {
	content, embeds, comps := m.Content, m.embeds(), m.components()
	err := retryREST(ctx, func() error {
		_, err := b.s.ChannelMessageEditComplex(&discordgo.MessageEdit{
			ID: messageID, Channel: channelID, Content: &content, Embeds: &embeds, Components: &comps,
			Files: m.files(), Attachments: &[]*discordgo.MessageAttachment{}, AllowedMentions: mentions(),
		}, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		return fmt.Errorf("editing message %s: %w", messageID, err)
	}
	return nil
}

// post sends a new message to a channel with the bot token.
func (b *Bot) post(ctx context.Context, channelID string, m *outMessage) (*discordgo.Message, error) {
	var msg *discordgo.Message
	err := retryREST(ctx, func() (err error) {
		msg, err = b.s.ChannelMessageSendComplex(channelID, &discordgo.MessageSend{
			Content: m.Content, Embeds: m.Embeds, Components: m.components(), Files: m.files(), AllowedMentions: mentions(),
		}, discordgo.WithContext(ctx))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("posting to channel %s: %w", channelID, err)
	}
	return msg, nil
}

// savePrompt records messageID as the prompt of game id's request r, unless
// r no longer stands (answered, withdrawn or expired in the meantime). The
// store keeps times to the millisecond, so r.At is compared at that grain.
func (b *Bot) savePrompt(ctx context.Context, id int64, r store.Request, messageID string) error {
	for range 8 {
		g, err := b.st.Game(ctx, id)
		if err != nil {
			return fmt.Errorf("saving the request prompt of game %d: %w", id, err)
		}
		cur := g.Request
		if !g.Status.Live() || cur.Kind != r.Kind || cur.By != r.By || cur.At.UnixMilli() != r.At.UnixMilli() || cur.MessageID == messageID {
			return nil
		}
		g.Request.MessageID = messageID
		err = b.st.Update(ctx, g)
		if store.ErrorCode(err) != store.Conflict {
			if err != nil {
				return fmt.Errorf("saving the request prompt of game %d: %w", id, err)
			}
			return nil
		}
	}
	return fmt.Errorf("saving the request prompt of game %d: it kept changing", id)
}

// saveMessage records messageID as game id's board, unless the game has
// ended (its board never changes again).
func (b *Bot) saveMessage(ctx context.Context, id int64, messageID string) error {
	for range 8 {
		g, err := b.st.Game(ctx, id)
		if err != nil {
			return fmt.Errorf("saving the board of game %d: %w", id, err)
		}
		if !g.Status.Live() || g.MessageID == messageID {
			return nil
		}
		g.MessageID = messageID
		err = b.st.Update(ctx, g)
		if store.ErrorCode(err) != store.Conflict {
			if err != nil {
				return fmt.Errorf("saving the board of game %d: %w", id, err)
			}
			return nil
		}
	}
	return fmt.Errorf("saving the board of game %d: it kept changing", id)
}

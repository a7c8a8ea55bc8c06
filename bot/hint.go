package bot

import (
	"fmt"
	"strings"

	"github.com/tengen-bot/tengen/bot/match"
)

// hint answers the Hint button of a board against the AI: privately, the
// engine's move with its line in the clicker's notation, and the board
// with the move played, marked as the last move. The board's button then
// counts the hints left (the lifecycle plans it again).
func (b *Bot) hint(q *request, c customID) (reply, error) {
	h, err := b.m.Hint(q.ctx, c.Game, q.actor(), c.Ply)
	if err != nil {
		return reply{}, err
	}
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return reply{}, err
	}
	gk := kindOf(g.Kind)
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return reply{}, err
	}
	line, err := lineText(q.loc, eg, h.Line, maxLine)
	if err != nil {
		return reply{}, err
	}
	if len(line) == 0 {
		return reply{}, fmt.Errorf("hint for game %d: the engine's move %q does not play", g.ID, h.Move)
	}
	if _, err := eg.Play(h.Move); err != nil { // the hint's move alone, on the board
		return reply{}, fmt.Errorf("hint for game %d: %w", g.ID, err)
	}
	h0 := header(g, q.loc)
	side, _ := seatOf(g, q.user.ID)
	opt, flip := b.pres.drawingFor(g, q.user.ID, side) // the asker's own view
	png, _, err := gk.draw(b.pres.render, eg, h0, flip, opt, false)
	if err != nil {
		return reply{}, fmt.Errorf("drawing the hint of game %d: %w", g.ID, err)
	}
	text := q.loc.t("hint.text", g.ID, line[0], strings.Join(line, " "), h.Left)
	return reply{kind: replyMessage, msg: &message{Content: text, Ephemeral: true,
		Files: []file{{Name: boardFile, ContentType: "image/png", Data: png, Description: altText(q.loc, g, eg)}}},
		games: []int64{g.ID}}, nil
}

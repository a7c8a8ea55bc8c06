package bot

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/store"
)

// The game record: the move list on every board (the last boardPlies
// moves) and behind its Moves button (all of them, privately, in the
// clicker's language), /export and /import.

// boardPlies is how many of the last moves a board lists.
const boardPlies = 10

// Discord's limits on what a move list or an export may fill: a message's
// content (2,000 characters), an embed's description (4,096) and all of a
// message's embeds together (6,000).
const (
	maxContent     = 2000
	maxDescription = 4096
	maxEmbedsText  = 6000
)

// plyTexts writes every move of eg in the reader's notation: Gomoku
// points ("h8"); Xiangqi in WXF for English readers ("C2.5"), in
// Vietnamese notation for Vietnamese ones ("P2-5"), and in Chinese in
// their script for the others (炮二平五, 砲二平五).
func plyTexts(loc locale, eg engine.Game) []string {
	g, ok := eg.(*xiangqi.Game)
	if !ok {
		return eg.Moves()
	}
	return g.Replay(func(p *xiangqi.Position, m xiangqi.Move) string {
		switch {
		case loc == en:
			return p.WXF(m)
		case loc.notation() == notationVietnamese:
			return p.Vietnamese(m)
		}
		return p.Chinese(m, loc.simplified())
	})
}

// firstMover is the side that made (or makes) the game's first move: red
// or black in a Xiangqi game from a position, black in Gomoku.
func firstMover(eg engine.Game) engine.Side {
	if g, ok := eg.(*xiangqi.Game); ok {
		return g.StartTurn()
	}
	return engine.First
}

// numberedLines writes the moves from ply from on (rounded down to a
// whole line) as numbered lines, a move of each side a line: "12. C2.5
// H8+7". A list that starts with the second side to move begins "1. …
// H8+7".
func numberedLines(moves []string, first engine.Side, from int) []string {
	offset := 0
	if first != engine.First {
		offset = 1
	}
	var lines []string
	start := max(from+offset, 0) / 2 * 2 // the first ply of from's line, counted with the offset
	for k := start; k-offset < len(moves); k += 2 {
		var sb strings.Builder
		fmt.Fprintf(&sb, "%d.", k/2+1)
		for j := k; j < k+2; j++ {
			i := j - offset
			switch {
			case i < 0:
				sb.WriteString(" …")
			case i < len(moves):
				sb.WriteString(" " + moves[i])
			}
		}
		lines = append(lines, sb.String())
	}
	return lines
}

// recentMoves is a board's move list: its last boardPlies moves,
// numbered, in loc's notation ("" before the first move).
func recentMoves(loc locale, eg engine.Game) string {
	moves := plyTexts(loc, eg)
	if len(moves) == 0 {
		return ""
	}
	return strings.Join(numberedLines(moves, firstMover(eg), len(moves)-boardPlies), "\n")
}

// movesButton is the board's Moves button, which lists every move
// privately (nil before the first move).
func movesButton(g *store.Game, eg engine.Game, loc locale) []discordgo.MessageComponent {
	if eg.Ply() == 0 {
		return nil
	}
	return row(button(g.ID, actMoves, eg.Ply(), loc.t("button.moves"), discordgo.SecondaryButton))
}

// movesMessage is the whole move list of game g, privately, in loc (see
// listMessage).
func movesMessage(loc locale, g *store.Game, eg engine.Game) *message {
	if eg.Ply() == 0 {
		return &message{Content: loc.t("moves.none", g.ID), Ephemeral: true}
	}
	lines := numberedLines(plyTexts(loc, eg), firstMover(eg), 0)
	return listMessage(loc, loc.t("board.title", kindName(loc, g.Kind), g.ID)+" · "+loc.t("record.plies", eg.Ply()), lines,
		fmt.Sprintf("game-%d-moves.txt", g.ID), kindOf(g.Kind).embed)
}

// listMessage shows lines privately under title: in embeds of at most
// maxDescription characters, at most maxEmbedsText in all; a longer list
// comes whole as the text file name, with its end in the embed.
func listMessage(loc locale, title string, lines []string, name string, colour int) *message {
	m := &message{Ephemeral: true}
	chunks := splitLines(lines, maxDescription-10)
	total := utf8.RuneCountInString(title)
	for _, c := range chunks {
		total += utf8.RuneCountInString(c)
	}
	if len(chunks) > maxEmbeds || total > maxEmbedsText {
		m.Content = loc.t("moves.file")
		m.Files = []file{{Name: name, ContentType: "text/plain; charset=utf-8", Data: []byte(strings.Join(lines, "\n") + "\n")}}
		chunks = chunks[len(chunks)-1:]
	}
	for i, c := range chunks {
		e := &discordgo.MessageEmbed{Description: c, Color: colour}
		if i == 0 {
			e.Title = title
		}
		m.Embeds = append(m.Embeds, e)
	}
	return m
}

// maxEmbeds is the most embeds a message may carry.
const maxEmbeds = 10

// splitLines joins lines into texts of at most limit characters each,
// breaking only between lines.
func splitLines(lines []string, limit int) []string {
	var out []string
	var sb strings.Builder
	n := 0
	for _, l := range lines {
		w := utf8.RuneCountInString(l) + 1
		if n > 0 && n+w > limit {
			out = append(out, sb.String())
			sb.Reset()
			n = 0
		}
		if n > 0 {
			sb.WriteByte('\n')
		}
		sb.WriteString(l)
		n += w
	}
	if n > 0 {
		out = append(out, sb.String())
	}
	return out
}

// movesClicked is the board's Moves button: the whole list, privately, in
// the clicker's language. Anyone may look.
func (b *Bot) movesClicked(q *request, c customID) (reply, error) {
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return reply{}, err
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return reply{}, err
	}
	return reply{kind: replyMessage, msg: movesMessage(q.loc, g, eg)}, nil
}

// exportCommand is /export: the record of a game, privately, as text in
// the formats players use and as a file Xiangqi or Gomoku software opens.
func (b *Bot) exportCommand(q *request, o options) (reply, error) {
	g, err := b.recordOf(q, o)
	if err != nil {
		return reply{}, err
	}
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return reply{}, err
	}
	return reply{kind: replyMessage, msg: exportMessage(q.loc, g, eg)}, nil
}

// recordOf is the game /export shows: the one its game option names,
// provided the user played it or it was played in this server or channel;
// else the user's latest game in progress here, else their latest game.
func (b *Bot) recordOf(q *request, o options) (*store.Game, error) {
	if _, named := o[optGame]; named {
		id := o.int(optGame)
		g, err := b.st.Game(q.ctx, id)
		if err != nil {
			return nil, err
		}
		_, player := seatOf(g, q.user.ID)
		here := g.ChannelID == q.i.ChannelID || (g.GuildID != "" && g.GuildID == q.i.GuildID)
		if !player && !here {
			return nil, engine.E(engine.NotYourRecord, id)
		}
		return g, nil
	}
	games, err := b.st.UserGames(q.ctx, q.user.ID)
	if err != nil {
		return nil, fmt.Errorf("games of %s: %w", q.user.ID, err)
	}
	for i := len(games) - 1; i >= 0; i-- {
		if games[i].Status == store.Active && shownHere(games[i], q.i.ChannelID) {
			return games[i], nil
		}
	}
	g, err := b.st.LastGame(q.ctx, q.user.ID)
	if err != nil {
		return nil, fmt.Errorf("last game of %s: %w", q.user.ID, err)
	}
	if g == nil {
		return nil, refuse("err.export.none")
	}
	return g, nil
}

// fileName is how a record file names a seat: the player's name, or the
// AI and its level.
func fileName(s store.Seat) string {
	switch {
	case s.IsAI():
		return "Tengen AI (level " + strconv.Itoa(s.AI) + ")"
	case s.Name != "":
		return s.Name
	}
	return "Discord user " + s.UserID
}

// exportMessage is the record of game g in loc: the lists in the content
// (each cut to fit Discord's 2,000 characters, the file having all), and
// the file: a PGN for Xiangqi, a .psq position file for Gomoku.
func exportMessage(loc locale, g *store.Game, eg engine.Game) *message {
	head := "📄 **" + loc.t("board.title", kindName(loc, g.Kind), g.ID) + "** · " + setupText(loc, g) + " · " +
		loc.t("record.plies", eg.Ply())
	var lists [][2]string // label, text
	var f file
	switch x := eg.(type) {
	case *xiangqi.Game:
		head += "\n" + loc.t("export.xiangqi")
		first := x.StartTurn()
		lists = [][2]string{
			{"FEN", x.StartFEN()},
			{"ICCS", xiangqi.NumberMoves(x.ICCSMoves(), first, 1, 0)},
			{"WXF", xiangqi.NumberMoves(x.WXFMoves(), first, 1, 0)},
		}
		result := "*"
		if g.Status == store.Finished {
			result = xiangqi.Result(g.Outcome)
		}
		pgn := x.PGN(xiangqi.Tags{Event: "Tengen game #" + strconv.FormatInt(g.ID, 10), Site: "Discord",
			Date: g.CreatedAt.UTC().Format("2006.01.02"), Red: fileName(g.Seats[engine.First]),
			Black: fileName(g.Seats[engine.Second]), Result: result})
		f = file{Name: fmt.Sprintf("tengen-%d.pgn", g.ID), ContentType: "application/x-chess-pgn", Data: []byte(pgn)}
	case *gomoku.Game:
		head += "\n" + loc.t("export.gomoku")
		lists = [][2]string{{loc.t("export.moves"), x.NumberedMoves(0)}}
		psq := x.PSQ(fileName(g.Seats[engine.First]), fileName(g.Seats[engine.Second]))
		f = file{Name: fmt.Sprintf("tengen-%d.psq", g.ID), ContentType: "text/plain; charset=utf-8", Data: []byte(psq)}
	}
	if g.Start > 0 {
		head += "\n" + loc.t("export.imported", g.Start)
	}
	content := head
	budget := (maxContent - utf8.RuneCountInString(head) - 40*len(lists)) / max(len(lists), 1)
	for _, l := range lists {
		text := l[1]
		if text == "" {
			text = "—"
		}
		content += "\n**" + l[0] + "**\n```\n" + cut(text, budget, loc.t("export.cut")) + "\n```"
	}
	return &message{Content: content, Files: []file{f}, Ephemeral: true}
}

// cut shortens text to at most limit characters, ending it with more
// when it cuts.
func cut(text string, limit int, more string) string {
	if utf8.RuneCountInString(text) <= limit {
		return text
	}
	r := []rune(text)
	n := max(limit-utf8.RuneCountInString(more)-1, 0)
	return string(r[:n]) + " " + more
}

// importCommand is /import: a game continued from a pasted position or
// move list (for Vietnamese readers, Xiangqi moves in Vietnamese notation
// first), against the AI (at level) or, with an opponent, as a
// challenge to them. Whoever imports makes the next move unless next says
// the opponent does. Imported games are unrated.
func (b *Bot) importCommand(q *request, o options) (reply, error) {
	text, err := b.importText(q, o)
	if err != nil {
		return reply{}, err
	}
	kind := store.Kind(o.str(optGame))
	if kind == store.Xiangqi && q.loc.notation() == notationVietnamese {
		// Vietnamese readers write (and see) moves in Vietnamese notation,
		// whose letters WXF reads otherwise.
		g, err := xiangqi.ParseRecordVietnamese(text)
		if err != nil {
			return reply{}, err
		}
		saved, err := g.MarshalText()
		if err != nil {
			return reply{}, fmt.Errorf("import: %w", err)
		}
		text = string(saved)
	}
	eg, setup, err := match.ReadRecord(kind, text, o.str(optRule), int(o.int(optSize)))
	if err != nil {
		return reply{}, err
	}
	me := eg.Turn()
	if o.str(optNext) == "opponent" {
		me = me.Other()
	}
	seating := match.ChallengerFirst
	if me != engine.First {
		seating = match.OpponentFirst
	}
	if opp, ok := opponentOf(q.i, o, optOpponent); ok {
		if _, level := o[optLevel]; level {
			return reply{}, refuse("err.import.both")
		}
		if err := canSee(q, opp.ID); err != nil {
			return reply{}, err
		}
		g, err := b.m.Challenge(q.ctx, match.ChallengeSpec{Setup: setup, Challenger: q.user, Opponent: opp, Start: seating,
			GuildID: q.i.GuildID, ChannelID: q.i.ChannelID, Via: q.via})
		if err != nil {
			return reply{}, err
		}
		return b.played(q, g.ID)
	}
	level := int(o.int(optLevel))
	if level == 0 {
		level = defaultLevel
	}
	g, err := b.m.Solo(q.ctx, match.SoloSpec{Setup: setup, Player: q.user, Level: level, Start: seating,
		GuildID: q.i.GuildID, ChannelID: q.i.ChannelID, Via: q.via})
	if err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID)
}

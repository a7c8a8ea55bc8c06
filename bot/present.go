package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// presenter turns a game's posts into messages. Its methods are pure
// functions of the game as stored (and the renderer's deterministic
// images): the same game and post always give the same message, which the
// golden tests check.
type presenter struct {
	render *render.Renderer
	opt    render.Options
	// fixedView shows every Xiangqi board from red's side.
	fixedView bool
	// locale is the language of public messages of a game whose locale is
	// not known yet.
	locale locale
	// undoRoom says whether someone may ask for an undo in an active game,
	// and how many undos are left against the AI (-1 between people):
	// match.Manager.UndoRoom. Nil shows Undo whenever a move was played.
	undoRoom func(g *store.Game, eg engine.Game) (ok bool, left int)
	// hintRoom says whether the person to move against the AI may ask for
	// a hint, and how many are left: match.Manager.HintRoom. Nil shows no
	// Hint button.
	hintRoom func(g *store.Game, eg engine.Game) (ok bool, left int)
	// looks returns a player's own settings (/settings me), which the
	// board follows for the player it is for (boardViewer). Nil draws
	// every board as opt and fixedView say.
	looks func(userID string) looks
}

// undoButton is the Undo button of an active game's board, or nil when
// nobody could ask for an undo now; against the AI it says how many are
// left.
func (p *presenter) undoButton(g *store.Game, eg engine.Game, loc locale) *discordgo.Button {
	ok, left := eg.Ply() > 0, -1
	if p.undoRoom != nil {
		ok, left = p.undoRoom(g, eg)
	}
	if !ok {
		return nil
	}
	label := loc.t("button.undo")
	if left >= 0 {
		label = loc.t("button.undo_left", left)
	}
	b := button(g.ID, actUndo, eg.Ply(), label, discordgo.SecondaryButton)
	return &b
}

// publicLocale is the language of g's public messages.
func (p *presenter) publicLocale(g *store.Game) locale {
	if g.Locale == "" {
		return p.locale
	}
	return localeOf(discordgo.Locale(g.Locale))
}

// postLocale is the language of post of game g: its mirror's for a post
// in the channel of the other server of a game paired across servers, the
// game's otherwise.
func (p *presenter) postLocale(g *store.Game, post *store.Post) locale {
	if onMirror(g, post) {
		if g.Mirror.Locale == "" {
			return p.locale
		}
		return localeOf(discordgo.Locale(g.Mirror.Locale))
	}
	return p.publicLocale(g)
}

// onMirror reports whether post of game g is on its mirror's side: in
// the mirror's channel, or in the channel its thread was started in.
func onMirror(g *store.Game, post *store.Post) bool {
	return g.Mirrored() && (post.ChannelID == g.Mirror.ChannelID ||
		g.Mirror.ThreadParent != "" && post.ChannelID == g.Mirror.ThreadParent)
}

// gameThread is the thread where post's side of game g is played: the
// mirror's channel for a post on the mirror's side, the game's otherwise.
func gameThread(g *store.Game, post *store.Post) string {
	if onMirror(g, post) {
		return g.Mirror.ChannelID
	}
	return g.ChannelID
}

// post is the message of post as game g stands (eg is its engine state).
func (p *presenter) post(g *store.Game, eg engine.Game, post *store.Post) (*message, error) {
	loc := p.postLocale(g, post)
	var m *message
	switch post.Kind {
	case store.BoardPost:
		if post.Want == store.WantRetired {
			return retiredBoard(), nil
		}
		if post.Want == store.WantThread {
			return threadLine(g, loc, gameThread(g, post)), nil
		}
		var err error
		if m, err = p.board(g, eg, loc); err != nil {
			return nil, err
		}
	case store.ChallengePost:
		m = challengeMessage(g, post, loc)
	case store.PromptPost:
		m = promptMessage(g, eg, post, loc)
	case store.NoticePost:
		m = noticeMessage(g, eg, post, loc)
	default:
		return nil, fmt.Errorf("game %d: no message for a %q post", g.ID, post.Kind)
	}
	m.Ping = post.Ping
	mentionPinged(m)
	if post.ChannelID == g.ChannelID {
		fitPermissions(m, g, loc)
	}
	return m, nil
}

// mentionPinged adds to m's content the mention of each user it must
// notify that its text does not name (the author of an open challenge
// when whoever took it moves first): only a mention notifies.
func mentionPinged(m *message) {
	var missing []string
	for _, u := range m.Ping {
		if mention := "<@" + u + ">"; !strings.Contains(m.Content, mention) {
			missing = append(missing, mention)
		}
	}
	if len(missing) > 0 {
		m.Content = strings.TrimPrefix(m.Content+"\n-# 🔔 "+strings.Join(missing, " "), "\n")
	}
}

// fitPermissions adapts m to what the app may do where it is shown (perms,
// Discord's app_permissions), and says in it what is missing: without
// Attach Files the board goes without its image, without Embed Links its
// embed would not show, and without Send Messages the bot cannot post the
// game's notices (reminders, losses on time) there. Interaction responses
// need nothing else, so the game goes on. Where the bot user is not present
// (only the players installed Tengen) it says that what time decides is
// shown at the next interaction; in a DM with the bot, nothing is missing.
func fitPermissions(m *message, g *store.Game, loc locale) {
	perms := g.Perms
	if perms == store.PermsUnknown || g.Place == store.BotDM {
		return
	}
	var notes []string
	if perms&permAttach == 0 && len(m.Files) > 0 {
		m.Files = nil
		for _, e := range m.Embeds {
			e.Image = nil
		}
		notes = append(notes, loc.t("perm.attach"))
	}
	if perms&permEmbed == 0 && len(m.Embeds) > 0 {
		notes = append(notes, loc.t("perm.embed"))
	}
	switch {
	case len(m.Components) == 0:
	case !g.Place.BotCanPost():
		notes = append(notes, loc.t("perm.userapp"))
	case perms&(permView|sendPerm(g)) != permView|sendPerm(g):
		notes = append(notes, loc.t("perm.send"))
	}
	for _, n := range notes {
		m.Content += "\n-# ⚠️ " + n
	}
}

// retiredBoard is the edit of a board that is no longer the latest: its
// image and embed stay, its call to act and its buttons go.
func retiredBoard() *message {
	return &message{Components: []discordgo.MessageComponent{}, KeepImage: true}
}

// seatName is how a message names the player of a side: a mention, or the AI.
func seatName(loc locale, seat store.Seat) string {
	if seat.IsAI() {
		return loc.t("ai.name", seat.AI)
	}
	if seat.IsEmpty() { // the open seat of an open challenge
		return loc.t("open.seat")
	}
	return "<@" + seat.UserID + ">"
}

// colourName is the name of side s's colour in g.
func colourName(loc locale, k store.Kind, s engine.Side) string {
	return loc.t(kindOf(k).colours[s&1])
}

// kindName is the game's name in loc.
func kindName(loc locale, k store.Kind) string { return loc.t("kind." + string(k)) }

// setupText describes the rules and size of a game: "renju · 15×15".
func setupText(loc locale, g *store.Game) string { return kindOf(g.Kind).setup(loc, g) }

// players lists both sides with their colours.
func players(loc locale, g *store.Game) string {
	gk := kindOf(g.Kind)
	var sb strings.Builder
	for s := engine.First; s <= engine.Second; s++ {
		if s == engine.Second {
			sb.WriteByte('\n')
		}
		fmt.Fprintf(&sb, "%s **%s**: %s", gk.emoji[s], colourName(loc, g.Kind, s), seatName(loc, g.Seats[s]))
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
	return loc.t("result.win", seatName(loc, g.Seats[w]), colourName(loc, g.Kind, w), reason)
}

// header is the render view of the players.
func header(g *store.Game, loc locale) render.Header {
	h := render.Header{Words: boardWords(loc)}
	live := match.TimeControlOf(g).Live()
	for s, seat := range g.Seats {
		h.Players[s] = render.Player{Name: seat.Name, AI: seat.IsAI(), Level: seat.AI}
		if live && !seat.IsAI() {
			h.Players[s].Clock = clockText(g.Clock[s])
		}
	}
	if g.Status == store.Finished {
		h.Outcome = g.Outcome
	}
	return h
}

// boardWords are the words around a board image in loc, from the
// catalogue. English keeps the engine's names of the reasons a game ends,
// which its boards have always shown; other languages name them as their
// replies do.
func boardWords(loc locale) render.Words {
	w := render.Words{
		Black: loc.t("image.black"), White: loc.t("image.white"), Red: loc.t("image.red"),
		ToPlay: loc.t("image.to_play"), AI: loc.t("image.ai"), Win: loc.t("image.win"), Draw: loc.t("image.draw"),
		Ended: loc.t("image.ended"), EndedOne: loc.t("image.ended_one"),
	}
	if loc != en {
		for r := engine.Five; int(r) < len(w.Reasons); r++ {
			w.Reasons[r] = loc.t("reason." + strings.ReplaceAll(r.String(), " ", "_"))
		}
	}
	return w
}

// drawing is how g's board is drawn: the settings of the player it is
// for (boardViewer) over the configuration, facing that player (a Xiangqi
// board is turned when they play the second side) unless they or the
// configuration want red at the bottom. Between people that is the player
// to move; against the AI the person.
func (p *presenter) drawing(g *store.Game, eg engine.Game) (render.Options, bool) {
	id, side := boardViewer(g, eg)
	return p.drawingFor(g, id, side)
}

// drawingFor is how a board of g is drawn for user id ("" for nobody in
// particular) playing side: with their settings, facing them.
func (p *presenter) drawingFor(g *store.Game, id string, side engine.Side) (render.Options, bool) {
	opt, fixed := p.opt, p.fixedView
	if id != "" && p.looks != nil {
		l := p.looks(id)
		opt, fixed = l.apply(opt), l.fixedView(fixed)
	}
	return opt, kindOf(g.Kind).flips && !fixed && side == engine.Second
}

// button is a button of a game.
func button(g int64, action string, ply int, label string, style discordgo.ButtonStyle) discordgo.Button {
	return discordgo.Button{CustomID: customID{Game: g, Action: action, Ply: ply}.String(), Label: label, Style: style}
}

// board is a game's board: the image, an embed saying how the game stands,
// the call to act, the buttons, and after the end the replay.
func (p *presenter) board(g *store.Game, eg engine.Game, loc locale) (*message, error) {
	gk := kindOf(g.Kind)
	over := g.Status == store.Finished
	opt, flip := p.drawing(g, eg)
	png, gif, err := gk.draw(p.render, eg, header(g, loc), flip, opt, over)
	if err != nil {
		return nil, fmt.Errorf("drawing game %d: %w", g.ID, err)
	}
	e := &discordgo.MessageEmbed{
		Title:       loc.t("board.title", kindName(loc, g.Kind), g.ID),
		Description: players(loc, g),
		Color:       gk.embed,
		Image:       &discordgo.MessageEmbedImage{URL: "attachment://" + boardFile},
		Fields:      []*discordgo.MessageEmbedField{{Name: loc.t("board.rules"), Value: setupText(loc, g), Inline: true}},
	}
	ply := eg.Ply()
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.move"), Value: strconv.Itoa(ply), Inline: true})
	if lm := gk.lastMove(loc, eg); lm != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.last"), Value: "`" + lm + "`", Inline: true})
	}
	if g.Start > 0 { // imported: from that move on, unrated
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.imported"), Value: loc.t("board.imported.text", g.Start), Inline: true})
	}
	m := &message{Embeds: []*discordgo.MessageEmbed{e}, Files: []file{{Name: boardFile, ContentType: "image/png", Data: png,
		Description: altText(loc, g, eg)}}}
	turn := eg.Turn()
	switch g.Status {
	case store.Active:
		seat := g.Seats[turn]
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.turn"),
			Value: gk.emoji[turn] + " " + seatName(loc, seat) + " (" + colourName(loc, g.Kind, turn) + ")"})
		if seat.IsAI() {
			m.Content = loc.t("board.thinking")
		} else {
			m.Content = loc.t("board.your_move", seatName(loc, seat), colourName(loc, g.Kind, turn))
		}
		buttons := []discordgo.MessageComponent{button(g.ID, actMove, ply, loc.t("button.move"), discordgo.PrimaryButton)}
		if undo := p.undoButton(g, eg, loc); undo != nil {
			buttons = append(buttons, *undo)
		}
		buttons = append(buttons, button(g.ID, actDraw, ply, loc.t("button.draw"), discordgo.SecondaryButton))
		if p.hintRoom != nil {
			if ok, left := p.hintRoom(g, eg); ok {
				buttons = append(buttons, button(g.ID, actHint, ply, loc.t("button.hint_left", left), discordgo.SecondaryButton))
			}
		}
		if match.CanAbort(g, eg) { // in the first moves against the AI: no record
			buttons = append(buttons, button(g.ID, actAbort, ply, loc.t("button.abort"), discordgo.DangerButton))
		} else {
			buttons = append(buttons, button(g.ID, actResign, ply, loc.t("button.resign"), discordgo.DangerButton))
		}
		m.Components = append(row(buttons...), movesButton(g, eg, loc)...)
	case store.Finished:
		e.Color = colourOver
		result := outcomeText(loc, g)
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.result"), Value: result})
		if !g.Rated && !g.Seats[0].IsAI() && !g.Seats[1].IsAI() && eg.Ply() < match.MinRatedPlies && g.Start == 0 {
			e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("challenge.rated"), Value: loc.t("board.too_short", match.MinRatedPlies)})
		}
		m.Content = "🏁 " + result
		m.Files = append(m.Files, file{Name: replayFile, ContentType: "image/gif", Data: gif, Description: replayAltText(loc, g, eg)})
		m.Components = append(row(button(g.ID, actRematch, ply, loc.t("button.rematch"), discordgo.SuccessButton),
			button(g.ID, actReview, ply, loc.t("button.review"), discordgo.SecondaryButton)), movesButton(g, eg, loc)...)
	default:
		e.Color = colourOver
		if g.Aborted() {
			m.Content = loc.t("board.ended.aborted")
		} else {
			m.Content = loc.t("board.ended." + string(g.Status))
		}
		m.Components = []discordgo.MessageComponent{}
	}
	if f := clockField(loc, g, eg); f != nil {
		e.Fields = append(e.Fields, f)
	}
	m.Content += flagLine(loc, g, eg)
	if list := recentMoves(loc, eg); list != "" { // the last moves; the Moves button lists them all
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.moves"), Value: list})
	}
	return m, nil
}

// challengeMessage shows a challenge (or rematch offer): while it waits,
// with the Accept and Decline buttons; then how it ended.
func challengeMessage(g *store.Game, post *store.Post, loc locale) *message {
	if match.IsOpen(g) || match.WasOpen(g) {
		return openChallengeMessage(g, post, loc)
	}
	challenger, opponent := g.Seats[post.By], g.Seats[post.By.Other()]
	title := loc.t("challenge.title", kindName(loc, g.Kind))
	if post.Request == store.RematchRequest {
		title = loc.t("challenge.rematch", kindName(loc, g.Kind))
	}
	e := &discordgo.MessageEmbed{
		Title:       title,
		Description: loc.t("challenge.text", seatName(loc, challenger), seatName(loc, opponent)) + "\n\n" + players(loc, g),
		Color:       kindOf(g.Kind).embed,
		Fields:      []*discordgo.MessageEmbedField{{Name: loc.t("board.rules"), Value: setupText(loc, g), Inline: true}},
		Footer:      &discordgo.MessageEmbedFooter{Text: loc.t("board.game", g.ID)},
	}
	return offer(g, post, loc, e, loc.t("challenge.ping", seatName(loc, opponent), seatName(loc, challenger)),
		button(g.ID, actDecline, 0, loc.t("button.decline"), discordgo.DangerButton))
}

// offer finishes the message of a challenge, named or open, whose embed e
// the caller began: whether it is rated and its time control; then, while
// it waits, when it expires, call as the content and the Accept button
// with decline (Decline, or the author's Cancel); once it ended, how.
func offer(g *store.Game, post *store.Post, loc locale, e *discordgo.MessageEmbed, call string, decline discordgo.Button) *message {
	if g.Rated {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("challenge.rated"), Value: loc.t("challenge.rated.yes"), Inline: true})
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("board.time"), Value: timeText(loc, match.TimeControlOf(g)), Inline: true})
	m := &message{Embeds: []*discordgo.MessageEmbed{e}, Components: []discordgo.MessageComponent{}}
	if post.Want != store.WantOpen {
		e.Color = colourOver
		m.Content = loc.t("challenge." + post.Want)
		return m
	}
	e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("challenge.expires"),
		Value: fmt.Sprintf("<t:%d:R>", g.Deadline.Unix()), Inline: true})
	m.Content = call
	m.Components = row(button(g.ID, actAccept, 0, loc.t("button.accept"), discordgo.SuccessButton), decline)
	return m
}

// promptMessage shows an undo or draw request: while it waits, its Accept
// and Decline buttons (the asker's Decline withdraws it; against the AI
// there are none: it answers by itself); then how it ended.
func promptMessage(g *store.Game, eg engine.Game, post *store.Post, loc locale) *message {
	kind := string(post.Request)
	asker, other := g.Seats[post.By], g.Seats[post.By.Other()]
	m := &message{Components: []discordgo.MessageComponent{}}
	what := loc.t("request." + kind)
	switch post.Want {
	case store.WantOpen:
		if other.IsAI() {
			m.Content = loc.t("prompt.ai."+kind, seatName(loc, asker), g.ID)
			return m
		}
		m.Content = loc.t("prompt."+kind, seatName(loc, other), seatName(loc, asker), g.ID)
		m.Components = row(
			button(g.ID, actYes, eg.Ply(), loc.t("button.accept"), discordgo.SuccessButton),
			button(g.ID, actNo, eg.Ply(), loc.t("button.decline"), discordgo.DangerButton),
		)
	case store.WantAccepted, store.WantDeclined:
		m.Content = loc.t("prompt."+post.Want, seatName(loc, other), what, g.ID)
	case store.WantWithdrawn, store.WantExpired:
		m.Content = loc.t("prompt."+post.Want, seatName(loc, asker), what, g.ID)
	default:
		m.Content = loc.t("prompt.cancelled", g.ID)
	}
	return m
}

// noticeMessage is a one-off message: a reminder to move, a loss on time.
func noticeMessage(g *store.Game, eg engine.Game, post *store.Post, loc locale) *message {
	if post.Want == store.WantResult {
		return resultLine(g, loc, gameThread(g, post))
	}
	if post.Want == store.WantRemind {
		turn := eg.Turn()
		return &message{Content: loc.t("remind", seatName(loc, g.Seats[turn]), g.ID, fmt.Sprintf("<t:%d:R>", g.Deadline.Unix()))}
	}
	return &message{Content: "⏰ " + outcomeText(loc, g)}
}

// stale reports whether a notice no longer says anything true: a reminder
// to move in a game that has moved on since.
func stale(g *store.Game, post *store.Post) bool {
	return post.Kind == store.NoticePost && post.Want == store.WantRemind && g.Version != post.Version
}

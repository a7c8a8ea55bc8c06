package bot

import (
	"context"
	"errors"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// request is one interaction being handled: who, where, in which language,
// and through which interaction the lifecycle sees it.
type request struct {
	ctx    context.Context
	i      *discordgo.Interaction
	loc    locale // the user's, for replies only they see
	public locale // the server's (the user's outside servers), for messages everyone sees
	user   match.Player
	via    match.Via
	// recipients are the users of the group DM it comes from (nil when
	// not known).
	recipients []string
	// parent is the channel of the thread it comes from ("" when it does
	// not come from a thread, or that is not known).
	parent string
}

// actor is the user acting through this interaction.
func (q *request) actor() match.Actor { return match.Actor{Player: q.user, Via: q.via} }

// newRequest reads an interaction.
func (b *Bot) newRequest(ctx context.Context, r *received) *request {
	i := r.Interaction
	public := i.Locale
	if i.GuildID != "" && i.GuildLocale != nil && *i.GuildLocale != "" {
		public = *i.GuildLocale
	}
	q := &request{ctx: ctx, i: i, loc: localeOf(i.Locale), public: localeOf(public), user: playerOf(i), recipients: r.recipients, parent: r.parent}
	q.via = match.Via{Interaction: i.ID, Token: i.Token, At: b.clock.Now(), Channel: i.ChannelID,
		Locale: string(public), Perms: i.AppPermissions, Place: placeOf(i)}
	if i.Type == discordgo.InteractionMessageComponent && i.Message != nil {
		q.via.Source = i.Message.ID
	}
	return q
}

// handle answers one interaction: route it to its handler, turn a refusal
// into a private note, and send the reply. h is the HTTP request the
// interaction came in, nil when it came over the gateway.
func (b *Bot) handle(ctx context.Context, rc *received, h *httpAnswer) {
	start := time.Now()
	i := rc.Interaction
	q := b.newRequest(ctx, rc)
	b.overrideLanguage(q)
	r := newResponder(ctx, b.rest, i, h, b.opt.DeferAfter, privateCommand(i))
	defer r.stop()
	done := b.deliver.answer(i.ID)
	rep, err := b.route(q)
	outcome := "ok"
	if err != nil {
		rep = b.refusal(q, err)
		if up, ok := b.outdated(q, rep); ok {
			rep = up
		}
		outcome = "refused"
		if _, internal := explain(q.loc, err); internal {
			outcome = "failed"
		}
	}
	b.send(q, r, rep, done)
	if b.opt.Observe != nil {
		b.opt.Observe(kindOfInteraction(i), outcome, time.Since(start))
	}
	if err := r.failure(); err != nil {
		b.log.Warn("deferring the interaction failed", "interaction", i.ID, "err", err)
	}
}

// kindOfInteraction names what an interaction asked, with few values (for
// metrics): a command's path, "autocomplete", or a component's action.
func kindOfInteraction(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommandAutocomplete:
		return "autocomplete"
	case discordgo.InteractionMessageComponent:
		id := i.MessageComponentData().CustomID
		if strings.HasPrefix(id, "lb/") {
			return "button leaderboard"
		}
		if c, err := parseCustomID(id); err == nil {
			return "button " + c.Action
		}
		return "button unknown"
	}
	return route(i)
}

// privateCommand reports whether a command answers privately, so that the
// watchdog's deferral is private too.
func privateCommand(i *discordgo.Interaction) bool {
	if i.Type != discordgo.InteractionApplicationCommand {
		return false
	}
	path, _ := commandPath(i.ApplicationCommandData())
	if strings.HasPrefix(path, cmdPuzzle+" ") {
		return path != cmdPuzzle+" "+subPuzzleBoard
	}
	name := i.ApplicationCommandData().Name
	return name == cmdGames || name == cmdHelp || name == cmdFollow || name == cmdUnfollow || name == cmdExport
}

// send is the executor: it answers the interaction with rep and records
// the game post the answer shows, then has the deliverer show the rest.
// An update of a game's message runs in that game's delivery turn, so that
// it never crosses an edit of the deliverer.
func (b *Bot) send(q *request, r *responder, rep reply, done func()) {
	var (
		id  string
		err error
	)
	switch rep.kind {
	case replyMessage:
		id, err = r.message(rep.msg, rep.post != nil)
	case replyUpdate:
		if rep.post == nil {
			id, err = r.update(rep.msg)
			break
		}
		if derr := b.deliver.do(q.ctx, rep.post.GameID, func() { id, err = r.update(rep.msg) }); derr != nil {
			err = derr
		}
		if err == nil && len(rep.post.Ping) > 0 {
			// an update notifies nobody
			_, err = b.rest.followup(q.ctx, q.i.Token, pingPayload(rep.post.Ping), nil)
		}
	case replyAck:
		err = r.ack()
	case replyChoices:
		err = r.choices(rep.choices)
	}
	if err != nil {
		b.log.Warn("answering an interaction", "interaction", q.i.ID, "route", route(q.i), "err", err)
	} else if p := rep.post; p != nil {
		if err := b.st.Delivered(q.ctx, p.ID, p.Want, id); err != nil {
			b.log.Error("recording a post", "game", p.GameID, "post", p.ID, "err", err)
		}
	}
	if err == nil && rep.note != nil {
		if _, err := b.rest.followup(q.ctx, q.i.Token, rep.note.full(), nil); err != nil {
			b.log.Warn("sending a private note", "interaction", q.i.ID, "err", err)
		}
	}
	if err == nil && rep.after != nil {
		rep.after(id)
	}
	games := append(rep.games, b.stranded(q)...)
	done() // what the interaction created is the deliverer's now
	for _, g := range games {
		b.deliver.add(g)
	}
	if rep.thread && err == nil && id != "" && rep.post != nil && rep.post.Kind == store.BoardPost {
		b.openThread(q, rep.post.GameID, id)
	}
}

// route runs the interaction's handler.
func (b *Bot) route(q *request) (reply, error) {
	switch q.i.Type {
	case discordgo.InteractionApplicationCommand:
		return b.slash(q)
	case discordgo.InteractionMessageComponent:
		return b.component(q)
	case discordgo.InteractionApplicationCommandAutocomplete:
		return b.autocomplete(q)
	}
	return reply{}, refuse("err.unknown.command", q.i.Type.String())
}

// routeName names an interaction for logs.
func route(i *discordgo.Interaction) string {
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		d := i.ApplicationCommandData()
		name := d.Name
		if len(d.Options) > 0 && d.Options[0].Type == discordgo.ApplicationCommandOptionSubCommand {
			name += " " + d.Options[0].Name
		}
		return "/" + name
	case discordgo.InteractionMessageComponent:
		return i.MessageComponentData().CustomID
	}
	return i.Type.String()
}

// refusal is the reply to a handler's error: a private, specific note in
// the user's language, or (for a failure of ours, which is logged) an
// apology. An autocomplete gets no choices.
func (b *Bot) refusal(q *request, err error) reply {
	text, internal := explain(q.loc, err)
	if internal {
		b.log.Error("interaction failed", "interaction", q.i.ID, "user", q.user.ID, "route", route(q.i), "err", err)
	}
	if q.i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return reply{kind: replyChoices}
	}
	return ephemeralReply(text)
}

// userError is a refusal of ours, written from the catalogue in the
// reader's language.
type userError struct {
	key  string
	args []any
}

func (e *userError) Error() string { return en.t(e.key, e.args...) }

// refuse returns a userError.
func refuse(key string, args ...any) error { return &userError{key: key, args: args} }

// explain returns the reply for err in loc and whether err is an internal
// failure (logged, shown as a generic apology). Every refusal below the
// adapter is an *engine.Error: a headline for its class and the code's own
// message, both in loc.
func explain(loc locale, err error) (string, bool) {
	var ue *userError
	if errors.As(err, &ue) {
		return "⚠️ " + loc.t(ue.key, ue.args...), false
	}
	var ee *engine.Error
	if errors.As(err, &ee) && ee.Code.Class() != engine.ClassInternal {
		return "⚠️ " + loc.detail(classKey[ee.Code.Class()], loc.errorText(ee)), false
	}
	return "⚠️ " + loc.t("err.internal"), true
}

// classKey is the catalogue key of each class's headline.
var classKey = [...]string{
	engine.ClassNone:      "err.match.invalid",
	engine.ClassOffBoard:  "err.move.board",
	engine.ClassOccupied:  "err.move.occupied",
	engine.ClassForbidden: "err.move.forbidden",
	engine.ClassNotation:  "err.move.notation",
	engine.ClassIllegal:   "err.move.illegal",
	engine.ClassOver:      "err.match.over",
	engine.ClassNotFound:  "err.match.notfound",
	engine.ClassTurn:      "err.match.turn",
	engine.ClassNotPlayer: "err.match.player",
	engine.ClassNotYours:  "err.match.request",
	engine.ClassNoRequest: "err.match.norequest",
	engine.ClassExpired:   "err.match.expired",
	engine.ClassLimit:     "err.match.limit",
	engine.ClassConflict:  "err.busy",
	engine.ClassStale:     "err.match.stale",
	engine.ClassInvalid:   "err.match.invalid",
	engine.ClassInternal:  "err.internal",
}

// playerOf is the user who acted.
func playerOf(i *discordgo.Interaction) match.Player {
	if i.Member != nil && i.Member.User != nil {
		u := i.Member.User
		name := i.Member.Nick
		if name == "" {
			name = displayName(u)
		}
		return match.Player{ID: u.ID, Name: name, Bot: u.Bot}
	}
	if i.User != nil {
		return match.Player{ID: i.User.ID, Name: displayName(i.User), Bot: i.User.Bot}
	}
	return match.Player{}
}

func displayName(u *discordgo.User) string {
	if u.GlobalName != "" {
		return u.GlobalName
	}
	return u.Username
}

// options indexes a command's (or subcommand's) options by name.
type options map[string]*discordgo.ApplicationCommandInteractionDataOption

func optionsOf(opts []*discordgo.ApplicationCommandInteractionDataOption) options {
	o := options{}
	for _, x := range opts {
		o[x.Name] = x
	}
	return o
}

func (o options) str(name string) string {
	if x, ok := o[name]; ok {
		if s, ok := x.Value.(string); ok {
			return s
		}
	}
	return ""
}

func (o options) int(name string) int64 {
	if x, ok := o[name]; ok {
		if f, ok := x.Value.(float64); ok {
			return int64(f)
		}
	}
	return 0
}

// commandPath splits a command into its path ("gomoku challenge") and the
// options of its leaf.
func commandPath(d discordgo.ApplicationCommandInteractionData) (string, options) {
	path, opts := d.Name, d.Options
	for len(opts) == 1 && (opts[0].Type == discordgo.ApplicationCommandOptionSubCommand || opts[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		path += " " + opts[0].Name
		opts = opts[0].Options
	}
	return path, optionsOf(opts)
}

// slash routes a slash command by its path.
func (b *Bot) slash(q *request) (reply, error) {
	path, o := commandPath(q.i.ApplicationCommandData())
	switch path {
	case cmdGomoku + " " + subChallenge, cmdXiangqi + " " + subChallenge:
		return b.challenge(q, o, store.Kind(strings.Fields(path)[0]))
	case cmdGomoku + " " + subAI, cmdXiangqi + " " + subAI:
		return b.solo(q, o, store.Kind(strings.Fields(path)[0]))
	case cmdGomoku + " " + subOpen, cmdXiangqi + " " + subOpen:
		return b.openChallenge(q, o, store.Kind(strings.Fields(path)[0]))
	case cmdMove:
		return b.moveCommand(q, o)
	case cmdBoard:
		return b.boardCommand(q, o)
	case cmdResign:
		return b.resignCommand(q, o)
	case cmdGames:
		return b.gamesCommand(q, o)
	case cmdFollow:
		return b.followCommand(q, o)
	case cmdUnfollow:
		return b.unfollow(q, o.int(optGame))
	case cmdPlay + " " + subJoin:
		return b.playJoin(q, o)
	case cmdPlay + " " + subLeave:
		return b.playLeave(q)
	case cmdLeaderboard:
		return b.leaderboardCommand(q, o)
	case cmdStats:
		return b.statsCommand(q, o)
	case cmdHelp:
		return helpReply(q.loc), nil
	case cmdLimits:
		return b.limitsCommand(q, o)
	case cmdReview:
		return b.reviewCommand(q, o)
	case cmdSettings + " " + subServer, cmdSettings + " " + subMe:
		return b.settingsCommand(q, strings.Fields(path)[1], o)
	case cmdExport:
		return b.exportCommand(q, o)
	case cmdImport:
		return b.importCommand(q, o)
	case cmdPuzzle + " " + subNext, cmdPuzzle + " " + subDaily, cmdPuzzle + " " + optMove,
		cmdPuzzle + " " + subGiveUp, cmdPuzzle + " " + subPuzzleBoard:
		return b.puzzleRoute(q, strings.Fields(path)[1], o)
	}
	return reply{}, refuse("err.unknown.command", path)
}

// component routes a button or select menu by its custom id.
func (b *Bot) component(q *request) (reply, error) {
	d := q.i.MessageComponentData()
	if d.CustomID == leaveQueue {
		return b.playLeave(q)
	}
	if strings.HasPrefix(d.CustomID, "lb/") {
		p, err := parsePageID(d.CustomID)
		if err != nil {
			return reply{}, refuse("err.unknown.button")
		}
		return b.leaderboardPage(q, p)
	}
	c, err := parseCustomID(d.CustomID)
	if err != nil {
		return reply{}, refuse("err.unknown.button")
	}
	switch c.Action {
	case actAccept:
		return b.accept(q, c)
	case actDecline:
		return b.decline(q, c)
	case actMove:
		return b.openPicker(q, c)
	case actColumn, actPiece:
		return b.pickFirst(q, c, d.Values)
	case actRow, actTo:
		return b.pickSecond(q, c, d.Values)
	case actUndo:
		return b.ask(q, c, store.UndoRequest)
	case actDraw:
		return b.ask(q, c, store.DrawRequest)
	case actYes, actNo:
		return b.answer(q, c, c.Action == actYes)
	case actResign, actAbort:
		return b.confirmResign(q, c.Game, c.Ply)
	case actAbortYes:
		return b.abort(q, c)
	case actResignYes:
		return b.resign(q, c)
	case actResignNo:
		return reply{kind: replyUpdate, msg: &message{Content: q.loc.t("resign.kept", c.Game), Components: []discordgo.MessageComponent{}}}, nil
	case actRematch:
		return b.rematch(q, c)
	case actReview:
		return b.review(q, c.Game)
	case actHint:
		return b.hint(q, c)
	case actUnfollow:
		return b.unfollow(q, c.Game)
	case actMoves:
		return b.movesClicked(q, c)
	case actPuzzleGiveUp, actPuzzleNext:
		return b.puzzleButton(q, c)
	}
	return reply{}, refuse("err.unknown.button")
}

package bot

import (
	"context"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Spectating. /games lists live games: by default the caller's own (what
// a player typing /games wants first: where they must move), with
// scope:here those of this server (of this conversation in a DM or group
// DM), with user:@someone that player's games here; each line links to the
// game's board message. /follow game:N makes anyone who can see the game
// here a follower, told its result when it ends: by a DM from the bot
// (which notifies), or, when they accept no DM from it, by a new message
// mentioning them in the game's channel (a mention notifies only in a
// message created with it, never in an edit). /unfollow, or the Unfollow
// button of /follow's answer, stops it.

// Names of /games' and /follow's options and commands.
const (
	cmdFollow   = "follow"
	cmdUnfollow = "unfollow"

	scopeMine = "mine"
	scopeHere = "here"

	actUnfollow = "unfollow" // stop following the game (on /follow's answer)
)

// gamesPageSize is how many games a page of /games lists: seven lines of
// at most ~260 characters (four snowflakes in mentions and three in the
// link) keep it under a message's 2,000.
const gamesPageSize = 7

// gamesOptions are /games' options.
func gamesOptions() []*discordgo.ApplicationCommandOption {
	page := opt(discordgo.ApplicationCommandOptionInteger, optPage, "Page (default 1)", false)
	one := 1.0
	page.MinValue = &one
	return []*discordgo.ApplicationCommandOption{
		withChoices(opt(discordgo.ApplicationCommandOptionString, optScope, "Whose games: yours (default) or all of this server's", false),
			choice("mine", scopeMine), choice("this server", scopeHere)),
		opt(discordgo.ApplicationCommandOptionUser, optUser, "A player whose games here to list", false),
		page,
	}
}

// followCommands are /follow and /unfollow.
func followCommands() []*discordgo.ApplicationCommand {
	game := func(desc string) *discordgo.ApplicationCommandOption {
		o := opt(discordgo.ApplicationCommandOptionInteger, optGame, desc, true)
		lo := 1.0
		o.MinValue = &lo
		return o
	}
	return []*discordgo.ApplicationCommand{
		cmd(cmdFollow, "Follow a game and be told its result", game("The game's number (see /games)")),
		cmd(cmdUnfollow, "Stop following a game", game("The game's number")),
	}
}

// gamesCommand is /games: live games, privately, a page at a time.
func (b *Bot) gamesCommand(q *request, o options) (reply, error) {
	loc := q.loc
	var (
		games []*store.Game
		err   error
		me    string // the caller, when they list their own games
	)
	user, named := opponentOf(q.i, o, optUser)
	switch {
	case named:
		if games, err = b.st.LiveGamesIn(q.ctx, q.i.GuildID, q.i.ChannelID); err == nil {
			games = playedBy(games, user.ID)
		}
	case o.str(optScope) == scopeHere:
		games, err = b.st.LiveGamesIn(q.ctx, q.i.GuildID, q.i.ChannelID)
	default:
		me = q.user.ID
		games, err = b.st.UserGames(q.ctx, q.user.ID)
	}
	if err != nil {
		return reply{}, fmt.Errorf("listing games: %w", err)
	}
	if me == "" {
		games = b.visible(q, games)
	}
	if len(games) == 0 {
		switch {
		case named:
			return ephemeralReply(loc.t("games.none.player", "<@"+user.ID+">")), nil
		case me == "":
			return ephemeralReply(loc.t("games.none.here")), nil
		}
		return ephemeralReply(loc.t("games.none")), nil
	}
	pages := (len(games) + gamesPageSize - 1) / gamesPageSize
	page := 1
	if _, ok := o[optPage]; ok {
		page = int(o.int(optPage))
	}
	switch {
	case page < 1:
		return reply{}, engine.E(engine.PageFrom1, page)
	case page > pages:
		return reply{}, engine.E(engine.PageTooFar, page, pages)
	}
	var sb strings.Builder
	for _, g := range games[(page-1)*gamesPageSize : min(page*gamesPageSize, len(games))] {
		sb.WriteString(b.gameLine(q.ctx, loc, g, q.i.GuildID, me))
		sb.WriteByte('\n')
	}
	if pages > 1 {
		sb.WriteString(loc.t("games.page", page, pages))
	}
	return ephemeralReply(strings.TrimRight(sb.String(), "\n")), nil
}

// playedBy keeps the games in which userID holds a seat.
func playedBy(games []*store.Game, userID string) []*store.Game {
	var out []*store.Game
	for _, g := range games {
		if _, ok := seatOf(g, userID); ok {
			out = append(out, g)
		}
	}
	return out
}

// gameLine is one line of /games in server guildID: the game, who plays
// it (against whom, from the side of me, the caller listing their own
// games; else both players), where, how it stands, and a link to its
// board (shownIn).
func (b *Bot) gameLine(ctx context.Context, loc locale, g *store.Game, guildID, me string) string {
	who := loc.t("games.players", seatName(loc, g.Seats[0]), seatName(loc, g.Seats[1]))
	side, mine := seatOf(g, me)
	if mine {
		who = loc.t("games.vs", seatName(loc, g.Seats[side.Other()]))
	}
	state := loc.t("games.challenge")
	if g.Status == store.Active {
		if turn, err := restoreTurn(g); err == nil {
			switch {
			case !mine:
				state = loc.t("games.tomove", seatName(loc, g.Seats[turn]))
			case turn == side:
				state = loc.t("games.yourmove")
			default:
				state = loc.t("games.waiting")
			}
		}
	}
	state += timeNote(loc, g)
	guild, channel, board := shownIn(g, guildID, me)
	line := fmt.Sprintf("%s **%s** · %s · <#%s> · %s", gameID(g.ID), kindName(loc, g.Kind), who, channel, state)
	if link := b.boardLink(ctx, guild, board); link != "" {
		line += " · [" + loc.t("games.board") + "](" + link + ")"
	}
	return line
}

// boardLink is the link to board, the post showing a game in server
// guildID (https://discord.com/channels/<guild or @me>/<channel>/<message>),
// "" while Discord does not show it yet.
func (b *Bot) boardLink(ctx context.Context, guildID string, board int64) string {
	if board == 0 {
		return ""
	}
	p, err := b.st.Post(ctx, board)
	if err != nil || p.MessageID == "" {
		return ""
	}
	return messageLink(guildID, p.ChannelID, p.MessageID)
}

// shownIn is where game g is shown to a reader in server guildID (me: a
// player listing their own games, else ""): for a game paired across
// servers, its mirror's server, channel and board in the mirror's server,
// or elsewhere to the player who plays from the mirror; else the game's
// own.
func shownIn(g *store.Game, guildID, me string) (guild, channel string, board int64) {
	if g.Mirrored() && (guildID == g.Mirror.GuildID || guildID != g.GuildID && me != "" && me == g.Mirror.UserID) {
		return g.Mirror.GuildID, g.Mirror.ChannelID, g.Mirror.BoardPost
	}
	return g.GuildID, g.ChannelID, g.BoardPost
}

// messageLink is Discord's link to a message: the server's id, or @me for
// a DM or group DM, then the channel's and the message's.
func messageLink(guildID, channelID, messageID string) string {
	if guildID == "" {
		guildID = "@me"
	}
	return "https://discord.com/channels/" + guildID + "/" + channelID + "/" + messageID
}

// followable loads game id for q's user to follow or unfollow: it must
// be played here (this server, or this DM or group DM), so that nobody
// follows a game they cannot see.
func (b *Bot) followable(q *request, id int64) (*store.Game, error) {
	g, err := b.st.Game(q.ctx, id)
	if err != nil {
		return nil, err
	}
	mirror := g.Mirrored() && g.Mirror.GuildID == q.i.GuildID
	if !mirror && (g.GuildID != q.i.GuildID || g.GuildID == "" && g.ChannelID != q.i.ChannelID) {
		return nil, refuse("err.follow.elsewhere", id)
	}
	return g, nil
}

// visible keeps the games whose channel q's user can see (in q's server,
// shownIn): q's own channel;
// in a server that installed Tengen, the channels their permissions show
// them (computed as Discord does: reach); elsewhere (a server where only
// players installed Tengen) no other, as Discord tells nothing of them.
func (b *Bot) visible(q *request, games []*store.Game) []*store.Game {
	var x *reach
	out := games[:0:0]
	for _, g := range games {
		_, channel, _ := shownIn(g, q.i.GuildID, "")
		switch {
		case channel == q.i.ChannelID:
		case q.via.Place != store.Server:
			continue
		default:
			if x == nil {
				x = newReach(b.rest, b.log, q.i.GuildID, b.clock.Now)
			}
			if !x.CanSee(q.ctx, q.user.ID, channel) {
				continue
			}
		}
		out = append(out, g)
	}
	return out
}

// followCommand is /follow.
func (b *Bot) followCommand(q *request, o options) (reply, error) {
	id := o.int(optGame)
	g, err := b.followable(q, id)
	if err != nil {
		return reply{}, err
	}
	if len(b.visible(q, []*store.Game{g})) == 0 { // a channel hidden from them: as if elsewhere
		return reply{}, refuse("err.follow.elsewhere", id)
	}
	if _, plays := seatOf(g, q.user.ID); plays {
		return reply{}, engine.E(engine.FollowOwn, id)
	}
	if err := b.st.AddFollower(q.ctx, id, q.user.ID); err != nil {
		return reply{}, err
	}
	m := &message{Content: q.loc.t("follow.done", id), Ephemeral: true, Components: row(
		button(id, actUnfollow, 0, q.loc.t("button.unfollow"), discordgo.SecondaryButton))}
	return reply{kind: replyMessage, msg: m}, nil
}

// unfollow is /unfollow and the Unfollow button.
func (b *Bot) unfollow(q *request, id int64) (reply, error) {
	if _, err := b.followable(q, id); err != nil {
		return reply{}, err
	}
	if err := b.st.RemoveFollower(q.ctx, id, q.user.ID); err != nil {
		return reply{}, err
	}
	m := &message{Content: q.loc.t("follow.stopped", id), Ephemeral: true, Components: []discordgo.MessageComponent{}}
	if q.i.Type == discordgo.InteractionMessageComponent {
		return reply{kind: replyUpdate, msg: m}, nil
	}
	return reply{kind: replyMessage, msg: m}, nil
}

// codeCannotDM is Discord's JSON error code for a DM the user does not
// accept (topics/opcodes-and-status-codes.mdx).
const codeCannotDM = 50007

// tell tells the followers of game id its result once it has ended: each
// by a DM, or, when they accept none from the bot, by a message mentioning
// them in the game's channel where the bot may post. A follower is marked
// told once the message is sent (or when nothing can reach them); a
// failure is retried with the game's next delivery.
func (d *deliverer) tell(ctx context.Context, id int64) {
	fs, err := d.st.FollowersDue(ctx, id)
	if err != nil {
		d.log.Error("reading the followers to tell", "game", id, "err", err)
		return
	}
	if len(fs) == 0 {
		return
	}
	g, err := d.st.Game(ctx, id)
	if err != nil {
		d.log.Error("reading a game to tell its followers", "game", id, "err", err)
		return
	}
	texts := map[string]string{g.ChannelID: d.followText(ctx, g, d.pres.publicLocale(g), g.BoardPost)}
	if g.Mirrored() { // a follower from the other server reads its channel, in its language
		texts[g.Mirror.ChannelID] = d.followText(ctx, g, d.pres.postLocale(g, &store.Post{ChannelID: g.Mirror.ChannelID}), g.Mirror.BoardPost)
	}
	for _, f := range fs {
		if err := d.tellOne(ctx, g, f, texts); err != nil {
			d.log.Warn("telling a follower the result", "game", id, "user", f.UserID, "err", err)
			d.schedule(id, time.Time{}, true)
			continue
		}
		if err := d.st.Told(ctx, f); err != nil {
			d.log.Error("recording a follower told", "game", id, "user", f.UserID, "err", err)
		}
	}
}

// followText is what a follower of game g is told in loc: its result, and
// a link to the board (post board) where there is one.
func (d *deliverer) followText(ctx context.Context, g *store.Game, loc locale, board int64) string {
	text := loc.t("follow.result", g.ID, kindName(loc, g.Kind), loc.t("games.players", seatName(loc, g.Seats[0]), seatName(loc, g.Seats[1])), endText(loc, g))
	if board != 0 {
		if p, err := d.st.Post(ctx, board); err == nil && p.MessageID != "" {
			guild := g.GuildID
			if g.Mirrored() && p.ChannelID == g.Mirror.ChannelID {
				guild = g.Mirror.GuildID
			}
			text += "\n" + messageLink(guild, p.ChannelID, p.MessageID)
		}
	}
	return text
}

// tellOne sends the follower f of game g its result: a DM (the text of the
// game's channel, texts being by channel), else a mention in the game's
// channel and, for a game paired across servers, in its mirror's too,
// each in its text: a follower may have followed from either server. It
// returns nil when f was told or nothing can reach them.
func (d *deliverer) tellOne(ctx context.Context, g *store.Game, f store.Follower, texts map[string]string) error {
	// The message mentions them: a mention in a message created with it
	// notifies, in a DM as in a channel.
	say := func(text, nonce string) *payload {
		content := "<@" + f.UserID + "> " + text
		return &payload{Content: &content, AllowedMentions: &allowedMentions{Parse: []string{}, Users: []string{f.UserID}},
			Nonce: nonce, EnforceNonce: true}
	}
	var ch discordgo.Channel
	err := d.rest.do(ctx, http.MethodPost, discordgo.EndpointUserChannels("@me"), "users/@me/channels",
		map[string]string{"recipient_id": f.UserID}, nil, &ch)
	if err == nil {
		_, err = d.rest.create(ctx, ch.ID, say(texts[g.ChannelID], followNonce(f)), nil)
	}
	if err == nil || restCode(err) != codeCannotDM {
		return err
	}
	if !g.Place.BotCanPost() || g.Place == store.BotDM {
		d.log.Info("a follower accepts no DM and the game's channel is out of the bot's reach", "game", g.ID, "user", f.UserID)
		return nil
	}
	channels := []string{g.ChannelID}
	if g.Mirrored() {
		channels = append(channels, g.Mirror.ChannelID)
	}
	for i, c := range channels {
		_, err = d.rest.create(ctx, c, say(texts[c], followNonce(f)+strconv.Itoa(i)), nil)
		if forbidden(err) {
			d.log.Info("a follower accepts no DM and the bot may not post in the game's channel", "game", g.ID, "user", f.UserID, "channel", c)
			err = nil
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// followNonce is the nonce of the message telling f the result, so that a
// retry after a crash does not tell them twice (25 characters at most).
func followNonce(f store.Follower) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%d/%s", f.GameID, f.UserID)
	return "f" + strconv.FormatUint(h.Sum64(), 36)
}

// endText says how game g ended: its result, or why it has none.
func endText(loc locale, g *store.Game) string {
	switch g.Status {
	case store.Finished:
		return outcomeText(loc, g)
	case store.Abandoned:
		if g.Aborted() {
			return loc.t("board.ended.aborted")
		}
		return loc.t("board.ended.abandoned")
	}
	return loc.t("follow.never")
}

package bot

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// Where Tengen is used decides what it may do there. Discord tells it in
// every interaction: its context (a server, a DM with the bot user, or a
// group DM or DM between users) and which installations authorized it (the
// server's, the user's, or both; receiving-and-responding.mdx
// "Authorizing Integration Owners Object").

// placeOf says where interaction i was used.
func placeOf(i *discordgo.Interaction) store.Place {
	switch i.Context {
	case discordgo.InteractionContextBotDM:
		return store.BotDM
	case discordgo.InteractionContextPrivateChannel:
		return store.Private
	}
	if i.GuildID == "" {
		return store.BotDM // before contexts existed, a DM was the bot's
	}
	if _, server := i.AuthorizingIntegrationOwners[discordgo.ApplicationIntegrationGuildInstall]; !server &&
		len(i.AuthorizingIntegrationOwners) > 0 {
		return store.ServerUser
	}
	return store.Server
}

// received is an interaction as Discord sends it, with what discordgo's
// Interaction leaves out: who is in the private channel it was used in
// (the interaction's partial channel's recipients).
type received struct {
	*discordgo.Interaction
	// recipients are the users of a group DM or DM between users (nil when
	// Discord did not say).
	recipients []string
	// parent is, for an interaction in a thread, the channel the thread
	// is in ("" elsewhere, or when Discord did not say).
	parent string
}

// decodeInteraction reads an INTERACTION_CREATE payload.
func decodeInteraction(raw []byte) (*received, error) {
	var i discordgo.Interaction
	if err := json.Unmarshal(raw, &i); err != nil {
		return nil, fmt.Errorf("decoding an interaction: %w", err)
	}
	var extra struct {
		Channel *struct {
			Recipients []struct {
				ID string `json:"id"`
			} `json:"recipients"`
			ParentID string `json:"parent_id"`
			Type     int    `json:"type"`
		} `json:"channel"`
	}
	if err := json.Unmarshal(raw, &extra); err != nil {
		return nil, fmt.Errorf("decoding an interaction's channel: %w", err)
	}
	r := &received{Interaction: &i}
	if extra.Channel != nil {
		for _, u := range extra.Channel.Recipients {
			r.recipients = append(r.recipients, u.ID)
		}
		if isThread(discordgo.ChannelType(extra.Channel.Type)) {
			r.parent = extra.Channel.ParentID
		}
	}
	return r, nil
}

// OnEvent is a gateway handler for raw events: it answers
// INTERACTION_CREATE as OnInteraction does, and also knows who is in the
// group DM an interaction comes from, which discordgo's Interaction does
// not carry (challenges there are refused without it). Register either
// OnEvent or OnInteraction, not both.
func (b *Bot) OnEvent(_ *discordgo.Session, e *discordgo.Event) {
	if e.Type != "INTERACTION_CREATE" {
		return
	}
	r, err := decodeInteraction(e.RawData)
	if err != nil {
		b.log.Error("an interaction Tengen cannot read", "err", err)
		return
	}
	b.serve(r)
}

// serve answers one interaction unless the bot is closing.
func (b *Bot) serve(r *received) {
	b.closeMu.RLock()
	if b.closed {
		b.closeMu.RUnlock()
		return
	}
	b.inflight.Add(1)
	b.closeMu.RUnlock()
	defer b.inflight.Done()
	b.handle(context.Background(), r, nil)
}

// canSee checks that the opponent of a challenge made through q can see
// the channel the challenge is posted in: a challenge is never posted
// where its opponent cannot see it.
//   - In a DM with the bot user nobody else can: only games against the
//     AI are played there.
//   - In a server, the opponent must be a member who may view the channel
//     (the member's permissions in the channel, which Discord resolves for
//     a user option: receiving-and-responding.mdx "Resolved Data Structure").
//   - In a group DM, the opponent must be one of its recipients.
func canSee(q *request, opp string) error {
	switch q.via.Place {
	case store.BotDM:
		return refuse("err.place.dm")
	case store.Private:
		for _, id := range q.recipients {
			if id == opp {
				return nil
			}
		}
		if q.recipients == nil {
			return refuse("err.place.unknown")
		}
		return refuse("err.place.notthere", opp)
	}
	d := q.i.ApplicationCommandData()
	var m *discordgo.Member
	if d.Resolved != nil {
		m = d.Resolved.Members[opp]
	}
	if m == nil {
		return refuse("err.place.notmember", opp)
	}
	if m.Permissions != 0 && m.Permissions&(discordgo.PermissionViewChannel|discordgo.PermissionAdministrator) == 0 {
		return refuse("err.place.cannotsee", opp)
	}
	return nil
}

// maxRebound is how many waiting posts one interaction shows as its
// follow-ups: Discord allows a user-installed app 5 per interaction, and
// the answer itself may need one (a ping after an update).
const maxRebound = 3

// stranded hands what waits in q's channel and no token reaches any more
// to q's interaction, where Tengen's bot user is not present (a server or
// group DM where only the players installed it): what time decided while
// nobody interacted (a loss on time, an expired challenge, a reminder)
// and the boards after it become follow-ups of this interaction, which
// notify whom they mention. An older message no token can edit keeps what
// it shows (a click on it is answered in place). It returns the games to
// deliver once the interaction is answered.
func (b *Bot) stranded(q *request) []int64 {
	if q.via.Place.BotCanPost() || q.i.Type == discordgo.InteractionApplicationCommandAutocomplete {
		return nil
	}
	ids, err := b.st.DueIn(q.ctx, q.i.ChannelID)
	if err != nil {
		b.log.Error("looking for posts waiting in a channel", "channel", q.i.ChannelID, "err", err)
		return nil
	}
	now, until := b.clock.Now(), q.via.At.Add(match.TokenLifetime)
	var games []int64
	n := 0
	for _, id := range ids {
		del, err := b.st.Delivery(q.ctx, id)
		if err != nil {
			b.log.Error("reading a game to deliver", "game", id, "err", err)
			continue
		}
		g, rebound := del.Game, false
		for _, p := range del.Due {
			if p.Reachable(now) || p.ChannelID != q.i.ChannelID {
				continue
			}
			if p.MessageID != "" && p.ID != g.BoardPost && p.ID != g.PromptPost {
				// Retired, and out of every token's reach: it stays as it is.
				if err := b.st.Delivered(q.ctx, p.ID, p.Want, ""); err != nil {
					b.log.Error("recording a post", "game", g.ID, "post", p.ID, "err", err)
				}
				continue
			}
			if n == maxRebound {
				break
			}
			if err := b.st.Rebind(q.ctx, p.ID, q.i.ID, q.i.Token, until); err != nil {
				b.log.Error("handing a post to an interaction", "game", g.ID, "post", p.ID, "err", err)
				continue
			}
			n++
			rebound = true
		}
		if rebound {
			games = append(games, g.ID)
		}
	}
	return games
}

// outdated answers a refused click on a public message of a game that
// does not show the game as it stands: an older board or prompt, a
// challenge since answered (it loses its buttons), or the game's board
// itself while an edit no token can make any more waits (it shows the game
// now). Where only the players installed Tengen, an old message is out of
// every token's reach after 15 minutes: the click's own response (type 7)
// is how it changes, and the reason for refusing the click follows
// privately. It reports false for a click on an up-to-date message.
func (b *Bot) outdated(q *request, refusal reply) (reply, bool) {
	if q.i.Type != discordgo.InteractionMessageComponent || q.i.Message == nil || q.i.Message.Flags&discordgo.MessageFlagsEphemeral != 0 {
		return reply{}, false
	}
	c, err := parseCustomID(q.i.MessageComponentData().CustomID)
	if err != nil {
		return reply{}, false
	}
	switch c.Action {
	case actMove, actUndo, actDraw, actResign, actAbort, actRematch, actAccept, actDecline, actYes, actNo:
	default:
		return reply{}, false
	}
	g, err := b.st.Game(q.ctx, c.Game)
	if err != nil {
		return reply{}, false
	}
	for _, id := range []int64{g.BoardPost, g.PromptPost} {
		if id == 0 {
			continue
		}
		p, err := b.st.Post(q.ctx, id)
		if err != nil || p.MessageID == "" {
			return reply{}, false // not known yet: just refuse
		}
		if p.MessageID != q.i.Message.ID {
			continue
		}
		if !p.Due() || p.Reachable(b.clock.Now()) {
			return reply{}, false // up to date, or the deliverer can reach it
		}
		return b.showPost(g, p, refusal)
	}
	if rep, ok := b.settledHere(q, g, refusal); ok {
		return rep, true
	}
	return reply{kind: replyUpdate, msg: retiredBoard(), note: refusal.msg}, true
}

// settledHere answers a refused click on a challenge of game g that is
// no longer its board (one the click itself found expired): the click
// shows how it ended, in the game's delivery turn, whether or not the
// deliverer has shown it already, rather than retiring it blank.
func (b *Bot) settledHere(q *request, g *store.Game, refusal reply) (reply, bool) {
	posts, err := b.st.Posts(q.ctx, g.ID)
	if err != nil {
		return reply{}, false
	}
	for _, p := range posts {
		if p.MessageID != q.i.Message.ID || p.Kind != store.ChallengePost || p.Want == store.WantOpen {
			continue
		}
		return b.showPost(g, p, refusal)
	}
	return reply{}, false
}

// showPost answers a refused click with an update of the clicked message
// to what post p of game g should show, and the refusal as a private
// note; false when p cannot be drawn (the click is then just refused).
func (b *Bot) showPost(g *store.Game, p *store.Post, refusal reply) (reply, bool) {
	eg, err := match.Restore(g.Kind, g.Moves)
	if err != nil {
		return reply{}, false
	}
	m, err := b.pres.post(g, eg, p)
	if err != nil {
		return reply{}, false
	}
	return reply{kind: replyUpdate, msg: m, post: p, note: refusal.msg}, true
}

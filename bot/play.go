package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/store"
)

// /play join puts the player in the matchmaking queue (match.Manager.Queue):
// paired at once with a waiting player of similar rating who asked for the
// same game here, the game starts as the answer to their command; in a
// server that installed Tengen, one waiting in another of its channels
// may be paired too (reach.go): the game starts here, as the answer, when
// the other can play here, else in the other's channel, where its board
// mentions both, when the player can play there and Tengen can post
// there (the answer says where); where the servers of both allow it
// (/settings server cross_server, on by default), one waiting in another
// server, the game then shown in both players' channels (match.Queue).
// Else they wait, privately told until when, where others wait in the
// server, and how to leave (/play leave, or the answer's button).

// Names of /play and its subcommands, and the custom id of the Leave
// button.
const (
	cmdPlay      = "play"
	subJoin      = "join"
	subLeave     = "leave"
	leaveQueue   = "q/leave"
	maxElsewhere = 5 // channels named in the answer to joining
)

// playCommand is /play.
func playCommand() *discordgo.ApplicationCommand {
	join := append([]*discordgo.ApplicationCommandOption{kindOption(true)}, gomokuSetupOptions()...)
	join = append(join, timeOption())
	return cmd(cmdPlay, "Be paired with a player of your strength",
		sub(subJoin, "Wait here for a player of similar rating (Gomoku: choose the rule and size)", join...),
		sub(subLeave, "Leave the queue"))
}

// playJoin is /play join.
func (b *Bot) playJoin(q *request, o options) (reply, error) {
	if q.via.Place == store.BotDM {
		return reply{}, refuse("err.place.play_dm")
	}
	rated, tc, err := b.gameTerms(q, o)
	if err != nil {
		return reply{}, err
	}
	kind := store.Kind(o.str(optGame))
	spec := match.QueueSpec{
		Setup:  match.Setup{Kind: kind, Rules: o.str(optRule), Size: int(o.int(optSize)), Time: tc},
		Player: q.user, Rated: rated, GuildID: q.i.GuildID, ChannelID: q.i.ChannelID, Via: q.via,
	}
	if q.via.Place == store.Server && q.i.GuildID != "" {
		spec.Reach = newReach(b.rest, b.log, q.i.GuildID, b.clock.Now)
		across, err := b.crossServer(q)
		if err != nil {
			return reply{}, err
		}
		if across {
			spec.Across = newServers(b.rest, b.log, b.clock.Now)
		}
	}
	g, e, err := b.m.Queue(q.ctx, spec)
	if err != nil {
		return reply{}, err
	}
	if g != nil && g.ChannelID != q.i.ChannelID {
		// its board is posted there (the deliverer, told by match)
		return ephemeralReply(q.loc.t("play.paired_in", "<#"+g.ChannelID+">")), nil
	}
	if g != nil {
		rep, err := b.played(q, g.ID)
		rep.thread = b.wantsThread(q)
		return rep, err
	}
	asked := &store.Game{Kind: e.Kind, Rules: e.Rules, Size: e.Size, TimeControl: e.TimeControl}
	waiting := "play.waiting"
	if spec.Reach != nil {
		waiting = "play.waiting_server"
	}
	text := q.loc.t(waiting, kindName(q.loc, e.Kind), setupText(q.loc, asked)+timeNote(q.loc, asked),
		fmt.Sprintf("<t:%d:R>", e.ExpiresAt.Unix()))
	others, err := b.m.WaitingElsewhere(q.ctx, *e)
	if err != nil {
		return reply{}, err
	}
	var channels []string
	for _, w := range others {
		if c := "<#" + w.ChannelID + ">"; !strings.Contains(strings.Join(channels, " "), c) && len(channels) < maxElsewhere {
			channels = append(channels, c)
		}
	}
	if len(channels) > 0 {
		text += "\n" + q.loc.t("play.elsewhere", strings.Join(channels, ", "))
	}
	if spec.Across != nil {
		text += "\n" + q.loc.t("play.across")
	}
	m := &message{Content: text, Ephemeral: true, Components: row(discordgo.Button{
		CustomID: leaveQueue, Label: q.loc.t("button.leave"), Style: discordgo.SecondaryButton})}
	return reply{kind: replyMessage, msg: m}, nil
}

// playLeave is /play leave and the Leave button.
func (b *Bot) playLeave(q *request) (reply, error) {
	if err := b.m.LeaveQueue(q.ctx, q.user.ID); err != nil {
		return reply{}, err
	}
	m := &message{Content: q.loc.t("play.left"), Ephemeral: true, Components: []discordgo.MessageComponent{}}
	if q.i.Type == discordgo.InteractionMessageComponent {
		return reply{kind: replyUpdate, msg: m}, nil
	}
	return reply{kind: replyMessage, msg: m}, nil
}

// crossServer says whether q's server allows games paired across servers
// (/settings server cross_server): on until its managers turn it off.
func (b *Bot) crossServer(q *request) (bool, error) {
	v, err := b.setting(q, match.CrossServerSetting, settingOn)
	if err != nil {
		return false, err
	}
	return v != match.CrossServerOff, nil
}

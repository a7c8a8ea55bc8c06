package bot

import (
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// Open challenges: /gomoku open and /xiangqi open post a challenge anyone
// who sees it may accept (match.Manager.Open). Its Accept button is for
// everyone but its author, whose Decline button is Cancel.

// Names of the open challenge's subcommand and options.
const (
	subOpen      = "open"
	optMinRating = "min_rating"
	optMaxRating = "max_rating"
)

// maxRatingOption is the highest rating bound /… open accepts: far above
// any Glicko-2 rating people reach.
const maxRatingOption = 4000

// ratingOptions are the options of an open challenge's rating range.
func ratingOptions() []*discordgo.ApplicationCommandOption {
	lo, hi := 1.0, float64(maxRatingOption)
	minOpt := opt(discordgo.ApplicationCommandOptionInteger, optMinRating, "Lowest rating that may accept (default none)", false)
	maxOpt := opt(discordgo.ApplicationCommandOptionInteger, optMaxRating, "Highest rating that may accept (default none)", false)
	minOpt.MinValue, minOpt.MaxValue = &lo, hi
	maxOpt.MinValue, maxOpt.MaxValue = &lo, hi
	return []*discordgo.ApplicationCommandOption{minOpt, maxOpt}
}

// cloneOption is a copy of o that can be localised apart from it (one
// option in two commands gets the texts of each).
func cloneOption(o *discordgo.ApplicationCommandOption) *discordgo.ApplicationCommandOption {
	c := *o
	c.Choices = make([]*discordgo.ApplicationCommandOptionChoice, len(o.Choices))
	for i, ch := range o.Choices {
		cc := *ch
		c.Choices[i] = &cc
	}
	return &c
}

// openChallenge is /gomoku open and /xiangqi open. In a DM with the bot
// nobody else could see it; in a group DM everyone in it may accept; in a
// server, everyone who can see the channel.
func (b *Bot) openChallenge(q *request, o options, kind store.Kind) (reply, error) {
	if q.via.Place == store.BotDM {
		return reply{}, refuse("err.place.open_dm")
	}
	rated, tc, err := b.gameTerms(q, o)
	if err != nil {
		return reply{}, err
	}
	start := kindOf(kind).seating(o.str(optColour))
	switch o.str(optFirst) {
	case "me":
		start = match.ChallengerFirst
	case "opponent":
		start = match.OpponentFirst
	case "random":
		start = match.RandomFirst
	}
	g, err := b.m.Open(q.ctx, match.OpenSpec{
		Setup:      match.Setup{Kind: kind, Rules: o.str(optRule), Size: int(o.int(optSize)), Time: tc},
		Challenger: q.user, Start: start, Rated: rated,
		MinRating: int(o.int(optMinRating)), MaxRating: int(o.int(optMaxRating)),
		GuildID: q.i.GuildID, ChannelID: q.i.ChannelID, Via: q.via,
	})
	if err != nil {
		return reply{}, err
	}
	return b.played(q, g.ID)
}

// openChallengeMessage shows an open challenge: while it waits, Accept
// for anyone and Cancel for its author; then how it ended.
func openChallengeMessage(g *store.Game, post *store.Post, loc locale) *message {
	author := g.Seats[g.Challenger]
	e := &discordgo.MessageEmbed{
		Title:       loc.t("open.title", kindName(loc, g.Kind)),
		Description: loc.t("open.text", seatName(loc, author)) + "\n\n" + openSeats(loc, g),
		Color:       kindOf(g.Kind).embed,
		Fields:      []*discordgo.MessageEmbedField{{Name: loc.t("board.rules"), Value: setupText(loc, g), Inline: true}},
		Footer:      &discordgo.MessageEmbedFooter{Text: loc.t("board.game", g.ID)},
	}
	if r := ratingRange(loc, g); r != "" {
		e.Fields = append(e.Fields, &discordgo.MessageEmbedField{Name: loc.t("open.range"), Value: r, Inline: true})
	}
	return offer(g, post, loc, e, loc.t("open.call", seatName(loc, author)),
		button(g.ID, actDecline, 0, loc.t("button.cancel"), discordgo.SecondaryButton))
}

// openSeats lists the sides of an open challenge: its author's, and the
// one left for whoever accepts.
func openSeats(loc locale, g *store.Game) string {
	gk := kindOf(g.Kind)
	lines := make([]string, 2)
	for s := engine.First; s <= engine.Second; s++ {
		who := seatName(loc, g.Seats[s])
		if s != g.Challenger {
			who = loc.t("open.seat")
		}
		lines[s] = fmt.Sprintf("%s **%s**: %s", gk.emoji[s], colourName(loc, g.Kind, s), who)
	}
	return strings.Join(lines, "\n")
}

// ratingRange words the rating range of an open challenge ("" for none).
func ratingRange(loc locale, g *store.Game) string {
	switch {
	case g.MinRating > 0 && g.MaxRating > 0:
		return fmt.Sprintf("%d–%d", g.MinRating, g.MaxRating)
	case g.MinRating > 0:
		return loc.t("open.range.min", g.MinRating)
	case g.MaxRating > 0:
		return loc.t("open.range.max", g.MaxRating)
	}
	return ""
}

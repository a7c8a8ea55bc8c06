package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// helpReply is /help: the catalogue's help in the user's language,
// privately, as embeds (a message's content holds 2,000 characters, which
// the help outgrew), split between lines where one would be too long.
func helpReply(loc locale) reply {
	var embeds []*discordgo.MessageEmbed
	for _, d := range splitLines(strings.Split(strings.TrimSuffix(loc.t("help"), "\n"), "\n"), maxDescription) {
		embeds = append(embeds, &discordgo.MessageEmbed{Description: d, Color: 0xC8A165})
	}
	return reply{kind: replyMessage, msg: &message{Embeds: embeds, Ephemeral: true}}
}

package bot

import (
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Discord's limits on a message's embeds: a description's characters, the
// characters of all embeds together, and the embeds.
const (
	maxEmbedDescription = 4096
	maxEmbedsText       = 6000
	maxEmbeds           = 10
)

// helpReply is /help: the catalogue's help in the user's language,
// privately, as embeds (a message's content holds 2,000 characters, which
// the help outgrew), split between lines where one would be too long.
func helpReply(loc locale) reply {
	text := loc.t("help")
	var embeds []*discordgo.MessageEmbed
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			embeds = append(embeds, &discordgo.MessageEmbed{Description: strings.TrimSuffix(cur.String(), "\n"), Color: 0xC8A165})
			cur.Reset()
		}
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		if len([]rune(cur.String()))+len([]rune(line)) > maxEmbedDescription {
			flush()
		}
		cur.WriteString(line)
	}
	flush()
	return reply{kind: replyMessage, msg: &message{Embeds: embeds, Ephemeral: true}}
}

package bot

import (
	"fmt"
	"slices"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
)

// limitsCommand is /limits: with a preset it sets the server's rate limits
// (match.LimitsSetting), without one it says which hold.
func (b *Bot) limitsCommand(q *request, o options) (reply, error) {
	guild := q.i.GuildID
	if guild == "" {
		return reply{}, refuse("err.limits.server_only")
	}
	preset := o.str(optPreset)
	if preset != "" {
		if q.i.Member == nil || q.i.Member.Permissions&discordgo.PermissionManageGuild == 0 {
			return reply{}, refuse("err.limits.managers")
		}
		if !slices.Contains(match.LimitsPresets(), preset) {
			return reply{}, refuse("err.limits.preset", preset)
		}
		if err := b.st.SetGuildSetting(q.ctx, guild, match.LimitsSetting, preset); err != nil {
			return reply{}, fmt.Errorf("setting the limits of server %s: %w", guild, err)
		}
		return ephemeralReply(q.loc.t("limits.set", q.loc.t("limits."+preset))), nil
	}
	current, err := b.st.GuildSetting(q.ctx, guild, match.LimitsSetting)
	switch {
	case engine.ErrorCode(err) == engine.SettingNotSet:
		current = match.LimitsNormal
	case err != nil:
		return reply{}, fmt.Errorf("reading the limits of server %s: %w", guild, err)
	}
	return ephemeralReply(q.loc.t("limits.now", q.loc.t("limits."+current))), nil
}

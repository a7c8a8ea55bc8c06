package bot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
)

// limitsCommand is /limits: with a preset it sets the server's rate limits
// (match.LimitsSetting), with undos the undos each player may have in a
// game between people (match.UndosSetting); without either it says which
// hold.
func (b *Bot) limitsCommand(q *request, o options) (reply, error) {
	guild := q.i.GuildID
	if guild == "" {
		return reply{}, refuse("err.limits.server_only")
	}
	preset, undos := o.str(optPreset), o.str(optUndos)
	if preset != "" || undos != "" {
		if q.i.Member == nil || q.i.Member.Permissions&discordgo.PermissionManageGuild == 0 {
			return reply{}, refuse("err.limits.managers")
		}
		if preset != "" && !slices.Contains(match.LimitsPresets(), preset) {
			return reply{}, refuse("err.limits.preset", preset)
		}
		if undos != "" && !slices.Contains(match.UndosValues(), undos) {
			return reply{}, refuse("err.limits.undos", undos)
		}
		var said []string
		if preset != "" {
			if err := b.st.SetGuildSetting(q.ctx, guild, match.LimitsSetting, preset); err != nil {
				return reply{}, fmt.Errorf("setting the limits of server %s: %w", guild, err)
			}
			said = append(said, q.loc.t("limits.set", q.loc.t("limits."+preset)))
		}
		if undos != "" {
			if err := b.st.SetGuildSetting(q.ctx, guild, match.UndosSetting, undos); err != nil {
				return reply{}, fmt.Errorf("setting the undos of server %s: %w", guild, err)
			}
			said = append(said, q.loc.t("undos.set", q.loc.t("limits.undos."+undos)))
		}
		return ephemeralReply(strings.Join(said, "\n")), nil
	}
	current, err := b.setting(q, match.LimitsSetting, match.LimitsNormal)
	if err != nil {
		return reply{}, err
	}
	undos, err = b.setting(q, match.UndosSetting, match.UndosUnlimited)
	if err != nil {
		return reply{}, err
	}
	return ephemeralReply(q.loc.t("limits.now", q.loc.t("limits."+current)) + "\n" +
		q.loc.t("undos.now", q.loc.t("limits.undos."+undos))), nil
}

// setting reads the setting key of the interaction's server, def when the
// server has not chosen.
func (b *Bot) setting(q *request, key, def string) (string, error) {
	v, err := b.st.GuildSetting(q.ctx, q.i.GuildID, key)
	switch {
	case engine.ErrorCode(err) == engine.SettingNotSet:
		return def, nil
	case err != nil:
		return "", fmt.Errorf("reading the setting %s of server %s: %w", key, q.i.GuildID, err)
	}
	return v, nil
}

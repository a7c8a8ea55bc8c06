package bot

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

// A server's settings are kept in the store by name (store.GuildSetting):
// these two beside match.LimitsSetting and match.UndosSetting, which
// /limits sets too (it is the short form of /settings server for them).
const (
	// channelsSetting lists the channels where games may be started, ids
	// separated by commas; unset or "" means every channel.
	channelsSetting = "channels"
	// ratedSetting is "on" or "off": whether challenges between people
	// are rated (Options.Rated while unset).
	ratedSetting = "rated"
	// timeSetting is the time control of games started without one
	// (match.TimeControl.String(); unset or "": correspondence, the
	// lifecycle's default).
	timeSetting = "time"
)

// Settings values of a yes-or-no setting as stored.
const (
	settingOn  = "on"
	settingOff = "off"
)

// settingsCommand is /settings: "server" for the server's settings (its
// managers change them), "me" for the player's own. It is offered
// everywhere for "me"; "server" refuses outside a server that installed
// Tengen.
func (b *Bot) settingsCommand(q *request, sub string, o options) (reply, error) {
	if sub == subServer {
		return b.serverSettings(q, o)
	}
	return b.mySettings(q, o)
}

// serverSettings is /settings server: without options it shows the
// server's settings; with options it changes them, for members who may
// manage the server (checked from the member's permissions in the
// interaction, as /limits does).
func (b *Bot) serverSettings(q *request, o options) (reply, error) {
	guild := q.i.GuildID
	if guild == "" || q.via.Place != store.Server {
		return reply{}, engine.E(engine.SettingsServerOnly)
	}
	if len(o) == 0 {
		return b.showServerSettings(q)
	}
	if q.i.Member == nil || q.i.Member.Permissions&discordgo.PermissionManageGuild == 0 {
		return reply{}, engine.E(engine.SettingsManagers)
	}
	preset, undos := o.str(optLimits), o.str(optUndos)
	if preset != "" && !slices.Contains(match.LimitsPresets(), preset) {
		return reply{}, engine.E(engine.BadSettingValue, optLimits, preset, strings.Join(match.LimitsPresets(), ", "))
	}
	if undos != "" && !slices.Contains(match.UndosValues(), undos) {
		return reply{}, engine.E(engine.BadSettingValue, optUndos, undos, strings.Join(match.UndosValues(), ", "))
	}
	var tc match.TimeControl
	if v := o.str(optTime); v != "" {
		var err error
		if tc, err = match.ParseTimeControl(v); err != nil {
			return reply{}, err
		}
	}
	channels, err := b.gameChannels(q)
	if err != nil {
		return reply{}, err
	}
	changed := false
	if _, ok := o[optEverywhere]; ok && o.bool(optEverywhere) {
		channels, changed = nil, true
	}
	if id := o.str(optAllow); id != "" && !slices.Contains(channels, id) {
		channels, changed = append(channels, id), true
	}
	if id := o.str(optDisallow); id != "" {
		i := slices.Index(channels, id)
		if i < 0 {
			return reply{}, engine.E(engine.ChannelNotListed, "<#"+id+">")
		}
		channels, changed = slices.Delete(channels, i, i+1), true
	}
	set := func(key, value string) error {
		if err := b.st.SetGuildSetting(q.ctx, guild, key, value); err != nil {
			return fmt.Errorf("setting %s of server %s: %w", key, guild, err)
		}
		return nil
	}
	if changed {
		if err := set(channelsSetting, strings.Join(channels, ",")); err != nil {
			return reply{}, err
		}
	}
	if _, ok := o[optRated]; ok {
		if err := set(ratedSetting, onOff(o.bool(optRated))); err != nil {
			return reply{}, err
		}
	}
	if _, ok := o[optThreads]; ok {
		if err := set(threadsSetting, onOff(o.bool(optThreads))); err != nil {
			return reply{}, err
		}
	}
	if _, ok := o[optCrossServer]; ok {
		if err := set(match.CrossServerSetting, onOff(o.bool(optCrossServer))); err != nil {
			return reply{}, err
		}
	}
	if o.str(optTime) != "" {
		if err := set(timeSetting, tc.String()); err != nil {
			return reply{}, err
		}
	}
	if _, ok := o[optHints]; ok {
		n := o.int(optHints)
		if n < 0 || n > match.MaxHintsSetting {
			return reply{}, engine.E(engine.BadSettingValue, optHints, strconv.FormatInt(n, 10), "0-"+strconv.Itoa(match.MaxHintsSetting))
		}
		if err := set(match.HintsSetting, strconv.FormatInt(n, 10)); err != nil {
			return reply{}, err
		}
	}
	if preset != "" {
		if err := set(match.LimitsSetting, preset); err != nil {
			return reply{}, err
		}
	}
	if undos != "" {
		if err := set(match.UndosSetting, undos); err != nil {
			return reply{}, err
		}
	}
	rep, err := b.showServerSettings(q)
	if err != nil {
		return reply{}, err
	}
	rep.msg.Content = q.loc.t("settings.saved") + "\n" + rep.msg.Content
	return rep, nil
}

// showServerSettings is the server's settings, privately.
func (b *Bot) showServerSettings(q *request) (reply, error) {
	channels, err := b.gameChannels(q)
	if err != nil {
		return reply{}, err
	}
	rated, err := b.rated(q)
	if err != nil {
		return reply{}, err
	}
	limits, err := b.setting(q, match.LimitsSetting, match.LimitsNormal)
	if err != nil {
		return reply{}, err
	}
	undos, err := b.setting(q, match.UndosSetting, match.UndosUnlimited)
	if err != nil {
		return reply{}, err
	}
	threads, err := b.threadsOn(q)
	if err != nil {
		return reply{}, err
	}
	tc, err := b.defaultTime(q)
	if err != nil {
		return reply{}, err
	}
	hints, err := b.setting(q, match.HintsSetting, strconv.Itoa(b.m.DefaultHints()))
	if err != nil {
		return reply{}, err
	}
	across, err := b.crossServer(q)
	if err != nil {
		return reply{}, err
	}
	where := q.loc.t("settings.everywhere")
	if len(channels) > 0 {
		where = mentions(channels)
	}
	lines := []string{
		q.loc.t("settings.server.title"),
		q.loc.t("settings.server.channels", where),
		q.loc.t("settings.server.rated", yesNo(q.loc, rated)),
		q.loc.t("settings.server.time", timeText(q.loc, tc)),
		q.loc.t("settings.server.hints", hints),
		q.loc.t("settings.server.limits", q.loc.t("limits."+limits)),
		q.loc.t("settings.server.undos", q.loc.t("limits.undos."+undos)),
		threadSettingText(q, threads),
		q.loc.t("settings.server.cross_server", yesNo(q.loc, across)),
		q.loc.t("settings.server.how"),
	}
	return ephemeralReply(strings.Join(lines, "\n")), nil
}

// gameChannels are the channels of q's server where games may be
// started; none means every channel.
func (b *Bot) gameChannels(q *request) ([]string, error) {
	v, err := b.setting(q, channelsSetting, "")
	if err != nil || v == "" {
		return nil, err
	}
	return strings.Split(v, ","), nil
}

// mayPlayHere refuses to start a game in a channel of a server that allows
// games only in others, naming those. A thread is where its channel is.
func (b *Bot) mayPlayHere(q *request) error {
	if q.i.GuildID == "" || q.via.Place != store.Server {
		return nil
	}
	channels, err := b.gameChannels(q)
	if err != nil {
		return err
	}
	if len(channels) == 0 || slices.Contains(channels, q.i.ChannelID) || q.parent != "" && slices.Contains(channels, q.parent) {
		return nil
	}
	return engine.E(engine.ChannelNotAllowed, mentions(channels))
}

// gameTerms are what a game started through q with options o takes from
// where it is started, once the server is found to allow games in q's
// channel: whether it is rated (rated) and its time control (timeControl).
func (b *Bot) gameTerms(q *request, o options) (rated bool, tc match.TimeControl, err error) {
	if err := b.mayPlayHere(q); err != nil {
		return false, tc, err
	}
	if rated, err = b.rated(q); err != nil {
		return false, tc, err
	}
	tc, err = b.timeControl(q, o)
	return rated, tc, err
}

// timeControl is the time control of a game started through q with
// options o: the time option, or the server's default (/settings server
// time), or correspondence, the lifecycle's default.
func (b *Bot) timeControl(q *request, o options) (match.TimeControl, error) {
	if v := o.str(optTime); v != "" {
		return match.ParseTimeControl(v)
	}
	return b.defaultTime(q)
}

// defaultTime is the time control of q's server's games started without
// one (the zero value, correspondence, outside servers and until the
// server chose).
func (b *Bot) defaultTime(q *request) (match.TimeControl, error) {
	if q.i.GuildID == "" || q.via.Place != store.Server {
		return match.TimeControl{}, nil
	}
	v, err := b.setting(q, timeSetting, "")
	if err != nil || v == "" {
		return match.TimeControl{}, err
	}
	tc, err := match.ParseTimeControl(v)
	if err != nil {
		return match.TimeControl{}, fmt.Errorf("server %s's time setting %q: %w", q.i.GuildID, v, err)
	}
	return tc, nil
}

// rated says whether a challenge made through q is rated: the server's
// setting, Options.Rated outside servers and until the server chose.
func (b *Bot) rated(q *request) (bool, error) {
	if q.i.GuildID == "" || q.via.Place != store.Server {
		return b.opt.Rated, nil
	}
	v, err := b.setting(q, ratedSetting, onOff(b.opt.Rated))
	if err != nil {
		return false, err
	}
	return v == settingOn, nil
}

// mentions writes channel ids as Discord channel mentions.
func mentions(ids []string) string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = "<#" + id + ">"
	}
	return strings.Join(out, ", ")
}

// yesNo words a yes-or-no setting in loc.
func yesNo(loc locale, b bool) string {
	if b {
		return loc.t("settings.on")
	}
	return loc.t("settings.off")
}

// onOff is a yes-or-no setting as stored.
func onOff(b bool) string {
	if b {
		return settingOn
	}
	return settingOff
}

func (o options) bool(name string) bool {
	if x, ok := o[name]; ok {
		if v, ok := x.Value.(bool); ok {
			return v
		}
	}
	return false
}

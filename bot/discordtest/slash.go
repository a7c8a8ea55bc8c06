package discordtest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"
)

// Arg is a slash command option a user fills in: a value (Opt), a
// subcommand (Sub), a subcommand group (Group) or the option being typed
// during autocomplete (Focused).
type Arg struct {
	name    string
	value   any
	focused bool
	sub     bool
	options []Arg
}

// Opt is an option with a value: a string, an integer, a float, a bool, or an ID
// (string) for user, channel, role and mentionable options.
func Opt(name string, value any) Arg { return Arg{name: name, value: value} }

// Upload is a file a user attaches to a command's attachment option (type
// 11): the interaction carries the attachment's id, and its resolved data
// the attachment (id, filename, size, url, content type), which the bot
// downloads from the fake's CDN at its url.
type Upload struct {
	Name, ContentType string
	Data              []byte
}

// Sub is a subcommand with its options.
func Sub(name string, opts ...Arg) Arg { return Arg{name: name, sub: true, options: opts} }

// Group is a subcommand group holding one subcommand.
func Group(name string, sub Arg) Arg {
	return Arg{name: name, sub: true, options: []Arg{sub}}
}

// Focused is the option the user is typing into, with the text typed so far;
// use it with Autocomplete.
func Focused(name, partial string) Arg { return Arg{name: name, value: partial, focused: true} }

// Slash runs the slash command /name with options as u in channel ch, and returns
// the bot's initial response. Like a Discord client it only lets u run a
// registered command (guild or global) with options that fit its definition.
func (u *User) Slash(ctx context.Context, ch *Channel, name string, opts ...Arg) (*Reply, error) {
	return u.command(ctx, "slash", discordgo.InteractionApplicationCommand, ch, name, opts)
}

// Autocomplete types into an option of /name as u: exactly one option must be
// Focused. The reply's Choices are what the bot suggested.
func (u *User) Autocomplete(ctx context.Context, ch *Channel, name string, opts ...Arg) (*Reply, error) {
	return u.command(ctx, "autocomplete", discordgo.InteractionApplicationCommandAutocomplete, ch, name, opts)
}

func (u *User) command(ctx context.Context, action string, kind discordgo.InteractionType, ch *Channel, name string, opts []Arg) (*Reply, error) {
	if ch == nil {
		return nil, fmt.Errorf("/%s as %s: no channel", name, u.Name)
	}
	dc := u.dc
	dc.mu.Lock()
	cmd := dc.findCommandLocked(ch.GuildID, name)
	if cmd == nil {
		dc.mu.Unlock()
		return nil, fmt.Errorf("/%s as %s: no such command is registered for this guild or globally", name, u.Name)
	}
	if why := dc.offeredLocked(cmd, ch); why != "" {
		dc.mu.Unlock()
		return nil, fmt.Errorf("/%s as %s: %w: %s", name, u.Name, ErrNotOffered, why)
	}
	resolved := map[string]any{}
	options, focused, err := dc.buildOptionsLocked(ch, cmd.Options, opts, resolved, kind == discordgo.InteractionApplicationCommandAutocomplete)
	dc.mu.Unlock()
	if err != nil {
		return nil, fmt.Errorf("/%s as %s: %w", name, u.Name, err)
	}
	if kind == discordgo.InteractionApplicationCommandAutocomplete && focused != 1 {
		return nil, fmt.Errorf("/%s as %s: autocomplete needs exactly one Focused option, got %d", name, u.Name, focused)
	}
	if kind == discordgo.InteractionApplicationCommand && focused != 0 {
		return nil, fmt.Errorf("/%s as %s: Focused options are for Autocomplete only", name, u.Name)
	}
	data := map[string]any{"id": cmd.ID, "name": cmd.Name, "type": int(discordgo.ChatApplicationCommand)}
	if len(options) > 0 {
		data["options"] = options
	}
	if len(resolved) > 0 {
		data["resolved"] = resolved
	}
	if cmd.GuildID != "" {
		data["guild_id"] = cmd.GuildID
	}
	ix := &interaction{kind: kind, action: action, channel: ch, commandName: cmd.Name}
	return u.act(ctx, ix, data, nil)
}

// ErrNotOffered is what a user gets for a command Discord does not offer
// where they are: its contexts or installation types leave the channel
// out.
var ErrNotOffered = errors.New("Discord does not offer this command here")

// offeredLocked says why Discord's client would not offer cmd in ch (""
// when it would). A global command lists the interaction contexts it may
// be used in (all when unset) and the installations it is available
// through; unset, those are the app's default, which the fake takes as the
// server installation only (application-commands.mdx "Contexts").
// Installed only by its users in a server or a group DM, the app offers
// only commands available through the user installation. dc.mu must be held.
func (dc *Discord) offeredLocked(cmd *discordgo.ApplicationCommand, ch *Channel) string {
	if cmd.GuildID != "" {
		return ""
	}
	ctx := discordgo.InteractionContextGuild
	switch {
	case ch.recipient != nil:
		ctx = discordgo.InteractionContextBotDM
	case ch.group != nil:
		ctx = discordgo.InteractionContextPrivateChannel
	}
	if cmd.Contexts != nil && !slices.Contains(*cmd.Contexts, ctx) {
		return fmt.Sprintf("its contexts %v leave out %d", *cmd.Contexts, ctx)
	}
	types := []discordgo.ApplicationIntegrationType{discordgo.ApplicationIntegrationGuildInstall}
	if cmd.IntegrationTypes != nil {
		types = *cmd.IntegrationTypes
	}
	if dc.userAppOnlyLocked(ch) && !slices.Contains(types, discordgo.ApplicationIntegrationUserInstall) {
		return fmt.Sprintf("only the users installed the app here, and its integration types are %v", types)
	}
	if !dc.userAppOnlyLocked(ch) && ch.recipient == nil && !slices.Contains(types, discordgo.ApplicationIntegrationGuildInstall) {
		return fmt.Sprintf("the server installed the app, and its integration types are %v", types)
	}
	return ""
}

// findCommandLocked looks up a chat command: guild commands first, then global.
func (dc *Discord) findCommandLocked(guildID, name string) *discordgo.ApplicationCommand {
	scopes := []string{""}
	if guildID != "" {
		scopes = []string{guildID, ""}
	}
	for _, scope := range scopes {
		for _, c := range dc.commands[scope] {
			if c.Name == name && c.Type == discordgo.ChatApplicationCommand {
				return c
			}
		}
	}
	return nil
}

// buildOptionsLocked turns what the user typed in channel ch into interaction
// options, checked against the command's definition. It returns how many are
// focused.
func (dc *Discord) buildOptionsLocked(ch *Channel, defs []*discordgo.ApplicationCommandOption, opts []Arg, resolved map[string]any, autocomplete bool) ([]map[string]any, int, error) {
	byName := map[string]*discordgo.ApplicationCommandOption{}
	var names []string
	for _, d := range defs {
		byName[d.Name] = d
		names = append(names, d.Name)
	}
	var out []map[string]any
	given := map[string]bool{}
	focused := 0
	for _, o := range opts {
		def := byName[o.name]
		if def == nil {
			return nil, 0, fmt.Errorf("no option %q (options: %s)", o.name, strings.Join(names, ", "))
		}
		if given[o.name] {
			return nil, 0, fmt.Errorf("option %q given twice", o.name)
		}
		given[o.name] = true
		isSub := def.Type == discordgo.ApplicationCommandOptionSubCommand || def.Type == discordgo.ApplicationCommandOptionSubCommandGroup
		if isSub != o.sub {
			if isSub {
				return nil, 0, fmt.Errorf("%q is a subcommand: use Sub or Group", o.name)
			}
			return nil, 0, fmt.Errorf("%q is an option, not a subcommand: use Opt", o.name)
		}
		entry := map[string]any{"name": o.name, "type": int(def.Type)}
		if isSub {
			if len(opts) != 1 {
				return nil, 0, fmt.Errorf("subcommand %q cannot be combined with other options", o.name)
			}
			if def.Type == discordgo.ApplicationCommandOptionSubCommandGroup && (len(o.options) != 1 || !o.options[0].sub) {
				return nil, 0, fmt.Errorf("group %q needs exactly one subcommand", o.name)
			}
			sub, n, err := dc.buildOptionsLocked(ch, def.Options, o.options, resolved, autocomplete)
			if err != nil {
				return nil, 0, fmt.Errorf("%s: %w", o.name, err)
			}
			if len(sub) > 0 {
				entry["options"] = sub
			}
			focused += n
			out = append(out, entry)
			continue
		}
		if o.focused {
			if !def.Autocomplete {
				return nil, 0, fmt.Errorf("option %q does not have autocomplete", o.name)
			}
			entry["value"], entry["focused"] = o.value, true
			focused++
			out = append(out, entry)
			continue
		}
		v, err := dc.optionValueLocked(ch, def, o.value, resolved)
		if err != nil {
			return nil, 0, err
		}
		entry["value"] = v
		out = append(out, entry)
	}
	if len(defs) > 0 && len(opts) == 0 && (defs[0].Type == discordgo.ApplicationCommandOptionSubCommand || defs[0].Type == discordgo.ApplicationCommandOptionSubCommandGroup) {
		return nil, 0, fmt.Errorf("a subcommand is required (one of: %s)", strings.Join(names, ", "))
	}
	for _, d := range defs {
		if d.Required && !given[d.Name] && !autocomplete {
			return nil, 0, fmt.Errorf("option %q is required", d.Name)
		}
	}
	return out, focused, nil
}

// oneLine turns the line breaks of a string option's text into spaces.
func oneLine(s string) string {
	return strings.NewReplacer("\r\n", " ", "\n", " ", "\r", " ").Replace(s)
}

// optionValueLocked checks a value against its option definition and returns it
// in wire form, adding users and channels to resolved. A resolved member
// carries their permissions in ch, where the command runs; a resolved channel
// its permissions for the invoking users and for the app, the only place
// Discord sends them (resources/channel.mdx, "permissions" and
// "app_permissions": "only included when part of the resolved data received
// on an interaction").
func (dc *Discord) optionValueLocked(ch *Channel, def *discordgo.ApplicationCommandOption, v any, resolved map[string]any) (any, error) {
	var out any
	switch def.Type {
	case discordgo.ApplicationCommandOptionString:
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("option %q takes a string, not %T", def.Name, v)
		}
		// A string option is one line: text pasted with line breaks
		// reaches the bot with spaces in their place
		// (discord-api-docs#2381: multi-line input is a modal's).
		s = oneLine(s)
		if def.MaxLength > 0 && len([]rune(s)) > def.MaxLength {
			return nil, fmt.Errorf("option %q takes at most %d characters", def.Name, def.MaxLength)
		}
		out = s
	case discordgo.ApplicationCommandOptionInteger, discordgo.ApplicationCommandOptionNumber:
		var f float64
		switch n := v.(type) {
		case int:
			f = float64(n)
		case int64:
			f = float64(n)
		case float64:
			f = n
		default:
			return nil, fmt.Errorf("option %q takes a number, not %T", def.Name, v)
		}
		if def.Type == discordgo.ApplicationCommandOptionInteger && f != math.Trunc(f) {
			return nil, fmt.Errorf("option %q takes an integer, not %v", def.Name, f)
		}
		if def.MinValue != nil && f < *def.MinValue || def.MaxValue != 0 && f > def.MaxValue {
			return nil, fmt.Errorf("option %q is out of range: %v", def.Name, f)
		}
		out = f
	case discordgo.ApplicationCommandOptionBoolean:
		b, ok := v.(bool)
		if !ok {
			return nil, fmt.Errorf("option %q takes a bool, not %T", def.Name, v)
		}
		out = b
	case discordgo.ApplicationCommandOptionUser, discordgo.ApplicationCommandOptionMentionable:
		id, ok := v.(string)
		u := dc.usersByID[id]
		if !ok || u == nil {
			return nil, fmt.Errorf("option %q takes the ID of a known user, not %v", def.Name, v)
		}
		users, _ := resolved["users"].(map[string]any)
		members, _ := resolved["members"].(map[string]any)
		if users == nil {
			users, members = map[string]any{}, map[string]any{}
			resolved["users"], resolved["members"] = users, members
		}
		users[id] = u.wire()
		if g := dc.guildLocked(ch.GuildID); g != nil && !g.absent[id] {
			m := dc.memberLocked(ch.GuildID, u, ch.permsForLocked(u))
			m.User = nil
			members[id] = m
		}
		out = id
	case discordgo.ApplicationCommandOptionChannel:
		id, ok := v.(string)
		c := dc.channels[id]
		if !ok || c == nil {
			return nil, fmt.Errorf("option %q takes the ID of a known channel, not %v", def.Name, v)
		}
		// Discord's picker lists the channels of the server the command
		// is used in, restricted to the option's channel_types when it
		// has them (application-commands.mdx "Application Command Option
		// Structure").
		if c.GuildID != ch.GuildID {
			return nil, fmt.Errorf("option %q: channel %s is not in this server", def.Name, id)
		}
		if len(def.ChannelTypes) > 0 && !slices.Contains(def.ChannelTypes, c.typeLocked()) {
			return nil, fmt.Errorf("option %q takes channels of types %v, not %d", def.Name, def.ChannelTypes, c.typeLocked())
		}
		channels, _ := resolved["channels"].(map[string]any)
		if channels == nil {
			channels = map[string]any{}
			resolved["channels"] = channels
		}
		w := c.wireLocked()
		w["permissions"] = permString(c.members())
		w["app_permissions"] = permString(c.appPermissionsLocked())
		channels[id] = w
		out = id
	case discordgo.ApplicationCommandOptionAttachment:
		up, ok := v.(Upload)
		if !ok {
			return nil, fmt.Errorf("option %q takes an Upload, not %T", def.Name, v)
		}
		if len(up.Data) > MaxFileSize {
			return nil, fmt.Errorf("option %q: %s is %d bytes, more than Discord uploads (%d)", def.Name, up.Name, len(up.Data), MaxFileSize)
		}
		a := &Attachment{ID: dc.newIDLocked(), Filename: up.Name, ContentType: up.ContentType, Data: up.Data}
		a.URL = dc.srv.URL + "/attachments/" + a.ID + "/" + a.Filename
		dc.attachments[a.ID] = a
		atts, _ := resolved["attachments"].(map[string]any)
		if atts == nil {
			atts = map[string]any{}
			resolved["attachments"] = atts
		}
		w := map[string]any{"id": a.ID, "filename": a.Filename, "size": len(a.Data), "url": a.URL, "proxy_url": a.URL}
		if a.ContentType != "" {
			w["content_type"] = a.ContentType
		}
		atts[a.ID] = w
		out = a.ID
	default:
		s, ok := v.(string)
		if !ok {
			return nil, fmt.Errorf("option %q takes an ID string, not %T", def.Name, v)
		}
		out = s
	}
	if len(def.Choices) > 0 {
		for _, c := range def.Choices {
			if fmt.Sprint(c.Value) == fmt.Sprint(out) {
				return out, nil
			}
		}
		return nil, fmt.Errorf("option %q must be one of its choices, not %v", def.Name, v)
	}
	return out, nil
}

package bot

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/render"
	"github.com/tengen-bot/tengen/store"
)

// A player's own settings (/settings me), kept in the store by name
// (store.PlayerSettings). Each is unset until chosen, and unset means the
// bot's configuration (Options): the theme, the scale, the view.
const (
	looksTheme  = "theme"  // a render.ThemeNames name
	looksPieces = "pieces" // a render.PieceStyles name
	looksView   = "view"   // viewMine or viewRed: how Xiangqi boards face
	looksSize   = "size"   // a key of sizeScale
	looksCoords = "coords" // settingOn or settingOff
	looksLang   = "lang"   // a catalogue language's Discord locale
)

// Values of looksView: a Xiangqi board from the player's own side, or
// always with red at the bottom.
const (
	viewMine = "mine"
	viewRed  = "red"
)

// sizeScale is what each image size multiplies the configured scale by.
var sizeScale = map[string]float64{"small": 0.75, "normal": 1, "large": 1.5}

// sizeNames are sizeScale's keys, smallest first.
func sizeNames() []string { return []string{"small", "normal", "large"} }

// languageCodes are the languages a player may choose, as Discord
// locales: the catalogue's six.
func languageCodes() []string {
	return []string{string(discordgo.EnglishUS), string(discordgo.ChineseCN), string(discordgo.ChineseTW),
		string(discordgo.Vietnamese), string(discordgo.Japanese), string(discordgo.Korean)}
}

// langDiscord is the language choice that forgets the override: Discord's
// language of the client is used again.
const langDiscord = "discord"

// looks are a player's own settings as stored, by name.
type looks map[string]string

// apply returns how a board for this player is drawn: def (the bot's
// configuration) with the player's choices over it.
func (l looks) apply(def render.Options) render.Options {
	o := def
	if t := l[looksTheme]; t != "" {
		o.Theme = t
	}
	o.Pieces = l[looksPieces]
	if s, ok := sizeScale[l[looksSize]]; ok {
		base := o.Scale
		if base == 0 {
			base = 1
		}
		o.Scale = min(4, max(0.25, base*s))
	}
	o.NoCoordinates = l[looksCoords] == settingOff
	return o
}

// fixedView reports whether Xiangqi boards face red for this player: their
// choice, else def (Options.FixedXiangqiView).
func (l looks) fixedView(def bool) bool {
	switch l[looksView] {
	case viewRed:
		return true
	case viewMine:
		return false
	}
	return def
}

// language is the player's language override, ok false when they follow
// Discord's.
func (l looks) language() (locale, bool) {
	v := l[looksLang]
	if v == "" {
		return en, false
	}
	return localeOf(discordgo.Locale(v)), true
}

// looksOf reads a player's settings (none for an empty id: the AI).
func (b *Bot) looksOf(ctx context.Context, userID string) (looks, error) {
	if userID == "" {
		return looks{}, nil
	}
	m, err := b.st.PlayerSettings(ctx, userID)
	if err != nil {
		return nil, fmt.Errorf("reading the settings of %s: %w", userID, err)
	}
	return looks(m), nil
}

// overrideLanguage writes to the player of q in the language they chose
// (/settings me language) instead of their Discord client's: everything
// only they see, and in a DM with the bot, where everything is theirs,
// the game's messages too. A failure to read it is logged, and Discord's
// language used.
func (b *Bot) overrideLanguage(q *request) {
	if q.user.ID == "" {
		return
	}
	l, err := b.looksOf(q.ctx, q.user.ID)
	if err != nil {
		b.log.Warn("reading a player's language", "user", q.user.ID, "err", err)
		return
	}
	loc, ok := l.language()
	if !ok {
		return
	}
	q.loc = loc
	if q.via.Place == store.BotDM {
		q.public, q.via.Locale = loc, l[looksLang]
	}
}

// boardLooks is a player's settings for drawing a board (presenter.looks):
// a board that cannot read them is drawn as configured, and the failure
// logged.
func (b *Bot) boardLooks(userID string) looks {
	l, err := b.looksOf(context.Background(), userID)
	if err != nil {
		b.log.Warn("drawing a board as configured", "user", userID, "err", err)
		return looks{}
	}
	return l
}

// mySettings is /settings me: without options it shows the player's
// settings; with options it changes them. Every value is checked against
// what the bot can draw or speak, whatever Discord let through.
func (b *Bot) mySettings(q *request, o options) (reply, error) {
	checks := []struct {
		opt, key string
		allowed  []string
	}{
		{optTheme, looksTheme, render.ThemeNames()},
		{optPieces, looksPieces, render.PieceStyles()},
		{optView, looksView, []string{viewMine, viewRed}},
		{optImageSize, looksSize, sizeNames()},
		{optLanguage, looksLang, append([]string{langDiscord}, languageCodes()...)},
	}
	changes := map[string]string{}
	for _, c := range checks {
		v := o.str(c.opt)
		if v == "" {
			continue
		}
		if !slices.Contains(c.allowed, v) {
			return reply{}, engine.E(engine.BadSettingValue, c.opt, v, strings.Join(c.allowed, ", "))
		}
		if v == langDiscord {
			v = ""
		}
		changes[c.key] = v
	}
	if _, ok := o[optCoordinates]; ok {
		changes[looksCoords] = onOff(o.bool(optCoordinates))
	}
	for _, key := range []string{looksTheme, looksPieces, looksView, looksSize, looksCoords, looksLang} {
		v, ok := changes[key]
		if !ok {
			continue
		}
		if err := b.st.SetPlayerSetting(q.ctx, q.user.ID, key, v); err != nil {
			return reply{}, fmt.Errorf("saving the setting %s of %s: %w", key, q.user.ID, err)
		}
	}
	l, err := b.looksOf(q.ctx, q.user.ID)
	if err != nil {
		return reply{}, err
	}
	loc := q.loc
	if _, ok := changes[looksLang]; ok {
		// the answer is in the language just chosen
		loc = localeOf(q.i.Locale)
		if chosen, ok := l.language(); ok {
			loc = chosen
		}
	}
	text := b.showMySettings(loc, l)
	if len(changes) > 0 {
		text = loc.t("settings.saved") + "\n" + text
	}
	return ephemeralReply(text), nil
}

// showMySettings words a player's settings in loc.
func (b *Bot) showMySettings(loc locale, l looks) string {
	opt := l.apply(render.Options{Theme: b.opt.Theme, Scale: b.opt.Scale})
	theme := opt.Theme
	if theme == "" {
		theme = render.ThemeNames()[0]
	}
	pieces := opt.Pieces
	if pieces == "" {
		pieces = render.PieceStyles()[0]
	}
	size := l[looksSize]
	if size == "" {
		size = "normal"
	}
	view := viewMine
	if l.fixedView(b.opt.FixedXiangqiView) {
		view = viewRed
	}
	lang := loc.t("settings.me.lang_discord")
	if v := l[looksLang]; v != "" {
		lang = loc.t("settings.me.lang." + v)
	}
	lines := []string{
		loc.t("settings.me.title"),
		loc.t("settings.me.theme", loc.t("settings.me.theme."+theme)),
		loc.t("settings.me.pieces", loc.t("settings.me.pieces."+pieces)),
		loc.t("settings.me.view", loc.t("settings.me.view."+view)),
		loc.t("settings.me.size", loc.t("settings.me.size."+size)),
		loc.t("settings.me.coords", yesNo(loc, !opt.NoCoordinates)),
		loc.t("settings.me.lang", lang),
		loc.t("settings.me.how"),
	}
	return strings.Join(lines, "\n")
}

// boardViewer is whose settings a board shared by everyone in a channel
// follows: the person to move, or, when the AI is to move or the game is
// over with the AI to move, the person playing it. "" for none.
func boardViewer(g *store.Game, eg engine.Game) (string, engine.Side) {
	turn := eg.Turn()
	if s := g.Seats[turn]; !s.IsAI() && s.UserID != "" {
		return s.UserID, turn
	}
	other := turn ^ 1
	if s := g.Seats[other]; !s.IsAI() && s.UserID != "" {
		return s.UserID, other
	}
	return "", turn
}

package bot

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/store"
)

// verb matches a formatting verb, with its explicit argument index if any.
var verb = regexp.MustCompile(`%(\[\d+\])?[+#-]?[a-z]`)

// args builds arguments for an English format: 7 for %d, "x" for the rest,
// at the position each verb takes (explicit indexes included).
func args(format string) []any {
	var out []any
	next := 0
	for _, m := range verb.FindAllStringSubmatch(format, -1) {
		at := next
		if m[1] != "" {
			at, _ = strconv.Atoi(strings.Trim(m[1], "[]"))
			at--
		}
		next = at + 1
		for len(out) <= at {
			out = append(out, "x")
		}
		if strings.HasSuffix(m[0], "d") {
			out[at] = 7
		}
	}
	return out
}

// TestCatalogueComplete checks that every locale has every key, no extra
// key, and formats cleanly with the arguments the English text takes.
func TestCatalogueComplete(t *testing.T) {
	for l := range catalogue {
		for key := range catalogue[en] {
			if _, ok := catalogue[l][key]; !ok {
				t.Errorf("locale %d lacks %q", l, key)
			}
		}
		for key, f := range catalogue[l] {
			if strings.HasPrefix(key, "command.") {
				continue // the commands' texts: TestTranslations checks them against the definitions
			}
			enf, ok := catalogue[en][key]
			if !ok {
				t.Errorf("locale %d has %q, which English lacks", l, key)
				continue
			}
			got := fmt.Sprintf(f, args(enf)...)
			if strings.Contains(got, "%!") {
				t.Errorf("locale %d, %q: %q formats as %q", l, key, f, got)
			}
			if strings.TrimSpace(f) == "" {
				t.Errorf("locale %d, %q is empty", l, key)
			}
		}
	}
}

// TestCatalogueKeysUsed checks that the keys built at run time exist.
func TestCatalogueKeysUsed(t *testing.T) {
	var keys []string
	for _, r := range []string{"five_in_a_row", "checkmate", "stalemate", "resignation", "time", "perpetual_check", "agreement", "full_board", "repetition", "move_limit", "no_legal_point"} {
		keys = append(keys, "reason."+r)
	}
	for _, p := range []string{"general", "advisor", "elephant", "horse", "chariot", "cannon", "soldier"} {
		keys = append(keys, "piece."+p)
	}
	keys = append(keys, "rule.freestyle", "rule.standard", "rule.renju", "kind.gomoku", "kind.xiangqi",
		"prompt.undo", "prompt.draw", "prompt.ai.undo", "prompt.ai.draw", "request.undo", "request.draw",
		"board.ended.abandoned")
	for _, w := range []string{store.WantAccepted, store.WantDeclined, store.WantWithdrawn, store.WantExpired} {
		keys = append(keys, "challenge."+w)
	}
	for _, w := range []string{store.WantAccepted, store.WantDeclined, store.WantWithdrawn, store.WantExpired, store.WantCancelled} {
		keys = append(keys, "prompt."+w)
	}
	for _, k := range keys {
		if _, ok := catalogue[en][k]; !ok {
			t.Errorf("no message %q", k)
		}
	}
}

func TestLocaleOf(t *testing.T) {
	tests := []struct {
		in   discordgo.Locale
		want locale
	}{{discordgo.ChineseCN, zhCN}, {discordgo.ChineseTW, zhTW}, {discordgo.EnglishUS, en}, {discordgo.French, en}, {"", en}}
	for _, tt := range tests {
		if got := localeOf(tt.in); got != tt.want {
			t.Errorf("localeOf(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
	if got := zhTW.t("button.resign"); got != "認輸" {
		t.Errorf("zh-TW resign = %q", got)
	}
	if got := zhCN.detail("err.match.turn", "it is not your turn: waiting for @bob"); !strings.HasPrefix(got, "还没轮到你") || !strings.Contains(got, "@bob") {
		t.Errorf("zh-CN detail = %q", got)
	}
}

// TestCommandLocalisations checks every command, option and choice has
// both Chinese names and descriptions, valid for Discord.
func TestCommandLocalisations(t *testing.T) {
	name := regexp.MustCompile(`^[-_\p{L}\p{N}]{1,32}$`)
	check := func(what, n string, nl map[discordgo.Locale]string, desc string, dl map[discordgo.Locale]string) {
		for _, l := range []discordgo.Locale{discordgo.ChineseCN, discordgo.ChineseTW} {
			if !name.MatchString(nl[l]) {
				t.Errorf("%s %q: bad %s name %q", what, n, l, nl[l])
			}
			if desc != "" && (dl[l] == "" || len([]rune(dl[l])) > 100) {
				t.Errorf("%s %q: bad %s description %q", what, n, l, dl[l])
			}
		}
		if !name.MatchString(n) || n != strings.ToLower(n) || len([]rune(desc)) > 100 {
			t.Errorf("%s %q: bad name or description %q", what, n, desc)
		}
	}
	var walk func([]*discordgo.ApplicationCommandOption)
	walk = func(opts []*discordgo.ApplicationCommandOption) {
		for _, o := range opts {
			check("option", o.Name, o.NameLocalizations, o.Description, o.DescriptionLocalizations)
			for _, c := range o.Choices {
				for _, l := range []discordgo.Locale{discordgo.ChineseCN, discordgo.ChineseTW} {
					if c.NameLocalizations[l] == "" {
						t.Errorf("choice %q of %q has no %s name", c.Name, o.Name, l)
					}
				}
			}
			walk(o.Options)
		}
	}
	for _, c := range Commands() {
		check("command", c.Name, *c.NameLocalizations, c.Description, *c.DescriptionLocalizations)
		walk(c.Options)
	}
}

// TestHelpFitsDiscord: every language's /help fits one message's embeds.
func TestHelpFitsDiscord(t *testing.T) {
	for l := range catalogue {
		rep := helpReply(locale(l))
		total := 0
		for _, e := range rep.msg.Embeds {
			n := len([]rune(e.Description))
			if n > maxDescription || n == 0 {
				t.Errorf("locale %d: an embed of %d characters", l, n)
			}
			total += n
		}
		if total > maxEmbedsText || len(rep.msg.Embeds) > maxEmbeds {
			t.Errorf("locale %d: %d embeds, %d characters", l, len(rep.msg.Embeds), total)
		}
		if got := strings.Join(descriptions(rep.msg.Embeds), "\n"); got != strings.TrimSuffix(locale(l).t("help"), "\n") {
			t.Errorf("locale %d: the embeds do not hold the help as it is", l)
		}
	}
}

func descriptions(es []*discordgo.MessageEmbed) []string {
	var ds []string
	for _, e := range es {
		ds = append(ds, e.Description)
	}
	return ds
}

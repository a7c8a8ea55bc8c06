package bot

import (
	"bytes"
	"embed"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"path"
	"strings"
	"sync"

	"github.com/bwmarrin/discordgo"
)

// locale is a language of the message catalogue: its index in the loaded
// languages. It is a small number, so that looking a text up on every reply
// costs an index and a map lookup.
type locale uint8

// The locales the code names, because it treats them specially (English is
// the fallback, Chinese readers get Chinese notation). They come first, in
// this order; every other file of locales/ follows in the order of its name.
const (
	en   locale = iota // English, also for every locale without a file
	zhCN               // 简体中文
	zhTW               // 繁體中文
)

// named are the file names, without ".json", of the locales the code names.
// English is "en", the fallback for every Discord locale without a file;
// the others are Discord locale codes.
var named = [...]discordgo.Locale{en: "en", zhCN: discordgo.ChineseCN, zhTW: discordgo.ChineseTW}

// localeFiles holds the catalogue, a JSON file per language (see
// locales/README.md).
//
//go:embed locales/*.json
var localeFiles embed.FS

// loaded returns the catalogue of the embedded files, read on first use.
// Texts are looked up from values that hold no Bot (a locale, a userError),
// so the catalogue is a value built once rather than passed in; nothing
// writes it after.
var loaded = sync.OnceValue(func() *languages { return loadLanguages(localeFiles, "locales") })

// texts is the content of a language's file.
type texts struct {
	// Messages are every text the bot writes, by key ("board.title").
	Messages map[string]string `json:"messages"`
	// Errors are the formats of the engine's error codes, by the code's
	// Key ("err.path_blocked"). English has none: the engine's own is used.
	Errors map[string]string `json:"errors"`
}

// language is one locale of the catalogue.
type language struct {
	code discordgo.Locale // its file's name: "en" or a Discord locale
	texts
}

// languages is the catalogue: every locale's texts, by locale.
type languages struct {
	list   []language                  // by locale; en, zhCN and zhTW are always there
	byCode map[discordgo.Locale]locale // the locales other than English, by Discord code
	errs   []error                     // the files that could not be read; tests want none
}

// loadLanguages reads the catalogue from the JSON files in dir. It never
// fails: a file it cannot read is left out (a named locale then has no
// texts, and falls back to English key by key) and its error recorded in
// errs, which the tests require to be empty.
func loadLanguages(fsys fs.FS, dir string) *languages {
	ls := &languages{byCode: map[discordgo.Locale]locale{}}
	for _, code := range named {
		ls.list = append(ls.list, language{code: code})
	}
	names, err := fs.Glob(fsys, dir+"/*.json")
	if err != nil {
		ls.errs = append(ls.errs, fmt.Errorf("list %s: %w", dir, err))
	}
	found := map[discordgo.Locale]bool{}
	for _, name := range names {
		code := discordgo.Locale(strings.TrimSuffix(path.Base(name), ".json"))
		found[code] = true
		l, ok := namedLocale(code)
		if !ok {
			if _, known := discordgo.Locales[code]; !known {
				ls.errs = append(ls.errs, fmt.Errorf("%s: %q is not a Discord locale", name, string(code)))
				continue
			}
			if len(ls.list) > 255 {
				ls.errs = append(ls.errs, fmt.Errorf("%s: too many languages", name))
				continue
			}
		}
		t, err := readTexts(fsys, name)
		if err != nil {
			ls.errs = append(ls.errs, err)
			continue
		}
		if !ok {
			l = locale(len(ls.list))
			ls.list = append(ls.list, language{code: code})
		}
		ls.list[l].texts = t
	}
	for _, code := range named {
		if !found[code] {
			ls.errs = append(ls.errs, fmt.Errorf("%s/%s.json is missing", dir, string(code)))
		}
	}
	for l, lang := range ls.list[1:] {
		ls.byCode[lang.code] = locale(l + 1)
	}
	return ls
}

// namedLocale returns the locale the code names for the file name code, if
// any.
func namedLocale(code discordgo.Locale) (locale, bool) {
	for l, c := range named {
		if c == code {
			return locale(l), true
		}
	}
	return en, false
}

// readTexts parses the language file name: one JSON object with the
// sections messages and errors, nothing else.
func readTexts(fsys fs.FS, name string) (texts, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return texts{}, fmt.Errorf("read %s: %w", name, err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var t texts
	if err := dec.Decode(&t); err != nil {
		return texts{}, fmt.Errorf("parse %s: %w", name, err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return texts{}, fmt.Errorf("parse %s: more after the object", name)
	}
	return t, nil
}

// format returns the message key's format in l, or in English if l lacks
// it; ok is false if English lacks it too.
func (ls *languages) format(l locale, key string) (f string, ok bool) {
	if int(l) < len(ls.list) {
		if f, ok = ls.list[l].Messages[key]; ok {
			return f, true
		}
	}
	f, ok = ls.list[en].Messages[key]
	return f, ok
}

// errorFormat returns the format of the engine error code keyed key in l,
// if l has one.
func (ls *languages) errorFormat(l locale, key string) (string, bool) {
	if int(l) >= len(ls.list) {
		return "", false
	}
	f, ok := ls.list[l].Errors[key]
	return f, ok
}

// localeOf maps a Discord locale to the catalogue's: the language of the
// file named after it, or English.
func localeOf(l discordgo.Locale) locale { return loaded().byCode[l] }

// simplified reports whether l writes Chinese in simplified characters.
func (l locale) simplified() bool { return l.notation() == notationSimplified }

// notation is how l's readers write Xiangqi moves in text, from the
// language file's "xiangqi.notation" (see the notation constants).
func (l locale) notation() string { return l.t("xiangqi.notation") }

// t formats the message key in l, or in English where l has no text for it
// yet. A key English lacks too (a bug the catalogue test catches) shows
// the key itself rather than nothing.
func (l locale) t(key string, args ...any) string {
	f, ok := loaded().format(l, key)
	if !ok {
		return key
	}
	if len(args) == 0 {
		return f
	}
	return fmt.Sprintf(f, args...)
}

// detail explains a refusal of the rules, the lifecycle or the store,
// message being its specific text already in l: English readers get that
// alone, others a lead line for its kind with the specifics underneath.
func (l locale) detail(key, message string) string {
	if l == en {
		return message
	}
	return l.t(key) + "\n-# " + message
}

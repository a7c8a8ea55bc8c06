package bot

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/engine"
)

// catalogue and errorCatalogue are the loaded files as the catalogue's
// tests read them: per locale, the messages and the error formats.
var catalogue, errorCatalogue = func() (msgs, errs []map[string]string) {
	for _, lang := range loaded().list {
		msgs = append(msgs, lang.Messages)
		errs = append(errs, lang.Errors)
	}
	return msgs, errs
}()

// realFiles is a file system with the embedded language files, to which a
// test adds or replaces some.
func realFiles(t *testing.T, extra map[string]string) fstest.MapFS {
	t.Helper()
	fsys := fstest.MapFS{}
	for _, code := range named {
		data, err := fs.ReadFile(localeFiles, "locales/"+string(code)+".json")
		if err != nil {
			t.Fatal(err)
		}
		fsys["locales/"+string(code)+".json"] = &fstest.MapFile{Data: data}
	}
	for name, data := range extra {
		if data == "" {
			delete(fsys, name)
			continue
		}
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}

// TestLanguagesLoaded: the embedded files load without error, the locales
// the code names first.
func TestLanguagesLoaded(t *testing.T) {
	ls := loaded()
	if len(ls.errs) > 0 {
		t.Errorf("errors: %v", ls.errs)
	}
	for l, code := range named {
		if ls.list[l].code != code || len(ls.list[l].Messages) == 0 {
			t.Errorf("locale %d is %q with %d messages, want %q", l, string(ls.list[l].code), len(ls.list[l].Messages), string(code))
		}
	}
	if localeOf(discordgo.ChineseCN) != zhCN || localeOf(discordgo.ChineseTW) != zhTW || localeOf(discordgo.EnglishGB) != en || localeOf("en") != en {
		t.Error("localeOf maps the Discord locales wrong")
	}
	if got := zhTW.t("no.such.key"); got != "no.such.key" {
		t.Errorf("a key nobody has shows as %q", got)
	}
}

// TestLanguageAdded: a new file is a new language, found by its name; what
// it lacks is in English.
func TestLanguageAdded(t *testing.T) {
	ls := loadLanguages(realFiles(t, map[string]string{
		"locales/vi.json": `{"messages": {"button.resign": "Đầu hàng", "board.game": "Ván #%d"}, "errors": {"err.horse_leg": "chân mã ở %s bị chặn"}}`,
	}), "locales")
	if len(ls.errs) > 0 {
		t.Fatal(ls.errs)
	}
	vi, ok := ls.byCode[discordgo.Vietnamese]
	if !ok || vi != 3 || ls.byCode[discordgo.ChineseTW] != zhTW {
		t.Fatalf("vi is locale %d (%v), zh-TW %d", vi, ok, ls.byCode[discordgo.ChineseTW])
	}
	for key, want := range map[string]string{"button.resign": "Đầu hàng", "board.game": "Ván #%d", "button.accept": "Accept"} {
		if got, _ := ls.format(vi, key); got != want {
			t.Errorf("vi %q = %q, want %q", key, got, want)
		}
	}
	if f, ok := ls.errorFormat(vi, engine.HorseLeg.Key()); !ok || f != "chân mã ở %s bị chặn" {
		t.Errorf("vi horse leg = %q, %v", f, ok)
	}
	if _, ok := ls.errorFormat(vi, engine.PathBlocked.Key()); ok {
		t.Error("vi words a code it lacks")
	}
}

// TestLanguagesBroken: a file that cannot be read is reported and left
// out, never a panic; a named locale without its file falls back to
// English key by key.
func TestLanguagesBroken(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  string // in the error
		codes int    // languages loaded
	}{
		{"truncated", map[string]string{"locales/zh-CN.json": `{"messages": {"button.resign": "认输"`}, "zh-CN.json", 3},
		{"unknown section", map[string]string{"locales/zh-TW.json": `{"mesages": {}}`}, "mesages", 3},
		{"not text", map[string]string{"locales/zh-TW.json": `{"messages": {"button.resign": 7}}`}, "zh-TW.json", 3},
		{"two objects", map[string]string{"locales/zh-TW.json": `{} {}`}, "more after", 3},
		{"missing", map[string]string{"locales/zh-TW.json": ""}, "zh-TW.json is missing", 3},
		{"not a locale", map[string]string{"locales/xx.json": `{}`}, `"xx" is not a Discord locale`, 3},
		{"new and broken", map[string]string{"locales/vi.json": `{"messages": [`}, "vi.json", 3},
	}
	for _, tt := range tests {
		ls := loadLanguages(realFiles(t, tt.files), "locales")
		if err := errors.Join(ls.errs...); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: error %v, want %q", tt.name, err, tt.want)
		}
		if len(ls.list) != tt.codes {
			t.Errorf("%s: %d languages, want %d", tt.name, len(ls.list), tt.codes)
		}
		if _, ok := ls.byCode["vi"]; ok {
			t.Errorf("%s: a broken vi.json is a language", tt.name)
		}
		for l := range ls.list {
			if got, _ := ls.format(locale(l), "button.accept"); got == "" {
				t.Errorf("%s: locale %d has no text for button.accept", tt.name, l)
			}
		}
	}
	ls := loadLanguages(fstest.MapFS{}, "locales")
	if len(ls.errs) != len(named) || len(ls.list) != len(named) {
		t.Errorf("no files: %d errors, %d languages", len(ls.errs), len(ls.list))
	}
	if f, ok := ls.format(zhCN, "button.accept"); ok {
		t.Errorf("no files: %q", f)
	}
}

func BenchmarkLocaleT(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = zhTW.t("button.resign")
	}
}

func BenchmarkLocaleTArgs(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = zhCN.t("board.title", "象棋", 7)
	}
}

func BenchmarkLocaleOf(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		_ = localeOf(discordgo.ChineseTW)
	}
}

func BenchmarkErrorText(b *testing.B) {
	e := engine.E(engine.PathBlocked, engine.PieceCannon, "c3")
	b.ReportAllocs()
	for b.Loop() {
		_ = zhCN.errorText(e)
	}
}

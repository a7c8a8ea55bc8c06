package bot

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/scanner"
	"go/token"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/engine"
)

// dynamicPrefixes are the beginnings of the message keys the code builds
// at run time rather than writes out, each with where it does: a key that
// starts with one counts as used. Every other message key must appear as a
// string literal in a Go file of the module (engine.Term keys do, in
// engine/term.go). The "errors" section needs no prefix: its keys are
// exactly the engine codes' Keys ("err."+code), which the check lists.
var dynamicPrefixes = []string{
	"board.ended.",        // "board.ended."+g.Status (present.go)
	"challenge.",          // "challenge."+post.Want (present.go)
	"kind.",               // "kind."+store.Kind (present.go)
	"limits.",             // "limits."+preset (limits.go)
	"piece.",              // "piece."+pc.Kind().String() (kinds.go)
	"prompt.",             // "prompt."+kind, "prompt.ai."+kind, "prompt."+post.Want (present.go)
	"reason.",             // "reason."+engine.Reason (present.go, errtext.go)
	"request.",            // "request."+kind (present.go)
	"rule.",               // "rule."+g.Rules (kinds.go)
	"review.class.",       // "review.class."+MoveClass (reviewmsg.go)
	"review.missed_win.",  // "review.missed_win."+g.Kind (reviewmsg.go)
	"review.allowed_win.", // "review.allowed_win."+g.Kind (reviewmsg.go)
	"puzzle.theme.",       // "puzzle.theme."+theme (puzzlemsg.go)
	"puzzle.task.",        // "puzzle.task."+theme (puzzlemsg.go)

	// "settings.me."+setting+"."+value (looks.go)
	"settings.me.theme.", "settings.me.pieces.", "settings.me.view.", "settings.me.size.", "settings.me.lang.",
}

// usedKeys reports whether the code uses a message key: whether a Go file
// of the module under root, tests left out, has it as a string literal or
// it starts with one of dynamicPrefixes.
func usedKeys(root string) (func(key string) bool, error) {
	lits := map[string]bool{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && (strings.HasPrefix(d.Name(), ".") || d.Name() == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		var s scanner.Scanner
		s.Init(token.NewFileSet().AddFile(p, -1, len(src)), src, nil, 0)
		for {
			_, tok, lit := s.Scan()
			if tok == token.EOF {
				return nil
			}
			if tok == token.STRING {
				if v, err := strconv.Unquote(lit); err == nil {
					lits[v] = true
				}
			}
		}
	})
	if err != nil {
		return nil, fmt.Errorf("scan the Go sources under %s: %w", root, err)
	}
	return func(key string) bool {
		return lits[key] || slices.ContainsFunc(dynamicPrefixes, func(p string) bool { return strings.HasPrefix(key, p) })
	}, nil
}

// translation is what the check for translators finds in one language.
type translation struct {
	missing []string // keys English has and the language lacks or leaves blank, with the English

	unused []string // keys the code does not use, or English lacks
	verbs  []string // keys whose format verbs differ from English's
}

// audit checks every language of ls against English: the messages against
// en's and commandTexts (the English of the commands, which other languages
// translate too), the error formats against the engine's codes. used tells
// a message key the code uses.
func audit(ls *languages, used func(key string) bool, commandTexts map[string]string) map[discordgo.Locale]*translation {
	out := map[discordgo.Locale]*translation{}
	english := ls.list[en].Messages
	want := maps.Clone(english)
	maps.Copy(want, commandTexts)
	usedOrCommand := func(key string) bool { _, ok := commandTexts[key]; return ok || used(key) }
	codes := map[string]string{}
	for c := engine.Code(1); c < engine.NumCodes; c++ {
		codes[c.Key()] = c.English()
	}
	for l, lang := range ls.list {
		r := &translation{}
		out[lang.code] = r
		check := func(section string, want, got map[string]string, used func(string) bool) {
			for _, key := range slices.Sorted(maps.Keys(want)) {
				f, ok := got[key]
				switch {
				case !ok || strings.TrimSpace(f) == "":
					r.missing = append(r.missing, fmt.Sprintf("%s %s: %s,", section, jsonText(key), jsonText(want[key])))
				case strings.HasPrefix(key, boardWordsPrefix):
					// the renderer's formats: TestBoardWords checks them
				case !maps.Equal(verbsByArg(f), verbsByArg(want[key])):
					r.verbs = append(r.verbs, fmt.Sprintf("%s %q: %q, English %q", section, key, f, want[key]))
				}
			}
			for _, key := range slices.Sorted(maps.Keys(got)) {
				if _, ok := want[key]; !ok || !used(key) {
					r.unused = append(r.unused, section+" "+strconv.Quote(key))
				}
			}
		}
		if locale(l) == en {
			check("messages", english, english, used)
			continue // its errors are the engine's own
		}
		check("messages", want, lang.Messages, usedOrCommand)
		check("errors", codes, lang.Errors, func(string) bool { return true })
	}
	return out
}

// jsonText is s as a JSON string, for lines a translator can paste.
func jsonText(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(s); err != nil {
		return strconv.Quote(s)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// duplicateKeys lists the keys a language file gives twice, sections
// included, which JSON parsers accept silently, keeping the last.
func duplicateKeys(data []byte) ([]string, error) {
	names, sections, err := members(data)
	if err != nil {
		return nil, err
	}
	dups := twice("file", names)
	for i, name := range names {
		keys, _, err := members(sections[i])
		if err != nil {
			return dups, fmt.Errorf("section %q: %w", name, err)
		}
		dups = append(dups, twice(name, keys)...)
	}
	return dups, nil
}

// members returns the names and values of the JSON object data, in order
// and repeats included.
func members(data []byte) (names []string, values []json.RawMessage, err error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	if tok != json.Delim('{') {
		return nil, nil, fmt.Errorf("%v is not an object", tok)
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil, nil, err
		}
		names, values = append(names, tok.(string)), append(values, v)
	}
	return names, values, nil
}

// twice lists, as where and the key, each key that comes more than once.
func twice(where string, keys []string) []string {
	var out []string
	seen := map[string]bool{}
	for _, k := range keys {
		if seen[k] {
			out = append(out, where+" "+strconv.Quote(k))
		}
		seen[k] = true
	}
	return out
}

// TestTranslations is the check for translators: for every language file
// it lists the keys missing (untranslated), the keys no code uses and the
// keys whose format verbs differ from English, and fails on any. Run it
// alone, for one language, with
//
//	go test ./bot/ -run 'TestTranslations/vi' -v
func TestTranslations(t *testing.T) {
	ls := loaded()
	for _, err := range ls.errs {
		t.Errorf("locales: %v", err)
	}
	used, err := usedKeys("..")
	if err != nil {
		t.Fatal(err)
	}
	found := audit(ls, used, commandEnglish())
	for _, lang := range ls.list {
		t.Run(string(lang.code), func(t *testing.T) {
			name := filepath.Join("locales", string(lang.code)+".json")
			data, err := fs.ReadFile(localeFiles, "locales/"+string(lang.code)+".json")
			if err != nil {
				t.Fatal(err)
			}
			dups, err := duplicateKeys(data)
			if err != nil {
				t.Errorf("%s: %v", name, err)
			}
			r := found[lang.code]
			t.Logf("%s: %d messages, %d error formats; %d missing, %d unused, %d with other verbs, %d given twice",
				name, len(lang.Messages), len(lang.Errors), len(r.missing), len(r.unused), len(r.verbs), len(dups))
			for _, k := range r.missing {
				t.Errorf("missing (untranslated), with the English to translate: %s", k)
			}
			for _, k := range r.unused {
				t.Errorf("unused: %s: no Go file uses it (a key built at run time needs its prefix in dynamicPrefixes)", k)
			}
			for _, k := range r.verbs {
				t.Errorf("verbs differ: %s", k)
			}
			for _, k := range dups {
				t.Errorf("given twice: %s", k)
			}
		})
	}
}

// TestAuditFindsFaults runs the check for translators on files with every
// fault it looks for.
func TestAuditFindsFaults(t *testing.T) {
	ls := loadLanguages(fstest.MapFS{
		"l/en.json":    {Data: []byte(`{"messages": {"a.one": "One %d", "a.two": "Two", "old.key": "Old"}}`)},
		"l/zh-CN.json": {Data: []byte(`{"messages": {"a.one": "一 %s", "a.two": " ", "extra": "多"}, "errors": {"err.horse_leg": "马腿 %s", "err.path_blocked": "%s", "err.no_such": "x"}}`)},
		"l/zh-TW.json": {Data: []byte(`{"messages": {"a.one": "一 %d", "a.two": "二", "old.key": "舊"}}`)},
	}, "l")
	if len(ls.errs) > 0 {
		t.Fatal(ls.errs)
	}
	got := audit(ls, func(key string) bool { return key != "old.key" }, nil)
	codes := int(engine.NumCodes) - 1
	tests := []struct {
		code          discordgo.Locale
		missing       int
		wantMissing   []string
		unused, verbs []string
	}{
		{"en", 0, nil, []string{`messages "old.key"`}, nil},
		{discordgo.ChineseCN, 2 + codes - 2, []string{`messages "a.two"`, `messages "old.key"`, `errors "err.advisor_palace"`},
			[]string{`messages "extra"`, `errors "err.no_such"`}, []string{`messages "a.one"`, `errors "err.path_blocked"`}},
		{discordgo.ChineseTW, codes, []string{`errors "err.horse_leg"`}, []string{`messages "old.key"`}, nil},
	}
	has := func(list []string, want string) bool {
		return slices.ContainsFunc(list, func(s string) bool { return strings.HasPrefix(s, want) })
	}
	for _, tt := range tests {
		r := got[tt.code]
		if len(r.missing) != tt.missing {
			t.Errorf("%s: %d missing, want %d", string(tt.code), len(r.missing), tt.missing)
		}
		for _, w := range tt.wantMissing {
			if !has(r.missing, w) {
				t.Errorf("%s: %s is not missing", string(tt.code), w)
			}
		}
		if len(r.unused) != len(tt.unused) || len(r.verbs) != len(tt.verbs) {
			t.Errorf("%s: unused %q, verbs %q; want %q, %q", string(tt.code), r.unused, r.verbs, tt.unused, tt.verbs)
		}
		for _, w := range tt.unused {
			if !has(r.unused, w) {
				t.Errorf("%s: %s is not unused", string(tt.code), w)
			}
		}
		for _, w := range tt.verbs {
			if !has(r.verbs, w) {
				t.Errorf("%s: %s has the right verbs", string(tt.code), w)
			}
		}
	}
}

// TestUsedKeys: a key is used if it is a literal of the code, a term's key
// in the engine, or built from a dynamic prefix; nothing else.
func TestUsedKeys(t *testing.T) {
	used, err := usedKeys("..")
	if err != nil {
		t.Fatal(err)
	}
	for key, want := range map[string]bool{
		"board.title": true, "err.internal": true, "colour.red": true, "shape.overline": true,
		"reason.anything": true, "board.ended.whatever": true,
		"board.nothing": false, "board.ended": false, "colour.green": false,
	} {
		if used(key) != want {
			t.Errorf("used(%q) = %v, want %v", key, !want, want)
		}
	}
}

// TestDuplicateKeys: a key or a section given twice is found.
func TestDuplicateKeys(t *testing.T) {
	got, err := duplicateKeys([]byte(`{"messages": {"a": "1", "b": {"x": 1}, "a": "3"}, "errors": {"a": "1"}, "messages": {}}`))
	if want := []string{`file "messages"`, `messages "a"`}; err != nil || !slices.Equal(got, want) {
		t.Errorf("got %q, %v; want %q", got, err, want)
	}
	if _, err := duplicateKeys([]byte(`["messages"]`)); err == nil {
		t.Error("an array is a language file")
	}
}

// boardWordsPrefix starts the keys of the words around a board image:
// formats the renderer fills, each free to leave out arguments it does not
// need (the board's "红方胜（将死）" names the winner's colour, not their
// name), so render.Words.Check judges them rather than English's verbs.
const boardWordsPrefix = "image."

// TestBoardWords: every language's words around a board image are formats
// the renderer accepts.
func TestBoardWords(t *testing.T) {
	for l, lang := range loaded().list {
		if err := boardWords(locale(l)).Check(); err != nil {
			t.Errorf("%s: %v", lang.code, err)
		}
	}
}

// commandEnglish is the English of every text of the commands, by its
// catalogue key (commandKey): what each other language translates.
func commandEnglish() map[string]string {
	out := map[string]string{}
	eachText(commands(), func(key, english string, _ *map[discordgo.Locale]string) { out[key] = english })
	return out
}

// TestCommandLocalisationsValid: every language's command names are names
// Discord accepts, and its descriptions and choice names fit (1 to 100
// characters), so that registering the commands cannot fail on a
// translation.
func TestCommandLocalisationsValid(t *testing.T) {
	// What Discord accepts as a command's or option's name in any language
	// (application-commands.mdx, "Application Command Naming"): 1 to 32
	// letters, digits, dashes or underscores, in lower case where the
	// script has case.
	commandName := regexp.MustCompile(`^[-_\p{L}\p{N}\p{Devanagari}\p{Thai}]{1,32}$`)
	for _, lang := range loaded().list {
		for key, text := range lang.Messages {
			if !strings.HasPrefix(key, "command.") {
				continue
			}
			n := utf8.RuneCountInString(text)
			switch {
			case strings.HasSuffix(key, ".name"):
				if !commandName.MatchString(text) || strings.ToLower(text) != text {
					t.Errorf("%s %s: %q is not a name Discord accepts (lower case, no spaces, at most 32)", lang.code, key, text)
				}
			case n < 1 || n > 100:
				t.Errorf("%s %s: %q has %d characters, not 1 to 100", lang.code, key, text, n)
			}
		}
	}
}

// TestXiangqiNotationKnown: every language names a Xiangqi notation the
// bot writes.
func TestXiangqiNotationKnown(t *testing.T) {
	known := []string{notationSimplified, notationTraditional, notationVietnamese}
	for l, lang := range loaded().list {
		if n := locale(l).notation(); !slices.Contains(known, n) {
			t.Errorf("%s: xiangqi.notation %q is not one of %v", lang.code, n, known)
		}
	}
}

package bot

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/render"
)

// TestLocalesAreDrawable checks that every word a board image draws, the
// image.* and reason.* messages of every language file on disk, has a glyph
// in the renderer's embedded fonts: a character in none would be drawn as
// '?'. It reads locales/*.json, so a new language is checked without a
// change here; to fix a failure, add the character to a font subset
// (render/fonts/README.md).
func TestLocalesAreDrawable(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("locales", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(files) == 0 {
		t.Fatal("no language files in locales/")
	}
	for _, name := range files {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".json"), func(t *testing.T) {
			data, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			var file struct {
				Messages map[string]string `json:"messages"`
			}
			if err := json.Unmarshal(data, &file); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			bad, err := undrawableWords(file.Messages)
			if err != nil {
				t.Fatal(err)
			}
			for _, b := range bad {
				t.Errorf("%s: %s", name, b)
			}
		})
	}
}

// TestUndrawableWordsFails checks that the check above can fail: a word
// with a character in no embedded font is reported, other keys are not.
func TestUndrawableWordsFails(t *testing.T) {
	bad, err := undrawableWords(map[string]string{
		"image.black":      "Black",
		"image.white":      "White \U0001F600",
		"reason.time":      "𪚥",
		"board.thinking":   "🤔 not drawn on a board",
		"reason.checkmate": "chiếu bí",
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		`image.white "White 😀": no glyph for '😀'`,
		`reason.time "𪚥": no glyph for '𪚥'`,
	}
	if strings.Join(bad, "\n") != strings.Join(want, "\n") {
		t.Errorf("undrawableWords = %q, want %q", bad, want)
	}
}

// undrawableWords returns, sorted by key, a line for each image.* or
// reason.* message with characters render.Drawable reports missing.
func undrawableWords(messages map[string]string) ([]string, error) {
	var bad []string
	for key, text := range messages {
		if !strings.HasPrefix(key, "image.") && !strings.HasPrefix(key, "reason.") {
			continue
		}
		missing, err := render.Drawable(text)
		if err != nil {
			return nil, fmt.Errorf("check %s: %w", key, err)
		}
		if len(missing) > 0 {
			quoted := make([]string, len(missing))
			for i, r := range missing {
				quoted[i] = fmt.Sprintf("%q", r)
			}
			bad = append(bad, fmt.Sprintf("%s %q: no glyph for %s", key, text, strings.Join(quoted, " ")))
		}
	}
	sort.Strings(bad)
	return bad, nil
}

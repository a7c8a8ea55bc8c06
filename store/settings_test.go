package store

import (
	"context"
	"maps"
	"testing"

	"github.com/tengen-bot/tengen/engine"
)

// TestPlayerSettings: a player's settings are kept by name, replaced, and
// forgotten with "", on both backends, and survive reopening the store.
func TestPlayerSettings(t *testing.T) {
	forEachBackend(t, func(t *testing.T, open opener) {
		db, _ := open(t, Options{})
		ctx := context.Background()
		if got, err := db.PlayerSettings(ctx, "u"); err != nil || len(got) != 0 {
			t.Fatalf("no settings yet: %v, %v", got, err)
		}
		for _, s := range [][2]string{{"theme", "dark"}, {"lang", "ja"}, {"theme", "wood"}, {"lang", ""}} {
			if err := db.SetPlayerSetting(ctx, "u", s[0], s[1]); err != nil {
				t.Fatalf("SetPlayerSetting(%q, %q): %v", s[0], s[1], err)
			}
		}
		if err := db.SetPlayerSetting(ctx, "v", "theme", "dark"); err != nil {
			t.Fatal(err)
		}
		got, err := db.PlayerSettings(ctx, "u")
		if want := map[string]string{"theme": "wood"}; err != nil || !maps.Equal(got, want) {
			t.Fatalf("PlayerSettings = %v, %v; want %v", got, err, want)
		}
		if err := db.SetPlayerSetting(ctx, "", "theme", "dark"); engine.ErrorCode(err) != engine.Internal {
			t.Fatalf("no player: err = %v", err)
		}
	})
}

// TestPlayerSettingsSurviveRestart: what a player chose is still there
// when the store is opened again.
func TestPlayerSettingsSurviveRestart(t *testing.T) {
	db, path := openTemp(t, Options{})
	ctx := context.Background()
	if err := db.SetPlayerSetting(ctx, "u", "size", "large"); err != nil {
		t.Fatal(err)
	}
	again, err := Open(ctx, path, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	if got, err := again.PlayerSettings(ctx, "u"); err != nil || got["size"] != "large" {
		t.Fatalf("after reopening: %v, %v", got, err)
	}
}

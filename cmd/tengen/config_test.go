package main

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "config.yaml")
	if err := os.WriteFile(p, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestLoadConfig(t *testing.T) {
	tests := []struct {
		name, text, wantErr string
	}{
		{name: "empty", text: ""},
		{name: "all", text: "database: x.db\ndev_guild: \"123\"\ndiscord:\n  rest_url: http://127.0.0.1:9\nlog:\n  level: debug\n  format: json\ngames:\n  challenge_ttl: 5m\n  rated: false\n  tick_interval: 2s\nboard:\n  theme: dark\n  scale: 1.5\n  locale: zh-CN\n"},
		{name: "unknown key", text: "databse: x.db\n", wantErr: "line 1: unknown option databse"},
		{name: "unknown nested key", text: "games:\n  colour: red\n", wantErr: "line 2: unknown option colour"},
		{name: "bad duration", text: "games:\n  challenge_ttl: soon\n", wantErr: `"soon" is not a duration`},
		{name: "bad level", text: "log:\n  level: loud\n", wantErr: "log.level"},
		{name: "bad theme", text: "board:\n  theme: neon\n", wantErr: "board.theme"},
		{name: "bad scale", text: "board:\n  scale: 9\n", wantErr: "board.scale"},
		{name: "scale not a number", text: "board:\n  scale: .nan\n", wantErr: "board.scale: NaN"},
		{name: "infinite scale", text: "board:\n  scale: .inf\n", wantErr: "board.scale: +Inf"},
		{name: "bad locale", text: "board:\n  locale: klingon\n", wantErr: "board.locale"},
		{name: "short tick", text: "games:\n  tick_interval: 1ms\n", wantErr: "tick_interval"},
		{name: "AI memory", text: "games:\n  ai_memory_mb: 4096\n", wantErr: "games.ai_memory_mb"},
		{name: "not yaml", text: "database: [\n", wantErr: "config"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c, err := loadConfig(writeConfig(t, tt.text), true)
			if tt.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
					t.Fatalf("err = %v, want one mentioning %q", err, tt.wantErr)
				}
				if strings.Contains(err.Error(), "\n") {
					t.Fatalf("the error is not one line: %q", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if tt.name == "all" && (c.Database != "x.db" || time.Duration(c.Games.ChallengeTTL) != 5*time.Minute || *c.Games.Rated || c.Board.Theme != "dark") {
				t.Fatalf("config = %+v", c)
			}
		})
	}
}

// TestConfigExampleLoads keeps config.example.yaml valid and complete: it
// loads, and it mentions every option.
func TestConfigExampleLoads(t *testing.T) {
	path := filepath.Join("..", "..", "config.example.yaml")
	if _, err := loadConfig(path, true); err != nil {
		t.Fatal(err)
	}
	text, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range yamlKeys(reflect.TypeFor[Config]()) {
		if !strings.Contains(string(text), key+":") {
			t.Errorf("config.example.yaml does not document %s", key)
		}
	}
}

// yamlKeys lists the YAML keys of every field of t, nested structs included,
// so a new option cannot be added without documenting it.
func yamlKeys(t reflect.Type) []string {
	var keys []string
	for f := range t.Fields() {
		name, _, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "" || name == "-" {
			continue
		}
		keys = append(keys, name)
		if f.Type.Kind() == reflect.Struct {
			keys = append(keys, yamlKeys(f.Type)...)
		}
	}
	return keys
}

func TestMissingConfig(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "config.yaml")
	if c, err := loadConfig(missing, false); err != nil || c.Database != "tengen.db" {
		t.Fatalf("default path missing: %+v, %v", c, err)
	}
	if _, err := loadConfig(missing, true); err == nil {
		t.Fatal("an explicit -config that does not exist was accepted")
	}
}

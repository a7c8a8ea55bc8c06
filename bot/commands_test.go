package bot

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// TestCommandsGolden keeps the registered commands (names, options,
// choices, localisations) in testdata/commands.golden.json, so that every
// change to what users see in Discord's command picker shows in review.
// go test -update rewrites it.
func TestCommandsGolden(t *testing.T) {
	got, err := json.MarshalIndent(Commands(), "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	got = append(got, '\n')
	path := filepath.Join("testdata", "commands.golden.json")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("the commands differ from %s: run go test -update and review the diff", path)
	}
}

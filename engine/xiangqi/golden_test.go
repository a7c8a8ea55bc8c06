package xiangqi

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata/")

// goldenPositions cover the start, both sides, tandem pieces and soldiers.
var goldenPositions = []string{
	StartFEN,
	"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
	"rnb1kabnr/4a4/1c5c1/p1p1p1p1p/9/4C4/P1P1P1P1P/4C4/9/RNBAKABNR w - - 0 1",
	"r1bakab1r/9/1c5n1/p1p1p1p1p/9/7n1/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 1",
	"3k5/4P4/4P4/4P4/4P4/4P4/9/9/9/5K3 w - - 0 1",
	"3k5/9/2P3P2/2P3P2/2P6/9/9/9/9/5K3 w - - 0 1",
	"3k5/9/9/9/9/4p4/2p1p4/4p4/4p4/5K3 b - - 0 1",
}

// TestNotationGolden pins how every legal move of goldenPositions is written
// (Describe, then simplified Chinese). Run with -update to rewrite it after a
// deliberate change, and read the diff.
func TestNotationGolden(t *testing.T) {
	var sb strings.Builder
	for _, fen := range goldenPositions {
		p := mustFEN(t, fen)
		sb.WriteString("# " + fen + "\n")
		for _, m := range p.GenerateMoves(nil) {
			sb.WriteString(p.Describe(m) + " · " + p.Chinese(m, true) + "\n")
		}
	}
	path := filepath.Join("testdata", "notation.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden file (run go test -run NotationGolden -update to create it): %v", err)
	}
	if got := sb.String(); got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s line %d:\ngot  %s\nwant %s", path, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s: got %d lines, want %d", path, len(gl), len(wl))
	}
}

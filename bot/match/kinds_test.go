package match

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/engine"
	"github.com/tengen-bot/tengen/store"
)

func TestNewGame(t *testing.T) {
	tests := []struct {
		setup   Setup
		names   [2]string
		wantErr string
	}{
		{Setup{Kind: store.Gomoku}, [2]string{"black", "white"}, ""},
		{Setup{Kind: store.Gomoku, Rules: "Renju", Size: 19}, [2]string{"black", "white"}, ""},
		{Setup{Kind: store.Gomoku, Rules: "standard", Size: 15}, [2]string{"black", "white"}, ""},
		{Setup{Kind: store.Xiangqi}, [2]string{"red", "black"}, ""},
		{Setup{Kind: store.Xiangqi, Rules: "asian", Size: 9}, [2]string{"red", "black"}, ""},
		{Setup{Kind: "go"}, [2]string{}, "'go' is not a game here: choose gomoku, xiangqi"},
		{Setup{Kind: store.Gomoku, Rules: "caro"}, [2]string{}, "gomoku has no rule set 'caro': choose freestyle, standard, renju"},
		{Setup{Kind: store.Gomoku, Size: 13}, [2]string{}, "gomoku is not played on a board of size 13: choose 15, 19"},
		{Setup{Kind: store.Xiangqi, Size: 15}, [2]string{}, "xiangqi is not played on a board of size 15: choose 9"},
	}
	for _, tt := range tests {
		g, err := NewGame(tt.setup)
		if tt.wantErr != "" {
			if err == nil || err.Error() != tt.wantErr || engine.ErrorCode(err).Class() != engine.ClassInvalid {
				t.Errorf("NewGame(%+v) error = %v, want engine.ClassInvalid %q", tt.setup, err, tt.wantErr)
			}
			continue
		}
		if err != nil {
			t.Errorf("NewGame(%+v): %v", tt.setup, err)
			continue
		}
		if g.SideNames() != tt.names || g.Ply() != 0 || g.Turn() != engine.First {
			t.Errorf("NewGame(%+v) = %v names, ply %d, turn %v", tt.setup, g.SideNames(), g.Ply(), g.Turn())
		}
	}
}

func TestRestoreRoundTrip(t *testing.T) {
	tests := []struct {
		setup Setup
		moves []string
	}{
		{Setup{Kind: store.Gomoku, Rules: "renju"}, []string{"h8", "h9", "i9", "g7"}},
		{Setup{Kind: store.Gomoku, Size: 19}, []string{"j10"}},
		{Setup{Kind: store.Xiangqi}, []string{"h3e3", "h10g8", "e3e7"}},
	}
	for _, tt := range tests {
		g, err := NewGame(tt.setup)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range tt.moves {
			if _, err := g.Play(mv); err != nil {
				t.Fatalf("%v: play %s: %v", tt.setup.Kind, mv, err)
			}
		}
		text, err := g.MarshalText()
		if err != nil {
			t.Fatal(err)
		}
		r, err := Restore(tt.setup.Kind, string(text))
		if err != nil {
			t.Fatalf("Restore(%q): %v", text, err)
		}
		if got, want := strings.Join(r.Moves(), " "), strings.Join(g.Moves(), " "); got != want || r.Turn() != g.Turn() {
			t.Errorf("Restore(%q) moves %q turn %v, want %q turn %v", text, got, r.Turn(), want, g.Turn())
		}
	}
}

func TestRestoreRefusesDamage(t *testing.T) {
	for _, tt := range []struct {
		kind store.Kind
		text string
	}{
		{store.Gomoku, "15 freestyle: h8 h8"},
		{store.Gomoku, "nonsense"},
		{store.Xiangqi, "not a fen"},
		{"chess", "whatever"},
	} {
		if _, err := Restore(tt.kind, tt.text); err == nil {
			t.Errorf("Restore(%s, %q) accepted a damaged game", tt.kind, tt.text)
		}
	}
}

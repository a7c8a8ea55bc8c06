package bot

import (
	"strings"
	"testing"

	"github.com/tengen-bot/tengen/store"
)

func TestCustomID(t *testing.T) {
	tests := []struct {
		in   string
		want customID
		bad  bool
	}{
		{in: "g/12/accept/0", want: customID{Game: 12, Action: "accept"}},
		{in: "g/7/row/31/h", want: customID{Game: 7, Action: "row", Ply: 31, Arg: "h"}},
		{in: "g/0/move/1", bad: true},
		{in: "g/-3/move/1", bad: true},
		{in: "g/3/move/-1", bad: true},
		{in: "g/3//1", bad: true},
		{in: "g/3/move", bad: true},
		{in: "g/3/row/1/", bad: true},
		{in: "x/3/move/1", bad: true},
		{in: "g/3/move/1/a/b", bad: true},
		{in: "accept", bad: true},
	}
	for _, tt := range tests {
		got, err := parseCustomID(tt.in)
		if tt.bad {
			if err == nil {
				t.Errorf("parseCustomID(%q) = %+v, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("parseCustomID(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("String() = %q, want %q", s, tt.in)
		}
	}
}

// FuzzCustomID checks that whatever parses writes back to the same text.
func FuzzCustomID(f *testing.F) {
	for _, s := range []string{"g/12/accept/0", "g/7/row/31/h", "g/1/to/4/h10", "g//x/", "g/01/move/1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := parseCustomID(s)
		if err != nil {
			return
		}
		back, err := parseCustomID(c.String())
		if err != nil || back != c {
			t.Fatalf("%q -> %+v -> %q -> %+v, %v", s, c, c.String(), back, err)
		}
		if len(c.String()) > 100 && len(s) <= 100 {
			t.Fatalf("%q grew past Discord's 100 characters", s)
		}
		if strings.Count(c.String(), "/") > 4 {
			t.Fatalf("%q has too many parts", c.String())
		}
	})
}

func TestPageID(t *testing.T) {
	tests := []struct {
		in   string
		want pageID
		bad  bool
	}{
		{in: "lb/gomoku/server/1", want: pageID{Kind: store.Gomoku, Page: 1}},
		{in: "lb/xiangqi/global/12", want: pageID{Kind: store.Xiangqi, Global: true, Page: 12}},
		{in: "lb/gomoku/server/0", want: pageID{Kind: store.Gomoku}}, // a disabled Previous on page 1
		{in: "lb/chess/server/1", bad: true},
		{in: "lb/gomoku/world/1", bad: true},
		{in: "lb/gomoku/server/-1", bad: true},
		{in: "lb/gomoku/server/01", bad: true},
		{in: "lb/gomoku/server/+1", bad: true},
		{in: "lb/gomoku/server", bad: true},
		{in: "lb/gomoku/server/1/x", bad: true},
		{in: "g/gomoku/server/1", bad: true},
	}
	for _, tt := range tests {
		got, err := parsePageID(tt.in)
		if tt.bad {
			if err == nil {
				t.Errorf("parsePageID(%q) = %+v, want an error", tt.in, got)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("parsePageID(%q) = %+v, %v; want %+v", tt.in, got, err, tt.want)
		}
		if s := got.String(); s != tt.in {
			t.Errorf("String() = %q, want %q", s, tt.in)
		}
	}
	// A game's custom id is not a page id, and the other way round.
	if _, err := parsePageID("g/12/accept/0"); err == nil {
		t.Error("a game's custom id parsed as a page id")
	}
	if _, err := parseCustomID("lb/gomoku/server/1"); err == nil {
		t.Error("a page id parsed as a game's custom id")
	}
}

// FuzzPageID checks that a page id that parses writes back to exactly the
// same text (so a button's id is never rewritten on the way).
func FuzzPageID(f *testing.F) {
	for _, s := range []string{"lb/gomoku/server/1", "lb/xiangqi/global/0", "lb//server/1", "lb/gomoku/server/007"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		p, err := parsePageID(s)
		if err != nil {
			return
		}
		if p.String() != s {
			t.Fatalf("%q -> %+v -> %q", s, p, p.String())
		}
	})
}

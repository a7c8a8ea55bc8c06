package bot

import (
	"strings"
	"testing"
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

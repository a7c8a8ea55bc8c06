package main

import (
	"bytes"
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
)

// FuzzPoint checks that every "x,y" the brain accepts is on the board and
// writes back to the same numbers, and that coordinates round-trip.
func FuzzPoint(f *testing.F) {
	for _, s := range []string{"0,0", "14,14", "7, 7", "15,0", "-1,3", "3", "a,b", "18,18", " 2 , 9 "} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, text string, small bool) {
		b := newBrain(1)
		b.size = 19
		if small {
			b.size = 15
		}
		p, err := b.point(text)
		if err != nil {
			return
		}
		if !p.OnBoard(b.size) {
			t.Fatalf("%q accepted as %v, off the %d board", text, p, b.size)
		}
		var x, y int
		if _, err := fmt.Sscanf(strings.Join(strings.Fields(text), ""), "%d,%d", &x, &y); err != nil {
			t.Fatalf("%q accepted but not x,y: %v", text, err)
		}
		if got, want := b.coords(p), fmt.Sprintf("%d,%d", x, y); got != want {
			t.Fatalf("%q -> %v -> %q, want %q", text, p, got, want)
		}
		if q, err := b.point(b.coords(p)); err != nil || q != p {
			t.Fatalf("round trip of %v: %v, %v", p, q, err)
		}
	})
}

// answerLine matches every line the brain may write.
var answerLine = regexp.MustCompile(`^(OK|ERROR .+|UNKNOWN .+|\d+,\d+|FORBID (\d{4})*\.|name=.*|MESSAGE movekind \w+ by=\w+ depth=\d+ nodes=\d+)$`)

// FuzzSession feeds arbitrary command lines (after a START) to the brain: it
// must never fail or write anything but protocol answers.
func FuzzSession(f *testing.F) {
	for _, s := range []string{"TURN 7,7", "BOARD\n1,1,1\nDONE", "INFO rule 4\nYXSHOWFORBID", "TAKEBACK 1,1",
		"RESTART\nBEGIN", "INFO time_left -5", "YXBOARD\n3,3,2\nDONE\nBEGIN", "FOO", "START 19\nTURN 18,18"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, script string) {
		var out bytes.Buffer
		in := strings.NewReader("START 15\nINFO timeout_turn 30\n" + script + "\n")
		if err := newBrain(1).run(context.Background(), in, &out); err != nil {
			t.Fatalf("run: %v", err)
		}
		for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
			if !answerLine.MatchString(line) {
				t.Fatalf("script %q: answer %q is not a protocol line", script, line)
			}
		}
	})
}

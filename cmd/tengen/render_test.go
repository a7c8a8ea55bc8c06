package main

import (
	"bytes"
	"image/gif"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRenderCommand(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name   string
		args   []string
		width  int
		frames int // 0: a PNG
	}{
		{"gomoku renju", []string{"--game", "gomoku", "--rule", "renju", "--moves", "h8 h9 i8 g7 j10 k11 j9 g9", "--names", "Alice, Bob"}, 720, 0},
		{"gomoku 19 numbers small", []string{"--size", "19", "--numbers", "--scale", "0.5", "--moves", "j10 k11 k10"}, 360, 0},
		{"xiangqi flipped dark", []string{"--game", "xiangqi", "--moves", "h3e3 h10g8", "--flip", "--theme", "dark"}, 720, 0},
		{"xiangqi from fen", []string{"--game", "xiangqi", "--fen", "r1bakab2/9/1cn3nc1/p1p3p1p/9/1R7/2P3P2/1C2B2C1/9/2BAKA1NR w - - 2 14", "--moves", "b5e5"}, 720, 0},
		{"gomoku gif", []string{"--moves", "h8 h9 i9 j8", "--gif"}, 720, 5},
		{"xiangqi gif", []string{"--game", "xiangqi", "--moves", "h3e3 h10g8 h1g3", "--gif"}, 720, 4},
	}
	for i, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tt.name, " ", "_"))
			var stdout, stderr bytes.Buffer
			if code := renderCommand(append(tt.args, "-o", out), &stdout, &stderr); code != 0 {
				t.Fatalf("exit %d: %s", code, stderr.String())
			}
			if !strings.Contains(stdout.String(), "wrote "+out) {
				t.Errorf("stdout %q", stdout.String())
			}
			f, err := os.Open(out)
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			if tt.frames == 0 {
				img, err := png.Decode(f)
				if err != nil {
					t.Fatalf("case %d: not a PNG: %v", i, err)
				}
				if w := img.Bounds().Dx(); w != tt.width {
					t.Errorf("width %d, want %d", w, tt.width)
				}
				return
			}
			anim, err := gif.DecodeAll(f)
			if err != nil {
				t.Fatalf("not a GIF: %v", err)
			}
			if len(anim.Image) != tt.frames || anim.Config.Width != tt.width {
				t.Errorf("%d frames %d wide, want %d frames %d wide", len(anim.Image), anim.Config.Width, tt.frames, tt.width)
			}
		})
	}
}

func TestRenderCommandStdout(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := renderCommand([]string{"--moves", "h8", "-o", "-"}, &stdout, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if _, err := png.Decode(&stdout); err != nil {
		t.Fatalf("standard output is not a PNG: %v", err)
	}
}

func TestRenderCommandErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.png")
	tests := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"--moves", "h8"}, 2, "say where to write the image with -o FILE"},
		{[]string{"--game", "go", "-o", out}, 2, `unknown game "go"`},
		{[]string{"--moves", "h8 h8", "-o", out}, 2, `move 2 "h8"`},
		{[]string{"--size", "13", "-o", out}, 2, "13"},
		{[]string{"--rule", "pro", "-o", out}, 2, "pro"},
		{[]string{"--theme", "neon", "-o", out}, 2, `unknown theme "neon"`},
		{[]string{"--game", "xiangqi", "--fen", "9/9", "-o", out}, 2, "tengen render:"},
		{[]string{"--game", "xiangqi", "--moves", "e1e5", "-o", out}, 2, `move 1 "e1e5"`},
		{[]string{"--fen", "x", "-o", out}, 2, "--fen and --flip are for xiangqi"},
		{[]string{"--names", "solo", "-o", out}, 2, "two names"},
		{[]string{"h8", "-o", out}, 2, `unexpected argument "h8"`},
		{[]string{"--moves", "h8", "-o", filepath.Join(out, "no", "dir.png")}, 1, "no such file"},
		{[]string{"--bogus"}, 2, "flag provided but not defined"},
	}
	for _, tt := range tests {
		var stdout, stderr bytes.Buffer
		code := renderCommand(tt.args, &stdout, &stderr)
		if code != tt.code || !strings.Contains(stderr.String(), tt.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d and %q", tt.args, code, stderr.String(), tt.code, tt.want)
		}
	}
}

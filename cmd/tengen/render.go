package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/tengen-bot/tengen/engine/gomoku"
	"github.com/tengen-bot/tengen/engine/xiangqi"
	"github.com/tengen-bot/tengen/render"
)

const renderUsage = `usage: tengen render [flags] -o FILE

Draws a position as a PNG (or, with --gif, a replay of the moves as a GIF).

  tengen render --game gomoku --moves "h8 h9 i9" --rule renju -o board.png
  tengen render --game xiangqi --fen "<FEN>" --moves "h3e3 h10g8" --flip -o board.png

Flags:
`

// renderCommand implements "tengen render": it plays the moves with the
// rules engine (so they are checked and the win line, forbidden points and
// check come from the rules) and writes the image. It returns the exit
// code: 0 done, 1 the file could not be written, 2 bad flags or moves.
func renderCommand(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, renderUsage)
		fs.PrintDefaults()
	}
	game := fs.String("game", "gomoku", "gomoku or xiangqi")
	fen := fs.String("fen", "", "xiangqi: the starting position (default: the standard start)")
	moves := fs.String("moves", "", `moves from the start, space separated ("h8 h9" or "h3e3 h10g8")`)
	size := fs.Int("size", 15, "gomoku: board size, 15 or 19")
	rule := fs.String("rule", "freestyle", "gomoku: freestyle, standard or renju")
	theme := fs.String("theme", "", "theme: "+strings.Join(render.ThemeNames(), " or ")+" (default "+render.ThemeNames()[0]+")")
	scale := fs.Float64("scale", 1, "size multiplier (1 = 720 pixels wide)")
	flip := fs.Bool("flip", false, "xiangqi: show the board from black's side")
	numbers := fs.Bool("numbers", false, "gomoku: write move numbers on the stones")
	names := fs.String("names", "", `the players, first (black / red) then second, e.g. "Alice,Bob"`)
	gif := fs.Bool("gif", false, "write an animated GIF replay of the moves instead of a PNG")
	out := fs.String("o", "", `output file ("-" for standard output)`)
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		return 2
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "tengen render: unexpected argument %q (quote the moves: --moves \"h8 h9\")\n", fs.Arg(0))
		return 2
	}
	if *out == "" {
		fmt.Fprintln(stderr, "tengen render: say where to write the image with -o FILE")
		return 2
	}
	var h render.Header
	if *names != "" {
		parts := strings.Split(*names, ",")
		if len(parts) != 2 {
			fmt.Fprintf(stderr, "tengen render: --names wants two names separated by a comma, got %q\n", *names)
			return 2
		}
		h.Players[0].Name, h.Players[1].Name = strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1])
	}
	opt := render.ReplayOptions{Options: render.Options{Theme: *theme, Scale: *scale}}
	r := render.NewRenderer()
	var img bytes.Buffer
	var err error
	switch strings.ToLower(*game) {
	case "gomoku":
		if *fen != "" || *flip {
			fmt.Fprintln(stderr, "tengen render: --fen and --flip are for xiangqi")
			return 2
		}
		err = renderGomoku(&img, r, *size, *rule, *moves, h, *numbers, *gif, opt)
	case "xiangqi":
		if *numbers {
			fmt.Fprintln(stderr, "tengen render: --numbers is for gomoku")
			return 2
		}
		err = renderXiangqi(&img, r, *fen, *moves, h, *flip, *gif, opt)
	default:
		fmt.Fprintf(stderr, "tengen render: unknown game %q (gomoku or xiangqi)\n", *game)
		return 2
	}
	if err != nil {
		fmt.Fprintf(stderr, "tengen render: %v\n", err)
		return 2
	}
	if *out == "-" {
		if _, err := stdout.Write(img.Bytes()); err != nil {
			fmt.Fprintf(stderr, "tengen render: write standard output: %v\n", err)
			return 1
		}
		return 0
	}
	if err := os.WriteFile(*out, img.Bytes(), 0o644); err != nil {
		fmt.Fprintf(stderr, "tengen render: %v\n", err)
		return 1
	}
	fmt.Fprintf(stdout, "wrote %s (%d bytes)\n", *out, img.Len())
	return 0
}

func renderGomoku(w io.Writer, r *render.Renderer, size int, ruleName, moves string, h render.Header, numbers, gif bool, opt render.ReplayOptions) error {
	rule, err := gomoku.ParseRule(ruleName)
	if err != nil {
		return err
	}
	g, err := gomoku.NewGame(size, rule)
	if err != nil {
		return err
	}
	for i, m := range strings.Fields(moves) {
		if _, err := g.Play(m); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, m, err)
		}
	}
	view := render.GomokuFromGame(g, h, numbers)
	if gif {
		return r.GomokuReplay(w, view, opt)
	}
	return r.Gomoku(w, view, opt.Options)
}

func renderXiangqi(w io.Writer, r *render.Renderer, fen, moves string, h render.Header, flip, gif bool, opt render.ReplayOptions) error {
	if fen == "" {
		fen = xiangqi.StartFEN
	}
	g, err := xiangqi.NewGameFromFEN(fen)
	if err != nil {
		return err
	}
	for i, m := range strings.Fields(moves) {
		if _, err := g.Play(m); err != nil {
			return fmt.Errorf("move %d %q: %w", i+1, m, err)
		}
	}
	if gif {
		positions, err := render.XiangqiPositions(g, h, flip)
		if err != nil {
			return err
		}
		return r.XiangqiReplay(w, positions, opt)
	}
	return r.Xiangqi(w, render.XiangqiFromGame(g, h, flip), opt.Options)
}

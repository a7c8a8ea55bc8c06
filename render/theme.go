package render

import (
	"fmt"
	"image/color"
	"strings"
)

// theme is a colour scheme for the boards, chosen by name in Options.
type theme struct {
	name string

	// The board: a vertical gradient from WoodTop to WoodBottom with faint
	// grain of GrainStrength (0 = flat), lines and coordinate labels.
	WoodTop, WoodBottom color.RGBA
	GrainStrength       float64
	Line                color.RGBA
	Label               color.RGBA
	Border              color.RGBA // the frame around the whole image

	// The bands above and below the board.
	Band, BandText, BandDim, TurnPill color.RGBA

	// Gomoku stones: the rims keep both colours visible on any board.
	BlackStone, BlackRim, WhiteStone, WhiteRim color.RGBA

	// Markers: the last move, the winning five, renju forbidden points,
	// Xiangqi's last move brackets and the general in check.
	LastMove, WinRing, Forbidden, MoveMark, Check color.RGBA

	// Xiangqi pieces: an ivory face with the side's colour for rim and text.
	PieceFace, PieceRed, PieceBlack color.RGBA
}

// themes is the read-only table of built-in themes, default first.
var themes = [...]theme{
	// A kaya-like board with dark lines: the default.
	{
		name:    "wood",
		WoodTop: rgb(0xE8, 0xC0, 0x7A), WoodBottom: rgb(0xD6, 0xA4, 0x5C), GrainStrength: 1,
		Line: rgb(0x3A, 0x28, 0x14), Label: rgb(0x4A, 0x33, 0x18), Border: rgb(0x8A, 0x5A, 0x28),
		Band: rgb(0x2B, 0x22, 0x1B), BandText: rgb(0xF5, 0xEE, 0xE2), BandDim: rgb(0xC2, 0xB4, 0xA0),
		TurnPill:   rgb(0x4F, 0x41, 0x33),
		BlackStone: rgb(0x1A, 0x1A, 0x1C), BlackRim: rgb(0x00, 0x00, 0x00),
		WhiteStone: rgb(0xF7, 0xF5, 0xEF), WhiteRim: rgb(0x7A, 0x70, 0x62),
		LastMove: rgb(0xE5, 0x2A, 0x2A), WinRing: rgb(0xE5, 0x2A, 0x2A), Forbidden: rgb(0xC6, 0x1B, 0x1B),
		MoveMark: rgb(0x1B, 0x5E, 0xC6), Check: rgb(0xFF, 0x17, 0x44),
		PieceFace: rgb(0xF6, 0xE7, 0xC8), PieceRed: rgb(0xC0, 0x1A, 0x1A), PieceBlack: rgb(0x1E, 0x1E, 0x1E),
	},
	// A slate board with bright lines and rims, for dark mode and for poor
	// eyesight or small screens.
	{
		name:    "dark",
		WoodTop: rgb(0x26, 0x2B, 0x33), WoodBottom: rgb(0x1C, 0x20, 0x27), GrainStrength: 0,
		Line: rgb(0xB8, 0xC2, 0xCE), Label: rgb(0xE6, 0xED, 0xF3), Border: rgb(0x44, 0x4C, 0x56),
		Band: rgb(0x0D, 0x11, 0x17), BandText: rgb(0xFF, 0xFF, 0xFF), BandDim: rgb(0xA8, 0xB3, 0xBF),
		TurnPill:   rgb(0x2D, 0x4A, 0x6E),
		BlackStone: rgb(0x0A, 0x0A, 0x0A), BlackRim: rgb(0xE6, 0xED, 0xF3),
		WhiteStone: rgb(0xFF, 0xFF, 0xFF), WhiteRim: rgb(0x9A, 0xA4, 0xAF),
		LastMove: rgb(0xFF, 0x3D, 0x3D), WinRing: rgb(0xFF, 0xD0, 0x2E), Forbidden: rgb(0xFF, 0x52, 0x52),
		MoveMark: rgb(0x4F, 0xC3, 0xF7), Check: rgb(0xFF, 0x2E, 0x4D),
		PieceFace: rgb(0xF4, 0xEA, 0xD5), PieceRed: rgb(0xD3, 0x1F, 0x1F), PieceBlack: rgb(0x10, 0x10, 0x10),
	},
}

// ThemeNames lists the names Options.Theme accepts, default first.
func ThemeNames() []string {
	names := make([]string, len(themes))
	for i := range themes {
		names[i] = themes[i].name
	}
	return names
}

// themeByName returns the index of the theme called name (case-insensitive;
// "" is the default).
func themeByName(name string) (int, error) {
	if name == "" {
		return 0, nil
	}
	for i := range themes {
		if strings.EqualFold(themes[i].name, name) {
			return i, nil
		}
	}
	return 0, fmt.Errorf("unknown theme %q (known: %s)", name, strings.Join(ThemeNames(), ", "))
}

func rgb(r, g, b uint8) color.RGBA { return color.RGBA{r, g, b, 0xFF} }

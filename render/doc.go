// Package render draws Tengen's board images: PNG boards for Gomoku and
// Xiangqi and animated GIF replays of finished games.
//
// It draws view models (Gomoku, Xiangqi, Header) that its adapters fill
// straight from the engines' own games and positions: GomokuFromGame,
// XiangqiFromGame, XiangqiFromPosition and XiangqiPositions. No notation
// passes between the engine and the picture; a Xiangqi view holds the
// engine's xiangqi.Piece on each point. The views are plain values, so a
// test or tool can also draw a position no game reaches. The package does
// no I/O beyond the io.Writer it is given.
//
// The texts around the board (move number, side to play, result, AI level)
// are drawn in the Words the caller puts in the Header, one per language;
// the zero value is English.
//
// A Renderer caches what does not change between positions (the board for
// each theme and size, pre-rendered stones and pieces, glyphs, the
// palette), so a board costs a few copies and a fast paletted PNG encode.
// All fonts are embedded (see fonts/README.md).
package render

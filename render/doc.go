// Package render draws Tengen's board images: PNG boards for Gomoku and
// Xiangqi and animated GIF replays of finished games.
//
// It takes plain view models (Gomoku, Xiangqi, Header) rather than engine
// types, so it can draw any position, and does no I/O beyond the io.Writer it
// is given. A Renderer caches what does not change between positions (the
// board for each theme and size, pre-rendered stones and pieces, glyphs, the
// palette), so a board costs a few copies and a fast paletted PNG encode.
// All fonts are embedded (see fonts/README.md).
package render

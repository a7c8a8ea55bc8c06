package engine

import "fmt"

// Term is a word an error message names that a reader's language must
// translate: a colour, a kind of Xiangqi piece, a Gomoku shape. An *Error
// carries it as an argument rather than as English text, so that each layer
// words it in its own language; Key names it in a catalogue, String gives
// the English.
type Term uint8

// Terms. Colours name the sides, pieces the seven Xiangqi kinds, shapes the
// renju fouls black may not play, requests what a player may ask the other.
const (
	NoTerm Term = iota // not a term

	ColourBlack // the black side (first in Gomoku, second in Xiangqi)
	ColourWhite // the white side of Gomoku
	ColourRed   // the red side of Xiangqi

	PieceGeneral  // 帥/將
	PieceAdvisor  // 仕/士
	PieceElephant // 相/象
	PieceHorse    // 傌/馬
	PieceChariot  // 俥/車
	PieceCannon   // 炮/砲
	PieceSoldier  // 兵/卒

	ShapeDoubleThree // two or more threes at once
	ShapeDoubleFour  // two or more fours at once
	ShapeOverline    // six or more in a row

	RequestUndo      // a request to take back moves
	RequestDraw      // an offer of a draw
	RequestRematch   // an offer of a rematch
	RequestChallenge // a challenge to a game

	NumTerms // the number of terms, NoTerm included; not a term
)

// terms is the one table of terms: each one's catalogue key and its English.
// A shape's English has its indefinite article ("an overline"), because the
// English sentence that names a shape needs one and the article depends on
// the word; other languages translate the whole phrase.
var terms = [NumTerms]struct{ key, english string }{
	NoTerm:           {"term.none", "nothing"},
	ColourBlack:      {"colour.black", "black"},
	ColourWhite:      {"colour.white", "white"},
	ColourRed:        {"colour.red", "red"},
	PieceGeneral:     {"piece.general", "general"},
	PieceAdvisor:     {"piece.advisor", "advisor"},
	PieceElephant:    {"piece.elephant", "elephant"},
	PieceHorse:       {"piece.horse", "horse"},
	PieceChariot:     {"piece.chariot", "chariot"},
	PieceCannon:      {"piece.cannon", "cannon"},
	PieceSoldier:     {"piece.soldier", "soldier"},
	ShapeDoubleThree: {"shape.double_three", "a double three"},
	ShapeDoubleFour:  {"shape.double_four", "a double four"},
	ShapeOverline:    {"shape.overline", "an overline"},
	RequestUndo:      {"request.undo", "undo"},
	RequestDraw:      {"request.draw", "draw"},
	RequestRematch:   {"request.rematch", "rematch"},
	RequestChallenge: {"request.challenge", "challenge"},
}

// String returns the term in English as an error message uses it, e.g.
// "cannon", "red" or "a double three".
func (t Term) String() string {
	if t < NumTerms {
		return terms[t].english
	}
	return fmt.Sprintf("term(%d)", uint8(t))
}

// Key returns the term's catalogue key, e.g. "piece.cannon", "colour.red" or
// "shape.double_three": a category, a dot and the term's name. Keys are
// stable; translations are looked up by them.
func (t Term) Key() string {
	if t < NumTerms {
		return terms[t].key
	}
	return fmt.Sprintf("term.%d", uint8(t))
}

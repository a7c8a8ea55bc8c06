// Package gomoku is the Gomoku rules engine: 15×15 and 19×19 boards, the
// freestyle, standard and renju rules, move notation, and a Game that
// implements engine.Game.
//
// # Notation
//
// A point is a column letter and a row number: columns run a, b, c... from
// the left (no letter is skipped, i is used) and rows 1, 2, 3... from the
// bottom, so h8 is the centre of the 15×15 board and j10 of the 19×19 one.
// The canonical form is lower case, "h8"; ParsePoint also accepts upper case
// and spaces ("H 8").
//
// A move list is the moves in canonical notation separated by spaces:
// "h8 h9 i9". A whole game (Game.MarshalText) is its size and rule, a colon,
// then its move list:
//
//	15 renju: h8 h9 i9
//
// # Rules
//
// Freestyle: five or more in a row wins. Standard: exactly five wins; an
// overline may be played but does not win. Renju: black wins only with
// exactly five and may not play an overline, a double four or a double three
// (see Board.Forbidden for the exact definitions); white wins with five or
// more. In every rule a full board without a win is a draw; under renju so is
// a position in which black, to move, has only forbidden points left.
//
// # Speed
//
// Board is a flat, wall-padded array with unchecked Put/Take (make/unmake), an
// incremental Zobrist hash and a win check that looks only at the lines
// through the last stone; none of them allocates. The AI works on Board
// directly; Game adds turns, history and notation for people.
package gomoku

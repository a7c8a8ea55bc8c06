package engine

import "fmt"

// Seat names a player in an error message: a person by name (or, when the
// name is unknown, by user id) or the AI at a level, with the colour they
// play. A layer words it in its own language; String is the English.
type Seat struct {
	Name   string // the person's display name; "" for the AI
	UserID string // the person's id, used when Name is ""
	AI     int    // the AI's level; 0 for a person
	Colour Term   // the side's colour
}

// String returns the seat in English, e.g. "@bob (white)" or "the AI (level
// 3, black)".
func (s Seat) String() string {
	switch {
	case s.AI > 0:
		return fmt.Sprintf("the AI (level %d, %s)", s.AI, s.Colour)
	case s.Name != "":
		return fmt.Sprintf("@%s (%s)", s.Name, s.Colour)
	case s.UserID != "":
		return fmt.Sprintf("<@%s> (%s)", s.UserID, s.Colour)
	}
	return s.Colour.String()
}

package bot

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tengen-bot/tengen/store"
)

// Actions carried by custom ids. They are part of the protocol with messages
// already posted: never rename one, only add.
const (
	actAccept    = "accept"    // accept a challenge or a rematch offer
	actDecline   = "decline"   // decline it (the challenger: withdraw it)
	actMove      = "move"      // open the move picker
	actUndo      = "undo"      // ask to take back a move
	actDraw      = "draw"      // offer a draw
	actResign    = "resign"    // ask to confirm resigning
	actResignYes = "resignyes" // confirmed: resign (on the private confirmation)
	actResignNo  = "resignno"  // not confirmed: the game goes on
	actYes       = "yes"       // accept the pending undo or draw request
	actNo        = "no"        // decline it (the asker: withdraw it)
	actRematch   = "rematch"   // propose a rematch after the game
	actColumn    = "col"       // picker: a Gomoku column was chosen (select)
	actRow       = "row"       // picker: a Gomoku row was chosen (select; Arg is the column)
	actPiece     = "piece"     // picker: a Xiangqi piece was chosen (select)
	actTo        = "to"        // picker: a Xiangqi destination was chosen (select)
	actAbort     = "abort"     // ask to confirm aborting a game against the AI in its first moves
	actAbortYes  = "abortyes"  // confirmed: abort (on the private confirmation)
	actReview    = "review"    // review the finished game with the engine
	actHint      = "hint"      // ask the engine for a move (against the AI)
	actMoves     = "moves"     // list every move of the game, privately
)

// customID is a component's custom id: "g/<game>/<action>/<ply>", with an
// optional fifth part for the picker ("g/12/row/7/h"). It carries all a
// handler needs, so routing keeps no state and survives restarts, and the ply
// lets the lifecycle recognise a button of an earlier position.
type customID struct {
	Game   int64
	Action string
	Ply    int
	Arg    string
}

// String writes the custom id.
func (c customID) String() string {
	s := "g/" + strconv.FormatInt(c.Game, 10) + "/" + c.Action + "/" + strconv.Itoa(c.Ply)
	if c.Arg != "" {
		s += "/" + c.Arg
	}
	return s
}

// parseCustomID reads a custom id written by customID.String.
func parseCustomID(s string) (customID, error) {
	parts := strings.Split(s, "/")
	if len(parts) < 4 || len(parts) > 5 || parts[0] != "g" {
		return customID{}, fmt.Errorf("custom id %q: not g/<game>/<action>/<ply>", s)
	}
	id, err := strconv.ParseInt(parts[1], 10, 64)
	if err != nil || id <= 0 {
		return customID{}, fmt.Errorf("custom id %q: bad game id %q", s, parts[1])
	}
	ply, err := strconv.Atoi(parts[3])
	if err != nil || ply < 0 {
		return customID{}, fmt.Errorf("custom id %q: bad ply %q", s, parts[3])
	}
	if parts[2] == "" {
		return customID{}, fmt.Errorf("custom id %q: no action", s)
	}
	c := customID{Game: id, Action: parts[2], Ply: ply}
	if len(parts) == 5 {
		if parts[4] == "" {
			return customID{}, fmt.Errorf("custom id %q: empty argument", s)
		}
		c.Arg = parts[4]
	}
	return c, nil
}

// Scopes of a leaderboard page id.
const (
	scopeServer = "server"
	scopeGlobal = "global"
)

// pageID is a leaderboard paging button's custom id:
// "lb/<kind>/<scope>/<page>", e.g. "lb/gomoku/server/2", the page the button
// shows. Like customID it carries all the handler needs, so the buttons of a
// leaderboard posted before a restart keep working.
type pageID struct {
	Kind   store.Kind
	Global bool
	Page   int
}

// String writes the custom id.
func (p pageID) String() string {
	scope := scopeServer
	if p.Global {
		scope = scopeGlobal
	}
	return "lb/" + string(p.Kind) + "/" + scope + "/" + strconv.Itoa(p.Page)
}

// parsePageID reads a custom id written by pageID.String.
func parsePageID(s string) (pageID, error) {
	parts := strings.Split(s, "/")
	if len(parts) != 4 || parts[0] != "lb" {
		return pageID{}, fmt.Errorf("custom id %q: not lb/<kind>/<scope>/<page>", s)
	}
	p := pageID{Kind: store.Kind(parts[1])}
	if !p.Kind.Valid() {
		return pageID{}, fmt.Errorf("custom id %q: unknown game %q", s, parts[1])
	}
	switch parts[2] {
	case scopeServer:
	case scopeGlobal:
		p.Global = true
	default:
		return pageID{}, fmt.Errorf("custom id %q: unknown scope %q", s, parts[2])
	}
	page, err := strconv.Atoi(parts[3])
	if err != nil || page < 0 || strconv.Itoa(page) != parts[3] {
		return pageID{}, fmt.Errorf("custom id %q: bad page %q", s, parts[3])
	}
	p.Page = page
	return p, nil
}

package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// errorText words the refusal e in l, all of it: the code's format in l
// (English: the engine's own) with each argument in l too. A Term is looked
// up in the catalogue, a Reason in the catalogue's "reason." texts (as
// outcomeText does), a Seat as a name and a colour, a time as a Discord
// timestamp, which each reader sees in their own time zone and language;
// notation, what the player typed and numbers are shown as they are. The
// formats are the "errors" section of each language's file, under the
// code's Key ("err.path_blocked"), with the English format's arguments and
// verbs; an explicit index (%[2]s) puts them in the order the language
// wants. A code a language lacks is worded in English.
func (l locale) errorText(e *engine.Error) string {
	f, ok := loaded().errorFormat(l, e.Code.Key())
	if !ok {
		f = e.Code.English()
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = l.errorArg(a)
	}
	return fmt.Sprintf(f, args...)
}

// errorArg is one argument of an engine error, worded in l.
func (l locale) errorArg(a any) any {
	switch a := a.(type) {
	case engine.Term:
		if l == en {
			return a.String() // "cannon", "a double three": as a sentence needs it
		}
		return l.t(a.Key())
	case engine.Reason:
		if l == en {
			return a.String()
		}
		return l.t("reason." + strings.ReplaceAll(a.String(), " ", "_"))
	case engine.Seat:
		who := "@" + a.Name
		switch {
		case a.AI > 0:
			who = l.t("ai.name", a.AI)
		case a.Name == "":
			who = "<@" + a.UserID + ">"
		}
		return l.t("err.seat", who, l.errorArg(a.Colour))
	case time.Time:
		return fmt.Sprintf("<t:%d:t>", a.Unix())
	case *engine.Error: // the cause of another refusal (engine.ImportMove)
		return l.errorText(a)
	}
	return a
}

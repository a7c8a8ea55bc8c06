package store

import (
	"fmt"

	"github.com/tengen-bot/tengen/engine"
)

// The store's refusals are *engine.Error, the project's one error type: a
// missing game is engine.GameNotFound, a write based on a stale version
// engine.VersionConflict, too many open challenges engine.TooManyChallenges,
// and so on (see each method). A record the store refuses to save is a bug
// of the caller's, never a player's mistake: invalid reports it as
// engine.Internal. Database failures are not *engine.Error; they are
// wrapped errors from database/sql.

// invalid reports a record or a query the store refuses.
func invalid(format string, args ...any) error {
	return engine.E(engine.Internal, fmt.Sprintf(format, args...))
}

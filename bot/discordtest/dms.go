package discordtest

import "net/http"

// Direct messages from the bot. Opening a DM channel (POST
// /users/@me/channels, resources/user.mdx "Create DM") succeeds for any
// user, but a message to a user who does not accept DMs from the bot (DMs
// from server members turned off in their privacy settings, the bot
// blocked, or no server shared) is refused with 403 and JSON error code
// 50007, "Cannot send messages to this user" (topics/opcodes-and-status
// -codes.mdx "JSON Error Codes").

// codeCannotDM is Discord's JSON error code for a DM the user does not
// accept.
const codeCannotDM = 50007

// ClosedDMs makes the user refuse DMs from the bot: the bot may open the
// DM channel, but its messages there fail with 403 / 50007.
func ClosedDMs() UserOption { return func(u *User) { u.closedDMs = true } }

// dmRefusedLocked is the error for a message the bot sends in channel c
// when c is the DM of a user who refuses DMs (nil otherwise). dc.mu must
// be held.
func dmRefusedLocked(c *Channel) *apiError {
	if c.recipient != nil && c.recipient.closedDMs {
		return newAPIError(http.StatusForbidden, codeCannotDM, "Cannot send messages to this user")
	}
	return nil
}

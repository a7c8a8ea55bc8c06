package discordtest

// SetAfterAck makes every user action call f, in the user's goroutine, after
// the bot's initial response arrived and before the action returns, as a
// goroutine scheduled late under load would. Set it before any action.
func SetAfterAck(dc *Discord, f func(interactionID string)) { dc.afterAck = f }

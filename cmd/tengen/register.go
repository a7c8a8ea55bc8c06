package main

import (
	"fmt"
	"io"

	"github.com/tengen-bot/tengen/bot"
)

const registerUsage = `usage: tengen register [-config FILE]

Registers the slash commands with Discord (globally, or in dev_guild) and
exits. "tengen run" does this on every start unless discord.register is
false; with several processes, run this once per release instead. The
token comes from DISCORD_TOKEN.

Flags:
`

// registerCommand implements "tengen register" and returns the exit code.
func registerCommand(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	cfg, token, code := startup("register", registerUsage, args, stderr, getenv)
	if code >= 0 {
		return code
	}
	s, err := newSession(cfg, token)
	if err == nil {
		err = bot.Register(s, cfg.DevGuild)
	}
	if err != nil {
		fmt.Fprintf(stderr, "tengen register: %s\n", bot.Redact(err.Error(), token))
		return 1
	}
	fmt.Fprintf(stdout, "%d commands registered %s\n", len(bot.Commands()), commandScope(cfg))
	return 0
}

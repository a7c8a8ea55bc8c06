// Command tengen runs the Tengen Discord bot and its tools.
//
// Usage:
//
//	tengen [run] [-config config.yaml]   run the bot (token from DISCORD_TOKEN)
//	tengen register [-config config.yaml] register the slash commands and exit
//	tengen ai-worker [-config config.yaml] compute the AI's turns for "run" processes (games.ai: workers)
//	tengen migrate [-db tengen.db]        apply database migrations, print the version
//	tengen render [flags]                 draw a position or a replay to a file
//
// "run" needs only DISCORD_TOKEN: a missing config.yaml means every default
// (see config.example.yaml for the options).
package main

import (
	"fmt"
	"io"
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the subcommand named by args and returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	return runWith(args, stdout, stderr, os.Getenv)
}

// runWith is run with the environment read through getenv.
func runWith(args []string, stdout, stderr io.Writer, getenv func(string) string) int {
	cmd := "run"
	if len(args) > 0 && args[0] != "" && args[0][0] != '-' {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "run":
		return runCommand(args, stderr, getenv)
	case "register":
		return registerCommand(args, stdout, stderr, getenv)
	case "migrate":
		return migrateCommand(args, stdout, stderr)
	case "render":
		return renderCommand(args, stdout, stderr)
	case "ai-worker":
		return aiWorkerCommand(args, stderr)
	default:
		fmt.Fprintf(stderr, "tengen: unknown command %q (known: run, register, ai-worker, migrate, render)\n", cmd)
		return 2
	}
}

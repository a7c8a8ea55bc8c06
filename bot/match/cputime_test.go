//go:build unix

package match

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time this process has used, user and system: what a
// measurement on a machine shared with other work should count.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// shardsAuto is discord.shards' default: the count Discord recommends.
const shardsAuto = "auto"

// shards reads discord.shards and discord.shard_ids: the total (0 for
// Discord's recommendation) and the shards this process runs (nil for all
// of them). A range is checked against an explicit total here, and against
// Discord's recommendation when the bot starts (bot.Shards.Open).
func (c *Config) shards() (count int, ids []int, err error) {
	d := c.Discord
	switch v := strings.TrimSpace(d.Shards); v {
	case "", shardsAuto:
	default:
		n, err := strconv.Atoi(v)
		switch {
		case err != nil:
			return 0, nil, fmt.Errorf("discord.shards: %q is not auto or a number of shards such as 4", d.Shards)
		case n < 1:
			return 0, nil, fmt.Errorf("discord.shards: %d would run no shard: give auto (Discord's recommendation) or at least 1", n)
		}
		count = n
	}
	if strings.TrimSpace(d.ShardIDs) == "" {
		return count, nil, nil
	}
	first, last, err := parseShardRange(d.ShardIDs)
	if err != nil {
		return 0, nil, fmt.Errorf("discord.shard_ids: %w", err)
	}
	if count > 0 && last >= count {
		return 0, nil, fmt.Errorf("discord.shard_ids: %s is outside the %d shards of discord.shards (0-%d)", d.ShardIDs, count, count-1)
	}
	for id := first; id <= last; id++ {
		ids = append(ids, id)
	}
	return count, ids, nil
}

// errShardRange explains the form of discord.shard_ids.
var errShardRange = errors.New("want a range of shard ids such as 0-3, or one id such as 2")

// parseShardRange reads "first-last" or a single id.
func parseShardRange(s string) (first, last int, err error) {
	a, b, isRange := strings.Cut(strings.TrimSpace(s), "-")
	if first, err = strconv.Atoi(strings.TrimSpace(a)); err != nil || first < 0 {
		return 0, 0, fmt.Errorf("%q: %w", s, errShardRange)
	}
	last = first
	if isRange {
		if last, err = strconv.Atoi(strings.TrimSpace(b)); err != nil || last < first {
			return 0, 0, fmt.Errorf("%q: %w", s, errShardRange)
		}
	}
	return first, last, nil
}

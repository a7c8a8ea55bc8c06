package discordtest

import (
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"time"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"
)

// Threads, as Discord documents them (topics/threads.md, resources/
// channel.mdx "Start Thread from Message", topics/permissions.mdx):
//   - A public thread is started from a message of a guild text channel
//     (POST /channels/{id}/messages/{id}/threads, which needs
//     CREATE_PUBLIC_THREADS); the thread and the message share the same id,
//     so a message has one thread at most (160004 otherwise); its name is 1
//     to 100 characters and auto_archive_duration one of 60, 1440, 4320 or
//     10080 minutes. The message gets the HAS_THREAD flag; THREAD_CREATE is
//     dispatched.
//   - A thread is a channel of type PUBLIC_THREAD (11) with parent_id and
//     thread_metadata; it inherits its parent's permissions. Sending a
//     message in it needs SEND_MESSAGES_IN_THREADS, not SEND_MESSAGES.
//   - It archives itself after auto_archive_duration without activity
//     (sending a message, unarchiving it). In an archived thread users
//     cannot use slash commands or components, and nobody can edit a
//     message (50083); sending a message unarchives it, unless it is locked
//     (160005). Its creator unarchives it with PATCH /channels/{id}
//     {"archived": false}.

// Discord's JSON error codes for threads (topics/opcodes-and-status-codes.mdx).
const (
	codeInvalidChannelType = 50024
	codeThreadArchived     = 50083
	codeThreadExists       = 160004
	codeThreadLocked       = 160005
)

// messageHasThread is the message flag HAS_THREAD ("this message has an
// associated thread, with the same id as the message").
const messageHasThread discordgo.MessageFlags = 1 << 5

// autoArchiveDurations are the durations Discord accepts, in minutes.
var autoArchiveDurations = []int{60, 1440, 4320, 10080}

// ErrThreadArchived is what a user gets for acting (a slash command, a
// click) in an archived thread, which Discord does not allow.
var ErrThreadArchived = errors.New("the thread is archived: users cannot use commands or components there")

// threadState is what a thread channel has besides a channel's.
type threadState struct {
	parent      *Channel
	owner       string
	autoArchive int // minutes
	archived    bool
	locked      bool
	active      time.Time // the last activity, for auto-archiving
}

// base is the channel whose permissions c has: its parent for a thread.
func (c *Channel) base() *Channel {
	if c.thread != nil {
		return c.thread.parent
	}
	return c
}

// app is the bot's permissions in c (a thread's are its parent's),
// computed as any member's (see SetAppPermissions).
func (c *Channel) app() int64 { return c.permissionsLocked(c.dc.app) }

// members is the permissions in c (a thread's are its parent's) of a user
// with no role and no overwrite of their own: @everyone's.
func (c *Channel) members() int64 { return c.permissionsLocked(nil) }

// Parent returns the channel a thread was started in, nil for a channel
// that is not a thread.
func (c *Channel) Parent() *Channel {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	if c.thread == nil {
		return nil
	}
	return c.thread.parent
}

// Archived reports whether the thread c is archived (false for a channel
// that is not a thread).
func (c *Channel) Archived() bool {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	return c.dc.archivedLocked(c)
}

// AutoArchive returns the thread's auto_archive_duration, in minutes.
func (c *Channel) AutoArchive() int {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	if c.thread == nil {
		return 0
	}
	return c.thread.autoArchive
}

// Archive archives the thread c, as a moderator (or Discord's inactivity
// timer) would; lock also locks it.
func (c *Channel) Archive(lock bool) {
	c.dc.mu.Lock()
	defer c.dc.mu.Unlock()
	if c.thread != nil {
		c.thread.archived, c.thread.locked = true, lock
		c.dc.announceLocked("THREAD_UPDATE", func() any { return c.threadWireLocked() })
	}
}

// HasThread reports whether a thread was started from m.
func (m *Message) HasThread() bool { return m.Flags&messageHasThread != 0 }

// archivedLocked reports whether c is an archived thread, archiving it
// first when it has been inactive for its auto_archive_duration (by the
// fake's clock). dc.mu must be held.
func (dc *Discord) archivedLocked(c *Channel) bool {
	t := c.thread
	if t == nil {
		return false
	}
	if !t.archived && !dc.clock.Now().Before(t.active.Add(time.Duration(t.autoArchive)*time.Minute)) {
		t.archived = true
	}
	return t.archived
}

// threadWireLocked renders a thread channel. dc.mu must be held.
func (c *Channel) threadWireLocked() map[string]any {
	t := c.thread
	return map[string]any{"id": c.ID, "type": int(discordgo.ChannelTypeGuildPublicThread), "name": c.Name,
		"guild_id": c.GuildID, "parent_id": t.parent.ID, "owner_id": t.owner,
		"thread_metadata": map[string]any{"archived": c.dc.archivedLocked(c), "auto_archive_duration": t.autoArchive,
			"archive_timestamp": timestamp(t.active), "locked": t.locked}}
}

// postMessageThread is Start Thread from Message.
func (dc *Discord) postMessageThread(q *restReq) (int, any) {
	var body struct {
		Name                string `json:"name"`
		AutoArchiveDuration *int   `json:"auto_archive_duration"`
	}
	if err := json.Unmarshal(q.body, &body); err != nil {
		return http.StatusBadRequest, badJSON(err)
	}
	if n := utf8.RuneCountInString(body.Name); n < 1 || n > 100 {
		return http.StatusBadRequest, formError("name", "BASE_TYPE_BAD_LENGTH", "Must be between 1 and 100 in length.")
	}
	minutes := 1440 // the channel's default_auto_archive_duration
	if d := body.AutoArchiveDuration; d != nil {
		if !slices.Contains(autoArchiveDurations, *d) {
			return http.StatusBadRequest, formError("auto_archive_duration", "BASE_TYPE_CHOICES", "Value must be one of {60, 1440, 4320, 10080}.")
		}
		minutes = *d
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	c, aerr := dc.channelLocked(q.param("channel_id"))
	if aerr != nil {
		return aerr.Status, aerr
	}
	if c.typeLocked() != discordgo.ChannelTypeGuildText {
		return http.StatusBadRequest, newAPIError(http.StatusBadRequest, codeInvalidChannelType, "Cannot execute action on this channel type")
	}
	if aerr := dc.botChannelLocked(c, discordgo.PermissionCreatePublicThreads); aerr != nil {
		return aerr.Status, aerr
	}
	m := dc.messages[q.param("message_id")]
	if m == nil || m.ChannelID != c.ID || m.Ephemeral() {
		return http.StatusNotFound, newAPIError(http.StatusNotFound, codeUnknownMessage, "Unknown Message")
	}
	if dc.channels[m.ID] != nil {
		return http.StatusBadRequest, newAPIError(http.StatusBadRequest, codeThreadExists, "A thread has already been created for this message")
	}
	th := &Channel{ID: m.ID, Name: body.Name, GuildID: c.GuildID, dc: dc,
		thread: &threadState{parent: c, owner: dc.app.ID, autoArchive: minutes, active: dc.clock.Now()}}
	dc.channels[th.ID] = th
	next := *m
	next.Flags |= messageHasThread
	dc.storeLocked(&next)
	dc.announceLocked("THREAD_CREATE", func() any {
		w := th.threadWireLocked()
		w["newly_created"] = true
		return w
	})
	return http.StatusCreated, th.threadWireLocked()
}

// patchChannel is Modify Channel for a thread: its creator (or a member
// with MANAGE_THREADS) archives or unarchives it; a locked thread only
// with MANAGE_THREADS. Other channels need MANAGE_CHANNELS, which the fake
// never grants the bot.
func (dc *Discord) patchChannel(q *restReq) (int, any) {
	var body struct {
		Archived *bool `json:"archived"`
	}
	if err := json.Unmarshal(q.body, &body); err != nil {
		return http.StatusBadRequest, badJSON(err)
	}
	dc.mu.Lock()
	defer dc.mu.Unlock()
	c, aerr := dc.channelLocked(q.param("channel_id"))
	if aerr != nil {
		return aerr.Status, aerr
	}
	if aerr := dc.botChannelLocked(c, 0); aerr != nil {
		return aerr.Status, aerr
	}
	t := c.thread
	manage := has(c.app(), discordgo.PermissionManageThreads)
	if t == nil || !manage && (t.owner != dc.app.ID || t.locked) {
		return http.StatusForbidden, newAPIError(http.StatusForbidden, codeMissingPermissions, "Missing Permissions")
	}
	if body.Archived != nil {
		dc.archivedLocked(c)
		t.archived = *body.Archived
		if !t.archived {
			t.active = dc.clock.Now()
		}
	}
	dc.announceLocked("THREAD_UPDATE", func() any { return c.threadWireLocked() })
	return http.StatusOK, c.threadWireLocked()
}

// threadSendLocked checks that the bot may send a message in c, a thread,
// and makes the activity: an archived thread is unarchived, a locked one
// refuses. dc.mu must be held.
func (dc *Discord) threadSendLocked(c *Channel) *apiError {
	if dc.archivedLocked(c) {
		if c.thread.locked && !has(c.app(), discordgo.PermissionManageThreads) {
			return newAPIError(http.StatusForbidden, codeThreadLocked, "Thread is locked")
		}
		c.thread.archived = false
	}
	c.thread.active = dc.clock.Now()
	return nil
}

// threadEditLocked refuses an edit of a message in an archived thread.
// dc.mu must be held.
func (dc *Discord) threadEditLocked(c *Channel) *apiError {
	if c != nil && dc.archivedLocked(c) {
		return newAPIError(http.StatusBadRequest, codeThreadArchived, "Thread is archived")
	}
	return nil
}

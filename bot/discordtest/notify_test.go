package discordtest_test

import (
	"slices"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/discordtest"
)

func mention(u *discordtest.User) string { return "<@" + u.ID + ">" }

// notified returns the ids of the users notified so far, in order.
func notified(dc *discordtest.Discord) []string {
	var out []string
	for _, n := range dc.Notifications() {
		out = append(out, n.UserID)
	}
	return out
}

func TestChannelMessageCreateNotifiesMentions(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	alice, bob := dc.User("alice"), dc.User("bob")
	m, err := s.ChannelMessageSend(ch.ID, "your turn "+mention(alice)+" (and again <@!"+alice.ID+">)")
	if err != nil {
		t.Fatal(err)
	}
	want := []discordtest.Notification{{UserID: alice.ID, MessageID: m.ID, ChannelID: ch.ID, How: discordtest.HowCreate}}
	if got := dc.Notifications(); !slices.Equal(got, want) {
		t.Fatalf("notifications %+v, want %+v", got, want)
	}
	if got := alice.Notifications(); !slices.Equal(got, want) {
		t.Fatalf("alice's notifications %+v, want %+v", got, want)
	}
	if got := bob.Notifications(); len(got) != 0 {
		t.Fatalf("bob, not mentioned, was notified: %+v", got)
	}
	if len(m.Mentions) != 1 || m.Mentions[0].ID != alice.ID {
		t.Fatalf("the message's mentions array is %+v, want alice", m.Mentions)
	}
}

// TestEditNeverNotifies: a mention added by editing a message is shown in the
// mentions array but notifies nobody (discord-api-docs#5497).
func TestEditNeverNotifies(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	ch := dc.NewChannel("c")
	alice := dc.User("alice")
	m, err := s.ChannelMessageSend(ch.ID, "waiting for an opponent")
	if err != nil {
		t.Fatal(err)
	}
	edited, err := s.ChannelMessageEdit(ch.ID, m.ID, mention(alice)+" accepted")
	if err != nil {
		t.Fatal(err)
	}
	if len(edited.Mentions) != 1 || edited.Mentions[0].ID != alice.ID {
		t.Fatalf("the edited message's mentions are %+v, want alice", edited.Mentions)
	}
	if got := dc.Notifications(); len(got) != 0 {
		t.Fatalf("an edit notified %+v", got)
	}
}

// TestInteractionRepliesNotify answers the same slash command in each way a
// bot can and checks who was notified: only messages created with the
// mention, never an edit (a deferred reply edited, or a follow-up right after
// the defer, which edits the loading message), never an ephemeral message.
func TestInteractionRepliesNotify(t *testing.T) {
	respond := func(typ discordgo.InteractionResponseType, content string, flags discordgo.MessageFlags) func(*discordgo.Session, *discordgo.InteractionCreate) error {
		return func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
			r := &discordgo.InteractionResponse{Type: typ, Data: &discordgo.InteractionResponseData{Flags: flags}}
			if typ != discordgo.InteractionResponseDeferredChannelMessageWithSource {
				r.Data.Content = content
			}
			return s.InteractionRespond(i.Interaction, r)
		}
	}
	then := func(first, next func(*discordgo.Session, *discordgo.InteractionCreate) error) func(*discordgo.Session, *discordgo.InteractionCreate) error {
		return func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
			if err := first(s, i); err != nil {
				return err
			}
			return next(s, i)
		}
	}
	editOriginal := func(content string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
		return func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
			_, err := s.InteractionResponseEdit(i.Interaction, &discordgo.WebhookEdit{Content: &content})
			return err
		}
	}
	followup := func(content string, flags discordgo.MessageFlags) func(*discordgo.Session, *discordgo.InteractionCreate) error {
		return func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
			_, err := s.FollowupMessageCreate(i.Interaction, true, &discordgo.WebhookParams{Content: content, Flags: flags})
			return err
		}
	}
	const (
		typ4   = discordgo.InteractionResponseChannelMessageWithSource
		typ5   = discordgo.InteractionResponseDeferredChannelMessageWithSource
		eph    = discordgo.MessageFlagsEphemeral
		silent = discordgo.MessageFlagsSuppressNotifications
	)
	tests := []struct {
		name    string
		handler func(bob string) func(*discordgo.Session, *discordgo.InteractionCreate) error
		want    []string // How of each notification of bob
	}{
		{"type 4", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return respond(typ4, b+" you are challenged", 0)
		}, []string{discordtest.HowResponse}},
		{"type 4 ephemeral", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return respond(typ4, b+" you are challenged", eph)
		}, nil},
		{"type 4 with SUPPRESS_NOTIFICATIONS", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return respond(typ4, b+" you are challenged", silent)
		}, nil},
		{"type 4 then edited to mention", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return then(respond(typ4, "a challenge", 0), editOriginal(b+" you are challenged"))
		}, nil},
		{"deferred then edited", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return then(respond(typ5, "", 0), editOriginal(b+" you are challenged"))
		}, nil},
		{"deferred then follow-up (edits the loading message)", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return then(respond(typ5, "", 0), followup(b+" you are challenged", 0))
		}, nil},
		{"deferred, edited, then follow-up", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return then(then(respond(typ5, "", 0), editOriginal("a challenge")), followup(b+" you are challenged", 0))
		}, []string{discordtest.HowFollowup}},
		{"type 4 then ephemeral follow-up", func(b string) func(*discordgo.Session, *discordgo.InteractionCreate) error {
			return then(respond(typ4, "a challenge", 0), followup(b+" you are challenged", eph))
		}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			bob := dc.User("bob")
			startBot(t, dc, tt.handler(mention(bob)))
			alice := dc.User("alice")
			r, err := alice.Slash(ctx(t), dc.NewChannel("c"), "ping")
			if err != nil {
				t.Fatal(err)
			}
			// Every handler's last step mentions bob: wait for it.
			if _, err := dc.Channel(r.Message().ChannelID).WaitMessage(ctx(t), func(m *discordtest.Message) bool {
				return len(m.Mentions) == 1 && m.Mentions[0] == bob.ID
			}); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, n := range bob.Notifications() {
				got = append(got, n.How)
			}
			if !slices.Equal(got, tt.want) || len(alice.Notifications()) != 0 {
				t.Fatalf("bob notified by %q (alice %+v), want %q", got, alice.Notifications(), tt.want)
			}
		})
	}
}

func TestUpdateMessageNeverNotifies(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	bob := dc.User("bob")
	startBot(t, dc, func(s *discordgo.Session, i *discordgo.InteractionCreate) error {
		if i.Type == discordgo.InteractionMessageComponent {
			return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
				Type: discordgo.InteractionResponseUpdateMessage,
				Data: &discordgo.InteractionResponseData{Content: mention(bob) + " your move"},
			})
		}
		return s.InteractionRespond(i.Interaction, &discordgo.InteractionResponse{
			Type: discordgo.InteractionResponseChannelMessageWithSource,
			Data: &discordgo.InteractionResponseData{Content: "board", Components: buttons("move")},
		})
	})
	alice := dc.User("alice")
	r, err := alice.Slash(ctx(t), dc.NewChannel("c"), "ping")
	if err != nil {
		t.Fatal(err)
	}
	r, err = alice.Click(ctx(t), r.Message(), "move")
	if err != nil {
		t.Fatal(err)
	}
	if m := r.Message(); len(m.Mentions) != 1 {
		t.Fatalf("updated message %+v does not mention bob", m)
	}
	if got := dc.Notifications(); len(got) != 0 {
		t.Fatalf("an UPDATE_MESSAGE response notified %+v", got)
	}
}

// TestAllowedMentions checks each form of allowed_mentions on a channel
// message create (resources/message.mdx "Allowed Mentions Object").
func TestAllowedMentions(t *testing.T) {
	tests := []struct {
		name      string
		allowed   func(alice, bob string) *discordgo.MessageAllowedMentions
		want      func(alice, bob string) []string
		wantError bool
	}{
		{"absent: the default parses users", func(a, b string) *discordgo.MessageAllowedMentions { return nil },
			func(a, b string) []string { return []string{a, b} }, false},
		{"parse users", func(a, b string) *discordgo.MessageAllowedMentions {
			return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}}
		}, func(a, b string) []string { return []string{a, b} }, false},
		{"parse nothing", func(a, b string) *discordgo.MessageAllowedMentions {
			return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{}}
		}, func(a, b string) []string { return nil }, false},
		{"parse everyone only", func(a, b string) *discordgo.MessageAllowedMentions {
			return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeEveryone}}
		}, func(a, b string) []string { return nil }, false},
		{"a users list", func(a, b string) *discordgo.MessageAllowedMentions {
			return &discordgo.MessageAllowedMentions{Users: []string{b, "42"}}
		}, func(a, b string) []string { return []string{b} }, false},
		{"parse users and a users list", func(a, b string) *discordgo.MessageAllowedMentions {
			return &discordgo.MessageAllowedMentions{Parse: []discordgo.AllowedMentionType{discordgo.AllowedMentionTypeUsers}, Users: []string{a}}
		}, nil, true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			dc := discordtest.New(t)
			s := dc.Session()
			ch := dc.NewChannel("c")
			alice, bob := dc.User("alice"), dc.User("bob")
			_, err := s.ChannelMessageSendComplex(ch.ID, &discordgo.MessageSend{
				Content:         mention(alice) + " vs " + mention(bob),
				AllowedMentions: tt.allowed(alice.ID, bob.ID),
			})
			if tt.wantError {
				if status, code := restCode(t, err); status != 400 || code != 50035 || len(ch.Messages()) != 0 {
					t.Fatalf("HTTP %d code %d, %d messages: want 400 50035 and no message", status, code, len(ch.Messages()))
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, want := notified(dc), tt.want(alice.ID, bob.ID); !slices.Equal(got, want) {
				t.Fatalf("notified %q, want %q", got, want)
			}
		})
	}
}

// TestOnlyUsersWhoSeeTheChannelAreNotified: a DM notifies its recipient only.
func TestOnlyUsersWhoSeeTheChannelAreNotified(t *testing.T) {
	t.Parallel()
	dc := discordtest.New(t)
	s := dc.Session()
	alice, bob := dc.User("alice"), dc.User("bob")
	if _, err := s.ChannelMessageSend(dc.DM(alice).ID, mention(alice)+" "+mention(bob)+" accepted"); err != nil {
		t.Fatal(err)
	}
	if got := notified(dc); !slices.Equal(got, []string{alice.ID}) {
		t.Fatalf("notified %q, want only alice, the DM's recipient", got)
	}
}

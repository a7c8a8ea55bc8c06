package bot

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot/match"
)

// TestRecordedInteractions replays interaction payloads recorded from the
// fake Discord (and edited into the cases below) through the routing
// helpers: command paths and options, custom ids, who acted, and the
// languages of the reply and of public messages.
func TestRecordedInteractions(t *testing.T) {
	tests := []struct {
		file           string
		route          string
		userID, name   string
		loc, public    locale
		option, value  string
		customID       customID
		selectedValues []string
	}{
		{file: "slash-challenge-zh.json", route: "/gomoku challenge", userID: "1574047249917280259", name: "Ali",
			loc: zhCN, public: zhTW, option: optOpponent, value: "1574047249917280260"},
		{file: "select-row.json", route: "g/12/row/31/h", userID: "1574047249917280260", name: "Bob B.", loc: en, public: en,
			customID: customID{Game: 12, Action: actRow, Ply: 31, Arg: "h"}, selectedValues: []string{"8"}},
		{file: "autocomplete-move.json", route: "/move", userID: "1574047249917280259", name: "alice", loc: en, public: en,
			option: optMove, value: "炮二"},
		{file: "dm-leaderboard.json", route: "/leaderboard", userID: "1574047249917280259", name: "alice", loc: en, public: en,
			option: optGame, value: "xiangqi"},
	}
	for _, tt := range tests {
		t.Run(tt.file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join("testdata", "interactions", tt.file))
			if err != nil {
				t.Fatal(err)
			}
			var i discordgo.Interaction
			if err := json.Unmarshal(data, &i); err != nil {
				t.Fatal(err)
			}
			if got := route(&i); got != tt.route {
				t.Errorf("route = %q, want %q", got, tt.route)
			}
			if p := playerOf(&i); p.ID != tt.userID || p.Name != tt.name || p.Bot {
				t.Errorf("player = %+v, want %s %q", p, tt.userID, tt.name)
			}
			if got := localeOf(i.Locale); got != tt.loc {
				t.Errorf("reply locale = %d, want %d", got, tt.loc)
			}
			b := &Bot{opt: Options{Locale: discordgo.EnglishUS}, clock: match.SystemClock{}}
			q := b.newRequest(context.Background(), &received{Interaction: &i})
			if q.public != tt.public {
				t.Errorf("public locale = %d, want %d", q.public, tt.public)
			}
			if q.via.Interaction != i.ID || q.via.Token != i.Token || q.via.Channel != i.ChannelID || q.via.Perms != i.AppPermissions {
				t.Errorf("via = %+v", q.via)
			}
			switch i.Type {
			case discordgo.InteractionMessageComponent:
				d := i.MessageComponentData()
				c, err := parseCustomID(d.CustomID)
				if err != nil || c != tt.customID {
					t.Errorf("custom id %q = %+v, %v", d.CustomID, c, err)
				}
				if len(d.Values) != len(tt.selectedValues) || d.Values[0] != tt.selectedValues[0] {
					t.Errorf("values = %v", d.Values)
				}
			default:
				_, o := commandPath(i.ApplicationCommandData())
				if got := o.str(tt.option); got != tt.value {
					t.Errorf("option %s = %q, want %q", tt.option, got, tt.value)
				}
				if tt.file == "slash-challenge-zh.json" {
					p, ok := opponentOf(&i, o, optOpponent)
					if !ok || p.Name != "bob" || p.Bot {
						t.Errorf("opponent = %+v", p)
					}
				}
				if tt.file == "autocomplete-move.json" && (!o[optMove].Focused || o.int(optGame) != 12) {
					t.Errorf("autocomplete options = %+v", o)
				}
			}
		})
	}
}

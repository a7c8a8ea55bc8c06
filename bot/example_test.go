package bot_test

import (
	"fmt"

	"github.com/bwmarrin/discordgo"

	"github.com/tengen-bot/tengen/bot"
)

// The slash commands, with their names in Simplified and Traditional Chinese.
func ExampleCommands() {
	for _, c := range bot.Commands() {
		l := *c.NameLocalizations
		fmt.Println(c.Name, l[discordgo.ChineseCN], l[discordgo.ChineseTW])
	}
	// Output:
	// gomoku 五子棋 五子棋
	// xiangqi 象棋 象棋
	// move 走棋 走棋
	// board 棋盘 棋盤
	// resign 认输 認輸
	// games 对局 對局
	// leaderboard 排行榜 排行榜
	// stats 战绩 戰績
	// help 帮助 幫助
	// review 复盘 覆盤
	// limits 频率限制 頻率限制
	// settings 设置 設定
	// export 导出 匯出
	// import 导入 匯入
	// puzzle 谜题 謎題
	// follow 关注 關注
	// unfollow 取消关注 取消關注
	// play 匹配 配對
}

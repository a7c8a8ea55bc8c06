package bot

import (
	"fmt"
	"strings"
	"time"

	"github.com/tengen-bot/tengen/engine"
)

// errorText words the refusal e in l, all of it: the code's format in l
// (English: the engine's own) with each argument in l too. A Term is looked
// up in the catalogue, a Reason in the catalogue's "reason." texts (as
// outcomeText does), a Seat as a name and a colour, a time as a Discord
// timestamp, which each reader sees in their own time zone and language;
// notation, what the player typed and numbers are shown as they are.
func (l locale) errorText(e *engine.Error) string {
	f, ok := errorCatalogue[l][e.Code.Key()]
	if !ok {
		f = e.Code.English()
	}
	args := make([]any, len(e.Args))
	for i, a := range e.Args {
		args[i] = l.errorArg(a)
	}
	return fmt.Sprintf(f, args...)
}

// errorArg is one argument of an engine error, worded in l.
func (l locale) errorArg(a any) any {
	switch a := a.(type) {
	case engine.Term:
		if l == en {
			return a.String() // "cannon", "a double three": as a sentence needs it
		}
		return l.t(a.Key())
	case engine.Reason:
		if l == en {
			return a.String()
		}
		return l.t("reason." + strings.ReplaceAll(a.String(), " ", "_"))
	case engine.Seat:
		who := "@" + a.Name
		switch {
		case a.AI > 0:
			who = l.t("ai.name", a.AI)
		case a.Name == "":
			who = "<@" + a.UserID + ">"
		}
		return l.t("err.seat", who, l.errorArg(a.Colour))
	case time.Time:
		return fmt.Sprintf("<t:%d:t>", a.Unix())
	}
	return a
}

// errorCatalogue holds, per locale, the format of every engine error code,
// under the code's Key ("err.path_blocked"); the words for engine.Terms are
// in the catalogue, under each term's Key ("piece.cannon"). Formats take the
// English format's arguments, with the same verbs; an explicit index
// (%[2]s) puts them in the order the language wants. English has no entry:
// the engine's own English is used. It is a read-only table; the test checks
// that every locale has every code and term, with matching verbs.
var errorCatalogue = [...]map[string]string{
	en: nil,
	zhCN: {

		"err.off_board":              "%s 不在棋盘上：列为 a–%s，行为 1–%d",
		"err.no_such_point":          "该点不在棋盘上：列为 a–%s，行为 1–%d",
		"err.occupied":               "%s 已经有棋子了",
		"err.forbidden_point":        "黑方在 %[2]s 落子会形成%[1]s，这是禁手",
		"err.no_point_given":         "没有给出落点：请先写列字母，再写行号，例如 %s",
		"err.not_a_point":            "“%s”不是棋盘上的点：请先写列字母，再写行号，例如 %s",
		"err.bad_board_size":         "棋盘只能是 %d 路或 %d 路，不能是 %d 路",
		"err.unknown_rule":           "未知的规则 %s：请选择自由、标准或连珠规则",
		"err.not_a_rule":             "“%s”不是规则：请选择自由、标准或连珠规则",
		"err.not_a_saved_game":       "“%s”不是保存的对局：请依次写出棋盘大小、规则、冒号和着法，例如 15 renju: h8 h9",
		"err.not_a_board_size":       "“%s”不是棋盘大小：请用 15 或 19",
		"err.undo_negative":          "无法悔 %d 步棋",
		"err.undo_too_many":          "无法悔 %d 步棋：才下了 %d 步",
		"err.gomoku_won":             "对局已经结束：%s以%s获胜",
		"err.gomoku_drawn_forbidden": "对局已经结束：和棋，剩下的每个空点对黑方都是禁手",
		"err.gomoku_drawn_full":      "对局已经结束：和棋，棋盘已满",
		"err.no_point_left":          "已经没有可下的点了",

		"err.game_won":      "对局已经结束：%s获胜（%s）",
		"err.game_drawn":    "对局已经结束：和棋（%s）",
		"err.no_legal_move": "轮到走棋的一方已经没有合法着法",

		"err.square_off_board": "该点不在棋盘上（列 a..i，行 1..10）",
		"err.not_on_board":     "%s 不在棋盘上：列为 a..i，行为 1..10",
		"err.no_piece":         "%s 上没有棋子",
		"err.not_your_piece":   "%[2]s 上的%[1]s是%[3]s的，现在轮到%[4]s走",
		"err.already_there":    "%s已经在 %s 上了：一步棋必须走到别处",
		"err.own_piece":        "%s 上是你自己的%s：不能吃自己的棋子",
		"err.general_step":     "帅/将每次只能横向或纵向走一步",
		"err.general_palace":   "帅/将不能走出九宫",
		"err.advisor_step":     "仕/士每次只能斜走一步",
		"err.advisor_palace":   "仕/士不能走出九宫",
		"err.elephant_step":    "相/象只能斜走两步（走“田”字）",
		"err.elephant_river":   "相/象不能过河",
		"err.elephant_eye":     "象眼 %s 上有棋子（塞象眼）",
		"err.horse_step":       "马走“日”字：先直走一步，再斜走一步",
		"err.horse_leg":        "马腿 %s 上有棋子（蹩马腿）",
		"err.not_straight":     "%s只能沿直线走",
		"err.path_blocked":     "%s的路线在 %s 被挡住了",
		"err.no_screen":        "炮吃子必须隔着正好一个棋子（炮架），而中间一个也没有",
		"err.many_screens":     "炮吃子必须隔着正好一个棋子（炮架），而中间不止一个",
		"err.soldier_step":     "兵/卒每次只能走一步",
		"err.soldier_backward": "兵/卒不能后退",
		"err.soldier_sideways": "兵/卒过河之后才能横走",
		"err.generals_face":    "帅和将不能在同一条直线上直接照面（中间没有棋子相隔）",
		"err.still_in_check":   "你的帅/将正被将军，这步棋没有解除将军",
		"err.leaves_in_check":  "走了这步棋，你的帅/将就会被将军",
		"err.undo_beyond":      "无法悔 %d 步棋：才走了 %d 步",

		"err.no_move_given":     "没有给出着法：请写成 h3e3、C2.5 或 炮二平五 这样的形式",
		"err.not_a_move":        "“%s”不是着法：请写成 h3e3、C2.5 或 炮二平五 这样的形式",
		"err.not_a_square":      "%q 不是棋盘上的点：请写成 e1 或 h10 这样的形式",
		"err.not_chinese":       "%q 不是中文记谱的着法：请写成 炮二平五、马8进7 或 前炮平四 这样的形式",
		"err.not_wxf":           "%q 不是 WXF 记谱的着法：请写成 C2.5、H8+7 或 C+.5 这样的形式",
		"err.no_piece_on_file":  "%[1]s在第 %[3]d 路上没有%[2]s",
		"err.file_too_few":      "第 %d 路上的%s%s不够多，“%s”无法从中选出一个",
		"err.files_too_few":     "没有哪一路上的%s%s足够多，“%s”无法从中选出一个",
		"err.ambiguous":         "“%s”有歧义：可能是 %s，也可能是 %s；请说明是哪个%s（前或后），或者直接写出起止点，例如 %s",
		"err.last_number":       "最后一个数字必须是 1..9",
		"err.no_sideways":       "%s不能平走",
		"err.already_on_file":   "%s已经在第 %d 路上了",
		"err.cannot_reach_file": "第 %[2]d 路的%[1]s走不到第 %[3]d 路",
		"err.off_board_move":    "这样走会让%s走出棋盘",
		"err.moves_after_fen":   "着法必须写在 FEN 之后的“ moves ”后面",

		"err.fen_fields":      "FEN %q 有误：应包含棋子布局、轮到哪方走，以及可选的“- - 半回合数 回合数”",
		"err.fen_ranks":       "FEN %q 有误：应有 %d 行，以“/”分隔，实际有 %d 行",
		"err.fen_letter":      "FEN %q 有误：“%s”不是棋子字母（用 k a b n r c p，红方用大写）",
		"err.fen_rank_long":   "FEN %q 有误：第 %d 行超过了 %d 个点",
		"err.fen_palace":      "FEN %[1]q 有误：%[4]s 上的%[2]s%[3]s在九宫之外",
		"err.fen_advisor":     "FEN %[1]q 有误：%[4]s 上的%[2]s%[3]s不在九宫的斜线点上",
		"err.fen_elephant":    "FEN %[1]q 有误：%[4]s 上的%[2]s%[3]s在相/象走不到的点上",
		"err.fen_soldier":     "FEN %[1]q 有误：%[4]s 上的%[2]s%[3]s在兵/卒走不到的点上",
		"err.fen_too_many":    "FEN %q 有误：%s%s太多了",
		"err.fen_rank_points": "FEN %q 有误：第 %d 行有 %d 个点，应为 %d 个",
		"err.fen_no_general":  "FEN %q 有误：%s没有帅/将",
		"err.fen_turn":        "FEN %q 有误：轮走方必须是 w（红方）或 b（黑方），而不是 %q",
		"err.fen_dash":        "FEN %q 有误：象棋的第 %d 个字段必须是“-”，而不是 %q",
		"err.fen_clock":       "FEN %q 有误：半回合计数必须是 0 到 10000 之间的数，而不是 %q",
		"err.fen_fullmove":    "FEN %q 有误：回合数必须是 1 到 10000 之间的数，而不是 %q",
		"err.fen_capture":     "FEN %q 有误：轮到%s走，却可以直接吃掉%s的帅/将",

		"err.game_not_found":        "没有第 %d 号对局",
		"err.game_busy":             "你操作时第 %d 号对局一直在变化：请重新查看后再试",
		"err.rematch_busy":          "你申请时第 %d 号对局的再来一局一直在变化：请重新查看后再试",
		"err.version_conflict":      "第 %d 号对局已被别人先改动：请重新查看",
		"err.not_your_turn":         "还没轮到你：正在等待 %s",
		"err.not_in_game":           "你没有参加第 %d 号对局：这是 %s 对 %s",
		"err.stale_button":          "这个按钮属于第 %d 步，但第 %d 号对局现在已到第 %d 步：请使用最新的棋盘",
		"err.not_started":           "第 %d 号对局还没开始：挑战正在等待回应",
		"err.game_abandoned":        "第 %d 号对局已被放弃",
		"err.challenge_declined":    "第 %d 号对局没有开始：挑战已被拒绝或撤回",
		"err.challenge_lapsed":      "第 %d 号对局没有开始：挑战已过期",
		"err.game_ended_won":        "第 %d 号对局已经结束：%s以%s获胜",
		"err.game_ended_drawn":      "第 %d 号对局已经结束：因%s和棋",
		"err.already_over":          "第 %d 号对局已经结束",
		"err.withdraw_only_asker":   "只有 %s 能撤回这个%s请求；你可以回应它",
		"err.answer_only_other":     "只有 %s 能回应这个%s请求",
		"err.nothing_to_withdraw":   "你在第 %d 号对局中没有可撤回的请求",
		"err.nothing_to_answer":     "第 %d 号对局中没有需要回应的请求：它已被回应或撤回",
		"err.undos_used":            "你在这局中的 %d 次悔棋已经用完",
		"err.no_undo_against_ai":    "与 AI 对局不能悔棋",
		"err.already_asked":         "你的%s请求正在等待 %s 回应",
		"err.cannot_answer_here":    "这里不能回应%s请求",
		"err.request_pending":       "%[2]s 的%[1]s请求正在等待回应：请先处理它",
		"err.not_a_request":         "这里可以申请悔棋或和棋，不能申请“%s”",
		"err.nothing_to_undo":       "你还没有可以悔的棋",
		"err.request_expired":       "这个%s请求已于 %s 过期",
		"err.size_not_played":       "%s不使用 %d 路棋盘：请选择 %s",
		"err.unknown_kind":          "“%s”不是这里的游戏：请选择 %s",
		"err.unknown_rules":         "%s没有“%s”这种规则：请选择 %s",
		"err.withdraw_only_maker":   "只有 %s 能撤回这个挑战",
		"err.rematch_not_player":    "只有第 %d 号对局的棋手才能申请再来一局",
		"err.rematch_offered":       "你已经提出再来一局（第 %d 号对局）：请等待回应",
		"err.rematch_pending":       "第 %d 号对局已有一个等待回应的再来一局（第 %d 号对局）",
		"err.no_rematch_offer":      "第 %d 号对局没有等待回应的再来一局",
		"err.challenge_self":        "你不能挑战自己：可以和 AI 下",
		"err.no_opponent":           "请指定你要挑战的棋手",
		"err.ai_level_range":        "AI 的等级是 1 到 %d，不能是 %d",
		"err.never_played":          "第 %d 号对局没有下出结果：请开始新的对局",
		"err.still_going":           "第 %d 号对局还在进行：结束之后才能再来一局",
		"err.opponent_is_bot":       "%s 是机器人，不能下棋：请挑战真人，或者和 AI 下",
		"err.bots_cannot_play":      "机器人不能下棋",
		"err.ai_unavailable":        "AI 现在无法使用",
		"err.challenge_expired":     "这个挑战已于 %s 过期",
		"err.too_many_challenges":   "你已经有 %d 个未回应的挑战：请等待回应或撤回一个",
		"err.answer_only_opponent":  "只有 %s 能回应这个挑战；你可以撤回它",
		"err.challenge_not_for_you": "你没有参加第 %d 号对局：这个挑战是发给 %s 的",
		"err.already_accepted":      "第 %d 号挑战已经回应过了",
		"err.page_from_1":           "没有第 %d 页：页码从 1 开始",
		"err.page_too_far":          "没有第 %d 页：最后一页是第 %d 页",
		"err.player_not_found":      "没有 ID 为 %s 的棋手",
		"err.setting_not_set":       "这个服务器没有设置“%s”",
		"err.too_often":             "你在短时间内发出的%s请求太多了：请在 %s 之后再试",
		"err.challenge_cooldown":    "%s 没有接受你上一次的挑战：你可以在 %s 之后再向对方挑战",
		"err.too_many_ai_games":     "你已有 %d 局与 AI 的对局正在进行：请先下完或认输一局",
		"err.ai_busy":               "AI 现在要思考的棋太多了：请一分钟后再试",
		"err.post_not_found":        "没有第 %d 号消息",
		"err.internal":              "内部错误：%s",
	},
	zhTW: {

		"err.off_board":              "%s 不在棋盤上：列為 a–%s，行為 1–%d",
		"err.no_such_point":          "該點不在棋盤上：列為 a–%s，行為 1–%d",
		"err.occupied":               "%s 已經有棋子了",
		"err.forbidden_point":        "黑方在 %[2]s 落子會形成%[1]s，這是禁手",
		"err.no_point_given":         "沒有給出落點：請先寫列字母，再寫行號，例如 %s",
		"err.not_a_point":            "「%s」不是棋盤上的點：請先寫列字母，再寫行號，例如 %s",
		"err.bad_board_size":         "棋盤只能是 %d 路或 %d 路，不能是 %d 路",
		"err.unknown_rule":           "未知的規則 %s：請選擇自由、標準或連珠規則",
		"err.not_a_rule":             "「%s」不是規則：請選擇自由、標準或連珠規則",
		"err.not_a_saved_game":       "「%s」不是儲存的對局：請依序寫出棋盤大小、規則、冒號和著法，例如 15 renju: h8 h9",
		"err.not_a_board_size":       "「%s」不是棋盤大小：請用 15 或 19",
		"err.undo_negative":          "無法悔 %d 步棋",
		"err.undo_too_many":          "無法悔 %d 步棋：才下了 %d 步",
		"err.gomoku_won":             "對局已經結束：%s以%s獲勝",
		"err.gomoku_drawn_forbidden": "對局已經結束：和棋，剩下的每個空點對黑方都是禁手",
		"err.gomoku_drawn_full":      "對局已經結束：和棋，棋盤已滿",
		"err.no_point_left":          "已經沒有可下的點了",

		"err.game_won":      "對局已經結束：%s獲勝（%s）",
		"err.game_drawn":    "對局已經結束：和棋（%s）",
		"err.no_legal_move": "輪到走棋的一方已經沒有合法著法",

		"err.square_off_board": "該點不在棋盤上（列 a..i，行 1..10）",
		"err.not_on_board":     "%s 不在棋盤上：列為 a..i，行為 1..10",
		"err.no_piece":         "%s 上沒有棋子",
		"err.not_your_piece":   "%[2]s 上的%[1]s是%[3]s的，現在輪到%[4]s走",
		"err.already_there":    "%s已經在 %s 上了：一步棋必須走到別處",
		"err.own_piece":        "%s 上是你自己的%s：不能吃自己的棋子",
		"err.general_step":     "帥/將每次只能橫向或縱向走一步",
		"err.general_palace":   "帥/將不能走出九宮",
		"err.advisor_step":     "仕/士每次只能斜走一步",
		"err.advisor_palace":   "仕/士不能走出九宮",
		"err.elephant_step":    "相/象只能斜走兩步（走「田」字）",
		"err.elephant_river":   "相/象不能過河",
		"err.elephant_eye":     "象眼 %s 上有棋子（塞象眼）",
		"err.horse_step":       "馬走「日」字：先直走一步，再斜走一步",
		"err.horse_leg":        "馬腿 %s 上有棋子（蹩馬腿）",
		"err.not_straight":     "%s只能沿直線走",
		"err.path_blocked":     "%s的路線在 %s 被擋住了",
		"err.no_screen":        "炮吃子必須隔著正好一個棋子（炮架），而中間一個也沒有",
		"err.many_screens":     "炮吃子必須隔著正好一個棋子（炮架），而中間不止一個",
		"err.soldier_step":     "兵/卒每次只能走一步",
		"err.soldier_backward": "兵/卒不能後退",
		"err.soldier_sideways": "兵/卒過河之後才能橫走",
		"err.generals_face":    "帥和將不能在同一條直線上直接照面（中間沒有棋子相隔）",
		"err.still_in_check":   "你的帥/將正被將軍，這步棋沒有解除將軍",
		"err.leaves_in_check":  "走了這步棋，你的帥/將就會被將軍",
		"err.undo_beyond":      "無法悔 %d 步棋：才走了 %d 步",

		"err.no_move_given":     "沒有給出著法：請寫成 h3e3、C2.5 或 炮二平五 這樣的形式",
		"err.not_a_move":        "「%s」不是著法：請寫成 h3e3、C2.5 或 炮二平五 這樣的形式",
		"err.not_a_square":      "%q 不是棋盤上的點：請寫成 e1 或 h10 這樣的形式",
		"err.not_chinese":       "%q 不是中文記譜的著法：請寫成 炮二平五、馬8進7 或 前炮平四 這樣的形式",
		"err.not_wxf":           "%q 不是 WXF 記譜的著法：請寫成 C2.5、H8+7 或 C+.5 這樣的形式",
		"err.no_piece_on_file":  "%[1]s在第 %[3]d 路上沒有%[2]s",
		"err.file_too_few":      "第 %d 路上的%s%s不夠多，「%s」無法從中選出一個",
		"err.files_too_few":     "沒有哪一路上的%s%s足夠多，「%s」無法從中選出一個",
		"err.ambiguous":         "「%s」有歧義：可能是 %s，也可能是 %s；請說明是哪個%s（前或後），或者直接寫出起止點，例如 %s",
		"err.last_number":       "最後一個數字必須是 1..9",
		"err.no_sideways":       "%s不能平走",
		"err.already_on_file":   "%s已經在第 %d 路上了",
		"err.cannot_reach_file": "第 %[2]d 路的%[1]s走不到第 %[3]d 路",
		"err.off_board_move":    "這樣走會讓%s走出棋盤",
		"err.moves_after_fen":   "著法必須寫在 FEN 之後的「 moves 」後面",

		"err.fen_fields":      "FEN %q 有誤：應包含棋子佈局、輪到哪方走，以及可選的「- - 半回合數 回合數」",
		"err.fen_ranks":       "FEN %q 有誤：應有 %d 行，以「/」分隔，實際有 %d 行",
		"err.fen_letter":      "FEN %q 有誤：「%s」不是棋子字母（用 k a b n r c p，紅方用大寫）",
		"err.fen_rank_long":   "FEN %q 有誤：第 %d 行超過了 %d 個點",
		"err.fen_palace":      "FEN %[1]q 有誤：%[4]s 上的%[2]s%[3]s在九宮之外",
		"err.fen_advisor":     "FEN %[1]q 有誤：%[4]s 上的%[2]s%[3]s不在九宮的斜線點上",
		"err.fen_elephant":    "FEN %[1]q 有誤：%[4]s 上的%[2]s%[3]s在相/象走不到的點上",
		"err.fen_soldier":     "FEN %[1]q 有誤：%[4]s 上的%[2]s%[3]s在兵/卒走不到的點上",
		"err.fen_too_many":    "FEN %q 有誤：%s%s太多了",
		"err.fen_rank_points": "FEN %q 有誤：第 %d 行有 %d 個點，應為 %d 個",
		"err.fen_no_general":  "FEN %q 有誤：%s沒有帥/將",
		"err.fen_turn":        "FEN %q 有誤：輪走方必須是 w（紅方）或 b（黑方），而不是 %q",
		"err.fen_dash":        "FEN %q 有誤：象棋的第 %d 個欄位必須是「-」，而不是 %q",
		"err.fen_clock":       "FEN %q 有誤：半回合計數必須是 0 到 10000 之間的數，而不是 %q",
		"err.fen_fullmove":    "FEN %q 有誤：回合數必須是 1 到 10000 之間的數，而不是 %q",
		"err.fen_capture":     "FEN %q 有誤：輪到%s走，卻可以直接吃掉%s的帥/將",

		"err.game_not_found":        "沒有第 %d 號對局",
		"err.game_busy":             "你操作時第 %d 號對局一直在變化：請重新檢視後再試",
		"err.rematch_busy":          "你申請時第 %d 號對局的再來一局一直在變化：請重新檢視後再試",
		"err.version_conflict":      "第 %d 號對局已被別人先改動：請重新檢視",
		"err.not_your_turn":         "還沒輪到你：正在等待 %s",
		"err.not_in_game":           "你沒有參加第 %d 號對局：這是 %s 對 %s",
		"err.stale_button":          "這個按鈕屬於第 %d 步，但第 %d 號對局現在已到第 %d 步：請使用最新的棋盤",
		"err.not_started":           "第 %d 號對局還沒開始：挑戰正在等待回應",
		"err.game_abandoned":        "第 %d 號對局已被放棄",
		"err.challenge_declined":    "第 %d 號對局沒有開始：挑戰已被拒絕或撤回",
		"err.challenge_lapsed":      "第 %d 號對局沒有開始：挑戰已過期",
		"err.game_ended_won":        "第 %d 號對局已經結束：%s以%s獲勝",
		"err.game_ended_drawn":      "第 %d 號對局已經結束：因%s和棋",
		"err.already_over":          "第 %d 號對局已經結束",
		"err.withdraw_only_asker":   "只有 %s 能撤回這個%s請求；你可以回應它",
		"err.answer_only_other":     "只有 %s 能回應這個%s請求",
		"err.nothing_to_withdraw":   "你在第 %d 號對局中沒有可撤回的請求",
		"err.nothing_to_answer":     "第 %d 號對局中沒有需要回應的請求：它已被回應或撤回",
		"err.undos_used":            "你在這局中的 %d 次悔棋已經用完",
		"err.no_undo_against_ai":    "與 AI 對局不能悔棋",
		"err.already_asked":         "你的%s請求正在等待 %s 回應",
		"err.cannot_answer_here":    "這裡不能回應%s請求",
		"err.request_pending":       "%[2]s 的%[1]s請求正在等待回應：請先處理它",
		"err.not_a_request":         "這裡可以申請悔棋或和棋，不能申請「%s」",
		"err.nothing_to_undo":       "你還沒有可以悔的棋",
		"err.request_expired":       "這個%s請求已於 %s 過期",
		"err.size_not_played":       "%s不使用 %d 路棋盤：請選擇 %s",
		"err.unknown_kind":          "「%s」不是這裡的遊戲：請選擇 %s",
		"err.unknown_rules":         "%s沒有「%s」這種規則：請選擇 %s",
		"err.withdraw_only_maker":   "只有 %s 能撤回這個挑戰",
		"err.rematch_not_player":    "只有第 %d 號對局的棋手才能申請再來一局",
		"err.rematch_offered":       "你已經提出再來一局（第 %d 號對局）：請等待回應",
		"err.rematch_pending":       "第 %d 號對局已有一個等待回應的再來一局（第 %d 號對局）",
		"err.no_rematch_offer":      "第 %d 號對局沒有等待回應的再來一局",
		"err.challenge_self":        "你不能挑戰自己：可以和 AI 下",
		"err.no_opponent":           "請指定你要挑戰的棋手",
		"err.ai_level_range":        "AI 的等級是 1 到 %d，不能是 %d",
		"err.never_played":          "第 %d 號對局沒有下出結果：請開始新的對局",
		"err.still_going":           "第 %d 號對局還在進行：結束之後才能再來一局",
		"err.opponent_is_bot":       "%s 是機器人，不能下棋：請挑戰真人，或者和 AI 下",
		"err.bots_cannot_play":      "機器人不能下棋",
		"err.ai_unavailable":        "AI 現在無法使用",
		"err.challenge_expired":     "這個挑戰已於 %s 過期",
		"err.too_many_challenges":   "你已經有 %d 個未回應的挑戰：請等待回應或撤回一個",
		"err.answer_only_opponent":  "只有 %s 能回應這個挑戰；你可以撤回它",
		"err.challenge_not_for_you": "你沒有參加第 %d 號對局：這個挑戰是發給 %s 的",
		"err.already_accepted":      "第 %d 號挑戰已經回應過了",
		"err.page_from_1":           "沒有第 %d 頁：頁碼從 1 開始",
		"err.page_too_far":          "沒有第 %d 頁：最後一頁是第 %d 頁",
		"err.player_not_found":      "沒有 ID 為 %s 的棋手",
		"err.setting_not_set":       "這個伺服器沒有設定「%s」",
		"err.too_often":             "你在短時間內發出的%s請求太多了：請在 %s 之後再試",
		"err.challenge_cooldown":    "%s 沒有接受你上一次的挑戰：你可以在 %s 之後再向對方挑戰",
		"err.too_many_ai_games":     "你已有 %d 局與 AI 的對局正在進行：請先下完或認輸一局",
		"err.ai_busy":               "AI 現在要思考的棋太多了：請一分鐘後再試",
		"err.post_not_found":        "沒有第 %d 號訊息",
		"err.internal":              "內部錯誤：%s",
	},
}

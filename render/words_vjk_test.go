package render

import "github.com/tengen-bot/tengen/engine"

// viWords are the words a reader of Vietnamese sees, as the translators
// fixed them for the bot's catalogue (bot/locales/vi.json, image.* and
// reason.*). Reasons they have not fixed are left to English.
func viWords() Words {
	return Words{
		Black: "Đen", White: "Trắng", Red: "Đỏ",
		ToPlay:   "Nước %[1]d · %[2]s đi",
		AI:       "Tengen AI · cấp %d",
		Win:      "%[1]s thắng (%[3]s)",
		Draw:     "Hòa (%s)",
		Ended:    "%[1]s · %[2]d nước",
		EndedOne: "%[1]s · %[2]d nước",
		Reasons: [engine.NoLegalPoint + 1]string{
			engine.Five: "năm quân liên tiếp", engine.Checkmate: "chiếu bí",
			engine.Resignation: "đầu hàng", engine.Timeout: "hết giờ",
		},
	}
}

// jaWords are viWords for a reader of Japanese (bot/locales/ja.json).
func jaWords() Words {
	return Words{
		Black: "黒", White: "白", Red: "赤",
		ToPlay:   "第%[1]d手 · %[2]sの番",
		AI:       "Tengen AI · レベル%d",
		Win:      "%[2]sの勝ち（%[3]s）",
		Draw:     "引き分け（%s）",
		Ended:    "%[1]s · 全%[2]d手",
		EndedOne: "%[1]s · 全%[2]d手",
		Reasons: [engine.NoLegalPoint + 1]string{
			engine.Five: "五連", engine.Checkmate: "詰み",
			engine.Resignation: "投了", engine.Timeout: "時間切れ",
		},
	}
}

// koWords are viWords for a reader of Korean (bot/locales/ko.json).
func koWords() Words {
	return Words{
		Black: "흑", White: "백", Red: "홍",
		ToPlay:   "%[1]d수 · %[2]s 차례",
		AI:       "Tengen AI · %d단계",
		Win:      "%[2]s 승 (%[3]s)",
		Draw:     "무승부 (%s)",
		Ended:    "%[1]s · 총 %[2]d수",
		EndedOne: "%[1]s · 총 %[2]d수",
		Reasons: [engine.NoLegalPoint + 1]string{
			engine.Five: "오목", engine.Checkmate: "외통",
			engine.Resignation: "기권", engine.Timeout: "시간 초과",
		},
	}
}

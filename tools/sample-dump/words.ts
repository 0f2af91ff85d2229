/** Word lists for the synthetic dump: plausible names, not real records. */

/** [romaji, kanji, kana] */
export const FAMILY_NAMES: readonly (readonly [string, string, string])[] = [
  ["Suzumura", "鈴村", "すずむら"],
  ["Sato", "佐藤", "さとう"],
  ["Suzuki", "鈴木", "すずき"],
  ["Takahashi", "高橋", "たかはし"],
  ["Tanaka", "田中", "たなか"],
  ["Ito", "伊藤", "いとう"],
  ["Watanabe", "渡辺", "わたなべ"],
  ["Yamamoto", "山本", "やまもと"],
  ["Nakamura", "中村", "なかむら"],
  ["Kobayashi", "小林", "こばやし"],
  ["Kato", "加藤", "かとう"],
  ["Yoshida", "吉田", "よしだ"],
  ["Yamada", "山田", "やまだ"],
  ["Sasaki", "佐々木", "ささき"],
  ["Matsumoto", "松本", "まつもと"],
  ["Inoue", "井上", "いのうえ"],
  ["Kimura", "木村", "きむら"],
  ["Hayashi", "林", "はやし"],
  ["Shimizu", "清水", "しみず"],
  ["Morita", "森田", "もりた"],
  ["Aizawa", "相沢", "あいざわ"],
  ["Hoshino", "星野", "ほしの"],
  ["Kawakita", "河北", "かわきた"],
  ["Fukada", "深田", "ふかだ"],
];

/** [romaji, kanji, kana] */
export const GIVEN_NAMES: readonly (readonly [string, string, string])[] = [
  ["Airi", "あいり", "あいり"],
  ["Yui", "結衣", "ゆい"],
  ["Mio", "美緒", "みお"],
  ["Rin", "凛", "りん"],
  ["Hana", "花", "はな"],
  ["Sakura", "さくら", "さくら"],
  ["Mei", "芽衣", "めい"],
  ["Aoi", "葵", "あおい"],
  ["Hikari", "ひかり", "ひかり"],
  ["Nanami", "七海", "ななみ"],
  ["Riko", "莉子", "りこ"],
  ["Kana", "佳奈", "かな"],
  ["Saki", "咲", "さき"],
  ["Emi", "恵美", "えみ"],
  ["Haruka", "遥", "はるか"],
  ["Tsubasa", "翼", "つばさ"],
  ["Moe", "萌", "もえ"],
  ["Yuri", "由里", "ゆり"],
  ["Ichika", "いちか", "いちか"],
  ["Minami", "美波", "みなみ"],
  ["Ayaka", "彩花", "あやか"],
  ["Nozomi", "希", "のぞみ"],
  ["Rena", "玲奈", "れな"],
  ["Kokoro", "こころ", "こころ"],
];

/** [romaji, kana]: syllables for the given names beyond the list above. */
export const SYLLABLES: readonly (readonly [string, string])[] = [
  ["a", "あ"],
  ["i", "い"],
  ["ka", "か"],
  ["ki", "き"],
  ["mi", "み"],
  ["na", "な"],
  ["ri", "り"],
  ["yu", "ゆ"],
  ["sa", "さ"],
  ["ko", "こ"],
  ["ha", "は"],
  ["ru", "る"],
  ["mo", "も"],
  ["e", "え"],
  ["no", "の"],
  ["chi", "ち"],
];

/** [en, ja] */
export const MAKERS: readonly (readonly [string, string])[] = [
  ["Prestige", "プレステージ"],
  ["S1 NO.1 STYLE", "エスワン ナンバーワンスタイル"],
  ["MOODYZ", "ムーディーズ"],
  ["IdeaPocket", "アイデアポケット"],
  ["Madonna", "マドンナ"],
  ["SOD Create", "SODクリエイト"],
  ["Attackers", "アタッカーズ"],
  ["kawaii", "kawaii"],
  ["FALENO", "FALENO"],
  ["E-BODY", "E-BODY"],
];

/** [id, en, ja]; the first two are the ids of the real excerpt. */
export const CATEGORIES: readonly (readonly [number, string, string])[] = [
  [4111, "Cheating Wife", "寝取り・寝取られ・NTR"],
  [5016, "Squirting", "潮吹き"],
  [6001, "Drama", "ドラマ"],
  [6002, "Documentary", "ドキュメンタリー"],
  [6003, "Featured Actress", "単体作品"],
  [6004, "Married Woman", "人妻・主婦"],
  [6005, "Hi-Def", "ハイビジョン"],
  [6006, "4K", "4K"],
  [6007, "Exclusive Distribution", "独占配信"],
  [6008, "Digital Mosaic", "デジモ"],
  [6009, "Slender", "スレンダー"],
  [6010, "Cosplay", "コスプレ"],
  [6011, "Office Lady", "OL"],
  [6012, "Older Sister", "お姉さん"],
  [6013, "Mature Woman", "熟女"],
  [6014, "Variety", "バラエティー"],
  [6015, "Best, Omnibus", "ベスト・総集編"],
  [6016, "POV", "主観"],
  [6017, "Gal", "ギャル"],
  [6018, "Nurse", "看護婦・ナース"],
  [6019, "Swimsuit", "水着"],
  [6020, "Lingerie", "ランジェリー"],
  [6021, "Romance", "恋愛"],
  [6022, "Comedy", "コメディ"],
  [6023, "Hot Spring", "温泉"],
  [6024, "Travel", "旅行"],
  [6025, "Beautiful Girl", "美少女"],
  [6026, "Tall", "長身"],
  [6027, "Glasses", "メガネ"],
  [6028, "Kimono, Yukata", "着物・浴衣"],
];

export const CODE_PREFIXES: readonly string[] = ["118", "1", "h_086", "", "13", "h_1133", "2", "84"];

export const REAL_CODES: readonly string[] = [
  "abw",
  "ipx",
  "ssis",
  "sone",
  "mide",
  "snis",
  "royd",
  "juy",
  "mesu",
  "cawd",
  "ebod",
  "pred",
  "stars",
  "abp",
  "jul",
  "meyd",
  "hnd",
  "fsdss",
  "ipzz",
  "avsa",
];

export const TITLE_EN_A: readonly string[] = [
  "Secret",
  "Forbidden",
  "Sweet",
  "Summer",
  "Midnight",
  "Hot Spring",
  "Office",
  "Weekend",
  "First",
  "Last",
  "Rainy Day",
];
export const TITLE_EN_B: readonly string[] = ["Affair", "Trip", "Lesson", "Temptation", "Memories", "Encounter", "Diary", "Vacation", "Promise", "Reunion"];
export const TITLE_JA_A: readonly string[] = ["秘密の", "禁断の", "甘い", "真夏の", "深夜の", "温泉", "週末の", "初めての", "最後の", "雨の日の"];
export const TITLE_JA_B: readonly string[] = ["不倫", "旅行", "レッスン", "誘惑", "思い出", "出会い", "日記", "休暇", "約束", "再会"];

export const COMMENT_EN: readonly string[] = [
  "A story told over one long summer weekend.",
  "She returns to her hometown after ten years away.",
  "Includes a bonus interview recorded after the shoot.",
  "Filmed entirely on location at a mountain inn.",
  "The long-awaited sequel to the popular series.",
];
export const COMMENT_JA: readonly string[] = [
  "長い夏の週末に起きた物語。",
  "十年ぶりに故郷へ帰ってきた彼女。",
  "撮影後のインタビュー映像を特典として収録。",
  "山あいの旅館で全編ロケを敢行。",
  "大好評シリーズ待望の続編。",
];

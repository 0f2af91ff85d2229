/**
 * Phrases for sample titles and comments. Each entry is an English/Japanese pair
 * telling the same story, so a record's two titles agree. `{name}` in a comment
 * is replaced by the lead actress (or a generic subject).
 */

export interface TextPair {
  en: string;
  ja: string;
}

type Pair = readonly [en: string, ja: string];

const toPairs = (rows: readonly Pair[]): TextPair[] => rows.map(([en, ja]) => ({ en, ja }));

/** Title openers, at most 2 English words each. */
export const OPENERS: readonly TextPair[] = toPairs([
  ["Exclusive:", "【独占配信】"],
  ["Debut:", "新人"],
  ["4K Remaster:", "【4K】"],
  ["Limited Edition:", "【限定】"],
  ["Fan Thanksgiving:", "ファン感謝祭"],
  ["Uncut:", "完全撮り下ろし"],
  ["First Release:", "初解禁"],
  ["Bonus Footage:", "【特典映像付き】"],
]);

/** Generic title subjects used when a record has no actress, at most 3 words. */
export const SUBJECTS: readonly TextPair[] = toPairs([
  ["The New Neighbor", "隣に越してきた女性"],
  ["A Mysterious Beauty", "謎めいた美女"],
  ["The Boss's Secretary", "社長秘書"],
  ["My Girlfriend", "僕の彼女"],
  ["A Married Woman", "ある人妻"],
  ["The Office Lady", "OLさん"],
]);

/** What the subject does: 4-9 English words, 9-19 Japanese characters. */
export const STORIES: readonly TextPair[] = toPairs([
  ["Spends a Secret Weekend at the Hot Spring Inn", "湯けむり温泉旅行で過ごす二人きりの週末"],
  ["Meets an Old Flame on a Business Trip", "出張先のホテルで再会した元恋人との一夜"],
  ["Moves In Next Door Without Warning", "突然隣の部屋に引っ越してきた"],
  ["Misses the Last Train Home", "終電を逃して過ごす長い一夜"],
  ["Takes Her First Company Trip", "憧れの上司と初めての社員旅行"],
  ["Walks Home from the Summer Festival", "夏祭りの帰り道、浴衣姿で"],
  ["Relaxes at a Seaside Cottage", "海辺のコテージで過ごす甘い休日"],
  ["Welcomes a Special Guest to the Salon", "会員制サロンの特別なおもてなし"],
  ["Returns to Her Hometown for the Summer", "田舎に帰省した夏の忘れられない再会"],
  ["Reunites with Her First Love After Three Years", "三年ぶりに再会した初恋の人"],
  ["Sails Away on a Luxury Cruise", "豪華客船で出会った運命の人"],
  ["Stays at a Snowy Mountain Inn", "雪国の旅館で過ごす静かな冬の夜"],
  ["Remembers an Unforgettable Honeymoon", "新婚旅行先での忘れられない思い出"],
  ["Works Late in an Empty Office", "深夜のオフィスで二人きりの残業"],
  ["Lives in the Penthouse Upstairs", "高級マンションの最上階に住む年上の隣人"],
  ["Becomes a Girlfriend for One Day", "一日限定の恋人契約"],
  ["Shows Her True Face in a Seven Day Documentary", "密着ドキュメント 素顔の七日間"],
  ["Goes Behind the Scenes", "撮影現場に完全密着した記録映像"],
  ["Enjoys a Grown-Up Holiday in Kyoto", "京都の古民家で過ごす大人の休日"],
  ["Keeps a Promise Under the Stars", "星空の下で交わした約束"],
  ["Finds Love in a Corner of the City", "都会の片隅で見つけた小さな恋"],
  ["Meets Old Friends at the Class Reunion", "同窓会の夜に揺れる心"],
  ["Keeps the President's Secret", "誰にも言えない社長室の秘密"],
  ["Starts Work as a Live-In Housekeeper", "住み込みの家政婦として働き始めた"],
  ["Gives a Private Lesson at the Gym", "スポーツジムで特別個人レッスン"],
  ["Spends Five Days at a Tropical Resort", "南国リゾートで過ごすバカンスの五日間"],
  ["Takes Her First Solo Trip", "初めての一人旅で出会った優しい人"],
  ["Shares One Unforgettable Summer", "ひと夏だけの忘れられない記憶"],
  ["Works the Long Night Shift", "病院の長い夜勤で二人きり"],
  ["Falls for the Quiet Bookshop Owner", "静かな古書店の店主に恋をした"],
]);

/** Title closers, at most 2 English words. */
export const CLOSERS: readonly TextPair[] = toPairs([
  ["(Complete Edition)", "完全版"],
  ["Special", "スペシャル"],
  ["Part 1", "前編"],
  ["Part 2", "後編"],
  ["Director's Cut", "ディレクターズカット"],
  ["Best Collection", "【ベスト】"],
  ["4-Hour Special", "4時間SP"],
]);

export const COMMENT_SENTENCES: readonly TextPair[] = toPairs([
  ["{name} returns in a story filmed entirely on location.", "{name}が全編ロケ撮影の物語で帰ってきた。"],
  ["A gentle, slow-burning drama with beautiful scenery.", "美しい風景の中で描かれる、ゆっくりと燃え上がるドラマ。"],
  ["Includes a bonus interview recorded after the shoot.", "撮影後に収録した特典インタビューを収録。"],
  ["Shot in high definition with natural light.", "自然光を活かしたハイビジョン撮影。"],
  ["Fans have been waiting for this one for a long time.", "ファン待望の一作がついに登場。"],
  ["{name} shows a side of herself never seen before.", "{name}が今まで見せたことのない一面を披露。"],
  ["A two-part story told over one unforgettable night.", "忘れられない一夜を二部構成で描く。"],
  ["The director's cut adds twenty minutes of unseen footage.", "ディレクターズカット版では未公開映像を20分追加。"],
  ["Filmed over three days at a countryside inn.", "田舎の旅館で三日間にわたり撮影。"],
  ["A playful, light-hearted comedy with a warm ending.", "心温まる結末のコミカルな作品。"],
  ["{name} and the crew talk about the making of the film.", "{name}とスタッフが撮影の裏側を語る。"],
  ["Limited release with an exclusive photo booklet.", "限定リリース、特製フォトブック付き。"],
  ["Soft lighting and a quiet soundtrack set the mood.", "柔らかな照明と静かな音楽が雰囲気を演出。"],
  ["This edition is remastered from the original tapes.", "本作はオリジナルマスターからリマスターされた。"],
  ["A fan favourite, now available again.", "ファンに愛された人気作が再登場。"],
]);

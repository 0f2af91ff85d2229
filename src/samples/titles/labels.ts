/**
 * Studio-side names for sample records, each an English/Japanese pair: makers,
 * labels (two per maker), series (a few per label) and categories. Made-up
 * names; only their shape imitates a real catalog.
 */

export interface NamePair {
  en: string;
  ja: string;
}

type Pair = readonly [en: string, ja: string];

const toPairs = (rows: readonly Pair[]): NamePair[] => rows.map(([en, ja]) => ({ en, ja }));

export const MAKERS: readonly NamePair[] = toPairs([
  ["Moonlight Pictures", "ムーンライト・ピクチャーズ"], ["Sakura Planning", "さくら企画"],
  ["Crystal Visual", "クリスタル映像"], ["Premiere Arts", "プレミアアーツ"],
  ["Blue Ocean Films", "ブルーオーシャンフィルム"], ["Starlight Works", "スターライトワークス"],
  ["Hanamichi Productions", "花道プロダクション"], ["Ichigo Pictures", "いちごピクチャーズ"],
  ["Silk Road Media", "シルクロードメディア"], ["Tokyo Dream Visual", "東京ドリーム映像"],
  ["Kyoto Elegance", "京都エレガンス"], ["Velvet Room", "ベルベットルーム"],
  ["Aurora Project", "オーロラプロジェクト"], ["Nadeshiko Studio", "なでしこスタジオ"],
  ["Rainbow Channel", "レインボーチャンネル"], ["Golden Age Films", "ゴールデンエイジフィルム"],
  ["Mirage Entertainment", "ミラージュエンターテインメント"], ["Yukemuri Visual", "湯けむり映像"],
  ["Shibuya Works", "渋谷ワークス"], ["Harbor Light", "ハーバーライト"],
  ["Peach Garden", "ピーチガーデン"], ["First Star", "ファーストスター"],
  ["Lunar Eclipse", "ルナエクリプス"], ["Orchid Pictures", "オーキッドピクチャーズ"],
  ["Camellia Films", "椿フィルム"], ["Next Stage", "ネクストステージ"],
  ["Dandelion", "たんぽぽ"], ["Kirameki Planning", "きらめき企画"],
  ["Midnight Cinema", "ミッドナイトシネマ"], ["Hikari Visual", "光映像"],
  ["Momoiro Factory", "桃色ファクトリー"], ["Pure Heart", "ピュアハート"],
  ["Sunrise Media", "サンライズメディア"], ["Cosmos Pictures", "コスモスピクチャーズ"],
  ["Maple Leaf Studio", "メイプルリーフスタジオ"], ["Red Lantern", "紅提灯"],
  ["Ginza Premium", "銀座プレミアム"], ["Naniwa Films", "浪速フィルム"],
  ["Yokohama Bay Visual", "横浜ベイ映像"], ["Secret Garden", "シークレットガーデン"],
  ["Angel Wing", "エンジェルウィング"], ["Diamond Eyes", "ダイヤモンドアイズ"],
  ["Fairy Tale", "フェアリーテイル"], ["Koharu Pictures", "小春ピクチャーズ"],
  ["Snow White Works", "スノーホワイトワークス"], ["Lavender Films", "ラベンダーフィルム"],
  ["Emerald City", "エメラルドシティ"], ["Phoenix Visual", "フェニックス映像"],
  ["Silver Moon", "シルバームーン"], ["Tsukiyo Studio", "月夜スタジオ"],
  ["Urban Romance", "アーバンロマンス"], ["Wild Rose", "ワイルドローズ"],
  ["Blue Bird Media", "青い鳥メディア"], ["Pearl Light", "パールライト"],
  ["Sweet Honey", "スイートハニー"], ["Garnet Pictures", "ガーネットピクチャーズ"],
  ["Hoshizora Planning", "星空企画"], ["Mermaid Films", "マーメイドフィルム"],
  ["Neon City", "ネオンシティ"], ["Kiku Arts", "菊アーツ"],
]);

const LABEL_HEADS: readonly Pair[] = [
  ["Diva", "ディーバ"], ["Aurora", "オーロラ"], ["Honey", "ハニー"], ["Peach", "ピーチ"],
  ["Velvet", "ベルベット"], ["Lily", "リリー"], ["Nadeshiko", "なでしこ"], ["Hanabi", "花火"],
  ["Tsubaki", "椿"], ["Kaguya", "かぐや"], ["Luna", "ルナ"], ["Stella", "ステラ"],
  ["Mirage", "ミラージュ"], ["Blossom", "ブロッサム"], ["Cherry", "チェリー"], ["Muse", "ミューズ"],
  ["Angel", "エンジェル"], ["Venus", "ヴィーナス"], ["Kirara", "きらら"], ["Hotaru", "蛍"],
  ["Momiji", "紅葉"], ["Yukimi", "雪見"], ["Ruby", "ルビー"], ["Sapphire", "サファイア"],
];
const LABEL_TAILS: readonly Pair[] = [
  ["Premium", "プレミアム"], ["Collection", "コレクション"], ["Prime", "プライム"],
  ["Select", "セレクト"], ["Gold", "ゴールド"],
];

const SERIES_HEADS: readonly Pair[] = [
  ["Hot Spring", "温泉"], ["Secret Office", "秘密のオフィス"], ["Summer Vacation", "夏休み"],
  ["Newlywed", "新婚"], ["Campus Festival", "学園祭"], ["Neighbor", "隣人"],
  ["Tokyo Night", "東京ナイト"], ["Beach", "ビーチ"], ["Countryside", "田舎"],
  ["Rainy Day", "雨の日"], ["Business Trip", "出張"], ["Hotel", "ホテル"],
  ["Idol", "アイドル"], ["Cosplay", "コスプレ"], ["Maid Cafe", "メイド喫茶"],
  ["Library", "図書館"], ["Night Train", "夜行列車"], ["Gym", "ジム"], ["Salon", "サロン"],
  ["Housekeeper", "家政婦"], ["Female Teacher", "女教師"], ["Nurse", "ナース"],
  ["Cabin Crew", "客室乗務員"], ["Yukata", "浴衣"], ["Winter", "冬"], ["Spring", "春"],
  ["Reunion", "再会"], ["First Date", "初デート"], ["Roommate", "ルームメイト"], ["Kimono", "着物"],
];
const SERIES_TAILS: readonly Pair[] = [
  ["Diary", "日記"], ["Story", "物語"], ["Memories", "の思い出"], ["Special", "スペシャル"],
  ["Chronicle", "クロニクル"], ["Collection", "コレクション"], ["Days", "の日々"],
  ["Secrets", "の秘密"], ["Documentary", "ドキュメント"], ["Romance", "ロマンス"],
];

function combine(heads: readonly Pair[], tails: readonly Pair[]): NamePair[] {
  const out: NamePair[] = [];
  for (let i = 0; i < heads.length * tails.length; i++) {
    // (h, q) -> (h, (h + q) mod T) is a bijection; neighbours differ in head and tail.
    const h = i % heads.length;
    const [he, hj] = heads[h];
    const [te, tj] = tails[(h + Math.floor(i / heads.length)) % tails.length];
    out.push({ en: `${he} ${te}`, ja: hj + tj });
  }
  return out;
}

/** 120 labels; label l belongs to maker l % MAKERS.length. */
export const LABELS: readonly NamePair[] = combine(LABEL_HEADS, LABEL_TAILS);
/** 300 series; series s belongs to label s % LABELS.length. */
export const SERIES: readonly NamePair[] = combine(SERIES_HEADS, SERIES_TAILS);

export const CATEGORIES: readonly NamePair[] = toPairs([
  ["Drama", "ドラマ"], ["Romance", "恋愛"], ["Beautiful Girl", "美少女"], ["Mature Woman", "熟女"],
  ["Married Woman", "人妻"], ["Office Lady", "OL"], ["Cosplay", "コスプレ"], ["Documentary", "ドキュメンタリー"],
  ["Debut", "デビュー作品"], ["Exclusive", "独占配信"], ["High Definition", "ハイビジョン"], ["4K", "4K"],
  ["VR", "VR"], ["Compilation", "総集編"], ["Best Of", "ベスト"], ["Slender", "スレンダー"],
  ["Busty", "巨乳"], ["Petite", "小柄"], ["Tall", "長身"], ["Glasses", "メガネ"],
  ["Uniform", "制服"], ["Swimsuit", "水着"], ["Lingerie", "ランジェリー"], ["Kimono", "着物・浴衣"],
  ["Nurse", "ナース"], ["Female Teacher", "女教師"], ["Maid", "メイド"], ["Idol", "アイドル"],
  ["Gravure", "グラビア"], ["Hot Spring", "温泉"], ["Travel", "旅行"], ["Outdoors", "野外"],
  ["Hotel", "ホテル"], ["Massage", "マッサージ"], ["Esthetic Salon", "エステ"], ["Sports", "スポーツ"],
  ["Fitness", "フィットネス"], ["Dance", "ダンス"], ["Gal", "ギャル"], ["Amateur", "素人"],
  ["Newlywed", "新婚"], ["Girlfriend", "彼女"], ["Older Sister Type", "お姉さん"], ["Neighbor", "隣人"],
  ["Boss", "上司"], ["Colleague", "同僚"], ["Costume", "衣装"], ["Bunny Girl", "バニーガール"],
  ["Cheerleader", "チアリーダー"], ["Race Queen", "レースクイーン"], ["Cabin Attendant", "キャビンアテンダント"],
  ["Secretary", "秘書"], ["Receptionist", "受付嬢"], ["Hostess", "ホステス"], ["POV", "主観"],
  ["Interview", "インタビュー"], ["Behind the Scenes", "メイキング"], ["Variety", "バラエティ"],
  ["Comedy", "コメディ"], ["Nampa", "ナンパ"], ["Luxury", "高級"], ["Celebrity", "芸能人"],
  ["Model", "モデル"], ["Housewife", "主婦"], ["Widow", "未亡人"], ["Beautiful Legs", "美脚"],
  ["Beautiful Breasts", "美乳"], ["Tanned", "日焼け"], ["Fair Skin", "色白"], ["Short Hair", "ショートヘア"],
  ["Long Hair", "ロングヘア"], ["Pantyhose", "パンスト"], ["Blowjob", "フェラ"], ["Creampie", "中出し"],
  ["Threesome", "3P・4P"], ["Solowork", "単体作品"], ["Planning", "企画"], ["Subtitled", "字幕付き"],
  ["Remaster", "リマスター"], ["Digital Mosaic", "デジモ"],
]);

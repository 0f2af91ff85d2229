/**
 * People for sample records. A few dozen family and given names, each a
 * romaji/Japanese pair, combine into thousands of people; the same index always
 * yields the same pair, so a person's English and Japanese names never drift.
 */

type Pair = readonly [en: string, ja: string];

/** Mixed lengths on purpose: 1-char (葵), 2-char (鈴村) and 3-char (波多野) family names. */
const FAMILY: readonly Pair[] = [
  ["Hatano", "波多野"],
  ["Suzumura", "鈴村"],
  ["Aoi", "葵"],
  ["Mikami", "三上"],
  ["Kamiki", "神木"],
  ["Hashimoto", "橋本"],
  ["Takahashi", "高橋"],
  ["Sakura", "桜"],
  ["Kawakita", "河北"],
  ["Kojima", "小島"],
  ["Sasaki", "佐々木"],
  ["Hasegawa", "長谷川"],
  ["Onodera", "小野寺"],
  ["Hoshino", "星野"],
  ["Amami", "天海"],
  ["Fukada", "深田"],
  ["Yoshizawa", "吉沢"],
  ["Asakura", "朝倉"],
  ["Shiraishi", "白石"],
  ["Nishimiya", "西宮"],
  ["Kirishima", "霧島"],
  ["Tachibana", "橘"],
  ["Hiiragi", "柊"],
  ["Minami", "南"],
  ["Mizuno", "水野"],
  ["Morisawa", "森沢"],
  ["Kanade", "奏"],
  ["Ichinose", "一ノ瀬"],
  ["Akiyama", "秋山"],
  ["Fujimori", "藤森"],
  ["Nagase", "永瀬"],
  ["Kurosaki", "黒崎"],
  ["Otsuki", "大槻"],
  ["Matsumoto", "松本"],
  ["Miyazaki", "宮崎"],
  ["Nanase", "七瀬"],
  ["Ozawa", "小沢"],
  ["Sakuragi", "桜木"],
  ["Yamagishi", "山岸"],
  ["Shinoda", "篠田"],
  ["Arimura", "有村"],
  ["Kashiwagi", "柏木"],
  ["Takeuchi", "竹内"],
  ["Honjo", "本庄"],
  ["Enomoto", "榎本"],
];

/** Includes 1-char kanji given names so 1-char families make 2-char full names (葵凛). */
const GIVEN_FEMALE: readonly Pair[] = [
  ["Yui", "結衣"],
  ["Tsukasa", "つかさ"],
  ["Rin", "凛"],
  ["Mei", "芽衣"],
  ["Hikari", "ひかり"],
  ["Airi", "愛梨"],
  ["Nana", "奈々"],
  ["Moe", "萌"],
  ["Sora", "そら"],
  ["Mio", "美緒"],
  ["Kana", "花菜"],
  ["Yua", "ゆあ"],
  ["Rina", "里菜"],
  ["Ema", "えま"],
  ["Saki", "咲"],
  ["Riko", "莉子"],
  ["Momo", "もも"],
  ["Yuna", "優奈"],
  ["Haruka", "遥"],
  ["Miku", "未来"],
  ["Akari", "あかり"],
  ["Ayaka", "彩花"],
  ["Hana", "華"],
  ["Kaho", "果歩"],
  ["Kokoro", "こころ"],
  ["Mahiro", "まひろ"],
  ["Mitsuki", "美月"],
  ["Nozomi", "のぞみ"],
  ["Rena", "玲奈"],
  ["Ruka", "るか"],
  ["Sae", "紗英"],
  ["Shiori", "詩織"],
  ["Suzu", "すず"],
  ["Tsumugi", "紬"],
  ["Waka", "和花"],
  ["Yuri", "百合"],
  ["Karen", "花恋"],
  ["Kanon", "花音"],
  ["Aika", "愛華"],
  ["Erika", "恵里香"],
  ["Honoka", "穂乃果"],
  ["Ibuki", "伊吹"],
  ["Jun", "純"],
  ["Maria", "真理亜"],
  ["Nao", "奈央"],
];

/** Single-name performers ("凛音"-like): mostly 2-char Japanese names. */
const MONONYMS: readonly Pair[] = [
  ["Rinne", "凛音"],
  ["Kokone", "心音"],
  ["Mao", "真央"],
  ["Sena", "星奈"],
  ["Miyu", "美優"],
  ["Renka", "蓮花"],
  ["Fuka", "楓花"],
  ["Amane", "天音"],
  ["Yumeno", "夢乃"],
  ["Sumire", "すみれ"],
  ["Tsubomi", "つぼみ"],
  ["Kurumi", "くるみ"],
  ["Hinano", "陽菜乃"],
  ["Nonoka", "乃々花"],
  ["Madoka", "円香"],
  ["Ageha", "揚羽"],
  ["Ruri", "瑠璃"],
  ["Kotone", "琴音"],
  ["Mirei", "美玲"],
  ["Nagisa", "渚"],
  ["Mizuki", "瑞希"],
  ["Hiyori", "日和"],
  ["Ayane", "彩音"],
  ["Sayaka", "沙耶"],
  ["Rion", "莉音"],
  ["Nene", "寧々"],
  ["Yuzuha", "柚葉"],
  ["Seira", "聖羅"],
  ["Reika", "麗華"],
  ["Marin", "茉凛"],
  ["Kirara", "綺羅"],
  ["Hazuki", "葉月"],
  ["Satsuki", "皐月"],
  ["Aoba", "青葉"],
  ["Chihiro", "千尋"],
  ["Ichika", "一花"],
  ["Ranka", "蘭華"],
  ["Mana", "愛菜"],
  ["Anzu", "杏"],
  ["Hotaru", "ほたる"],
];

const GIVEN_MALE: readonly Pair[] = [
  ["Ken", "健"],
  ["Takeshi", "武"],
  ["Shota", "翔太"],
  ["Daisuke", "大輔"],
  ["Taro", "太郎"],
  ["Koji", "浩二"],
  ["Hiroshi", "浩"],
  ["Kenta", "健太"],
  ["Yusuke", "祐介"],
  ["Makoto", "誠"],
  ["Shin", "慎"],
  ["Ryo", "亮"],
  ["Tatsuya", "達也"],
  ["Kazuki", "一樹"],
  ["Naoki", "直樹"],
  ["Shigeo", "茂雄"],
  ["Masaru", "勝"],
  ["Toshio", "俊夫"],
  ["Yuji", "裕二"],
  ["Goro", "吾郎"],
];

export interface SamplePerson {
  en: string;
  ja: string;
}

export interface SampleActress extends SamplePerson {
  /** Profile picture, or null when the (pretend) site has none. */
  image: string | null;
}

export const ACTRESS_POOL_SIZE = 2000;
/** Every MONONYM_STRIDE-th actress is a single-name performer. */
const MONONYM_STRIDE = 50;

function buildActresses(): SampleActress[] {
  const out: SampleActress[] = [];
  let combo = 0;
  for (let a = 0; a < ACTRESS_POOL_SIZE; a++) {
    if (a % MONONYM_STRIDE === 3) {
      const [en, ja] = MONONYMS[Math.floor(a / MONONYM_STRIDE)];
      out.push({ en, ja, image: imageFor(a, en.toLowerCase()) });
      continue;
    }
    // (f, k) -> (f, (k + 7f) mod G) is a bijection, so no pair repeats.
    const f = combo % FAMILY.length;
    const k = Math.floor(combo / FAMILY.length);
    const [givenEn, givenJa] = GIVEN_FEMALE[(k + 7 * f) % GIVEN_FEMALE.length];
    const [familyEn, familyJa] = FAMILY[f];
    combo++;
    const slug = `${familyEn.toLowerCase()}_${givenEn.toLowerCase()}`;
    out.push({ en: `${givenEn} ${familyEn}`, ja: familyJa + givenJa, image: imageFor(a, slug) });
  }
  return out;
}

/** ~30% of actresses have no picture; decided per actress so it never flips. */
function imageFor(a: number, slug: string): string | null {
  return (a * 2654435761) % 1000 < 300 ? null : `https://pics.dmm.co.jp/mono/actjpgs/${slug}.jpg`;
}

/** Male names: index m < 20 * 45 maps to a distinct (given, family) pair. */
function malePerson(m: number): SamplePerson {
  const g = m % GIVEN_MALE.length;
  const f = (Math.floor(m / GIVEN_MALE.length) + 11 * g) % FAMILY.length;
  return { en: `${GIVEN_MALE[g][0]} ${FAMILY[f][0]}`, ja: FAMILY[f][1] + GIVEN_MALE[g][1] };
}

function maleRange(from: number, to: number): SamplePerson[] {
  const out: SamplePerson[] = [];
  for (let m = from; m < to; m++) out.push(malePerson(m));
  return out;
}

export const ACTRESSES: readonly SampleActress[] = buildActresses();
/** Disjoint slices of the male name space, so an actor is never also a director. */
export const ACTORS: readonly SamplePerson[] = maleRange(0, 200);
export const DIRECTORS: readonly SamplePerson[] = maleRange(200, 350);
export const AUTHORS: readonly SamplePerson[] = maleRange(350, 400);

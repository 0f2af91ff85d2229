/**
 * A person's overview as `people push` writes it on a media server: one short text of her names
 * (current first, the one of the language asked leading; then her former names and aliases),
 * her titles in the catalog and the releases they span. Written in the language asked.
 */
import type { PersonRecord } from "../../catalog/index.js";
import type { Language } from "../titles/title-names.js";
import { nameIn } from "./person.js";

interface Words {
  open: string;
  close: string;
  list: string;
  stop: string;
  former: string;
  alias: string;
  titles: (n: number) => string;
  span: (first: string, last: string) => string;
}

const WORDS: Record<Language, Words> = {
  ja: {
    open: "（",
    close: "）",
    list: "、",
    stop: "。",
    former: "旧名: ",
    alias: "別名: ",
    titles: (n) => `出演 ${n} 作`,
    span: (first, last) => (first === last ? `（${first}）` : `（${first}〜${last}）`),
  },
  en: {
    open: " (",
    close: ")",
    list: ", ",
    stop: ". ",
    former: "Formerly: ",
    alias: "Also known as: ",
    titles: (n) => `${n} title${n === 1 ? "" : "s"}`,
    span: (first, last) => (first === last ? ` (${first})` : ` (${first} to ${last})`),
  },
};

/** Her overview in `lang`, e.g. "新名ゆき（Yuki Shinmei）。旧名: 旧名ゆき。出演 3 作（2019-04-01〜2023-02-01）。" */
export function overviewOf(p: PersonRecord, lang: Language): string {
  const w = WORDS[lang];
  const lead = nameIn(p.names, lang);
  const others = p.names.filter((n) => n.kind === "current" && n.name !== lead).map((n) => n.name);
  const former = p.names.filter((n) => n.kind === "former").map((n) => n.name);
  const alias = p.names.filter((n) => n.kind === "alias").map((n) => n.name);
  const parts = [others.length > 0 ? `${lead}${w.open}${others.join(w.list)}${w.close}` : lead];
  if (former.length > 0) parts.push(w.former + former.join(w.list));
  if (alias.length > 0) parts.push(w.alias + alias.join(w.list));
  if (p.titles > 0) {
    const span = p.firstRelease !== null && p.lastRelease !== null ? w.span(p.firstRelease, p.lastRelease) : "";
    parts.push(w.titles(p.titles) + span);
  }
  return (parts.join(w.stop) + w.stop).trim();
}

import { describe, expect, it } from "vitest";
import { readName } from "../../../src/codes/index.js";
import {
  DEFAULT_TEMPLATE,
  parseTemplate,
  type RenderedPath,
  renderTemplate,
  TemplateError,
  type TemplateFields,
} from "../../../src/library/organize/template.js";

const NONE = { subtitles: false, uncensored: false, leak: false };
/** A record of the shape the catalog holds (names and title are made up, the shape is DMM's). */
const ABP: TemplateFields = {
  code: "ABP-123",
  contentId: "abp00123",
  title: "彼女と過ごす週末 {code} {title}",
  actresses: ["春咲りょう", "Yua Mikami", "河北彩花", "Aoi"],
  maker: "プレステージ",
  label: "ABSOLUTELY PERFECT",
  series: "",
  releaseDate: "2021-03-04",
  part: null,
  marks: NONE,
};

const text = (r: RenderedPath) => [...r.folders, r.file].map((c) => c.map((p) => p.text).join("")).join("/");
const render = (template: string, fields: Partial<TemplateFields> = {}) => text(renderTemplate(parseTemplate(template), { ...ABP, ...fields }));

describe("renderTemplate", () => {
  it.each<[string, Partial<TemplateFields>, string]>([
    [DEFAULT_TEMPLATE, {}, "春咲りょう, Yua Mikami, 河北彩花 et al./ABP-123 彼女と過ごす週末 {code} {title}/ABP-123"],
    [
      DEFAULT_TEMPLATE,
      { part: 2, marks: { ...NONE, subtitles: true } },
      "春咲りょう, Yua Mikami, 河北彩花 et al./ABP-123 彼女と過ごす週末 {code} {title}/ABP-123-C-cd2",
    ],
    [
      DEFAULT_TEMPLATE,
      { actresses: [], marks: { subtitles: true, uncensored: true, leak: true } },
      "Unknown/ABP-123 彼女と過ごす週末 {code} {title}/ABP-123-流出-UC",
    ],
    ["{actresses:max=2,join=、,more=等,none=不明}/{code}", {}, "春咲りょう、Yua Mikami等/ABP-123"],
    ["{actresses:max=2,join=、,more=等,none=不明}/{code}", { actresses: [] }, "不明/ABP-123"],
    ["{actresses:max=5,join= \\, }/{code}", { actresses: ["A", "B"] }, "A , B/ABP-123"],
    ["{maker}/{year}/{month}-{day}/{code} {date}", {}, "プレステージ/2021/03-04/ABP-123 2021-03-04"],
    ["{contentId}{marks:subtitles=-ch,leak=-leak}", { marks: { ...NONE, subtitles: true, leak: true } }, "abp00123-leak-ch"],
    ["{{{code}}}", {}, "{ABP-123}"],
    // Empty fields leave no brackets, no doubled separators, no separator at an end, no empty folder.
    ["{series}/{code}", {}, "ABP-123"],
    ["{maker}/[{series}] {title}/{code}", { title: "T" }, "プレステージ/T/ABP-123"],
    ["{code} - {series} - {title}", { title: "T" }, "ABP-123 - T"],
    ["{series} - {code}", {}, "ABP-123"],
    ["{code} ({series}) [{series}] {title}", { title: "T" }, "ABP-123 T"],
    ["{code} ({series}, {year})", { releaseDate: "" }, "ABP-123"],
    ["{code} ({series}, {year})", {}, "ABP-123 (2021)"],
    ["{code} [{series}]{marks}", { marks: { ...NONE, subtitles: true } }, "ABP-123-C"],
    ["{code} [{series:none=No series}]", {}, "ABP-123 [No series]"],
    ["{code} []", {}, "ABP-123 []"],
    // Values are put in as they are, whitespace runs made one space.
    ["{code} {title}", { title: "  A\n\tB  " }, "ABP-123 A B"],
  ])("%s %j -> %s", (template, fields, expected) => {
    expect(render(template, fields)).toBe(expected);
  });

  it("marks title pieces, and keeps the code, marks and part from any cut", () => {
    const r = renderTemplate(parseTemplate("{code} {title}{marks}"), { ...ABP, part: 1, marks: { ...NONE, uncensored: true } });
    expect(r.file).toEqual([
      { text: "ABP-123", title: false, keep: true },
      { text: " ", title: false },
      { text: "彼女と過ごす週末 {code} {title}", title: true },
      { text: "-U", title: false, keep: true },
      { text: "-cd1", title: false, keep: true },
    ]);
  });
});

describe("parseTemplate refuses what it cannot render right", () => {
  it.each<[string, RegExp]>([
    ["{code", /unclosed brace \{code at column 1$/],
    ["{actresses}/{cod}", /unknown field \{cod\}.* at column 13$/],
    ["{actresses}//{code}", /empty path component.* at column 13$/],
    ["/{code}", /empty path component.* at column 1$/],
    ["{code}/", /empty path component.* at column 8$/],
    ["{code}/ /{code}", /empty path component.* at column 8$/],
    ["{actresses}/{title}", /must hold \{code\} or \{contentId\}.* at column 13$/],
    ["{code}/{title}", /must hold \{code\} or \{contentId\}/],
    ["{code:none=x}", /unknown option "none" of \{code\}: it takes none at column 7$/],
    ["{actresses:cap=3}/{code}", /unknown option "cap" of \{actresses\}.* at column 12$/],
    ["{actresses:max=0}/{code}", /max must be a whole number/],
    ["{actresses:max=3,max=4}/{code}", /given twice/],
    ["{actresses:max}/{code}", /expected option=value at column 12$/],
    ["{code}}", /stray "\}" .* at column 7$/],
    ["{code:{x}}", /expected option=value at column 7$/],
    ["{marks:leak=leak}{code}", /would not read back as that mark/],
    ["{marks:subtitles=-U}{code}", /would not read back as that mark/],
  ])("%s", (template, message) => {
    expect(() => parseTemplate(template)).toThrow(TemplateError);
    expect(() => parseTemplate(template)).toThrow(message);
  });

  it("says the column in a field of the error", () => {
    try {
      parseTemplate("{maker}/{nope}/{code}");
      expect.unreachable();
    } catch (e) {
      expect((e as TemplateError).column).toBe(9);
    }
  });

  it("appends {part} to a file name that has none, so a stack's parts stay apart", () => {
    expect(render("{code}", { part: 1 })).toBe("ABP-123-cd1");
    expect(render("{code}{part} {title}", { part: 1, title: "T" })).toBe("ABP-123-cd1 T");
  });
});

describe("a rendered file name reads back as the same code, part and marks", () => {
  const TEMPLATES = [
    DEFAULT_TEMPLATE,
    "{code}{marks}{part}",
    "{maker}/{code} {title}{marks}{part}",
    "{code}{marks} [{series}] {actresses}",
    "{contentId}{marks}",
  ];
  const MARKS = [
    NONE,
    { ...NONE, subtitles: true },
    { ...NONE, uncensored: true },
    { ...NONE, subtitles: true, uncensored: true },
    { ...NONE, leak: true },
    { subtitles: true, uncensored: true, leak: true },
  ];
  const RECORDS: TemplateFields[] = [
    ABP,
    { ...ABP, code: "SSIS-001", contentId: "ssis00001", title: "Sub Girl Leaks C cup 中文字幕", series: "Best" },
    { ...ABP, code: "FC2-PPV-1234567", contentId: "fc2-ppv-1234567", title: "個人撮影 ABP-456", actresses: [] },
    { ...ABP, code: "HEYZO-1234", contentId: "heyzo-1234", title: "個人撮影 -C 流出" },
    { ...ABP, code: "IBW-398Z", contentId: "ibw398z", title: "" },
  ];
  const rows = TEMPLATES.flatMap((t) => RECORDS.flatMap((r) => MARKS.flatMap((marks) => [null, 1, 2].map((part) => ({ t, fields: { ...r, marks, part } })))));

  it(`holds for ${rows.length} names`, () => {
    const wrong = rows.flatMap(({ t, fields }) => {
      const file = renderTemplate(parseTemplate(t), fields)
        .file.map((p) => p.text)
        .join("");
      const found = readName(`${file}.mp4`).found;
      const same = found?.dvdId === fields.code && found.part === fields.part && JSON.stringify(found.marks) === JSON.stringify(fields.marks);
      return same ? [] : [`${file}: read ${found?.dvdId} part ${found?.part} ${JSON.stringify(found?.marks)}`];
    });
    expect(wrong).toEqual([]);
  });
});

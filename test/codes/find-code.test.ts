import { describe, expect, it } from "vitest";
import { findCode, lookupCandidates, readName, type CodeKnowledge } from "../../src/codes/index.js";

/** A catalog that holds these codes (and so their labels). */
function catalogOf(...codes: string[]): CodeKnowledge & { asked: number } {
  const k = {
    asked: 0,
    hasCode: (code: { dvdId: string; kind: string; censored: boolean }) => {
      k.asked++;
      return lookupCandidates(code as never).some((id) => codes.includes(id));
    },
    hasLabel: (label: string) => {
      k.asked++;
      return codes.some((c) => c.startsWith(`${label}-`));
    },
  };
  return k;
}

const read = (name: string, knowledge?: CodeKnowledge) => {
  const r = readName(name, knowledge);
  return r.found
    ? `${r.found.dvdId}${r.found.part === null ? "" : ` part ${r.found.part}`}`
    : `${r.reason}${r.candidates.length ? ` ${r.candidates.join(" ")}` : ""}`;
};

describe("readName: the rules between candidates", () => {
  it("answers none when two codes are equally good, and names them", () => {
    expect(read("ABP-123 ABP-456.mp4")).toBe("ambiguous ABP-123 ABP-456");
    expect(read("[ABP-123][SSIS-001].mp4")).toBe("ambiguous ABP-123 SSIS-001");
  });

  it("reads the same code twice as one", () => {
    expect(read("[site][FC2PPV-1234567]fc2-ppv-1234567【タイトル】.mp4")).toBe("FC2-PPV-1234567");
    expect(read("ABP-123.HD/ABP-123~site.com.mp4")).toBe("ABP-123");
  });

  it("prefers a code the catalog holds, then a label it holds", () => {
    expect(read("MIDE-700 SSIS-999.mp4", catalogOf("MIDE-700"))).toBe("MIDE-700");
    expect(read("MIDE-700 SSIS-999.mp4", catalogOf("SSIS-999"))).toBe("SSIS-999");
    expect(read("MIDE-700 SSIS-999.mp4", catalogOf("SSIS-001"))).toBe("SSIS-999");
    expect(read("MIDE-700 SSIS-999.mp4", catalogOf("MIDE-700", "SSIS-999"))).toBe("ambiguous MIDE-700 SSIS-999");
  });

  it("prefers a bracketed code to a delimited one, and a delimited one to one inside a word", () => {
    expect(read("SSIS-001 [ABP-123].mp4")).toBe("ABP-123");
    expect(read("ABP-123 SSIS-001video.mp4")).toBe("ABP-123");
  });

  it("prefers a studio's own shape to a generic code", () => {
    expect(read("HEYZO-1234 ABC-123.mp4")).toBe("HEYZO-1234");
    expect(read("FC2-PPV-1234567 XYZ-001.mp4")).toBe("FC2-PPV-1234567");
  });

  it("ties a studio's shape read without the studio's name with another code in the name", () => {
    expect(read("nyoshin-n1335 ABP-123.mp4")).toBe("ambiguous n1335 ABP-123");
    expect(read("n1335_ABP-123.mp4")).toBe("ambiguous n1335 ABP-123");
    expect(read("062620-001 ABP-123.mp4")).toBe("ambiguous 062620-001 ABP-123");
    expect(read("Caribbeancom 062620-001 ABP-123.mp4")).toBe("062620-001");
    expect(read("ABP-123/nyoshin-n1335 ABP-123.mp4")).toBe("ABP-123");
    expect(read("n1340_rq_03.mp4")).toBe("n1340");
  });

  it("keeps that tie whichever of the two the catalog holds: it may hold one only because the other's site is not crawled", () => {
    expect(read("n1335_ABP-123.mp4", catalogOf("ABP-123"))).toBe("ambiguous ABP-123 n1335");
    expect(read("nyoshin-n1335 ABP-123.mp4", catalogOf("n1335"))).toBe("ambiguous n1335 ABP-123");
    expect(read("062620-001 ABP-123.mp4", catalogOf("ABP-123"))).toBe("ambiguous ABP-123 062620-001");
  });

  it("reads a label and number apart amid words only when the catalog knows the label", () => {
    expect(read("Best of MIDE 700 collection.mp4")).toBe("no-code");
    expect(read("Best of MIDE 700 collection.mp4", catalogOf("MIDE-001"))).toBe("MIDE-700");
    expect(read("MIDE 700.mp4")).toBe("MIDE-700");
  });

  it("takes a word glued to a year only when the catalog holds that very code", () => {
    expect(read("summer2020.mp4")).toBe("no-code");
    expect(read("TOKYO 2020.mp4")).toBe("no-code");
    expect(read("Summer-2019.mp4")).toBe("no-code");
    expect(read("summer2020.mp4", catalogOf("SUMMER-2020"))).toBe("SUMMER-2020");
  });

  it("reads a literal label with digits inside when it is known, else lets the catalog decide", () => {
    expect(read("S2MBD007.mp4")).toBe("S2MBD-007");
    expect(read("d2cesd901.mp4")).toBe("no-code");
    expect(read("d2cesd901.mp4", catalogOf("D2CESD-001"))).toBe("D2CESD-901");
  });

  it("never reads a forum's tag before @ as a code", () => {
    expect(read("sis001@ssis-001.mp4")).toBe("SSIS-001");
    expect(read("ABP-123(1080P)@18P2P.mp4")).toBe("ABP-123");
  });

  it("reads a label and number joined by a dot as apart: whole, or where the catalog knows the label", () => {
    expect(read("SSIS.001.mp4")).toBe("SSIS-001");
    expect(read("SSIS.001.Yua.Mikami.1080p.mp4")).toBe("no-code");
    expect(read("SSIS.001.Yua.Mikami.1080p.mp4", catalogOf("SSIS-100"))).toBe("SSIS-001");
    expect(read("ABC.2019.mp4")).toBe("no-code");
    expect(read("Movie.Title.2019.1080p.BluRay.x264.mkv")).toBe("no-code");
  });

  it("joins a studio and its number each in brackets, for the studio's own shape only", () => {
    expect(read("(Heyzo)(1723)タイトル.mp4")).toBe("HEYZO-1723");
    expect(read("[FC2PPV](1234567).mp4")).toBe("FC2-PPV-1234567");
    expect(read("(Heydouga) (4030-2113).wmv")).toBe("HEYDOUGA-4030-2113");
    expect(read("(Hunter)(2019).mp4")).toBe("no-code");
    expect(read("(ABCD)(1234).mp4")).toBe("no-code");
    expect(read("[One Pace][1071-1072] Egghead 09.mkv")).toBe("no-code");
    expect(read("(Heyzo)(1380) (Heyzo)(1009).mp4")).toBe("ambiguous HEYZO-1380 HEYZO-1009");
  });

  it("reads Tokyo-Hot's codes without the studio's name where the code is the file's own name", () => {
    expect(read("site.com_n1234-5.mp4")).toBe("n1234 part 5");
    expect(read("series-n1234_camera1.mp4")).toBe("n1234");
    expect(read("n1234-CD1.wmv")).toBe("n1234 part 1");
    expect(read("n1335_n1340.mp4")).toBe("ambiguous n1335 n1340");
    expect(read("Pentax K1000 review.mp4")).toBe("no-code");
    expect(read("Pentax-K1000.mp4")).toBe("no-code");
    expect(read("pentax-k1000.mp4")).toBe("no-code");
    expect(read("Camera-K0001.mp4")).toBe("no-code");
    expect(read("camera-n2019_test.mp4")).toBe("no-code");
  });

  it("never reads a checksum in brackets beside a name, and reads the code beside one", () => {
    expect(read("[One Pace][1071-1072] Egghead 09 [1080p][ED808618].mkv")).toBe("no-code");
    expect(read("Title - 01 (1080p) (33ffa63d).mkv")).toBe("no-code");
    expect(read("MIDE-833 [1080p][126ECF70].mp4")).toBe("MIDE-833");
    expect(read("[ABF00123].mp4")).toBe("ABF-123");
  });

  it("never reads a release's source as a label", () => {
    expect(read("Series.Title.S01E05.The-Aniversary.HDTV-1080p.mkv")).toBe("no-code");
    expect(read("Movie (2019) WEBDL-720.mkv")).toBe("no-code");
    expect(read("Movie.2019.Remux-2160.mkv")).toBe("no-code");
  });

  it("never reads an art site's own id of an artist as a code", () => {
    expect(read("半額 (nijie_412305)/398549_p0.png")).toBe("no-code");
    expect(read("kasakuri (pixiv_456433)/66909194_p0.jpg")).toBe("no-code");
  });

  it("never reads a quality tag with digits as a code's number, whatever word stands before it", () => {
    expect(read("The Office - S01E01 - Pilot [HTDV-1080p]")).toBe("no-code");
    expect(read("Movie.2019.VP9-1080p.mkv")).toBe("no-code");
    expect(read("Movie.2019.HEVC-10bit.mkv")).toBe("no-code");
    expect(read("[Group] Title - 01 [BDRip 1920x1080 x264 FLAC].mkv")).toBe("no-code");
    expect(read("IPX-177-1080p.mp4")).toBe("IPX-177");
    expect(read("MIDE-833 1920x1080 cd2.mp4")).toBe("MIDE-833 part 2");
  });

  it("reads the H4610 family's own codes after the site", () => {
    expect(read("H4610-ki200101.mp4")).toBe("H4610-ki200101");
    expect(read("c0930-gol0123 name.mp4")).toBe("C0930-gol0123");
  });

  it("asks the catalog nothing when a name reads one way", () => {
    const k = catalogOf();
    expect(read("hhd800.com@ABP-123-C.mp4", k)).toBe("ABP-123");
    expect(read("FC2-PPV-1234567-1.mp4", k)).toBe("FC2-PPV-1234567 part 1");
    expect(k.asked).toBe(0);
  });

  it("falls back to the folders, nearest first, and lets a folder settle a tie", () => {
    expect(read("JAV/2019/MIDE-700 [1080p]/movie.mkv")).toBe("MIDE-700");
    expect(read("Actress/SSIS-001 title/video.mp4")).toBe("SSIS-001");
    expect(read("ABP-123/ABP-123 SSIS-001.mp4")).toBe("ABP-123");
    expect(read("ABP-123/ABP-123 SSIS-001-cd2.mp4")).toBe("ABP-123 part 2");
    expect(read("MIDE-700/ABP-123 SSIS-001.mp4")).toBe("ambiguous ABP-123 SSIS-001");
    expect(read("Downloads/video.mp4")).toBe("no-code");
    expect(read("C:\\Users\\me\\Videos\\IPX-535\\1.mp4")).toBe("IPX-535");
  });
});

describe("readName: parts", () => {
  it.each([
    ["abp123-5.mp4", "ABP-123 part 5"],
    ["xyz046-5.mp4", "XYZ-046 part 5"],
    ["ABP-123 2 .mp4", "ABP-123 part 2"],
    ["ABP-123B.HD1080p.mkv", "ABP-123 part 2"],
    ["ABP-123-A.mp4", "ABP-123 part 1"],
    ["abc123-cd1.avi", "ABC-123 part 1"],
    ["ABP-123CD2.avi", "ABP-123 part 2"],
    ["ABC-123CH-CD2.mp4", "ABC-123 part 2"],
    ["ABP-123C-cd1.mp4", "ABP-123 part 1"],
    ["ABP-123ch-1080p.mp4", "ABP-123"],
    ["ABP-123 part 2.mp4", "ABP-123 part 2"],
    ["ABP-123_pt1.mp4", "ABP-123 part 1"],
    ["T28-557 タイトル-cd1.mp4", "T28-557 part 1"],
    ["(KIRARI)(MKBD-S143)KIRARI 143 週末モデル 神田るな_1.mp4", "MKBD-S143 part 1"],
    ["IPX-177 Title-2.mp4", "IPX-177 part 2"],
    ["n1335_omankokamera_03.mp4", "n1335"],
    ["ABP-123 Summer 2019-5.mp4", "ABP-123"],
    ["heyzo_lt_1234_full-1.mp4", "HEYZO-1234 part 1"],
    ["fc2-ppv_1234567-2.mp4", "FC2-PPV-1234567 part 2"],
    ["ABP-123-C.mp4", "ABP-123"],
    ["ABP-123C.mp4", "ABP-123"],
    ["ABP-123 (1).mp4", "ABP-123"],
    ["ABP-123 A Day in Tokyo.mp4", "ABP-123"],
    ["ABP-123 2 Girls.mp4", "ABP-123"],
    ["ABP-123 2019.mp4", "ABP-123"],
    ["IPX-535 4K.mp4", "IPX-535"],
  ])("%j -> %s", (name, expected) => {
    expect(read(name)).toBe(expected);
  });
});

describe("readName: exact", () => {
  it("is true only when the input is the code itself", () => {
    for (const q of ["ABP-123", "abp123", "118abp00123", "FC2-PPV-1234567", " ABP-123 "]) expect(findCode(q)?.exact, q).toBe(true);
    for (const q of ["ABP-123.mp4", "ABP-123-C", "[ABP-123]", "ABP-123 Airi", "x/ABP-123", "abp-123ch", "ABP-123-2"]) expect(findCode(q)?.exact, q).toBe(false);
  });
});

describe("readName: cost", () => {
  // File names stop at 255 characters: these are four times that, of the worst units.
  const UNITS = ["a1-", "1a", "ab-12 ", "[a-1]", "fc2-", "abp123-", "1 ", "a_1_", "heyzo_", "010120-", "s2mbd0"];
  it("stays linear on long names", () => {
    let worst = 0;
    for (const unit of UNITS) {
      const name = unit.repeat(Math.ceil(1000 / unit.length)) + ".mp4";
      const t0 = performance.now();
      readName(name, catalogOf("ABP-123"));
      worst = Math.max(worst, performance.now() - t0);
    }
    expect(worst).toBeLessThan(250);
  });
});

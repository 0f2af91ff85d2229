/**
 * DMM's larger pictures: derived as MetaTube's FANZA provider derives them (metatube-sdk-go
 * provider/fanza/fanza.go updateWithAWSImgSrc, at 6a5e6128c725187aeaf921d48ed7d9cd9f30671b:
 * a release from 2024-01-01 on, a `/digital/videoa` title, "https://pics.dmm.co.jp/" replaced
 * by "https://awsimgsrc.dmm.co.jp/pics_dig/"), and cut from first with the jacket behind.
 */
import { describe, expect, it } from "vitest";
import { bigFirst, bigPictures, type CutImage, type CutOptions, ImageError, type Images } from "../../src/images/index.js";
import type { DetailedRecord } from "../../src/model/record.js";

const record = (releaseDate: string, jacket: string, thumb: string) => ({ releaseDate, jacketFullUrl: jacket, jacketThumbUrl: thumb }) as DetailedRecord;

describe("bigPictures", () => {
  it("moves a digital video's jacket and thumbnail from pics.dmm.co.jp to awsimgsrc's pics_dig, from 2024 on", () => {
    const pics = "https://pics.dmm.co.jp/digital/video/sone00708/sone00708";
    expect(bigPictures(record("2025-06-06T00:00:00.000Z", `${pics}pl.jpg`, `${pics}ps.jpg`))).toEqual({
      cover: "https://awsimgsrc.dmm.co.jp/pics_dig/digital/video/sone00708/sone00708pl.jpg",
      thumb: "https://awsimgsrc.dmm.co.jp/pics_dig/digital/video/sone00708/sone00708ps.jpg",
    });
    expect(bigPictures(record("2024-01-01T00:00:00.000Z", `${pics}pl.jpg`, "")).cover).not.toBe("");
  });

  it("has none before 2024, without a date, for a DVD or an amateur title, or off DMM", () => {
    const none = { cover: "", thumb: "" };
    expect(bigPictures(record("2023-12-31T00:00:00.000Z", "https://pics.dmm.co.jp/digital/video/a00001/a00001pl.jpg", ""))).toEqual(none);
    expect(bigPictures(record("", "https://pics.dmm.co.jp/digital/video/a00001/a00001pl.jpg", ""))).toEqual(none);
    expect(bigPictures(record("2025-08-20T00:00:00.000Z", "https://pics.dmm.co.jp/mono/movie/adult/tkmird261/tkmird261pl.jpg", ""))).toEqual(none);
    expect(bigPictures(record("2025-01-01T00:00:00.000Z", "https://pics.dmm.co.jp/digital/amateur/oreco001/oreco001jp.jpg", ""))).toEqual(none);
    expect(bigPictures(record("2025-01-01T00:00:00.000Z", "https://www.heyzo.com/contents/3000/3001/images/player_thumbnail.jpg", ""))).toEqual(none);
  });
});

describe("bigFirst", () => {
  const CUT: CutImage = { jpeg: Buffer.from("jpeg"), width: 358, height: 538 };
  /** Images whose sources fail as `failing` says; `asked` lists every url asked. */
  const images = (failing: Record<string, ImageError>) => {
    const asked: string[] = [];
    const fake = {
      get: async (url: string, _cut: CutOptions) => {
        asked.push(url);
        if (failing[url]) throw failing[url];
        return CUT;
      },
    } as Images;
    return { fake, asked };
  };

  it("cuts from the first that answers, and forgets a failed big one only after a day", async () => {
    let now = 0;
    const cutFirst = bigFirst(() => now);
    const { fake, asked } = images({ big: new ImageError("not_found", "gone") });
    for (let i = 0; i < 3; i += 1) expect(await cutFirst(fake, ["big", "jacket"], { kind: "primary" })).toBe(CUT);
    expect(asked).toEqual(["big", "jacket", "jacket", "jacket"]);
    now += 24 * 60 * 60 * 1000;
    await cutFirst(fake, ["big", "jacket"], { kind: "primary" });
    expect(asked.slice(4)).toEqual(["big", "jacket"]);
  });

  it("answers the last one's failure when every source fails, and never skips the last one", async () => {
    const cutFirst = bigFirst(() => 0);
    const { fake, asked } = images({ big: new ImageError("upstream", "timed out"), jacket: new ImageError("not_image", "an error page") });
    for (let i = 0; i < 2; i += 1) await expect(cutFirst(fake, ["big", "jacket"], { kind: "thumb" })).rejects.toMatchObject({ kind: "not_image" });
    await expect(cutFirst(fake, ["big"], { kind: "thumb" })).rejects.toMatchObject({ kind: "upstream" });
    expect(asked).toEqual(["big", "jacket", "jacket", "big"]);
  });
});

import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config/load.js";

describe("people's pictures' settings", () => {
  it("PEOPLE_PICTURES: empty, a folder, or an http(s) URL named without its trailing slash", () => {
    const config = loadConfig({});
    expect([config.peoplePictures, config.peoplePicturesCache, config.peoplePicturesRefreshHours]).toEqual(["", "data/people-pictures.json", 24]);
    expect(loadConfig({ PEOPLE_PICTURES: " /srv/gfriends " }).peoplePictures).toBe("/srv/gfriends");
    expect(loadConfig({ PEOPLE_PICTURES: "https://cdn.jsdelivr.net/gh/xinxin8816/gfriends/" }).peoplePictures).toBe(
      "https://cdn.jsdelivr.net/gh/xinxin8816/gfriends",
    );
    expect(() => loadConfig({ PEOPLE_PICTURES: "ftp://mirror/gfriends" })).toThrow(/PEOPLE_PICTURES must be a folder or an http\(s\) URL/);
    expect(() => loadConfig({ PEOPLE_PICTURES_REFRESH_HOURS: "0" })).toThrow(/PEOPLE_PICTURES_REFRESH_HOURS/);
  });
});

/** Titles crediting made-up actresses by DMM's id: one renamed (two ids), one with a picture and a Latin name, one whose name holds markup. */
import { makeIngest } from "./build-app.js";

const credited = (cid: string, release: string, credits: { id: string; names: string[]; image?: string }[]) =>
  makeIngest(
    { contentId: cid, dvdId: cid.toUpperCase(), releaseDate: `${release}T00:00:00.000Z`, actresses: credits.map((c) => c.names[0]) },
    { provider: "fanza", credits: credits.map((c) => ({ id: c.id, names: c.names, image: c.image ?? null })) },
  );

/** Her picture: a one-pixel GIF the page can show with no network (the dashboard's CSP allows data: images). */
export const PICTURE = "data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==";

export const PEOPLE_TITLES = [
  credited("abc00001", "2021-01-01", [{ id: "1001", names: ["新名ゆき", "Yuki Shinmei"], image: PICTURE }]),
  credited("abc00002", "2018-01-01", [{ id: "1002", names: ["旧名ゆき"] }]),
  credited("abc00003", "2020-01-01", [{ id: "1003", names: ["<b>河北</b>彩花"] }]),
];

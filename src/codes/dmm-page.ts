/**
 * A DMM title's page, from its content id and service code: the one place that knows how
 * DMM links a title, for the FANZA API's items that give no `URL`, the records an import
 * brings, and the MetaTube face's homepage of DMM's data. As the API's real answers give
 * the page today: a digital video on video.dmm.co.jp (`/av/content/?id=`, the page of the
 * videoa floor that DMM's data here comes from), a DVD on www.dmm.co.jp
 * (`/mono/dvd/-/detail/=/cid=.../`), a rental beside it (`/rental/ppr/-/detail/=/cid=.../`).
 * The digital page was `www.dmm.co.jp/digital/videoa/-/detail/=/cid=.../` until DMM moved it
 * to video.dmm.co.jp (the API's answers of 2018 still give that form; MetaTube's FANZA
 * provider calls it deprecated): never built here.
 */

/**
 * The page of a title of DMM's, or null for a service code DMM has no such page for. The id
 * is escaped by `encode`, whatever the service code (a source refuses a malformed id in its
 * own words: encodeURIComponent's, or the source's error).
 */
export function dmmPageUrl(contentId: string, serviceCode: string, encode: (id: string) => string = encodeURIComponent): string | null {
  const id = encode(contentId);
  switch (serviceCode) {
    case "digital":
      return `https://video.dmm.co.jp/av/content/?id=${id}`;
    case "mono":
      return `https://www.dmm.co.jp/mono/dvd/-/detail/=/cid=${id}/`;
    case "rental":
      return `https://www.dmm.co.jp/rental/ppr/-/detail/=/cid=${id}/`;
    default:
      return null;
  }
}

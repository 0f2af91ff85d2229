/**
 * GET /v1/images/{primary,thumb,backdrop}/{provider}/{id}: a title's (or an actress's)
 * picture cut as the plugins ask, a JPEG. Public, as in MetaTube (media servers fetch
 * them without the token), so bounded by a per-client rate, and never an open proxy:
 * `url` must be one of the images the catalog holds for that title or actress (the
 * covers, galleries and actresses' pictures of every copy of the title, and DMM's larger
 * pictures of them; a person's one picture, by her key or a name of hers alone: actors.ts,
 * which is also how a picture of the tree PEOPLE_PICTURES is held, for her alone);
 * anything else is a 400 and no request leaves the server.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { bigFirst, bigPictures, ImageError, type ImageKind } from "../../images/index.js";
import { type Title, titleById, titlesByContentId } from "../../services/titles/find-title.js";
import { isPictureOfCredited, isPictureOfPerson } from "../../services/people/person.js";
import { findActor } from "./actors.js";
import { isGfriends, type MtContext, providersNamed } from "./context.js";
import { EnvelopeError } from "../../lib/errors.js";
import { badRequest, INFO_NOT_FOUND, notFound } from "./envelope.js";
import { type ImageFrom, imageCut, imageQuery, type Query } from "./params.js";

const KINDS: readonly ImageKind[] = ["primary", "thumb", "backdrop"];

/** Every image the catalog holds for one copy of a title: covers (and DMM's larger ones), gallery, its actresses' pictures. */
function imagesOfCopy(t: Title): string[] {
  const r = t.record;
  const big = bigPictures(r);
  const people = r.extra.actressesRich.map((a) => a.image).filter((u): u is string => u !== null);
  return [r.jacketFullUrl, r.jacketThumbUrl, big.cover, big.thumb, ...r.extra.galleryFull, ...r.extra.galleryThumb, ...people].filter((u) => u !== "");
}

/**
 * What a title's own picture is cut from, best first: DMM's larger jacket, then the jacket
 * (the thumbnail when there is none). MetaTube cuts a primary from its big thumbnail first;
 * ours is derived unchecked, and DMM may answer it with the 147x200 one, so the primary is
 * cut, as the thumb and backdrop are, from the big jacket: the picture MetaTube cuts it from
 * without a big thumbnail, larger.
 */
function ownPictures(t: Title): string[] {
  const r = t.record;
  return [bigPictures(r).cover, r.jacketFullUrl || r.jacketThumbUrl].filter((u) => u !== "");
}

/** Whether `url` is the picture (the picture tree's, say) of an actress credited on one of the copies. */
async function heldForCredited(ctx: MtContext, copies: Title[], url: string): Promise<boolean> {
  for (const t of copies) if (await isPictureOfCredited(ctx.deps, t, url)) return true;
  return false;
}

interface Sources {
  /** What the picture is cut from, in order of preference. */
  urls: string[];
  from: ImageFrom;
}

/** The pictures a request may be cut from: the `url` asked when the catalog holds it for this title or actress, else its own. */
async function sources(ctx: MtContext, kind: ImageKind, provider: string, id: string, asked: string | undefined): Promise<Sources> {
  const providers = providersNamed(ctx, provider);
  // Every copy the catalog holds (FANZA's and r18.dev's, say): a search result's picture may be any one's.
  // The plugin asks pictures with the title's own ids; the catalog has no other, so no live lookup here.
  // Gfriends, like MetaTube's, has actresses and no titles.
  const titleless = isGfriends(provider);
  const stored = titleless ? [] : titlesByContentId(ctx.deps, id, providers);
  // A title answered live and not stored (a replica's) has its one copy.
  const unstored = titleless || stored.length > 0 ? null : await titleById(ctx.deps, id, providers, false);
  const copies = unstored === null ? stored : [unstored];
  if (copies.length > 0) {
    if (asked === undefined) return { urls: ownPictures(copies[0]), from: "title" };
    if (!copies.some((t) => imagesOfCopy(t).includes(asked)) && !(await heldForCredited(ctx, copies, asked))) {
      throw badRequest("url is not an image the catalog holds for this title");
    }
    return { urls: [asked], from: "url" };
  }
  const actor = await findActor(ctx, id, providers);
  if (actor === null) throw notFound(INFO_NOT_FOUND);
  if (asked !== undefined) {
    if (!actor.images.includes(asked) && !(await isPictureOfPerson(ctx.deps, id, asked)))
      throw badRequest("url is not an image the catalog holds for this actress");
    return { urls: [asked], from: "url" };
  }
  // MetaTube's actor routes have no thumb or backdrop of their own (route/image.go).
  if (kind !== "primary") throw badRequest("unsupported image type");
  return { urls: actor.images.slice(0, 1), from: "actor" };
}

const STATUS_OF: Record<ImageError["kind"], number> = { not_found: 404, not_image: 502, upstream: 502, too_large: 502 };

export function registerImageRoutes(app: FastifyInstance, ctx: MtContext): void {
  const cutFirst = bigFirst();
  for (const kind of KINDS) {
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      const params = request.params as { provider: string; id?: string; "*"?: string };
      const { provider } = params;
      const id = params.id ?? params["*"] ?? "";
      const query = imageQuery(request.query as Query);
      const { urls, from } = await sources(ctx, kind, provider, id, query.url);
      if (urls.length === 0) throw notFound("no image");
      if (ctx.images === null) throw notFound("images are not served here");
      try {
        const image = await cutFirst(ctx.images, urls, imageCut(kind, query, from));
        return reply
          .type("image/jpeg")
          .header("x-metatube-image-width", String(image.width))
          .header("x-metatube-image-height", String(image.height))
          .header("cache-control", "public, max-age=604800")
          .send(image.jpeg);
      } catch (err) {
        if (err instanceof ImageError) throw new EnvelopeError(STATUS_OF[err.kind], `image: ${err.message}`);
        throw err;
      }
    };
    app.get(`/images/${kind}/:provider/:id`, { config: { mtImage: true } }, handler);
    // Plex's plugin puts an actress's name in the path as it is (api_client.py get_primary_image_url,
    // from the title's actor names, not our ids): "Mai / 麻衣" arrives as more than one segment.
    app.get(`/images/${kind}/:provider/*`, { config: { mtImage: true } }, handler);
  }
}

/**
 * GET /v1/images/{primary,thumb,backdrop}/{provider}/{id}: a title's (or an actress's)
 * picture cut as the plugins ask, a JPEG. Public, as in MetaTube (media servers fetch
 * them without the token), so bounded by a per-client rate, and never an open proxy:
 * `url` must be one of the images the catalog holds for that title or actress (its
 * covers, its gallery, its actresses' pictures); anything else is a 400 and no request
 * leaves the server.
 */
import type { FastifyInstance } from "fastify";
import { ImageError, type ImageKind } from "../../images/index.js";
import { titleById, type Title } from "../../services/find-title.js";
import { findActor } from "./actors.js";
import { type MtContext, providersNamed } from "./context.js";
import { badRequest, INFO_NOT_FOUND, MtError, notFound } from "./envelope.js";
import { imageCut, type Query, text } from "./params.js";

const KINDS: readonly ImageKind[] = ["primary", "thumb", "backdrop"];

/** Every image the catalog holds for a title: covers, gallery, its actresses' pictures. */
function imagesOfTitle(t: Title): string[] {
  const r = t.record;
  const people = r.extra.actressesRich.map((a) => a.image).filter((u): u is string => u !== null);
  return [r.jacketFullUrl, r.jacketThumbUrl, ...r.extra.galleryFull, ...r.extra.galleryThumb, ...people].filter((u) => u !== "");
}

/** What the picture is cut from, and the images the request may name. */
async function sources(ctx: MtContext, kind: ImageKind, provider: string, id: string): Promise<{ main: string | undefined; allowed: string[] }> {
  const providers = providersNamed(ctx, provider);
  // The plugin asks covers with the title's own ids; the catalog has no other, so no live lookup here.
  const title = await titleById(ctx.deps, id, providers, false);
  if (title !== null) {
    const r = title.record;
    return { main: r.jacketFullUrl || r.jacketThumbUrl || undefined, allowed: imagesOfTitle(title) };
  }
  const actor = await findActor(ctx, id, providers);
  if (actor === null) throw notFound(INFO_NOT_FOUND);
  if (kind !== "primary") throw badRequest("unsupported image type");
  return { main: actor.images[0], allowed: actor.images };
}

const STATUS_OF: Record<ImageError["kind"], number> = { not_found: 404, not_image: 502, upstream: 502, too_large: 502 };

export function registerImageRoutes(app: FastifyInstance, ctx: MtContext): void {
  for (const kind of KINDS) {
    app.get(`/images/${kind}/:provider/:id`, { config: { mtImage: true } }, async (request, reply) => {
      const { provider, id } = request.params as { provider: string; id: string };
      const q = request.query as Query;
      const cut = imageCut(q);
      const asked = text(q, "url")?.trim() || undefined;
      const { main, allowed } = await sources(ctx, kind, provider, id);
      if (asked !== undefined && !allowed.includes(asked)) throw badRequest("url is not an image the catalog holds for this title");
      const url = asked ?? main;
      if (url === undefined) throw notFound("no image");
      if (ctx.images === null) throw notFound("images are not served here");
      try {
        const image = await ctx.images.get(url, { kind, ratio: kind === "primary" ? cut.ratio : undefined, pos: cut.pos, quality: cut.quality });
        return reply
          .type("image/jpeg")
          .header("x-metatube-image-width", String(image.width))
          .header("x-metatube-image-height", String(image.height))
          .header("cache-control", "public, max-age=604800")
          .send(image.jpeg);
      } catch (err) {
        if (err instanceof ImageError) throw new MtError(STATUS_OF[err.kind], `image: ${err.message}`);
        throw err;
      }
    });
  }
}

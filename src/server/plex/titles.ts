/**
 * The titles the Plex face answers with, by the same services as every other face: a title
 * by its ratingKey (the catalog's copy, one answered live and kept, else the live provider's
 * by its id, as MetaTube's info route), and a title's Metadata object with its names read once
 * in the asked language and in Japanese, and its actresses as the persons credited.
 */

import type { ServiceDeps } from "../../services/deps.js";
import { creditedPeople } from "../../services/people/person.js";
import { titleById } from "../../services/titles/find-title.js";
import type { Title } from "../../services/titles/title.js";
import { namesIn, titleAltNames } from "../../services/titles/title-names.js";
import { metadataOf, type PlexMetadata, type PlexView } from "./metadata-object.js";
import { readRatingKey } from "./rating-key.js";

/** The title a ratingKey names; null when none has it, "malformed" when it is no key of ours. */
export async function titleByKey(deps: ServiceDeps, ratingKey: string): Promise<Title | null | "malformed"> {
  const named = readRatingKey(ratingKey);
  if (named === null) return "malformed";
  return titleById(deps, named.contentId, [named.provider], true);
}

export async function plexMetadata(deps: ServiceDeps, t: Title, view: PlexView): Promise<PlexMetadata> {
  const alt = titleAltNames(deps, t);
  const shown = namesIn(t.record, alt, view.lang);
  const ja = view.lang === "ja" ? shown : namesIn(t.record, alt, "ja");
  const cast = await creditedPeople(deps, t, shown.actresses, view.lang);
  return metadataOf(t, { shown, ja, cast }, view);
}

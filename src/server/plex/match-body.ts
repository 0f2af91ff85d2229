/**
 * The Match feature's JSON body as Plex sends it ("API Endpoints.md", "Match Feature"):
 * `type` (required), `title`, `year`, `filename`, `guid`, `manual` and `includeAdult` for a
 * movie; what a movie match does not use (`parentTitle`, `index`, `includeElements`, ...) is
 * ignored. Integers and the 1/0 flags are taken as JSON numbers, as numeric strings and as
 * booleans; anything else in a field it reads, or a body that is no JSON object, is a 400.
 */
import { badRequest } from "./envelope.js";

export interface MatchBody {
  type: number;
  title: string | undefined;
  year: number | undefined;
  filename: string | undefined;
  guid: string | undefined;
  manual: boolean;
  includeAdult: boolean;
}

/** Longest text a field may hold: past it no name or title is real (the body itself is at most 16 KiB). */
const MAX_TEXT = 4096;

function integer(body: Record<string, unknown>, name: string): number | undefined {
  const v = body[name];
  if (v === undefined || v === null || v === "") return undefined;
  if (typeof v === "number" && Number.isSafeInteger(v)) return v;
  if (typeof v === "string" && /^-?\d{1,9}$/.test(v.trim())) return Number(v.trim());
  throw badRequest(`${name} must be an integer`);
}

function flag(body: Record<string, unknown>, name: string): boolean {
  const v = body[name];
  if (v === undefined || v === null || v === "") return false;
  if (v === 1 || v === true || v === "1" || v === "true") return true;
  if (v === 0 || v === false || v === "0" || v === "false") return false;
  throw badRequest(`${name} must be 1 or 0`);
}

function text(body: Record<string, unknown>, name: string): string | undefined {
  const v = body[name];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== "string") throw badRequest(`${name} must be a string`);
  if (v.length > MAX_TEXT) throw badRequest(`${name} must be at most ${MAX_TEXT} characters`);
  return v.trim() === "" ? undefined : v;
}

export function readMatchBody(raw: unknown): MatchBody {
  if (raw === null || typeof raw !== "object" || Array.isArray(raw)) throw badRequest("the body must be a JSON object");
  const body = raw as Record<string, unknown>;
  const type = integer(body, "type");
  if (type === undefined) throw badRequest("type is required");
  return {
    type,
    title: text(body, "title"),
    year: integer(body, "year"),
    filename: text(body, "filename"),
    guid: text(body, "guid"),
    manual: flag(body, "manual"),
    includeAdult: flag(body, "includeAdult"),
  };
}

/**
 * The models MetaTube's Jellyfin/Emby plugin deserialises its answers into
 * (metatube-community/jellyfin-plugin-metatube, Jellyfin.Plugin.MetaTube/Metadata/*.cs),
 * field by field with the .NET type each property has, and a check of a JSON value
 * against them as System.Text.Json would read it.
 */
import { expect } from "vitest";

type NetType = "string" | "string[]" | "int" | "float" | "DateTime";

const PROVIDER_INFO: Record<string, NetType> = { id: "string", provider: "string", homepage: "string" };

export const MOVIE_SEARCH_RESULT: Record<string, NetType> = {
  ...PROVIDER_INFO,
  actors: "string[]",
  cover_url: "string",
  number: "string",
  release_date: "DateTime",
  score: "float",
  thumb_url: "string",
  title: "string",
};

export const MOVIE_INFO: Record<string, NetType> = {
  ...MOVIE_SEARCH_RESULT,
  big_cover_url: "string",
  big_thumb_url: "string",
  director: "string",
  genres: "string[]",
  maker: "string",
  preview_images: "string[]",
  preview_video_hls_url: "string",
  preview_video_url: "string",
  label: "string",
  runtime: "int",
  series: "string",
  summary: "string",
};

export const ACTOR_SEARCH_RESULT: Record<string, NetType> = { ...PROVIDER_INFO, images: "string[]", name: "string" };

export const ACTOR_INFO: Record<string, NetType> = {
  ...ACTOR_SEARCH_RESULT,
  aliases: "string[]",
  birthday: "DateTime",
  blood_type: "string",
  cup_size: "string",
  debut_date: "DateTime",
  height: "int",
  hobby: "string",
  skill: "string",
  measurements: "string",
  nationality: "string",
  summary: "string",
};

export const ERROR_INFO: Record<string, NetType> = { code: "int", message: "string" };

/** A date System.Text.Json reads into a DateTime: ISO 8601, here a calendar day that exists. */
function isNetDate(v: unknown): boolean {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

function fits(type: NetType, v: unknown): boolean {
  switch (type) {
    case "string":
      // Never null: the plugins call string methods on these without checking.
      return typeof v === "string";
    case "string[]":
      return Array.isArray(v) && v.every((s) => typeof s === "string");
    case "int":
      return Number.isInteger(v) && (v as number) >= -(2 ** 31) && (v as number) < 2 ** 31;
    case "float":
      return typeof v === "number" && Number.isFinite(v);
    case "DateTime":
      return isNetDate(v);
  }
}

/** Every property of the model is there with a value of its type (extra fields are ignored, as by the plugin). */
export function expectModel(model: Record<string, NetType>, value: unknown, what: string): void {
  expect(value, what).toBeTypeOf("object");
  const obj = value as Record<string, unknown>;
  for (const [field, type] of Object.entries(model)) {
    expect(fits(type, obj[field]), `${what}.${field} should be a .NET ${type}, got ${JSON.stringify(obj[field])}`).toBe(true);
  }
}

import type { TSchema } from "typebox";
import { DetailedRecordSchema, ExtraSchema } from "./record.js";

/**
 * The record's layout, read off the schema: its fields in wire order (the order the
 * stored document keeps, see catalog/store/doc-codec.ts) and each plain field's JSON kind
 * (what the JSON writer, catalog/wire/record-json.ts, expects to find at that place).
 */
export type RecordField = keyof typeof DetailedRecordSchema.properties & string;
export type ExtraField = keyof typeof ExtraSchema.properties & string;
export type PlainField = Exclude<RecordField, "extra">;

/** `s` a string, `s?` a string or null, `int` an integer, `strings` an array of strings. */
export type FieldKind = "s" | "s?" | "int" | "strings";

export const RECORD_FIELDS = Object.keys(DetailedRecordSchema.properties) as RecordField[];
export const EXTRA_FIELDS = Object.keys(ExtraSchema.properties) as ExtraField[];

function kindOf(field: string, s: TSchema & { type?: string; anyOf?: { type?: string }[]; items?: { type?: string } }): FieldKind {
  if (s.type === "string") return "s";
  if (s.type === "integer") return "int";
  if (s.type === "array" && s.items?.type === "string") return "strings";
  const types = s.anyOf
    ?.map((b) => b.type)
    .sort()
    .join(",");
  if (types === "null,string") return "s?";
  throw new Error(`record field ${field}: no JSON kind for its schema`);
}

export const FIELD_KINDS = Object.fromEntries(
  RECORD_FIELDS.filter((f): f is PlainField => f !== "extra").map((f) => [f, kindOf(f, DetailedRecordSchema.properties[f])]),
) as Record<PlainField, FieldKind>;

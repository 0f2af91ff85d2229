/**
 * Answers' JSON bytes as they cross from a search worker thread to the HTTP thread: as
 * a Latin-1 string (one character a byte), not as a Buffer, encoded on the worker and
 * decoded back to the same bytes on the HTTP thread. Buffers arriving by message, one
 * per answer (/random num=50 under load), kept the main thread in frequent full GCs, a
 * large part of its time; a one-byte string is ordinary heap, and its copies are cheap.
 */
import type { SearchResult, SearchResultOut } from "../../model/search-result.js";

/** On the worker: the bytes as the string that crosses. */
export function bytesToLatin1(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("latin1");
}

/** On the HTTP thread: the string back to the bytes. */
export function latin1ToBytes(text: string): Buffer {
  return Buffer.from(text, "latin1");
}

/** A search result as it crosses: its JSON bytes as such a string, or the object as it is (one read from a document laid out otherwise). */
export type ResultOnThread = SearchResult | string;

export function resultsToLatin1(results: readonly SearchResultOut[]): ResultOnThread[] {
  return results.map((r) => (r instanceof Uint8Array ? bytesToLatin1(r) : r));
}

export function resultsFromLatin1(results: readonly ResultOnThread[]): SearchResultOut[] {
  return results.map((r) => (typeof r === "string" ? latin1ToBytes(r) : r));
}

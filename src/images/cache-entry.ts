/**
 * One cache file: a short header (what a hit must answer without asking libvips: the image's size
 * and format; and the CRC-32 of the image's bytes) and the image's bytes, written together so that
 * no file holds one without the other. The files are renamed into place without an fsync: after a
 * power cut one may hold a whole header and a cut or zeroed image, which the CRC tells.
 */
import { crc32 } from "node:zlib";

const MAGIC = Buffer.from("VCI1");
const HEAD = MAGIC.length + 4;

export interface EntryMeta {
  width: number;
  height: number;
  format: string;
}

export function encodeEntry(meta: EntryMeta, bytes: Buffer): Buffer {
  const json = Buffer.from(JSON.stringify({ width: meta.width, height: meta.height, format: meta.format, crc: crc32(bytes) }));
  const length = Buffer.alloc(4);
  length.writeUInt32BE(json.length);
  return Buffer.concat([MAGIC, length, json, bytes]);
}

/** The entry in a file, or undefined for a file that is not one (another version's, or damaged): a miss. */
export function decodeEntry(file: Buffer): { meta: EntryMeta; bytes: Buffer } | undefined {
  if (file.length < HEAD || !file.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const end = HEAD + file.readUInt32BE(MAGIC.length);
  if (end > file.length) return undefined;
  try {
    const { crc, ...meta } = JSON.parse(file.subarray(HEAD, end).toString("utf8")) as EntryMeta & { crc?: number };
    if (!(meta.width > 0 && meta.height > 0 && typeof meta.format === "string")) return undefined;
    const bytes = file.subarray(end);
    // An entry from before the CRC is taken as it is; one whose bytes do not match it is a miss, and is made again.
    if (crc !== undefined && crc !== crc32(bytes)) return undefined;
    return { meta, bytes };
  } catch {
    return undefined;
  }
}

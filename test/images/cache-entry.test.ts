import { describe, expect, it } from "vitest";
import { decodeEntry, encodeEntry } from "../../src/images/cache-entry.js";

const meta = { width: 800, height: 538, format: "jpeg" };
const image = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) & 0xff));

describe("a cache entry", () => {
  it("reads back what was written", () => {
    expect(decodeEntry(encodeEntry(meta, image))).toEqual({ meta, bytes: image });
  });

  it("is a miss when its image bytes are cut, zeroed or changed after the header (a power cut before the data reached the disk)", () => {
    const file = encodeEntry(meta, image);
    expect(decodeEntry(file.subarray(0, file.length - 100))).toBeUndefined();
    const zeroed = Buffer.from(file);
    zeroed.fill(0, file.length - 1024);
    expect(decodeEntry(zeroed)).toBeUndefined();
    const flipped = Buffer.from(file);
    flipped[file.length - 1] ^= 1;
    expect(decodeEntry(flipped)).toBeUndefined();
  });

  it("is a miss when the header is not one, and an entry from before the checksum is read as it is", () => {
    expect(decodeEntry(Buffer.from("not an entry"))).toBeUndefined();
    const json = Buffer.from(JSON.stringify(meta));
    const length = Buffer.alloc(4);
    length.writeUInt32BE(json.length);
    const older = Buffer.concat([Buffer.from("VCI1"), length, json, image]);
    expect(decodeEntry(older)).toEqual({ meta, bytes: image });
  });
});

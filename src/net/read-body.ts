import { pipeline, type Readable } from "node:stream";
import { createBrotliDecompress, createGunzip, createInflate } from "node:zlib";

export interface BodyRead {
  bytes: Buffer;
  /** The body went past the limit: `bytes` holds the first `limit` bytes and the stream is destroyed. */
  overflow: boolean;
}

/** Codings we advertise in accept-encoding and therefore must decode. */
export const ACCEPT_ENCODING = "gzip, deflate, br";

/** Destroys a body we will not read; undici reports that as an error nobody needs to hear. */
export function discard(stream: Readable): void {
  stream.on("error", () => {});
  stream.destroy();
}

function decoderFor(coding: string): NodeJS.ReadWriteStream {
  switch (coding) {
    case "gzip":
    case "x-gzip":
      return createGunzip();
    case "deflate":
      return createInflate();
    case "br":
      return createBrotliDecompress();
    default:
      throw Object.assign(new Error(`unsupported content-encoding "${coding}"`), { code: "Z_UNSUPPORTED" });
  }
}

/** Reads and decodes a body, keeping at most `limit` decoded bytes in memory. */
export async function readBody(body: Readable, contentEncoding: string | undefined, limit: number): Promise<BodyRead> {
  const codings = (contentEncoding ?? "")
    .split(",")
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== "" && c !== "identity")
    .reverse();
  if (codings.length > 3) {
    discard(body);
    throw Object.assign(new Error("too many content-encodings"), { code: "Z_UNSUPPORTED" });
  }
  let source: Readable = body;
  if (codings.length > 0) {
    let decoders: NodeJS.ReadWriteStream[];
    try {
      decoders = codings.map(decoderFor);
    } catch (err) {
      discard(body);
      throw err;
    }
    // Errors reach the consumer through the last stream; the callback only silences them here.
    source = pipeline([body, ...decoders], () => {}) as unknown as Readable;
  }

  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of source as AsyncIterable<Buffer>) {
    if (total + chunk.length > limit) {
      chunks.push(chunk.subarray(0, limit - total));
      total = limit;
      discard(source);
      discard(body);
      return { bytes: Buffer.concat(chunks, total), overflow: true };
    }
    chunks.push(chunk);
    total += chunk.length;
  }
  return { bytes: Buffer.concat(chunks, total), overflow: false };
}

export function decodeText(bytes: Buffer): string {
  // TextDecoder drops a leading BOM, which JSON.parse would reject.
  return new TextDecoder("utf-8").decode(bytes);
}

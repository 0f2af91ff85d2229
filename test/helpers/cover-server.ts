/**
 * Pictures in the real shapes of DMM's (pics.dmm.co.jp: 800x538 jackets, 147x200
 * thumbnails ending ps.jpg, 125x125 actress pictures under actjpgs/), each painted so a
 * cut shows its side: the left half blue (a jacket's back), the right half red (its
 * front). The MetaTube and Plex faces' tests fetch their titles' pictures from it.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import sharp from "sharp";

/** A JPEG: its left half blue (a jacket's back), its right half red (its front). */
export async function paintedJpeg(width: number, height: number, quality = 95): Promise<Buffer> {
  const left = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: "#0000ff" } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: "#ff0000" } })
    .composite([{ input: left, left: 0, top: 0 }])
    .jpeg({ quality })
    .toBuffer();
}

export interface CoverServer {
  server: Server;
  base: string;
  /** The paths asked, in order. */
  requests: string[];
}

/** A local server answering every path with the picture of its shape (thumbnail, actress, else jacket). */
export async function coverServer(): Promise<CoverServer> {
  const shapes = { jacket: await paintedJpeg(800, 538), thumb: await paintedJpeg(147, 200), actress: await paintedJpeg(125, 125) };
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? "/";
    requests.push(path);
    const body = /ps\.jpg$/.test(path) ? shapes.thumb : /actjpgs/.test(path) ? shapes.actress : shapes.jacket;
    res.writeHead(200, { "content-type": "image/jpeg", "content-length": body.length });
    res.end(body);
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests };
}

// Reading the mock's PNGs back, as an image decoder would: signature, chunks and their CRCs, IHDR,
// the IDAT zlib stream inflated.
import { crc32, inflateSync } from 'node:zlib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface Png {
  width: number;
  height: number;
  bitDepth: number;
  colourType: number;
  interlace: number;
  /** Chunk types in order. */
  chunks: string[];
  /** The inflated IDAT data: the scanlines, each a filter byte then 3 × width bytes. */
  scanlines: Buffer;
}

export function readPng(bytes: Uint8Array): Png {
  const buf = Buffer.from(bytes);
  if (!SIGNATURE.every((b, i) => buf[i] === b)) throw new Error('no PNG signature');
  const chunks: string[] = [];
  const idat: Buffer[] = [];
  let header: Buffer | undefined;
  let at = 8;
  while (at < buf.length) {
    const length = buf.readUInt32BE(at);
    const type = buf.toString('latin1', at + 4, at + 8);
    const data = buf.subarray(at + 8, at + 8 + length);
    const crc = buf.readUInt32BE(at + 8 + length);
    if (crc32(buf.subarray(at + 4, at + 8 + length)) !== crc) throw new Error(`bad CRC in ${type}`);
    chunks.push(type);
    if (type === 'IHDR') header = data;
    if (type === 'IDAT') idat.push(data);
    at += 12 + length;
  }
  if (header === undefined) throw new Error('no IHDR');
  return {
    width: header.readUInt32BE(0),
    height: header.readUInt32BE(4),
    bitDepth: header[8] ?? -1,
    colourType: header[9] ?? -1,
    interlace: header[12] ?? -1,
    chunks,
    scanlines: inflateSync(Buffer.concat(idat)),
  };
}

/** The RGB of pixel (x, y). */
export function pixel(png: Png, x: number, y: number): [number, number, number] {
  const at = y * (1 + 3 * png.width) + 1 + 3 * x;
  return [png.scanlines[at] ?? -1, png.scanlines[at + 1] ?? -1, png.scanlines[at + 2] ?? -1];
}

/** Every image URL an article names: its body's `<img src>` and its feature image. */
export function imageUrlsOf(article: {
  html: string;
  feature_image: { url: string } | null;
}): string[] {
  const inBody = [...article.html.matchAll(/<img [^>]*\bsrc="([^"]+)"/g)].map((m) => m[1] ?? '');
  return article.feature_image ? [article.feature_image.url, ...inBody] : inBody;
}

import { createRandom } from '../data/random.js';

// The demo images the mock serves itself (`/images/<seed>/<w>x<h>.png`): a PNG written here, with
// no image library. 8-bit RGB, no interlacing, one IDAT chunk whose zlib stream comes from the
// web-standard CompressionStream('deflate'), every scanline with filter 0 (None). PNG: RFC 2083,
// https://www.w3.org/TR/png-3/.

const SIGNATURE = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);

/** CRC-32 (ISO 3309, the one PNG and zlib use), a byte at a time from a 256-entry table. */
const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++)
    c = (CRC_TABLE[(c ^ (bytes[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** One chunk: length, type, data, CRC of type and data. */
function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out, 4, 8 + data.length));
  return out;
}

/** A zlib stream (RFC 1950) of `bytes`, as PNG's IDAT holds it. */
async function zlib(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A PNG of `width` × `height` 8-bit RGB pixels; `scanlines` holds the rows, each a filter byte
 * then 3 × width bytes (h × (1 + 3w) bytes in all).
 */
export async function encodePng(
  width: number,
  height: number,
  scanlines: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array> {
  if (scanlines.length !== height * (1 + 3 * width))
    throw new Error(`encodePng: ${scanlines.length} bytes of scanlines for ${width}×${height}`);
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 2, 0, 0, 0], 8); // bit depth 8, colour type 2 (RGB), deflate, filter 0, no interlace
  const parts = [
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', await zlib(scanlines)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

type Rgb = [number, number, number];

/** HSL (hue in degrees, saturation and lightness 0..1) to 8-bit RGB. */
function hsl(hue: number, s: number, l: number): Rgb {
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => {
    const k = (n + hue / 30) % 12;
    return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))));
  };
  return [f(0), f(8), f(4)];
}

/** The two colours of a seed's gradient: a light one and a darker one of another hue. */
export function seedColours(seed: string): [Rgb, Rgb] {
  const random = createRandom(`image:${seed}`);
  const hue = random() * 360;
  const other = hue + 60 + random() * 120;
  return [hsl(hue, 0.55 + random() * 0.3, 0.6 + random() * 0.15), hsl(other, 0.6, 0.3)];
}

/**
 * The demo image of a seed: a diagonal gradient from the seed's first colour (top left) to its
 * second (bottom right). The same seed and size always give the same bytes.
 */
export function gradientPng(seed: string, width: number, height: number): Promise<Uint8Array> {
  const [from, to] = seedColours(seed);
  // Pixel (x, y) has the colour of diagonal x + y, so each row is a window on one strip.
  const diagonals = width + height - 1;
  const strip = new Uint8Array(diagonals * 3);
  for (let d = 0; d < diagonals; d++) {
    const t = diagonals === 1 ? 0 : d / (diagonals - 1);
    for (let c = 0; c < 3; c++)
      strip[d * 3 + c] = Math.round(
        (from[c] as number) + ((to[c] as number) - (from[c] as number)) * t,
      );
  }
  const row = 1 + 3 * width;
  const scanlines = new Uint8Array(height * row); // filter byte 0 (None) on every row
  for (let y = 0; y < height; y++)
    scanlines.set(strip.subarray(y * 3, (y + width) * 3), y * row + 1);
  return encodePng(width, height, scanlines);
}

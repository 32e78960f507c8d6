/**
 * Draws the Stabile icon (a condominium building on the brand colour) and writes the PNG icons of the
 * PWA manifest into public/icons. Run with `node --import tsx scripts/generate-icons.ts` after changing
 * the drawing; the PNGs are committed. No image library needed: a tiny rasteriser plus zlib.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

type Rgba = [number, number, number, number];
interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  color: Rgba;
}

const BRAND: Rgba = [28, 110, 140, 255];
const WHITE: Rgba = [255, 255, 255, 255];

/** The drawing on a 100x100 grid; `safe` shrinks it into the maskable icon's safe zone. */
function shapes(): Rect[] {
  const rects: Rect[] = [
    { x: 24, y: 22, w: 52, h: 60, color: WHITE }, // building
    { x: 20, y: 18, w: 60, h: 6, color: WHITE }, // roof
  ];
  for (const row of [0, 1, 2]) {
    for (const col of [0, 1, 2]) {
      rects.push({ x: 31 + col * 14, y: 30 + row * 13, w: 8, h: 8, color: BRAND });
    }
  }
  rects.push({ x: 44, y: 68, w: 12, h: 14, color: BRAND }); // door
  return rects;
}

function draw(size: number, { rounded, scale }: { rounded: boolean; scale: number }): Buffer {
  const pixels = Buffer.alloc(size * size * 4);
  const radius = rounded ? size * 0.18 : 0;
  const insideRounded = (x: number, y: number) => {
    if (!rounded) return true;
    const cx = Math.min(Math.max(x, radius), size - radius);
    const cy = Math.min(Math.max(y, radius), size - radius);
    return (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
  };
  const unit = (size / 100) * scale;
  const offset = (size - 100 * unit) / 2;
  const rects = shapes();
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let color: Rgba = insideRounded(x + 0.5, y + 0.5) ? BRAND : [0, 0, 0, 0];
      if (color[3] > 0) {
        const gx = (x + 0.5 - offset) / unit;
        const gy = (y + 0.5 - offset) / unit;
        for (const r of rects) {
          if (gx >= r.x && gx < r.x + r.w && gy >= r.y && gy < r.y + r.h) color = r.color;
        }
      }
      pixels.set(color, (y * size + x) * 4);
    }
  }
  return encodePng(size, pixels);
}

function crc32(buffer: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of buffer) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function encodePng(size: number, rgba: Buffer): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc((size * 4 + 1) * size);
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function svg(): string {
  const body = shapes()
    .map(
      (r) =>
        `<rect x="${r.x}" y="${r.y}" width="${r.w}" height="${r.h}" fill="rgb(${r.color.slice(0, 3).join(',')})"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100" role="img" aria-label="Stabile"><title>Stabile</title><rect width="100" height="100" rx="18" fill="rgb(${BRAND.slice(0, 3).join(',')})"/>${body}</svg>\n`;
}

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../public/icons');
writeFileSync(path.join(outDir, 'icon-192.png'), draw(192, { rounded: true, scale: 1 }));
writeFileSync(path.join(outDir, 'icon-512.png'), draw(512, { rounded: true, scale: 1 }));
// Maskable: full-bleed background, drawing inside the 80% safe zone.
writeFileSync(path.join(outDir, 'icon-maskable-512.png'), draw(512, { rounded: false, scale: 0.72 }));
writeFileSync(path.join(outDir, 'apple-touch-icon.png'), draw(180, { rounded: false, scale: 0.85 }));
writeFileSync(path.join(outDir, 'icon.svg'), svg());

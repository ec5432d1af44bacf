/**
 * Draws the check-in app's icons as PNG files (no image tools or downloads needed):
 * a white check mark on Rollbook blue. Run from the repository root:
 *   node apps/web/src/features/checkin/tools/draw-icons.mjs
 * Output: apps/web/public/icons/*.png (committed).
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../../public/icons");
const BLUE = [25, 113, 194]; // Mantine blue-8, the app's primary colour
const WHITE = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** RGBA pixels to a PNG file (8-bit, colour type 6, no filtering). */
function png(size, rgba) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", zlib.deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function distToSegment(px, py, [ax, ay], [bx, by]) {
  const dx = bx - ax;
  const dy = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
}

/**
 * One icon, in unit coordinates (0..1). `radius`: corner rounding of the background (0 for a
 * full-bleed square); `scale`: size of the check mark (maskable icons keep it in the safe zone).
 */
function draw(size, { radius, scale }) {
  const rgba = Buffer.alloc(size * size * 4);
  const c = 0.5;
  const pts = [
    [0.27, 0.53],
    [0.43, 0.69],
    [0.74, 0.35],
  ].map(([x, y]) => [c + (x - c) * scale, c + (y - c) * scale]);
  const stroke = 0.065 * scale;
  const SS = 4; // 4x4 supersampling for smooth edges
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let bg = 0;
      let fg = 0;
      for (let sy = 0; sy < SS; sy++) {
        for (let sx = 0; sx < SS; sx++) {
          const u = (x + (sx + 0.5) / SS) / size;
          const v = (y + (sy + 0.5) / SS) / size;
          const qx = Math.max(Math.abs(u - c) - (0.5 - radius), 0);
          const qy = Math.max(Math.abs(v - c) - (0.5 - radius), 0);
          if (Math.hypot(qx, qy) > radius) continue;
          bg++;
          const d = Math.min(distToSegment(u, v, pts[0], pts[1]), distToSegment(u, v, pts[1], pts[2]));
          if (d <= stroke) fg++;
        }
      }
      const n = SS * SS;
      const a = fg / Math.max(bg, 1);
      const i = (y * size + x) * 4;
      for (let k = 0; k < 3; k++) rgba[i + k] = Math.round(BLUE[k] * (1 - a) + WHITE[k] * a);
      rgba[i + 3] = Math.round((255 * bg) / n);
    }
  }
  return png(size, rgba);
}

const ICONS = [
  ["icon-192.png", 192, { radius: 0.18, scale: 1 }],
  ["icon-512.png", 512, { radius: 0.18, scale: 1 }],
  // maskable: full bleed, the mark inside the central 80 % safe zone
  ["icon-maskable-512.png", 512, { radius: 0, scale: 0.75 }],
  // iOS rounds the corners itself and wants no transparency
  ["apple-touch-icon.png", 180, { radius: 0, scale: 0.9 }],
  ["favicon-32.png", 32, { radius: 0.18, scale: 1.1 }],
];

fs.mkdirSync(OUT, { recursive: true });
for (const [name, size, opts] of ICONS) {
  const file = path.join(OUT, name);
  fs.writeFileSync(file, draw(size, opts));
  console.log(`${file} ${size}x${size}`);
}

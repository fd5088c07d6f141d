// Draws the add-in icons (assets/icon-{16,32,64,80,128}.png) without any image library:
// a green rounded tile with a white ledger sheet (ruled rows and a column divider).
// Run: node scripts/make-icons.mjs — the PNGs are committed; rerun only to change the design.
import { deflateSync } from "node:zlib";
import { writeFileSync, mkdirSync } from "node:fs";

const SIZES = [16, 32, 64, 80, 128];
const GREEN = [16, 124, 65]; // Excel's brand green (#107C41)
const WHITE = [255, 255, 255];
const RULE = [16, 124, 65];

function crc32(buf) {
  let c;
  let crc = 0xffffffff;
  for (const byte of buf) {
    c = (crc ^ byte) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0; // filter: none
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]);
  return Buffer.concat([
    signature,
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** Signed distance to a rounded rectangle centred at (cx, cy); negative inside. */
function roundedRect(x, y, cx, cy, hw, hh, r) {
  const qx = Math.abs(x - cx) - hw + r;
  const qy = Math.abs(y - cy) - hh + r;
  return Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - r;
}

/** Colour of the design at a point in unit coordinates (0..1), or null when transparent. */
function shade(u, v) {
  if (roundedRect(u, v, 0.5, 0.5, 0.5, 0.5, 0.18) > 0) return null;
  // The sheet: a white card inset in the tile.
  if (roundedRect(u, v, 0.5, 0.52, 0.3, 0.34, 0.05) > 0) return GREEN;
  const rows = [0.36, 0.52, 0.68];
  const ruleHalf = 0.028;
  if (rows.some((r) => Math.abs(v - r) < ruleHalf)) return RULE;
  if (Math.abs(u - 0.44) < ruleHalf && v > 0.22) return RULE;
  return WHITE;
}

function render(size) {
  const samples = 4; // supersampling per axis for smooth edges
  const out = Buffer.alloc(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const c = shade((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          if (c) {
            r += c[0];
            g += c[1];
            b += c[2];
            a += 1;
          }
        }
      }
      const i = (y * size + x) * 4;
      if (a > 0) {
        out[i] = Math.round(r / a);
        out[i + 1] = Math.round(g / a);
        out[i + 2] = Math.round(b / a);
        out[i + 3] = Math.round((255 * a) / (samples * samples));
      }
    }
  }
  return png(size, out);
}

mkdirSync(new URL("../assets/", import.meta.url), { recursive: true });
for (const size of SIZES) {
  writeFileSync(new URL(`../assets/icon-${size}.png`, import.meta.url), render(size));
}
console.log(`Wrote ${SIZES.map((s) => `icon-${s}.png`).join(", ")} to assets/`);

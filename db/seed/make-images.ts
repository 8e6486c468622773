// Draws the seed images (flat illustrations of container homes, interiors and commercial units)
// as SVG and writes them as WebP with a manifest of their sizes. Deterministic: the same file
// name always gives the same picture. Run: npx tsx db/seed/make-images.ts
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";

const here = dirname(fileURLToPath(import.meta.url));
const W = 1200;
const H = 800;

function random(seedText: string) {
  let h = 2166136261;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: T[]) => list[Math.floor(r() * list.length)]!;
const containerColors = [
  "#1f4e79",
  "#b23a2e",
  "#2f6f4e",
  "#d98e04",
  "#4a4a4a",
  "#7a2e52",
  "#2c7a7b",
  "#8c5a2b",
  "#e8e3d9",
];
const skies: [string, string][] = [
  ["#8ec5ff", "#e3f2ff"],
  ["#ffb86b", "#ffe7c7"],
  ["#6fa8dc", "#d6e9f8"],
  ["#f6a5a5", "#fde3cf"],
];

function container(x: number, y: number, w: number, h: number, color: string, r: () => number): string {
  const ribs = Array.from(
    { length: Math.floor(w / 18) },
    (_, i) => `<rect x="${x + 8 + i * 18}" y="${y + 6}" width="7" height="${h - 12}" fill="#000" opacity="0.10"/>`,
  ).join("");
  const windows = Array.from({ length: 1 + Math.floor(r() * 3) }, (_, i) => {
    const ww = 70 + r() * 60;
    const wx = x + 30 + i * (w / 3.2);
    if (wx + ww > x + w - 20) return "";
    return `<rect x="${wx}" y="${y + h * 0.22}" width="${ww}" height="${h * 0.45}" rx="4" fill="#cfe8f7" stroke="#263238" stroke-width="6"/><line x1="${wx + ww / 2}" y1="${y + h * 0.22}" x2="${wx + ww / 2}" y2="${y + h * 0.67}" stroke="#263238" stroke-width="4"/>`;
  }).join("");
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${color}"/>${ribs}<rect x="${x}" y="${y}" width="${w}" height="10" fill="#000" opacity="0.2"/>${windows}`;
}

function exterior(r: () => number, commercial = false): string {
  const [sky1, sky2] = pick(r, skies);
  const ground = pick(r, ["#7fb069", "#a3b86c", "#c9b27c", "#8aa35a"]);
  const units = commercial ? 2 + Math.floor(r() * 3) : 1 + Math.floor(r() * 3);
  const stacked = r() > 0.5;
  let shapes = "";
  const baseY = 560;
  const cw = 420 + r() * 120;
  const ch = 150;
  for (let i = 0; i < units; i++) {
    const level = stacked ? i % 2 : 0;
    const col = stacked ? Math.floor(i / 2) : i;
    const x = 140 + col * (cw * 0.55) + level * 80;
    const y = baseY - ch - level * ch;
    shapes += container(x, y, cw, ch, pick(r, containerColors), r);
  }
  const door = `<rect x="${240 + r() * 200}" y="${baseY - 120}" width="60" height="112" fill="#5d4037"/>`;
  const deck =
    r() > 0.4
      ? `<rect x="90" y="${baseY - 8}" width="${560 + r() * 300}" height="22" fill="#a1887f"/><rect x="90" y="${baseY - 60}" width="8" height="52" fill="#8d6e63"/>`
      : "";
  const trees = Array.from({ length: 2 + Math.floor(r() * 4) }, () => {
    const tx = r() > 0.5 ? 40 + r() * 80 : 980 + r() * 180;
    const th = 120 + r() * 140;
    return `<rect x="${tx - 8}" y="${baseY - th * 0.4}" width="16" height="${th * 0.4 + 20}" fill="#6d4c41"/><circle cx="${tx}" cy="${baseY - th * 0.55}" r="${th * 0.35}" fill="${pick(r, ["#2e7d32", "#388e3c", "#558b2f", "#33691e"])}"/>`;
  }).join("");
  const sign = commercial
    ? `<rect x="${200 + r() * 300}" y="${baseY - ch - 70}" width="260" height="50" rx="6" fill="#263238"/><rect x="${220 + r() * 300}" y="${baseY - ch - 58}" width="180" height="10" rx="5" fill="#ffca28"/>`
    : "";
  const sun = `<circle cx="${850 + r() * 250}" cy="${110 + r() * 80}" r="${40 + r() * 25}" fill="#fff4c2"/>`;
  const hills = `<path d="M0 ${420 + r() * 40} Q ${300 + r() * 200} ${330 + r() * 60} 700 ${420 + r() * 30} T 1200 ${400 + r() * 40} V 800 H 0 Z" fill="${ground}" opacity="0.55"/>`;
  return `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky1}"/><stop offset="1" stop-color="${sky2}"/></linearGradient></defs><rect width="${W}" height="${H}" fill="url(#sky)"/>${sun}${hills}<rect y="${baseY}" width="${W}" height="${H - baseY}" fill="${ground}"/>${trees}${shapes}${door}${deck}${sign}`;
}

function interior(r: () => number): string {
  const wall = pick(r, ["#f5f0e6", "#e8eef2", "#f3e5d8", "#e6efe6", "#fafafa"]);
  const floor = pick(r, ["#c8a27a", "#b08968", "#d7b98e", "#9c7c5b"]);
  const planks = Array.from(
    { length: 14 },
    (_, i) =>
      `<line x1="${i * 90}" y1="560" x2="${i * 90 - 120}" y2="800" stroke="#000" opacity="0.12" stroke-width="3"/>`,
  ).join("");
  const wx = 120 + r() * 500;
  const window = `<rect x="${wx}" y="140" width="${280 + r() * 120}" height="230" fill="#bfe3f7" stroke="#37474f" stroke-width="10"/><rect x="${wx}" y="330" width="${280}" height="40" fill="#7fb069" opacity="0.6"/>`;
  const kind = pick(r, ["living", "bedroom", "kitchen", "office"]);
  let furniture = "";
  const c = pick(r, ["#455a64", "#8d6e63", "#5c6bc0", "#26a69a", "#ef6c00"]);
  if (kind === "living")
    furniture = `<rect x="620" y="470" width="420" height="110" rx="20" fill="${c}"/><rect x="600" y="430" width="460" height="70" rx="20" fill="${c}" opacity="0.85"/><rect x="380" y="560" width="200" height="20" fill="#6d4c41"/>`;
  if (kind === "bedroom")
    furniture = `<rect x="560" y="470" width="520" height="130" rx="10" fill="#eceff1"/><rect x="560" y="420" width="40" height="180" fill="#6d4c41"/><rect x="640" y="480" width="150" height="40" rx="12" fill="${c}"/><rect x="560" y="520" width="520" height="80" fill="${c}" opacity="0.7"/>`;
  if (kind === "kitchen")
    furniture = `<rect x="520" y="440" width="640" height="140" fill="${c}"/><rect x="520" y="425" width="640" height="20" fill="#cfd8dc"/><rect x="560" y="200" width="560" height="110" fill="${c}" opacity="0.8"/><circle cx="760" cy="410" r="16" fill="#b0bec5"/>`;
  if (kind === "office")
    furniture = `<rect x="560" y="450" width="480" height="24" fill="#6d4c41"/><rect x="580" y="474" width="16" height="110" fill="#5d4037"/><rect x="1000" y="474" width="16" height="110" fill="#5d4037"/><rect x="720" y="330" width="200" height="120" rx="6" fill="#263238"/><rect x="640" y="500" width="90" height="90" rx="10" fill="${c}"/>`;
  const lamp = `<line x1="${300 + r() * 600}" y1="0" x2="${300 + r() * 600}" y2="90" stroke="#37474f" stroke-width="4"/>`;
  const plant = `<rect x="80" y="480" width="70" height="90" fill="#8d6e63"/><circle cx="115" cy="450" r="55" fill="#43a047"/>`;
  const ribs = Array.from(
    { length: 30 },
    (_, i) => `<rect x="${i * 40}" y="0" width="14" height="560" fill="#000" opacity="0.025"/>`,
  ).join("");
  return `<rect width="${W}" height="560" fill="${wall}"/>${ribs}<rect y="560" width="${W}" height="240" fill="${floor}"/>${planks}${window}${lamp}${furniture}${plant}`;
}

async function draw(file: string) {
  const r = random(file);
  const lower = file.toLowerCase();
  const isInterior = /interior|kitchen|bedroom|living|loft|bath|office-inside|inside/.test(lower);
  const isCommercial =
    /commercial|office|cafe|shop|retail|workshop|industrial|restaurant|bar|storage|warehouse|clinic|studio-office/.test(
      lower,
    );
  const body = isInterior ? interior(r) : exterior(r, isCommercial);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
  await sharp(Buffer.from(svg))
    .webp({ quality: 72 })
    .toFile(join(here, "images", file));
}

const referenced = new Set<string>();
for (const source of ["products.ts", "gallery.ts", "blog.ts"]) {
  for (const match of readFileSync(join(here, "content", source), "utf8").matchAll(/["'`]([a-z0-9-]+\.webp)["'`]/g)) {
    referenced.add(match[1]!);
  }
}
referenced.add("og-image.webp");
const manifest: Record<string, { width: number; height: number }> = {};
for (const file of [...referenced].sort()) {
  await draw(file);
  manifest[file] = { width: W, height: H };
}
writeFileSync(join(here, "images", "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`wrote ${referenced.size} images`);

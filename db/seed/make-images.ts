// Renders the seed pictures offline and writes them, with their responsive variants, to
// db/seed/images (committed): a product's three pictures are three views (front three-quarter,
// the other side at golden hour, dusk with the lights on) of ONE parametric building made from the
// product's specs, so they always show the same home; gallery and blog pictures are buildings and
// interiors of their subject; plus the home page's hero and the social preview picture.
// The seed only copies these files into the media table, so seeding stays fast.
// Run: npx tsx db/seed/make-images.ts   (about two minutes: AVIF encoding is slow)
import { writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import sharp from "sharp";
import { VARIANT_FORMATS, variantId, variantWidths } from "../../contracts/src/media";
import { seedBlogPosts } from "./content/blog";
import { seedGallery } from "./content/gallery";
import { seedProducts } from "./content/products";
import type { SeedProduct } from "./content/types";
import { type BuildingSpec, renderBuilding, type Setting, type TimeOfDay } from "./render/building";
import { type RoomKind, renderRoom } from "./render/interior";

const here = dirname(fileURLToPath(import.meta.url));
const out = join(here, "images");
const W = 1200;
const H = 800;

/** The look of each product's building; size, containers and floors come from its specs. */
const looks: Record<string, Partial<BuildingSpec> & { setting: Setting }> = {
  cleveland: {
    color: "#e9e5dc",
    deck: "front",
    windows: 1,
    roof: "flat",
    door: "glass",
    glassEnd: true,
    setting: "hill-country",
  },
  abilene: {
    color: "#8c3a2b",
    deck: "none",
    windows: 2,
    roof: "shed",
    door: "glass",
    miniSplit: true,
    setting: "desert",
  },
  marfa: {
    color: "#c9b79c",
    deck: "front",
    windows: 2,
    roof: "pergola",
    door: "sliding",
    solar: true,
    setting: "desert",
  },
  dallas: {
    color: "#2f4a5e",
    deck: "front",
    windows: 3,
    roof: "flat",
    door: "sliding",
    miniSplit: true,
    setting: "town",
  },
  austin: {
    color: "#30363b",
    deck: "front",
    windows: 3,
    roof: "pergola",
    door: "sliding",
    glassEnd: true,
    setting: "hill-country",
  },
  "big-bend": { color: "#b5733f", deck: "none", windows: 3, roof: "shed", door: "sliding", setting: "desert" },
  guadalupe: {
    color: "#4d6b57",
    deck: "wrap",
    windows: 3,
    roof: "flat",
    door: "sliding",
    glassEnd: true,
    setting: "lake",
  },
  "houston-duplex": {
    color: "#f0efe9",
    deck: "none",
    windows: 2,
    roof: "shed",
    door: "glass",
    gap: 6,
    setting: "town",
  },
  "alamo-fourplex": {
    color: "#7a2f2a",
    deck: "none",
    windows: 2,
    roof: "flat",
    door: "glass",
    stair: true,
    setting: "town",
  },
  "foreman-office": {
    color: "#d2a33a",
    deck: "none",
    windows: 2,
    roof: "flat",
    door: "steel",
    securityBars: true,
    setting: "yard",
  },
  "executive-office": {
    color: "#3b4148",
    deck: "front",
    windows: 3,
    roof: "shed",
    door: "glass",
    glassEnd: true,
    sign: true,
    setting: "town",
  },
  "pop-up-cafe": {
    color: "#1f6f78",
    deck: "front",
    windows: 1,
    roof: "flat",
    door: "glass",
    servingWindow: true,
    sign: true,
    setting: "town",
  },
  workshop: { color: "#5b6770", deck: "none", windows: 1, roof: "flat", door: "rollup", setting: "yard" },
};

function lengthOf(p: SeedProduct): 20 | 40 | 53 {
  if (p.category === "20ft-homes") return 20;
  if (p.category === "53ft-homes") return 53;
  const perContainer = (p.specs.sqft ?? 320) / (p.specs.containers ?? 1);
  return perContainer <= 170 ? 20 : 40;
}

export function productModel(p: SeedProduct, stem: string): BuildingSpec & { setting: Setting } {
  const look = looks[stem];
  if (!look) throw new Error(`no look for product images "${stem}": add one to make-images.ts`);
  return {
    length: lengthOf(p),
    containers: p.specs.containers ?? 1,
    floors: p.specs.floors ?? 1,
    color: "#777777",
    deck: "none",
    windows: 2,
    roof: "flat",
    door: "glass",
    ...look,
  };
}

/** The three views of one building. */
const productViews: { azimuth: number; time: TimeOfDay; role: string }[] = [
  { azimuth: 32, time: "day", role: "front three-quarter" },
  { azimuth: -48, time: "golden", role: "side, late afternoon" },
  { azimuth: 12, time: "dusk", role: "front at dusk" },
];

type Job = { file: string; svg: () => string; meta: Record<string, string> };
const jobs: Job[] = [];

for (const product of seedProducts) {
  const stem = /^product-(.+)-1\.webp$/.exec(product.images[0] ?? "")?.[1];
  if (!stem) throw new Error(`${product.name}: first image must be product-<model>-1.webp`);
  const model = productModel(product, stem);
  product.images.forEach((file, i) => {
    if (file !== `product-${stem}-${i + 1}.webp`)
      throw new Error(`${product.name}: images must be product-${stem}-1..n`);
    const view = productViews[i % productViews.length]!;
    jobs.push({
      file,
      svg: () => renderBuilding(model, { ...view, setting: model.setting, width: W, height: H, seed: `${stem}-${i}` }),
      meta: { model: stem, view: view.role },
    });
  });
}

type Scene =
  | { building: BuildingSpec; setting: Setting; time: TimeOfDay; azimuth: number }
  | { room: RoomKind; accent: string };
const base: BuildingSpec = {
  length: 40,
  containers: 1,
  floors: 1,
  color: "#555",
  deck: "none",
  windows: 2,
  roof: "flat",
  door: "glass",
};
const scenes: Record<string, Scene> = {
  "gallery-hill-country-retreat": {
    building: { ...base, color: "#3d4a3f", deck: "front", windows: 3, roof: "pergola", door: "sliding" },
    setting: "hill-country",
    time: "golden",
    azimuth: 28,
  },
  "gallery-open-plan-living-boerne": { room: "living", accent: "#3f6e75" },
  "gallery-food-park-cafe": {
    building: { ...base, color: "#c0462f", deck: "front", windows: 1, servingWindow: true, sign: true },
    setting: "town",
    time: "day",
    azimuth: -30,
  },
  "gallery-stacked-duplex-houston": {
    building: { ...base, containers: 2, floors: 2, color: "#23303b", windows: 2, roof: "flat", stair: true },
    setting: "town",
    time: "day",
    azimuth: 35,
  },
  "gallery-galley-kitchen": { room: "kitchen", accent: "#2f4a5e" },
  "gallery-job-site-office": {
    building: { ...base, length: 20, color: "#2f6f4e", door: "steel", securityBars: true },
    setting: "yard",
    time: "day",
    azimuth: 30,
  },
  "gallery-desert-studio-marfa": {
    building: { ...base, length: 20, color: "#d8c6a6", deck: "front", windows: 1, roof: "pergola", glassEnd: true },
    setting: "desert",
    time: "dusk",
    azimuth: 20,
  },
  "gallery-lakeside-cabin": {
    building: { ...base, color: "#6b4a33", deck: "wrap", windows: 3, door: "sliding" },
    setting: "lake",
    time: "golden",
    azimuth: -35,
  },
  "gallery-ranch-guest-house": {
    building: { ...base, color: "#8c3a2b", deck: "front", windows: 2, roof: "shed" },
    setting: "hill-country",
    time: "day",
    azimuth: -28,
  },
  "gallery-coastal-getaway": {
    building: { ...base, color: "#e9eef0", deck: "front", windows: 3, door: "sliding", piers: 4 },
    setting: "coast",
    time: "day",
    azimuth: 30,
  },
  "gallery-primary-bedroom": { room: "bedroom", accent: "#7a8f6a" },
  "gallery-home-office-nook": { room: "office", accent: "#c07a3a" },
  "gallery-walk-in-shower": { room: "bath", accent: "#37474f" },
  "gallery-fabrication-workshop": { room: "workshop", accent: "#d2a33a" },
  "gallery-sales-office": {
    building: {
      ...base,
      containers: 2,
      floors: 2,
      color: "#f0efe9",
      windows: 3,
      glassEnd: true,
      sign: true,
      roof: "shed",
    },
    setting: "town",
    time: "golden",
    azimuth: 30,
  },
  "blog-delivery-day": {
    building: { ...base, color: "#1f4e79", piers: 4.5, windows: 0, door: "steel" },
    setting: "yard",
    time: "day",
    azimuth: 40,
  },
  "blog-heat-humidity": {
    building: { ...base, color: "#e9e5dc", windows: 2, roof: "shed", miniSplit: true },
    setting: "hill-country",
    time: "day",
    azimuth: 30,
  },
  "blog-rental-math": {
    building: { ...base, color: "#30363b", deck: "front", windows: 3, roof: "pergola", door: "sliding" },
    setting: "lake",
    time: "dusk",
    azimuth: 18,
  },
  "blog-solar-rainwater": {
    building: { ...base, color: "#4d6b57", windows: 2, solar: true, rainTank: true },
    setting: "hill-country",
    time: "day",
    azimuth: 36,
  },
  "blog-foundations": {
    building: { ...base, color: "#8c5a2b", windows: 2, piers: 3 },
    setting: "hill-country",
    time: "golden",
    azimuth: 34,
  },
  "blog-small-space-design": { room: "living", accent: "#c07a3a" },
  "blog-financing": {
    building: { ...base, length: 53, color: "#2f4a5e", deck: "front", windows: 3, door: "sliding" },
    setting: "town",
    time: "golden",
    azimuth: 26,
  },
  "blog-sustainable-steel": {
    building: { ...base, containers: 6, floors: 2, color: "#b23a2e", windows: 0, door: "steel" },
    setting: "yard",
    time: "day",
    azimuth: 30,
  },
  "blog-texas-permits": {
    building: { ...base, color: "#c9b79c", deck: "front", windows: 2, roof: "shed" },
    setting: "desert",
    time: "day",
    azimuth: -30,
  },
};

const hash = (text: string) => [...text].reduce((h, c) => (h * 31 + c.charCodeAt(0)) >>> 0, 7);
function sceneFor(stem: string): Scene {
  const known = scenes[stem];
  if (known) return known;
  // a picture the table does not know (a new post, say): a building chosen from its name
  const h = hash(stem);
  const colors = ["#1f4e79", "#8c3a2b", "#2f6f4e", "#3b4148", "#c9b79c", "#30363b"];
  return {
    building: {
      ...base,
      color: colors[h % colors.length]!,
      deck: h % 2 ? "front" : "none",
      windows: 1 + (h % 3),
      roof: (["flat", "pergola", "shed"] as const)[h % 3]!,
    },
    setting: (["hill-country", "town", "desert", "lake"] as const)[h % 4]!,
    time: (["day", "golden"] as const)[h % 2]!,
    azimuth: h % 2 ? 30 : -30,
  };
}

const renderScene = (stem: string, scene: Scene, width: number, height: number) =>
  "room" in scene
    ? renderRoom({
        kind: scene.room,
        wall: "#f1ede6",
        floor: "#b8875a",
        accent: scene.accent,
        width,
        height,
        seed: stem,
      })
    : renderBuilding(scene.building, {
        azimuth: scene.azimuth,
        time: scene.time,
        setting: scene.setting,
        width,
        height,
        seed: stem,
      });

for (const file of new Set([...seedGallery.map((g) => g.image), ...seedBlogPosts.map((b) => b.image)])) {
  const stem = file.replace(/\.webp$/, "");
  const scene = sceneFor(stem);
  jobs.push({
    file,
    svg: () => renderScene(stem, scene, W, H),
    meta: { scene: "room" in scene ? scene.room : "exterior" },
  });
}

// The home page's hero: wide enough for a 1440 px screen, the building in the middle so a phone's
// portrait crop still shows it.
export const HERO_FILE = "hero-container-home.webp";
const heroModel = productModel(seedProducts.find((p) => p.images[0] === "product-austin-1.webp")!, "austin");
jobs.push({
  file: HERO_FILE,
  svg: () =>
    renderBuilding(heroModel, {
      azimuth: 22,
      time: "golden",
      setting: "hill-country",
      width: 1600,
      height: 1000,
      fill: 0.5,
      seed: "hero",
    }),
  meta: { model: "austin", view: "hero" },
});

interface Entry {
  width: number;
  height: number;
  /** Variant file names (see contracts/src/media.ts). */
  variants: string[];
  [key: string]: unknown;
}
const manifest: Record<string, Entry> = {};
let bytes = 0;
for (const job of jobs) {
  const png = await sharp(Buffer.from(job.svg())).png().toBuffer();
  const { width, height } = await sharp(png).metadata();
  const original = await sharp(png).webp({ quality: 74 }).toBuffer();
  writeFileSync(join(out, job.file), original);
  bytes += original.length;
  const variants: string[] = [];
  for (const w of variantWidths(width)) {
    const resized = sharp(png).resize({ width: Math.min(w, width!) });
    for (const format of VARIANT_FORMATS) {
      const name = variantId(job.file, w, format);
      // the full-width WebP is the original itself: the same bytes, stored once by git
      const data =
        format === "avif"
          ? await resized.clone().avif({ quality: 48, effort: 4 }).toBuffer()
          : w >= width!
            ? original
            : await resized.clone().webp({ quality: 72 }).toBuffer();
      writeFileSync(join(out, name), data);
      bytes += data.length;
      variants.push(name);
    }
  }
  manifest[job.file] = { width: width!, height: height!, ...job.meta, variants };
  process.stdout.write(".");
}
// the social preview picture (public/og-image.jpg, 1200×630): the hero's building
const og = renderBuilding(heroModel, {
  azimuth: 22,
  time: "golden",
  setting: "hill-country",
  width: 1200,
  height: 630,
  fill: 0.62,
  seed: "hero",
});
writeFileSync(
  join(here, "../../storefront/public/og-image.jpg"),
  await sharp(Buffer.from(og)).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
);
writeFileSync(join(out, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`\nwrote ${jobs.length} pictures with variants, ${(bytes / 1024 / 1024).toFixed(2)} MB`);

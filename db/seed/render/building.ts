// One parametric container building (containers, floors, colour, deck, windows, roof, doors) and the
// outdoor scene around it, drawn by scene.ts. A product's three pictures are three cameras and
// lights on the same BuildingSpec, so they always show the same home.
import {
  add,
  boxFaces,
  type Camera,
  type Face,
  facePoint,
  hex,
  hull,
  type Light,
  mix,
  norm,
  Painter,
  type Rgb,
  random,
  rgb,
  scale,
  shade,
  sub,
  type Vec,
  View,
} from "./scene";

export interface BuildingSpec {
  /** Container length in feet. */
  length: 20 | 40 | 53;
  containers: number;
  floors: number;
  /** Paint colour of the steel, #rrggbb. */
  color: string;
  deck: "none" | "front" | "wrap";
  /** Window openings on each container's long front side. */
  windows: number;
  roof: "flat" | "pergola" | "shed";
  door: "glass" | "sliding" | "steel" | "rollup";
  /** Full-height glass at the right-hand end. */
  glassEnd?: boolean;
  /** A hinged serving hatch with an awning (food service). */
  servingWindow?: boolean;
  securityBars?: boolean;
  solar?: boolean;
  rainTank?: boolean;
  miniSplit?: boolean;
  /** Set on piers (feet above grade) instead of a slab. */
  piers?: number;
  /** Exterior stair and upper walkway (two-storey multi-unit). */
  stair?: boolean;
  /** Feet between containers that stand end to end (a breezeway). */
  gap?: number;
  /** A sign board above the door. */
  sign?: boolean;
}

export type TimeOfDay = "day" | "golden" | "dusk";
export type Setting = "hill-country" | "desert" | "coast" | "lake" | "yard" | "town";
export interface ViewSpec {
  /** Degrees from straight ahead; positive looks from the right. */
  azimuth: number;
  time: TimeOfDay;
  setting: Setting;
  width: number;
  height: number;
  /** Share of the picture's width the building fills. */
  fill?: number;
  seed: string;
}

const HC = 9.5; // high-cube height, feet
const CW = 8; // container width, feet

interface Box {
  a: Vec;
  b: Vec;
  color: Rgb;
  kind: "container" | "wood" | "steel" | "concrete" | "glass";
  /** Index of the container, for its openings. */
  container?: number;
}

interface Layout {
  boxes: Box[];
  containers: { a: Vec; b: Vec; floor: number; index: number }[];
  min: Vec;
  max: Vec;
}

function layout(spec: BuildingSpec): Layout {
  const perFloor = Math.ceil(spec.containers / spec.floors);
  const gap = spec.gap ?? 0;
  const total = perFloor * spec.length + (perFloor - 1) * gap;
  const lift = spec.piers ?? 0;
  const color = hex(spec.color);
  const boxes: Box[] = [];
  const containers: Layout["containers"] = [];
  for (let k = 0; k < spec.containers; k++) {
    const floor = Math.floor(k / perFloor);
    const slot = k % perFloor;
    const x0 = -total / 2 + slot * (spec.length + gap);
    const a: Vec = [x0, lift + floor * (HC + 0.05), -CW];
    const b: Vec = [x0 + spec.length, lift + floor * (HC + 0.05) + HC, 0];
    containers.push({ a, b, floor, index: k });
    boxes.push({ a, b, color, kind: "container", container: k });
  }
  if (lift > 0) {
    for (let s = 0; s < perFloor; s++) {
      const x0 = -total / 2 + s * (spec.length + gap);
      for (const px of [x0 + 1, x0 + spec.length / 2, x0 + spec.length - 1]) {
        for (const pz of [-CW + 1, -1]) {
          boxes.push({
            a: [px - 0.6, 0, pz - 0.6],
            b: [px + 0.6, lift, pz + 0.6],
            color: hex("#b9b4aa"),
            kind: "concrete",
          });
        }
      }
    }
  }
  if (spec.deck !== "none") {
    const depth = spec.deck === "wrap" ? 10 : 7;
    const over = spec.deck === "wrap" ? 6 : 0;
    boxes.push({
      a: [-total / 2 + (spec.deck === "wrap" ? 0 : total * 0.08), 0, 0],
      b: [total / 2 + over, Math.max(1.1, lift), depth],
      color: hex("#8a6446"),
      kind: "wood",
    });
  }
  if (spec.floors > 1) {
    // upper walkway along the front
    boxes.push({ a: [-total / 2, HC - 0.3, 0], b: [total / 2, HC, 4.5], color: hex("#4a4f55"), kind: "steel" });
  }
  const min: Vec = [-total / 2, 0, -CW];
  const max: Vec = [
    total / 2 + (spec.stair ? 14 : 0),
    lift + spec.floors * HC + (spec.roof === "flat" ? 0 : 1.5),
    spec.deck === "none" ? 0 : 7,
  ];
  return { boxes, containers, min, max };
}

interface Opening {
  s0: number;
  s1: number;
  t0: number;
  t1: number;
  kind: "window" | "door" | "glass" | "rollup" | "serving";
}

/** Openings on a container's long front face, as fractions of its length and height. */
function frontOpenings(spec: BuildingSpec, index: number): Opening[] {
  const L = spec.length;
  const list: Opening[] = [];
  const doorW = spec.door === "sliding" ? 7 : spec.door === "rollup" ? 9 : 3.2;
  const doorAt = index % 2 === 0 ? 0.18 : 0.62;
  const d0 = doorAt;
  const d1 = doorAt + doorW / L;
  const doorTop = spec.door === "rollup" ? 8 / HC : 7 / HC;
  list.push({
    s0: d0,
    s1: d1,
    t0: 0.03,
    t1: doorTop,
    kind: spec.door === "rollup" ? "rollup" : spec.door === "steel" ? "door" : "glass",
  });
  if (spec.servingWindow) list.push({ s0: 0.45, s1: 0.45 + 10 / L, t0: 3.6 / HC, t1: 7.2 / HC, kind: "serving" });
  const free: [number, number][] = [];
  let cursor = 0.06;
  for (const o of [...list].sort((a, b) => a.s0 - b.s0)) {
    if (o.s0 - cursor > 0.08) free.push([cursor, o.s0 - 0.04]);
    cursor = o.s1 + 0.04;
  }
  if (0.94 - cursor > 0.08) free.push([cursor, 0.94]);
  let remaining = spec.windows;
  const span = free.reduce((n, [a, b]) => n + (b - a), 0);
  for (const [a, b] of free) {
    const count = Math.min(remaining, Math.max(0, Math.round((spec.windows * (b - a)) / span)));
    remaining -= count;
    const winW = Math.min(5 / L, ((b - a) / Math.max(count, 1)) * 0.7);
    for (let i = 0; i < count; i++) {
      const c = a + ((i + 0.5) * (b - a)) / count;
      list.push({ s0: c - winW / 2, s1: c + winW / 2, t0: 3.3 / HC, t1: 7 / HC, kind: "window" });
    }
  }
  return list;
}

const frame = "#25292d";

export interface Palette {
  light: Light;
  skyTop: string;
  skyMid: string;
  skyHorizon: string;
  haze: string;
  grassNear: string;
  grassFar: string;
  sunGlow: string;
  night: boolean;
}

/** The sky and light of each time of day; the grass comes from the setting (darkened at dusk). */
const SKIES: Record<TimeOfDay, Omit<Palette, "grassNear" | "grassFar">> = {
  dusk: {
    light: { sun: norm([0.8, 0.15, 0.5]), ambient: 0.42, diffuse: 0.35, tint: [0.78, 0.72, 0.9] },
    skyTop: "#1c2547",
    skyMid: "#5d4a7a",
    skyHorizon: "#f0a066",
    haze: "#b47a78",
    sunGlow: "#ffb46b",
    night: true,
  },
  golden: {
    light: { sun: norm([-0.75, 0.35, 0.55]), ambient: 0.5, diffuse: 0.75, tint: [1.08, 0.93, 0.78] },
    skyTop: "#5a86c0",
    skyMid: "#a9c0d8",
    skyHorizon: "#f5d3a2",
    haze: "#d9c3a6",
    sunGlow: "#ffd59a",
    night: false,
  },
  day: {
    light: { sun: norm([-0.45, 0.8, 0.55]), ambient: 0.55, diffuse: 0.62, tint: [1, 1, 0.98] },
    skyTop: "#3d78bd",
    skyMid: "#86b3dc",
    skyHorizon: "#dcebf3",
    haze: "#c5d6df",
    sunGlow: "#fff6d8",
    night: false,
  },
};

export function palette(time: TimeOfDay, setting: Setting): Palette {
  const dry = setting === "desert";
  const sand = setting === "coast";
  const grassNear = dry ? "#a88d62" : sand ? "#c9b98f" : setting === "yard" ? "#8c8574" : "#5f7d3a";
  const grassFar = dry ? "#c7ad7e" : sand ? "#d8cba3" : setting === "yard" ? "#a49d8b" : "#8ea25b";
  if (time === "dusk") {
    return {
      ...SKIES.dusk,
      grassNear: mix(hex(grassNear), [20, 24, 40], 0.55).map(Math.round).join(","),
      grassFar: mix(hex(grassFar), [60, 50, 70], 0.45).map(Math.round).join(","),
    };
  }
  return { ...SKIES[time], grassNear, grassFar };
}

const colorOf = (c: string) => (c.startsWith("#") ? c : `rgb(${c})`);

function defs(p: Palette, seed: string) {
  const r = random(seed);
  return `<defs>
<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.skyTop}"/><stop offset="0.55" stop-color="${p.skyMid}"/><stop offset="1" stop-color="${p.skyHorizon}"/></linearGradient>
<linearGradient id="ground" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${colorOf(p.grassFar)}"/><stop offset="1" stop-color="${colorOf(p.grassNear)}"/></linearGradient>
<linearGradient id="glass" x1="0" y1="0" x2="0.3" y2="1"><stop offset="0" stop-color="#dbe9f2"/><stop offset="0.45" stop-color="#8aa3b5"/><stop offset="0.5" stop-color="#4c5d6b"/><stop offset="1" stop-color="#2a333b"/></linearGradient>
<linearGradient id="lit" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffe2a8"/><stop offset="1" stop-color="#f2a654"/></linearGradient>
<linearGradient id="dark" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1a1d20"/><stop offset="1" stop-color="#3a3d40"/></linearGradient>
<linearGradient id="ao" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#000" stop-opacity="0"/><stop offset="0.8" stop-color="#000" stop-opacity="0.05"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>
<linearGradient id="solar" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#34507a"/><stop offset="1" stop-color="#121d33"/></linearGradient>
<radialGradient id="sun"><stop offset="0" stop-color="${p.sunGlow}" stop-opacity="0.95"/><stop offset="0.2" stop-color="${p.sunGlow}" stop-opacity="0.45"/><stop offset="1" stop-color="${p.sunGlow}" stop-opacity="0"/></radialGradient>
<radialGradient id="glow"><stop offset="0" stop-color="#ffc56e" stop-opacity="0.7"/><stop offset="1" stop-color="#ffc56e" stop-opacity="0"/></radialGradient>
<radialGradient id="leaf" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#8db05a"/><stop offset="0.6" stop-color="#4d6e2c"/><stop offset="1" stop-color="#2c4419"/></radialGradient>
<radialGradient id="leafDusk" cx="0.35" cy="0.3" r="0.75"><stop offset="0" stop-color="#4a5346"/><stop offset="1" stop-color="#1b2220"/></radialGradient>
<filter id="leafy" x="-15%" y="-15%" width="130%" height="130%"><feTurbulence type="fractalNoise" baseFrequency="0.09" numOctaves="2" seed="3" result="n"/><feDisplacementMap in="SourceGraphic" in2="n" scale="14" xChannelSelector="R" yChannelSelector="G" result="d"/><feTurbulence type="fractalNoise" baseFrequency="0.35" numOctaves="1" seed="5" result="speck"/><feColorMatrix in="speck" type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -2.2 1.2" result="dots"/><feComposite in="dots" in2="d" operator="in" result="shadowDots"/><feMerge><feMergeNode in="d"/><feMergeNode in="shadowDots"/></feMerge></filter>
<filter id="soft" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="6"/></filter>
<filter id="softer" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="18"/></filter>
<filter id="cloud" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="14"/></filter>
<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${(0.5 + r() * 0.2).toFixed(2)} ${(1.6 + r() * 0.4).toFixed(2)}" numOctaves="2" seed="${Math.floor(r() * 100)}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -1.6 1.05"/></filter>
</defs>`;
}

function ridge(r: () => number, y: number, amp: number, width: number, height: number, fill: string, opacity = 1) {
  let d = `M0 ${height} L0 ${y}`;
  const steps = 24;
  let h = 0;
  for (let i = 0; i <= steps; i++) {
    h = h * 0.55 + (r() - 0.5) * amp;
    d += ` L${((i / steps) * width).toFixed(0)} ${(y + h - amp * 0.2 * Math.sin(i * 0.7 + r())).toFixed(1)}`;
  }
  return `<path d="${d} L${width} ${height} Z" fill="${fill}" opacity="${opacity}"/>`;
}

/** Sky, sun, clouds and far hills: everything behind the ground plane. */
function backdrop(p: Palette, view: View, spec: ViewSpec, r: () => number) {
  const { width: W, height: H } = spec;
  const hz = view.horizon();
  let out = `<rect width="${W}" height="${H}" fill="url(#sky)"/>`;
  const sunX = p.night ? W * (0.75 + r() * 0.15) : W * (0.1 + r() * 0.25);
  const sunY = p.night ? hz - H * 0.02 : hz - H * (0.35 + r() * 0.15);
  out += `<circle cx="${sunX.toFixed(0)}" cy="${sunY.toFixed(0)}" r="${(H * 0.45).toFixed(0)}" fill="url(#sun)"/>`;
  for (let i = 0; i < 5; i++) {
    const cx = r() * W;
    const cy = hz - H * (0.2 + r() * 0.35);
    const cloud = p.night ? "#e9a98a" : "#ffffff";
    out += `<g filter="url(#cloud)" opacity="${(0.35 + r() * 0.35).toFixed(2)}">${Array.from(
      { length: 4 },
      () =>
        `<ellipse cx="${(cx + (r() - 0.5) * W * 0.18).toFixed(0)}" cy="${(cy + (r() - 0.5) * 20).toFixed(0)}" rx="${(40 + r() * W * 0.08).toFixed(0)}" ry="${(10 + r() * 18).toFixed(0)}" fill="${cloud}"/>`,
    ).join("")}</g>`;
  }
  const far = spec.setting === "desert" ? "#b49a8c" : spec.setting === "coast" ? "#9fb8c4" : "#8fa2a8";
  const mid = spec.setting === "desert" ? "#9a7d66" : spec.setting === "coast" ? "#8aa69c" : "#6c7f5c";
  if (spec.setting === "coast" || spec.setting === "lake") {
    const water = p.night ? "#6a5d80" : "#5d8fb0";
    out += ridge(r, hz - H * 0.03, H * 0.03, W, H, rgb(mix(hex(far), hex(p.haze), 0.4)), 0.8);
    out += `<rect y="${(hz - 3).toFixed(0)}" width="${W}" height="${H * 0.06}" fill="${water}"/>`;
    out += `<rect y="${(hz - 3).toFixed(0)}" width="${W}" height="3" fill="#fff" opacity="0.35"/>`;
  } else {
    out += ridge(r, hz - H * 0.09, H * 0.06, W, H, rgb(mix(hex(far), hex(p.haze), 0.55)), 0.9);
    out += ridge(r, hz - H * 0.04, H * 0.04, W, H, rgb(mix(hex(mid), hex(p.haze), p.night ? 0.6 : 0.3)), 0.95);
  }
  if (spec.setting !== "desert" && spec.setting !== "coast") {
    // a tree line at the horizon: bumps of dark green
    const tone = p.night ? "#2a3130" : spec.setting === "yard" ? "#5c6a4c" : "#46603a";
    let bumps = "";
    for (let x = -20; x < W + 20; x += 14 + r() * 22) {
      bumps += `<ellipse cx="${x.toFixed(0)}" cy="${(hz + 2).toFixed(0)}" rx="${(14 + r() * 26).toFixed(0)}" ry="${(8 + r() * H * 0.03).toFixed(0)}" fill="${tone}"/>`;
    }
    out += `<g opacity="0.9">${bumps}</g>`;
  }
  out += `<rect y="${(hz + 1).toFixed(0)}" width="${W}" height="${(H - hz).toFixed(0)}" fill="url(#ground)"/>`;
  out += `<rect y="${(hz + 1).toFixed(0)}" width="${W}" height="${(H - hz).toFixed(0)}" fill="${p.night ? "#000" : "#3a2a10"}" filter="url(#grain)" opacity="${p.night ? 0.25 : 0.16}"/>`;
  return out;
}

function tree(
  paint: Painter,
  base: Vec,
  heightFt: number,
  r: () => number,
  night: boolean,
  kind: "oak" | "cedar" | "palm",
) {
  const view = paint.view;
  const [bx, by] = view.project(base);
  const [, ty] = view.project(add(base, [0, heightFt, 0]));
  const h = by - ty;
  // a tree close to the lens would hide the building
  if (h < 2 || h > view.camera.height * 0.62 || by > view.camera.height * 0.95) return;
  const trunk = night ? "#231c18" : "#4b3a2b";
  let svg = `<ellipse cx="${bx.toFixed(0)}" cy="${by.toFixed(0)}" rx="${(h * 0.45).toFixed(0)}" ry="${(h * 0.07).toFixed(0)}" fill="#000" opacity="0.22" filter="url(#soft)"/>`;
  if (kind === "palm") {
    svg += `<path d="M${bx} ${by} Q${bx + h * 0.08} ${by - h * 0.5} ${bx + h * 0.03} ${ty}" stroke="${trunk}" stroke-width="${(h * 0.05).toFixed(1)}" fill="none"/>`;
    for (let i = 0; i < 7; i++) {
      const a = (i / 7) * Math.PI * 2;
      const ex = bx + h * 0.03 + Math.cos(a) * h * 0.35;
      const ey = ty + Math.sin(a) * h * 0.12 + h * 0.12;
      svg += `<path d="M${bx + h * 0.03} ${ty} Q${(bx + ex) / 2} ${ty - h * 0.12} ${ex} ${ey}" stroke="${night ? "#1f2a22" : "#3f6b2a"}" stroke-width="${(h * 0.04).toFixed(1)}" fill="none" stroke-linecap="round"/>`;
    }
    paint.add(base, `<g>${svg}</g>`);
    return;
  }
  svg += `<rect x="${(bx - h * 0.03).toFixed(1)}" y="${(by - h * 0.5).toFixed(1)}" width="${(h * 0.06).toFixed(1)}" height="${(h * 0.5).toFixed(1)}" fill="${trunk}"/>`;
  const leaf = night ? "url(#leafDusk)" : "url(#leaf)";
  if (kind === "cedar") {
    svg += `<path d="M${bx} ${ty} L${bx + h * 0.22} ${by - h * 0.12} L${bx - h * 0.22} ${by - h * 0.12} Z" fill="${leaf}"/>`;
  } else {
    const blobs = 12;
    for (let i = 0; i < blobs; i++) {
      const cx = bx + (r() - 0.5) * h * 0.8;
      const cy = ty + h * 0.16 + r() * h * 0.36;
      const rr = h * (0.1 + r() * 0.1);
      svg += `<circle cx="${cx.toFixed(1)}" cy="${cy.toFixed(1)}" r="${rr.toFixed(1)}" fill="${leaf}"/>`;
    }
  }
  paint.add(base, `<g filter="url(#leafy)">${svg}</g>`);
}

function shrubs(paint: Painter, from: Vec, to: Vec, r: () => number, night: boolean) {
  const n = 6 + Math.floor(r() * 5);
  for (let i = 0; i < n; i++) {
    const t = (i + r() * 0.5) / n;
    const p: Vec = [from[0] + (to[0] - from[0]) * t, 0, from[2] + (to[2] - from[2]) * t + (r() - 0.5) * 1.5];
    const [x, y] = paint.view.project(p);
    const s = paint.px(p, 0.9 + r() * 0.8);
    const leaf = night ? "url(#leafDusk)" : "url(#leaf)";
    const flower =
      !night && r() > 0.6
        ? `<circle cx="${(x + s * 0.2).toFixed(1)}" cy="${(y - s * 0.9).toFixed(1)}" r="${(s * 0.12).toFixed(1)}" fill="${r() > 0.5 ? "#c46aa8" : "#e9c046"}"/>`
        : "";
    paint.add(
      p,
      `<g filter="url(#leafy)"><ellipse cx="${x.toFixed(1)}" cy="${(y - s * 0.55).toFixed(1)}" rx="${(s * 1.1).toFixed(1)}" ry="${(s * 0.75).toFixed(1)}" fill="${leaf}"/>${flower}</g>`,
      -0.5,
    );
  }
}

/** The faces of a box facing the camera, lit, with the decoration each face needs. */
function drawBox(paint: Painter, box: Box, spec: BuildingSpec, p: Palette) {
  const view = paint.view;
  const faces = boxFaces(box.a, box.b);
  let svg = "";
  const center = scale(add(box.a, box.b), 0.5);
  for (const [name, face] of Object.entries(faces) as [keyof typeof faces, Face][]) {
    const mid = facePoint(face, 0.5, 0.5);
    if (!view.facing(mid, face.normal)) continue;
    const lit = shade(box.color, face.normal, p.light);
    svg += paint.rect(face, 0, 1, 0, 1, rgb(lit));
    if (box.kind === "container") svg += containerFace(paint, face, name, box, spec, p, lit);
    if (box.kind === "wood" && name === "top") {
      const across = Math.abs(face.v[2]);
      for (let i = 1; i < across / 0.5; i++) {
        svg += paint.line(
          facePoint(face, 0, i / (across / 0.5)),
          facePoint(face, 1, i / (across / 0.5)),
          "rgba(40,20,5,0.28)",
          1,
        );
      }
    }
    if (box.kind === "wood" && name === "front") svg += paint.rect(face, 0, 1, 0, 1, "url(#ao)");
  }
  paint.add(center, `<g>${svg}</g>`);
}

function containerFace(
  paint: Painter,
  face: Face,
  name: string,
  box: Box,
  spec: BuildingSpec,
  p: Palette,
  lit: Rgb,
): string {
  let svg = "";
  const length = Math.hypot(...face.u);
  const dark = rgb(mix(lit, [0, 0, 0], 0.35));
  const light = rgb(mix(lit, [255, 255, 255], 0.18));
  if (name === "top") {
    for (let i = 1; i < length / 2; i++)
      svg += paint.line(facePoint(face, i / (length / 2), 0), facePoint(face, i / (length / 2), 1), dark, 0.8);
    if (spec.solar && box.container === spec.containers - 1) {
      for (let i = 0; i < Math.floor(length / 4.2); i++) {
        const s0 = 0.04 + (i * 4.2) / length;
        const a = facePoint(face, s0, 0.1);
        const b = facePoint(face, s0 + 3.8 / length, 0.1);
        const c = add(facePoint(face, s0 + 3.8 / length, 0.85), [0, 1.6, 0]);
        const d = add(facePoint(face, s0, 0.85), [0, 1.6, 0]);
        svg += paint.polygon([a, b, c, d], "url(#solar)", ` stroke="#c8ccd0" stroke-width="1"`);
        svg += paint.line(scale(add(a, d), 0.5), scale(add(b, c), 0.5), "rgba(200,210,220,0.5)", 0.8);
      }
    }
    return svg;
  }
  if (name === "bottom") return svg;
  // corrugation: a shadowed and a lit strip every 0.9 ft on the sides, 1.1 ft on the ends
  const pitch = name === "front" || name === "back" ? 0.9 : 1.1;
  const ribs = Math.floor(length / pitch);
  for (let i = 1; i < ribs; i++) {
    const s = i / ribs;
    const w = (pitch * 0.35) / length;
    svg += paint.rect(face, s, s + w, 0.04, 0.96, "rgba(0,0,0,0.13)");
    svg += paint.rect(face, s + w, s + w * 1.25, 0.04, 0.96, "rgba(255,255,255,0.10)");
  }
  svg += paint.rect(face, 0, 1, 0.965, 1, dark);
  svg += paint.rect(face, 0, 1, 0, 0.035, dark);
  svg += paint.rect(face, 0, 0.5 / length, 0, 1, dark);
  svg += paint.rect(face, 1 - 0.5 / length, 1, 0, 1, dark);
  svg += paint.rect(face, 0, 1, 0, 1, "url(#ao)");
  const opening = (o: Opening) => {
    svg += paint.rect(face, o.s0 - 0.25 / length, o.s1 + 0.25 / length, o.t0 - 0.03, o.t1 + 0.03, frame);
    const glassFill = p.night ? "url(#lit)" : "url(#glass)";
    if (o.kind === "rollup") {
      svg += paint.rect(face, o.s0, o.s1, o.t0, o.t1, light);
      for (let i = 1; i < 16; i++) {
        const t = o.t0 + ((o.t1 - o.t0) * i) / 16;
        svg += paint.line(facePoint(face, o.s0, t), facePoint(face, o.s1, t), dark, 1);
      }
      return;
    }
    if (o.kind === "door") {
      svg += paint.rect(face, o.s0, o.s1, o.t0, o.t1, rgb(mix(lit, [40, 40, 40], 0.5)));
      svg += paint.rect(face, o.s1 - 0.2 * (o.s1 - o.s0), o.s1 - 0.12 * (o.s1 - o.s0), 0.4, 0.44, "#c9c9c9");
      return;
    }
    svg += paint.rect(face, o.s0, o.s1, o.t0, o.t1, glassFill);
    if (!p.night)
      svg += paint.polygon(
        [
          facePoint(face, o.s0, o.t1),
          facePoint(face, o.s0 + (o.s1 - o.s0) * 0.35, o.t1),
          facePoint(face, o.s0, o.t0 + (o.t1 - o.t0) * 0.3),
        ],
        "rgba(255,255,255,0.28)",
      );
    if (p.night) {
      // furniture silhouettes and a warm glow around the glass
      svg += paint.rect(
        face,
        o.s0 + (o.s1 - o.s0) * 0.15,
        o.s0 + (o.s1 - o.s0) * 0.55,
        o.t0,
        o.t0 + (o.t1 - o.t0) * 0.3,
        "rgba(90,50,20,0.55)",
      );
      const [x, y] = paint.view.project(facePoint(face, (o.s0 + o.s1) / 2, (o.t0 + o.t1) / 2));
      const rr = paint.px(facePoint(face, (o.s0 + o.s1) / 2, 0.5), 5);
      svg += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(rr * 1.2).toFixed(0)}" ry="${rr.toFixed(0)}" fill="url(#glow)"/>`;
    }
    const mullions = o.kind === "glass" ? 2 : 1;
    for (let i = 1; i <= mullions; i++) {
      const s = o.s0 + ((o.s1 - o.s0) * i) / (mullions + 1);
      svg += paint.line(
        facePoint(face, s, o.t0),
        facePoint(face, s, o.t1),
        frame,
        paint.px(facePoint(face, s, 0.5), 0.15),
      );
    }
    if (o.kind === "serving") {
      // the hatch propped open as an awning
      const a = facePoint(face, o.s0 - 0.01, o.t1 + 0.03);
      const b = facePoint(face, o.s1 + 0.01, o.t1 + 0.03);
      const out = scale(face.normal, 3.2);
      svg += paint.polygon(
        [a, b, add(add(b, out), [0, 1.0, 0]), add(add(a, out), [0, 1.0, 0])],
        rgb(mix(lit, [0, 0, 0], 0.15)),
      );
      svg += paint.rect(face, o.s0, o.s1, o.t0 - 0.05, o.t0, "#c0c4c8");
    }
    if (spec.securityBars && o.kind === "window") {
      for (let i = 1; i < 6; i++) {
        const s = o.s0 + ((o.s1 - o.s0) * i) / 6;
        svg += paint.line(facePoint(face, s, o.t0), facePoint(face, s, o.t1), "#3a3f44", 1.5);
      }
    }
  };
  if (name === "front") {
    for (const o of frontOpenings(spec, box.container ?? 0)) opening(o);
    if (spec.miniSplit && box.container === 0) {
      svg += paint.rect(face, 0.8, 0.8 + 2.6 / length, 0.72, 0.84, "#eef0f0", ` stroke="#9aa0a5" stroke-width="1"`);
    }
    if (spec.sign && box.container === 0) {
      svg += paint.rect(face, 0.3, 0.7, 0.8, 0.93, "#1d2227");
      svg += paint.rect(face, 0.34, 0.6, 0.85, 0.88, "#f0b43c");
    }
    // wall lights beside the door
    if (p.night) {
      const at = facePoint(face, 0.14, 0.78);
      const [x, y] = paint.view.project(at);
      const rr = paint.px(at, 4);
      svg += `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${rr.toFixed(0)}" fill="url(#glow)"/><circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${(rr * 0.08).toFixed(1)}" fill="#fff3d0"/>`;
    }
  } else if (name === "right" && spec.glassEnd && box.container === spec.containers - 1) {
    opening({ s0: 0.12, s1: 0.88, t0: 0.03, t1: 0.85, kind: "glass" });
  } else if (name === "right" || name === "left") {
    if (name === "left" && box.container === 0 && spec.door !== "rollup") {
      // the original cargo doors with their locking bars
      for (const s of [0.12, 0.3, 0.7, 0.88]) {
        svg += paint.line(
          facePoint(face, s, 0.06),
          facePoint(face, s, 0.94),
          "#2f3336",
          paint.px(facePoint(face, s, 0.5), 0.12),
        );
        svg += paint.rect(face, s - 0.03, s + 0.03, 0.45, 0.5, "#2f3336");
      }
      svg += paint.line(facePoint(face, 0.5, 0.04), facePoint(face, 0.5, 0.96), "#1b1e20", 1.5);
    } else if (name === "right" && box.container === spec.containers - 1) {
      opening({ s0: 0.3, s1: 0.7, t0: 0.38, t1: 0.74, kind: "window" });
    }
  }
  return svg;
}

function pergola(paint: Painter, lay: Layout, spec: BuildingSpec, p: Palette) {
  const wood = shade(hex("#7b5334"), [0, 1, 0], p.light);
  const woodSide = shade(hex("#7b5334"), [0, 0, 1], p.light);
  const top = lay.max[1] - 1.2;
  const x0 = lay.min[0] + 1;
  const x1 = lay.max[0] - 1;
  const depth = spec.deck === "wrap" ? 9.5 : 6.5;
  let svg = "";
  for (const x of [x0, (x0 + x1) / 2, x1]) {
    const post = boxFaces([x - 0.25, 1, depth - 0.5], [x + 0.25, top, depth]);
    svg += paint.rect(post.front, 0, 1, 0, 1, rgb(woodSide));
    svg += paint.rect(post.right, 0, 1, 0, 1, rgb(mix(woodSide, [0, 0, 0], 0.3)));
  }
  const beam = boxFaces([x0 - 1, top, depth - 0.6], [x1 + 1, top + 0.8, depth]);
  svg += paint.rect(beam.front, 0, 1, 0, 1, rgb(woodSide));
  for (let x = x0 - 0.5; x <= x1 + 0.5; x += 1.4) {
    const slat = boxFaces([x, top + 0.8, 0], [x + 0.3, top + 1.5, depth + 0.8]);
    svg += paint.rect(slat.top, 0, 1, 0, 1, rgb(wood));
    svg += paint.rect(slat.right, 0, 1, 0, 1, rgb(mix(woodSide, [0, 0, 0], 0.25)));
    svg += paint.rect(slat.front, 0, 1, 0, 1, rgb(woodSide));
  }
  paint.add([0, top, depth * 0.6], `<g>${svg}</g>`);
}

function shedRoof(paint: Painter, lay: Layout, p: Palette) {
  const y0 = lay.max[1] - 1.5 + 0.1;
  const back = lay.min[2] - 1;
  const front = 3.5;
  const x0 = lay.min[0] - 1;
  const x1 = lay.max[0] + 1;
  const c = hex("#3b3f43");
  const topFace = [
    [x0, y0 + 1.5, back],
    [x1, y0 + 1.5, back],
    [x1, y0 + 0.4, front],
    [x0, y0 + 0.4, front],
  ] as Vec[];
  const under = topFace.map((v) => sub(v, [0, 0.35, 0]));
  const normalTop = norm([0, front - back, 1.1]);
  let svg = "";
  if (paint.view.facing(topFace[0]!, normalTop)) svg += paint.polygon(topFace, rgb(shade(c, normalTop, p.light)));
  else svg += paint.polygon(under, rgb(mix(shade(c, [0, -1, 0], p.light), [0, 0, 0], 0.2)));
  svg += paint.polygon([under[3]!, under[2]!, topFace[2]!, topFace[3]!], rgb(shade(c, [0, 0, 1], p.light)));
  svg += paint.polygon([under[1]!, under[2]!, topFace[2]!, topFace[1]!], rgb(shade(c, [1, 0, 0], p.light)));
  paint.add([0, y0, (front + back) / 2 + 3], `<g>${svg}</g>`);
}

function stair(paint: Painter, lay: Layout, p: Palette) {
  const right = Math.max(...lay.containers.map((c) => c.b[0]));
  const x = right + 0.5;
  let svg = "";
  const steps = 14;
  for (let i = 0; i < steps; i++) {
    const a: Vec = [x + (steps - i) * 0.9, (i * HC) / steps, 0.3];
    const f = boxFaces(a, add(a, [0.9, 0.15, 3.5]));
    svg += paint.rect(f.top, 0, 1, 0, 1, rgb(shade(hex("#555b60"), [0, 1, 0], p.light)));
    svg += paint.rect(f.front, 0, 1, 0, 1, rgb(shade(hex("#555b60"), [0, 0, 1], p.light)));
  }
  svg += paint.line([x + steps * 0.9 + 0.9, 3.5, 3.8], [x + 0.9, HC + 3.5, 3.8], "#2b2f33", 2.5);
  svg += paint.line([x + steps * 0.9 + 0.9, 0, 3.8], [x + steps * 0.9 + 0.9, 3.5, 3.8], "#2b2f33", 2.5);
  // walkway railing
  svg += paint.line([lay.min[0], HC + 3.4, 4.5], [right + 1, HC + 3.4, 4.5], "#2b2f33", 2.2);
  for (let xx = lay.min[0]; xx <= right; xx += 4) svg += paint.line([xx, HC, 4.5], [xx, HC + 3.4, 4.5], "#2b2f33", 1.5);
  paint.add([x + 6, 4, 2], `<g>${svg}</g>`);
}

function rainTank(paint: Painter, at: Vec, p: Palette) {
  const [x, y] = paint.view.project(at);
  const [, ty] = paint.view.project(add(at, [0, 7, 0]));
  const w = paint.px(at, 5.5);
  const h = y - ty;
  const body = rgb(shade(hex("#6f7f73"), [0, 0, 1], p.light));
  paint.add(
    at,
    `<g><rect x="${(x - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${w.toFixed(1)}" height="${h.toFixed(1)}" fill="${body}"/>${Array.from({ length: 6 }, (_, i) => `<rect x="${(x - w / 2).toFixed(1)}" y="${(ty + (h * (i + 0.5)) / 6).toFixed(1)}" width="${w.toFixed(1)}" height="${(h * 0.03).toFixed(1)}" fill="rgba(0,0,0,0.18)"/>`).join("")}<rect x="${(x - w / 2).toFixed(1)}" y="${ty.toFixed(1)}" width="${(w * 0.25).toFixed(1)}" height="${h.toFixed(1)}" fill="rgba(255,255,255,0.12)"/><ellipse cx="${x.toFixed(1)}" cy="${ty.toFixed(1)}" rx="${(w / 2).toFixed(1)}" ry="${(w * 0.12).toFixed(1)}" fill="${rgb(shade(hex("#7d8c80"), [0, 1, 0], p.light))}"/></g>`,
  );
}

/** Ground shadows: each solid's corners pushed along the sun onto the ground, one blurred hull each. */
function shadows(view: View, lay: Layout, p: Palette) {
  const sun = p.light.sun;
  const k = Math.max(sun[1], 0.28);
  let out = "";
  for (const box of lay.boxes) {
    const pts: [number, number][] = [];
    for (const x of [box.a[0], box.b[0]])
      for (const y of [box.a[1], box.b[1]])
        for (const z of [box.a[2], box.b[2]]) {
          const g: Vec = [x - (sun[0] * y) / k, 0, z - (sun[2] * y) / k];
          const [sx, sy] = view.project(g);
          pts.push([sx, sy]);
        }
    out += `<polygon points="${hull(pts)
      .map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`)
      .join(" ")}"/>`;
  }
  // contact shadow right under the building
  const [cx, cy] = view.project([(lay.min[0] + lay.max[0]) / 2, 0, lay.min[2] / 2]);
  const [lx] = view.project([lay.min[0], 0, 0]);
  const [rx] = view.project([lay.max[0], 0, 0]);
  return `<g fill="#1b1408" opacity="${p.night ? 0.25 : 0.38}" filter="url(#soft)">${out}</g><ellipse cx="${cx.toFixed(0)}" cy="${cy.toFixed(0)}" rx="${(Math.abs(rx - lx) * 0.6).toFixed(0)}" ry="12" fill="#000" opacity="0.3" filter="url(#soft)"/>`;
}

function pad(paint: Painter, lay: Layout, spec: ViewSpec, p: Palette) {
  const m = 4;
  const color = spec.setting === "yard" ? "#a8a196" : spec.setting === "desert" ? "#cbb28a" : "#b9ad98";
  const c = p.night ? rgb(mix(hex(color), [30, 30, 50], 0.55)) : color;
  const ground = paint.polygon(
    [
      [lay.min[0] - m, 0, lay.min[2] - m],
      [lay.max[0] + m, 0, lay.min[2] - m],
      [lay.max[0] + m, 0, 12],
      [lay.min[0] - m, 0, 12],
    ],
    c,
    ` opacity="0.85"`,
  );
  // a path of stepping stones towards the camera
  let stones = "";
  for (let i = 0; i < 6; i++) {
    const z = 13 + i * 3;
    stones += paint.polygon(
      [
        [-1.4 + i * 0.3, 0, z],
        [1.4 + i * 0.3, 0, z],
        [1.4 + i * 0.3, 0, z + 1.8],
        [-1.4 + i * 0.3, 0, z + 1.8],
      ],
      p.night ? "#5a5560" : "#cfc6b5",
    );
  }
  return ground + stones;
}

/** Out-of-focus grass at the bottom edge and darker patches in the lawn. */
function foreground(W: number, H: number, r: () => number, p: Palette, setting: Setting) {
  const tone = p.night ? "#1d2420" : setting === "desert" ? "#7d6a45" : setting === "coast" ? "#8e8a5a" : "#3f5a25";
  let blades = "";
  for (let i = 0; i < 50; i++) {
    const x = r() * W;
    if (x > W * 0.3 && x < W * 0.7 && r() > 0.2) continue;
    const h = H * (0.04 + r() * 0.09);
    blades += `<path d="M${x.toFixed(0)} ${H} q${((r() - 0.5) * 30).toFixed(0)} ${(-h / 2).toFixed(0)} ${((r() - 0.5) * 40).toFixed(0)} ${(-h).toFixed(0)}" stroke="${tone}" stroke-width="${(3 + r() * 5).toFixed(1)}" fill="none" stroke-linecap="round"/>`;
  }
  return `<g filter="url(#soft)" opacity="0.55">${blades}</g>`;
}

export function renderBuilding(spec: BuildingSpec, viewSpec: ViewSpec): string {
  const { width: W, height: H } = viewSpec;
  const r = random(viewSpec.seed);
  const lay = layout(spec);
  const center: Vec = scale(add(lay.min, lay.max), 0.5);
  // aimed a little above the middle: the building sits in the lower half, as in a photo taken standing
  const target: Vec = [center[0], Math.min(center[1], 6.5) + 2.5, center[2] + 2];
  const az = (viewSpec.azimuth * Math.PI) / 180;
  const dir: Vec = [Math.sin(az), 0, Math.cos(az)];
  const fill = viewSpec.fill ?? 0.7;
  const corners: Vec[] = [];
  for (const x of [lay.min[0], lay.max[0]])
    for (const y of [lay.min[1], lay.max[1]]) for (const z of [lay.min[2], lay.max[2]]) corners.push([x, y, z]);
  const cameraAt = (d: number): Camera => ({
    eye: add(add(target, scale(dir, d)), [0, 5.8 - target[1], 0]),
    target,
    fov: 38,
    width: W,
    height: H,
  });
  // widen the distance until the building takes the wanted share of the frame
  let lo = 10;
  let hi = 600;
  for (let i = 0; i < 40; i++) {
    const d = (lo + hi) / 2;
    const v = new View(cameraAt(d));
    const xs = corners.map((c) => v.project(c)[0]);
    const ys = corners.map((c) => v.project(c)[1]);
    const tooBig = Math.max(...xs) - Math.min(...xs) > W * fill || Math.max(...ys) - Math.min(...ys) > H * 0.6;
    if (tooBig) lo = d;
    else hi = d;
  }
  const view = new View(cameraAt(hi));
  const p = palette(viewSpec.time, viewSpec.setting);
  const paint = new Painter(view);
  let svg = defs(p, viewSpec.seed) + backdrop(p, view, viewSpec, r);
  svg += pad(paint, lay, viewSpec, p);
  svg += shadows(view, lay, p);
  for (const box of lay.boxes) drawBox(paint, box, spec, p);
  if (spec.roof === "pergola") pergola(paint, lay, spec, p);
  if (spec.roof === "shed") shedRoof(paint, lay, p);
  if (spec.stair) stair(paint, lay, p);
  if (spec.rainTank) rainTank(paint, [lay.min[0] - 4, 0, -5], p);
  // landscaping: trees behind and beside, shrubs along the front, a porch light pool at dusk
  const kinds: ("oak" | "cedar" | "palm")[] =
    viewSpec.setting === "coast"
      ? ["palm", "palm"]
      : viewSpec.setting === "desert"
        ? ["cedar"]
        : ["oak", "oak", "cedar"];
  const span = lay.max[0] - lay.min[0];
  if (viewSpec.setting !== "yard") {
    for (let i = 0; i < 5; i++) {
      const side = i % 2 === 0 ? -1 : 1;
      const x = side * (span / 2 + 8 + r() * 22);
      const z = -30 + r() * 26;
      tree(paint, [x, 0, z], 16 + r() * 18, r, p.night, kinds[Math.floor(r() * kinds.length)]!);
    }
    tree(paint, [lay.min[0] - 10 - r() * 6, 0, 8 + r() * 8], 20 + r() * 10, r, p.night, kinds[0]!);
    const front = spec.deck === "none" ? 1.5 : spec.deck === "wrap" ? 11 : 8;
    shrubs(paint, [lay.min[0] + 0.5, 0, front], [lay.min[0] + span * 0.4, 0, front], r, p.night);
    shrubs(paint, [lay.max[0] - span * 0.3, 0, front], [lay.max[0] + 1, 0, front], r, p.night);
  }
  svg += paint.render();
  svg += foreground(W, H, r, p, viewSpec.setting);
  if (p.night) {
    const [x, y] = view.project([lay.min[0] + span * 0.25, 0, 4]);
    svg += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(W * 0.18).toFixed(0)}" ry="${(H * 0.05).toFixed(0)}" fill="url(#glow)" opacity="0.6"/>`;
  }
  // a slight vignette, as a lens gives
  svg += `<radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.6" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></radialGradient><rect width="${W}" height="${H}" fill="url(#vig)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${svg}</svg>`;
}

// The inside of one container, seen from one end: corrugated walls, plank floor, a window wall with
// daylight, and the furniture of the room kind. Drawn with the same painter as the buildings.
import { boxFaces, type Face, facePoint, hex, mix, Painter, type Rgb, random, rgb, type Vec, View } from "./scene";

export type RoomKind = "living" | "kitchen" | "bedroom" | "office" | "bath" | "workshop";

export interface RoomSpec {
  kind: RoomKind;
  /** Wall paint, #rrggbb. */
  wall: string;
  floor: string;
  /** Accent colour of the furniture. */
  accent: string;
  width: number;
  height: number;
  seed: string;
}

const L = 38;
const WD = 7.6;
const HT = 8.8;

export function renderRoom(spec: RoomSpec): string {
  const { width: W, height: H } = spec;
  const r = random(spec.seed);
  const view = new View({ eye: [0.8, 5.2, WD * 0.3], target: [L, 3.8, WD * 0.62], fov: 62, width: W, height: H });
  const paint = new Painter(view);
  const wall = hex(spec.wall);
  const floorColor = hex(spec.floor);
  const light = (c: Rgb, k: number) => rgb(mix(c, k > 1 ? [255, 250, 240] : [0, 0, 0], Math.abs(1 - k)));
  // inward-facing shell: floor, ceiling, the window wall (z = WD), the far wall and the near side wall
  const floor: Face = { origin: [0, 0, 0], u: [L, 0, 0], v: [0, 0, WD], normal: [0, 1, 0] };
  const ceiling: Face = { origin: [0, HT, WD], u: [L, 0, 0], v: [0, 0, -WD], normal: [0, -1, 0] };
  const windowWall: Face = { origin: [0, 0, WD], u: [L, 0, 0], v: [0, HT, 0], normal: [0, 0, -1] };
  const sideWall: Face = { origin: [0, 0, 0], u: [L, 0, 0], v: [0, HT, 0], normal: [0, 0, 1] };
  const endWall: Face = { origin: [L, 0, 0], u: [0, 0, WD], v: [0, HT, 0], normal: [-1, 0, 0] };
  let shell = `<defs>
<linearGradient id="out" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe6f5"/><stop offset="0.55" stop-color="#eaf4f8"/><stop offset="0.58" stop-color="#8fb06a"/><stop offset="1" stop-color="#6f8f4a"/></linearGradient>
<linearGradient id="fade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.28"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient>
<radialGradient id="spill"><stop offset="0" stop-color="#fff8e8" stop-opacity="0.55"/><stop offset="1" stop-color="#fff8e8" stop-opacity="0"/></radialGradient>
<filter id="blur" x="-30%" y="-30%" width="160%" height="160%"><feGaussianBlur stdDeviation="10"/></filter>
<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="0.9" numOctaves="1" seed="${Math.floor(r() * 99)}"/><feColorMatrix type="matrix" values="0 0 0 0 0  0 0 0 0 0  0 0 0 0 0  0 0 0 -1.8 1.0"/></filter>
</defs>`;
  shell += paint.rect(ceiling, 0, 1, 0, 1, light(wall, 0.92));
  for (let i = 1; i < 8; i++) {
    const at = facePoint(ceiling, i / 8, 0.5);
    const [x, y] = view.project(at);
    shell += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${paint.px(at, 0.5).toFixed(1)}" ry="${(paint.px(at, 0.5) * 0.35).toFixed(1)}" fill="#fffbe8"/>`;
  }
  shell += paint.rect(sideWall, 0, 1, 0, 1, light(wall, 0.86));
  shell += paint.rect(windowWall, 0, 1, 0, 1, light(wall, 0.97));
  shell += paint.rect(endWall, 0, 1, 0, 1, light(wall, 0.9));
  for (const [face, pitch] of [
    [sideWall, 0.9],
    [windowWall, 0.9],
  ] as const) {
    const n = Math.floor(L / pitch);
    for (let i = 0; i < n; i++) shell += paint.rect(face, i / n, i / n + 0.35 / L, 0.04, 0.96, "rgba(0,0,0,0.035)");
  }
  // the far end: a full-height glass door onto the yard
  shell += paint.rect(endWall, 0.15, 0.85, 0.02, 0.86, "#2b2f33");
  shell += paint.rect(endWall, 0.18, 0.82, 0.04, 0.84, "url(#out)");
  shell += paint.line(facePoint(endWall, 0.5, 0.04), facePoint(endWall, 0.5, 0.84), "#2b2f33", 3);
  // windows on the long wall, with daylight falling on the floor below them
  const windows = spec.kind === "bath" ? [0.55] : [0.3, 0.55, 0.8];
  for (const s of windows) {
    const w = 4.5 / L;
    shell += paint.rect(windowWall, s - w / 2 - 0.004, s + w / 2 + 0.004, 0.36, 0.82, "#2b2f33");
    shell += paint.rect(windowWall, s - w / 2, s + w / 2, 0.38, 0.8, "url(#out)");
    shell += paint.line(facePoint(windowWall, s, 0.38), facePoint(windowWall, s, 0.8), "#2b2f33", 2);
  }
  shell += paint.rect(floor, 0, 1, 0, 1, light(floorColor, 1));
  for (let i = 1; i < 16; i++)
    shell += paint.line(facePoint(floor, 0, i / 16), facePoint(floor, 1, i / 16), "rgba(60,35,15,0.25)", 1);
  for (let i = 0; i < 40; i++) {
    const s = r();
    const t = Math.floor(r() * 16) / 16;
    shell += paint.line(facePoint(floor, s, t), facePoint(floor, s, t + 1 / 16), "rgba(60,35,15,0.25)", 1);
  }
  for (const s of windows) {
    const [x, y] = view.project(facePoint(floor, s + 0.03, 0.55));
    shell += `<ellipse cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" rx="${(W * 0.09).toFixed(0)}" ry="${(H * 0.035).toFixed(0)}" fill="url(#spill)"/>`;
  }
  shell += paint.rect(floor, 0, 1, 0, 0.35, "url(#fade)");
  const accent = hex(spec.accent);
  const wood = hex("#8a5a36");
  const box = (a: Vec, b: Vec, color: Rgb) => {
    const f = boxFaces(a, b);
    let svg = "";
    const sun: Vec = [0.3, 0.6, -0.75];
    for (const face of [f.top, f.front, f.left, f.back, f.right]) {
      const mid = facePoint(face, 0.5, 0.5);
      if (!view.facing(mid, face.normal)) continue;
      const k = 0.72 + 0.35 * Math.max(0, face.normal[0] * sun[0] + face.normal[1] * sun[1] + face.normal[2] * sun[2]);
      svg += paint.rect(face, 0, 1, 0, 1, rgb(mix(color, [0, 0, 0], 1 - Math.min(k, 1))));
    }
    paint.add([(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2], `<g>${svg}</g>`);
  };
  const rug = (x0: number, x1: number) =>
    paint.add(
      [x0, 0, 3],
      paint.polygon(
        [
          [x0, 0.02, 1.5],
          [x1, 0.02, 1.5],
          [x1, 0.02, 6],
          [x0, 0.02, 6],
        ],
        rgb(mix(accent, [255, 255, 255], 0.55)),
      ),
      50,
    );
  if (spec.kind === "living") {
    rug(12, 20);
    box([13, 0, 0.2], [21, 1.5, 3], accent);
    box([13, 1.5, 0.2], [21, 3.1, 1], mix(accent, [0, 0, 0], 0.1));
    box([15, 0, 3.8], [19, 1.4, 5.6], wood);
    box([25, 0, 5.6], [31, 2.4, 7.4], wood);
  }
  if (spec.kind === "kitchen") {
    box([9, 0, 0], [24, 3, 2.2], accent);
    box([9, 3, 0], [24, 3.2, 2.3], hex("#e4e1dc"));
    box([12, 5.2, 0], [24, 7.6, 1.2], mix(accent, [255, 255, 255], 0.15));
    box([12, 0, 4.4], [19, 3, 6.2], wood);
    for (const x of [13, 15.5, 18]) box([x, 0, 6.4], [x + 1.2, 2.4, 7.4], hex("#2f3336"));
  }
  if (spec.kind === "bedroom") {
    box([18, 0, 0.2], [25, 1.9, 5.8], hex("#eeece8"));
    box([18, 1.9, 0.2], [25, 2.3, 5.8], accent);
    box([25, 0, 0.2], [25.6, 4, 5.8], wood);
    box([23.4, 2.3, 0.8], [24.7, 2.9, 2.8], hex("#ffffff"));
    box([23.4, 2.3, 3.2], [24.7, 2.9, 5.2], hex("#ffffff"));
    box([26, 0, 0.2], [27.5, 2, 1.6], wood);
  }
  if (spec.kind === "office") {
    box([14, 2.4, 0.2], [24, 2.6, 2.8], wood);
    box([14.3, 0, 0.4], [14.6, 2.4, 2.6], hex("#2f3336"));
    box([23.4, 0, 0.4], [23.7, 2.4, 2.6], hex("#2f3336"));
    box([17, 2.6, 0.5], [17.2, 4.3, 2.6], hex("#1d2024"));
    box([18, 0, 3.2], [19.6, 3.2, 4.6], accent);
    box([8, 0, 0.2], [11, 6.5, 1.6], wood);
  }
  if (spec.kind === "bath") {
    box([16, 0, 0], [21, 0.3, 3.6], hex("#d9dcdf"));
    box([16, 0.3, 3.5], [21, 7, 3.6], hex("#a9c4cf"));
    box([23, 0, 0], [27, 2.8, 1.8], accent);
    box([23, 2.8, 0], [27, 3, 1.9], hex("#f2f2f0"));
    box([23.2, 4.4, 0], [26.8, 7, 0.1], hex("#c8d3d8"));
  }
  if (spec.kind === "workshop") {
    box([5, 0, 0], [30, 3, 2.4], hex("#6b7075"));
    box([5, 3, 0], [30, 3.3, 2.6], wood);
    box([5, 4, 0], [30, 7.5, 0.4], hex("#4a4f55"));
    box([18, 0, 4.2], [22, 5, 6.8], accent);
  }
  // a plant in the near corner
  const pot: Vec = [4, 0, WD - 1.2];
  const [px, py] = view.project(pot);
  const ps = paint.px(pot, 1);
  paint.add(
    pot,
    `<rect x="${(px - ps * 0.8).toFixed(0)}" y="${(py - ps * 1.6).toFixed(0)}" width="${(ps * 1.6).toFixed(0)}" height="${(ps * 1.6).toFixed(0)}" fill="#b0755a"/>${Array.from({ length: 6 }, () => `<ellipse cx="${(px + (r() - 0.5) * ps * 2.4).toFixed(0)}" cy="${(py - ps * (2.2 + r() * 1.6)).toFixed(0)}" rx="${(ps * 0.9).toFixed(0)}" ry="${(ps * 0.45).toFixed(0)}" fill="${r() > 0.5 ? "#3f6b2a" : "#5b8a3a"}" transform="rotate(${((r() - 0.5) * 80).toFixed(0)} ${px.toFixed(0)} ${(py - ps * 2.6).toFixed(0)})"/>`).join("")}`,
    -100,
  );
  const body = shell + paint.render();
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}<rect width="${W}" height="${H}" filter="url(#grain)" opacity="0.08"/><radialGradient id="vig" cx="0.5" cy="0.5" r="0.75"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.3"/></radialGradient><rect width="${W}" height="${H}" fill="url(#vig)"/></svg>`;
}

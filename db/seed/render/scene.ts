// A very small 3D renderer for the seed pictures: boxes and flat quads in a world measured in feet,
// seen through a pinhole camera, lit by one sun, painted back to front into SVG. Enough to draw the
// same container building from several viewpoints and at several times of day.

export type Vec = [number, number, number];

export const add = (a: Vec, b: Vec): Vec => [a[0] + b[0], a[1] + b[1], a[2] + b[2]];
export const sub = (a: Vec, b: Vec): Vec => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
export const scale = (a: Vec, k: number): Vec => [a[0] * k, a[1] * k, a[2] * k];
export const dot = (a: Vec, b: Vec) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const cross = (a: Vec, b: Vec): Vec => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
export const norm = (a: Vec): Vec => scale(a, 1 / Math.hypot(a[0], a[1], a[2]));

export interface Camera {
  eye: Vec;
  target: Vec;
  /** Vertical field of view, degrees. */
  fov: number;
  width: number;
  height: number;
}

export interface Light {
  /** Unit vector pointing from the scene towards the sun. */
  sun: Vec;
  ambient: number;
  diffuse: number;
  /** Multiplied into every lit colour (warm at golden hour, blue at dusk). */
  tint: [number, number, number];
}

export class View {
  readonly forward: Vec;
  readonly right: Vec;
  readonly up: Vec;
  readonly focal: number;
  constructor(readonly camera: Camera) {
    this.forward = norm(sub(camera.target, camera.eye));
    this.right = norm(cross(this.forward, [0, 1, 0]));
    this.up = cross(this.right, this.forward);
    this.focal = camera.height / 2 / Math.tan((camera.fov * Math.PI) / 360);
  }
  /** Screen x, y and the distance along the view direction. */
  project(p: Vec): [number, number, number] {
    const d = sub(p, this.camera.eye);
    const z = Math.max(dot(d, this.forward), 0.05);
    return [
      this.camera.width / 2 + (dot(d, this.right) * this.focal) / z,
      this.camera.height / 2 - (dot(d, this.up) * this.focal) / z,
      z,
    ];
  }
  /** Screen y of the horizon (a point far away at eye height straight ahead). */
  horizon(): number {
    const far = add(this.camera.eye, scale(norm([this.forward[0], 0, this.forward[2]]), 1e5));
    return this.project(far)[1];
  }
  facing(point: Vec, normal: Vec) {
    return dot(normal, sub(this.camera.eye, point)) > 0;
  }
  distance(p: Vec) {
    return Math.hypot(...sub(p, this.camera.eye));
  }
}

export type Rgb = [number, number, number];

export function hex(color: string): Rgb {
  const n = Number.parseInt(color.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

export function rgb(c: Rgb, alpha = 1): string {
  const [r, g, b] = c.map((v) => Math.max(0, Math.min(255, Math.round(v))));
  return alpha < 1 ? `rgba(${r},${g},${b},${alpha})` : `rgb(${r},${g},${b})`;
}

export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

export function shade(base: Rgb, normal: Vec, light: Light): Rgb {
  const k = light.ambient + light.diffuse * Math.max(0, dot(normal, light.sun));
  return [base[0] * k * light.tint[0], base[1] * k * light.tint[1], base[2] * k * light.tint[2]];
}

/** A flat piece of a surface: origin, two edge vectors (u along, v up) and its outward normal. */
export interface Face {
  origin: Vec;
  u: Vec;
  v: Vec;
  normal: Vec;
}

export const facePoint = (f: Face, s: number, t: number): Vec => add(add(f.origin, scale(f.u, s)), scale(f.v, t));

/** The six faces of an axis-aligned box from min corner a to max corner b. */
export function boxFaces(a: Vec, b: Vec): Record<"front" | "back" | "left" | "right" | "top" | "bottom", Face> {
  const [x0, y0, z0] = a;
  const [x1, y1, z1] = b;
  const dx = x1 - x0;
  const dy = y1 - y0;
  const dz = z1 - z0;
  return {
    front: { origin: [x0, y0, z1], u: [dx, 0, 0], v: [0, dy, 0], normal: [0, 0, 1] },
    back: { origin: [x1, y0, z0], u: [-dx, 0, 0], v: [0, dy, 0], normal: [0, 0, -1] },
    right: { origin: [x1, y0, z1], u: [0, 0, -dz], v: [0, dy, 0], normal: [1, 0, 0] },
    left: { origin: [x0, y0, z0], u: [0, 0, dz], v: [0, dy, 0], normal: [-1, 0, 0] },
    top: { origin: [x0, y1, z1], u: [dx, 0, 0], v: [0, 0, -dz], normal: [0, 1, 0] },
    bottom: { origin: [x0, y0, z0], u: [dx, 0, 0], v: [0, 0, dz], normal: [0, -1, 0] },
  };
}

/** Something drawn in one piece, sorted by its distance from the camera (far first). */
export interface Drawable {
  depth: number;
  svg: string;
}

export class Painter {
  readonly items: Drawable[] = [];
  constructor(readonly view: View) {}
  polygon(points: Vec[], fill: string, extra = ""): string {
    const pts = points.map((p) => this.view.project(p));
    return `<polygon points="${pts.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" ")}" fill="${fill}"${extra}/>`;
  }
  /** The rectangle [s0,s1]×[t0,t1] of a face, in face-fraction coordinates. */
  rect(f: Face, s0: number, s1: number, t0: number, t1: number, fill: string, extra = ""): string {
    return this.polygon(
      [facePoint(f, s0, t0), facePoint(f, s1, t0), facePoint(f, s1, t1), facePoint(f, s0, t1)],
      fill,
      extra,
    );
  }
  line(a: Vec, b: Vec, stroke: string, width: number): string {
    const [x1, y1] = this.view.project(a);
    const [x2, y2] = this.view.project(b);
    return `<line x1="${x1.toFixed(1)}" y1="${y1.toFixed(1)}" x2="${x2.toFixed(1)}" y2="${y2.toFixed(1)}" stroke="${stroke}" stroke-width="${width.toFixed(2)}"/>`;
  }
  add(depthPoint: Vec, svg: string, bias = 0) {
    this.items.push({ depth: this.view.distance(depthPoint) + bias, svg });
  }
  /** A stroke width in pixels for `feet` at this point's distance. */
  px(at: Vec, feet: number) {
    return (feet * this.view.focal) / this.view.project(at)[2];
  }
  render(): string {
    return this.items
      .sort((a, b) => b.depth - a.depth)
      .map((d) => d.svg)
      .join("");
  }
}

/** Convex hull (Andrew's monotone chain) of screen points, for shadows. */
export function hull(points: [number, number][]): [number, number][] {
  const p = [...points].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  if (p.length < 3) return p;
  const turn = (o: [number, number], a: [number, number], b: [number, number]) =>
    (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
  const lower: [number, number][] = [];
  for (const q of p) {
    while (lower.length >= 2 && turn(lower[lower.length - 2]!, lower[lower.length - 1]!, q) <= 0) lower.pop();
    lower.push(q);
  }
  const upper: [number, number][] = [];
  for (const q of [...p].reverse()) {
    while (upper.length >= 2 && turn(upper[upper.length - 2]!, upper[upper.length - 1]!, q) <= 0) upper.pop();
    upper.push(q);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/** Deterministic pseudo-random numbers from a text seed (FNV-1a then a mixer). */
export function random(seedText: string) {
  let h = 2166136261;
  for (const c of seedText) h = Math.imul(h ^ c.charCodeAt(0), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507);
    h = Math.imul(h ^ (h >>> 13), 3266489909);
    h ^= h >>> 16;
    return (h >>> 0) / 4294967296;
  };
}

// Miles from the yard to a delivery ZIP code's centroid (great circle, haversine, rounded to whole miles),
// from the `zipcodes` package's US data (42,555 ZIP codes with their state and centroid).
//
// Memory: requiring the package's data module (a 5 MB object literal) costs the process about 75 MB of
// resident memory for good (compiled code and 42,555 objects) and 0.6 s. Instead its file is read once, on
// the first price asked for, in 256 KB chunks scanned into typed arrays indexed by the ZIP code: about
// 1.3 MB kept, nothing else (~100 ms). zip-distance.test.ts checks every entry against the package's
// own objects, so a release that lays its file out differently fails there (the version is pinned).
import { createReadStream } from "node:fs";
import { createRequire } from "node:module";

export interface ZipPlace {
  zip: string;
  /** Two letters: a state, DC, or a territory or military code (PR, GU, AE…). */
  state: string;
  latitude: number;
  longitude: number;
}

export interface LatLon {
  latitude: number;
  longitude: number;
}

interface ZipIndex {
  /** ZIP code (0–99999) → its position + 1 in the arrays below; 0 for an unknown ZIP. */
  slot: Int32Array;
  latitude: Float64Array;
  longitude: Float64Array;
  /** The state's two letters as char codes (first × 256 + second). */
  state: Uint16Array;
  count: number;
}

/** Fewer entries than this means the data file is not laid out as expected: refuse rather than misprice. */
const MIN_ENTRIES = 40_000;
const ENTRY =
  /"zip":"(\d{5})","latitude":(-?\d+(?:\.\d+)?),"longitude":(-?\d+(?:\.\d+)?),"city":"(?:[^"\\]|\\.)*","state":"([A-Z]{2})"/g;

/** The path of the package's data module (resolved from this file, in the sources and in the bundle alike). */
export const zipDataPath = () => createRequire(import.meta.url).resolve("zipcodes/lib/codes.js");

/** An entry is under 200 characters: a chunk's unmatched end longer than this holds no entry's start. */
const CARRY = 512;

/** The index from the data file's text, read in chunks (an entry cut by a chunk's end is kept for the next). */
export async function buildZipIndex(chunks: AsyncIterable<string> | Iterable<string>): Promise<ZipIndex> {
  const slot = new Int32Array(100_000);
  const capacity = 50_000;
  const latitude = new Float64Array(capacity);
  const longitude = new Float64Array(capacity);
  const state = new Uint16Array(capacity);
  let count = 0;
  let carry = "";
  for await (const chunk of chunks) {
    const text = carry + chunk;
    let end = 0;
    for (const m of text.matchAll(ENTRY)) {
      end = m.index + m[0].length;
      const zip = Number(m[1]);
      if (slot[zip] !== 0 || count === capacity) continue;
      latitude[count] = Number(m[2]);
      longitude[count] = Number(m[3]);
      state[count] = m[4]!.charCodeAt(0) * 256 + m[4]!.charCodeAt(1);
      count++;
      slot[zip] = count;
    }
    carry = text.slice(Math.max(end, text.length - CARRY));
  }
  if (count < MIN_ENTRIES) {
    throw new Error(`zipcodes data: found ${count} ZIP codes in ${zipDataPath()}, expected at least ${MIN_ENTRIES}`);
  }
  return {
    slot,
    latitude: latitude.slice(0, count),
    longitude: longitude.slice(0, count),
    state: state.slice(0, count),
    count,
  };
}

let index: Promise<ZipIndex> | null = null;

function zipIndex(): Promise<ZipIndex> {
  index ??= buildZipIndex(createReadStream(zipDataPath(), { encoding: "latin1", highWaterMark: 256 * 1024 })).catch(
    (error: unknown) => {
      index = null; // a later price tries again
      throw error;
    },
  );
  return index;
}

/** "78205" or "78205-1234" → "78205"; anything else → null. */
export function fiveDigitZip(value: string): string | null {
  const match = /^(\d{5})(?:-\d{4})?$/.exec(value.trim());
  return match ? match[1]! : null;
}

/** The ZIP code's state and centroid, or null for one the data does not know. */
export async function findZip(zipCode: string): Promise<ZipPlace | null> {
  const zip = fiveDigitZip(zipCode);
  if (zip === null) return null;
  const data = await zipIndex();
  const at = data.slot[Number(zip)]! - 1;
  if (at < 0) return null;
  const code = data.state[at]!;
  return {
    zip,
    state: String.fromCharCode(code >> 8, code & 0xff),
    latitude: data.latitude[at]!,
    longitude: data.longitude[at]!,
  };
}

/** The Earth's mean radius in statute miles (IUGG). */
const EARTH_RADIUS_MILES = 3958.7613;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Great-circle distance in whole miles (haversine). */
export function milesBetween(a: LatLon, b: LatLon): number {
  const dLat = radians(b.latitude - a.latitude);
  const dLon = radians(b.longitude - a.longitude);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return Math.round(2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h))));
}

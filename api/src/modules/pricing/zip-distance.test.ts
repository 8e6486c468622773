// The ZIP index read from the zipcodes package's data file agrees with the package's own objects, entry by
// entry (a release that lays its file out otherwise fails here), and distances come out in whole miles.
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { findZip, fiveDigitZip, milesBetween, zipDataPath } from "./zip-distance";

const YARD = { latitude: 29.4739, longitude: -98.5292 };

describe("zip-distance", () => {
  it("knows every US ZIP code of the package, with its state and centroid", async () => {
    const { codes } = createRequire(import.meta.url)(zipDataPath()) as {
      codes: Record<string, { zip: string; latitude: number; longitude: number; state: string }>;
    };
    const entries = Object.values(codes);
    expect(entries.length).toBeGreaterThan(40_000);
    const wrong: string[] = [];
    for (const e of entries) {
      const found = await findZip(e.zip);
      if (found?.state !== e.state || found.latitude !== e.latitude || found.longitude !== e.longitude) {
        wrong.push(`${e.zip}: ${JSON.stringify(found)} ≠ ${JSON.stringify(e)}`);
      }
    }
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it("reads ZIP+4, refuses what is not a ZIP code, and knows no made-up one", async () => {
    expect(fiveDigitZip(" 78205-1234 ")).toBe("78205");
    expect(fiveDigitZip("7820")).toBeNull();
    expect(await findZip("ABCDE")).toBeNull();
    expect(await findZip("00000")).toBeNull();
    expect(await findZip("78701-0001")).toMatchObject({ zip: "78701", state: "TX" });
  });

  it("measures great-circle miles from the yard, rounded", async () => {
    const miles = async (zip: string) => milesBetween(YARD, (await findZip(zip))!);
    expect(await miles("78201")).toBe(0);
    expect(await miles("78701")).toBe(73); // Austin
    expect(await miles("75201")).toBe(251); // Dallas
    expect(await miles("10001")).toBe(1582); // New York
    // one degree of latitude is 69 miles
    expect(milesBetween({ latitude: 30, longitude: -98 }, { latitude: 31, longitude: -98 })).toBe(69);
  });
});

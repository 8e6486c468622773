// Media in object storage (issue 27 item 1), on both backends: the local folder and an S3 bucket (s3rver
// on loopback, started and stopped here). The database keeps metadata only; images are served with a
// year-long cache or redirected to MEDIA_PUBLIC_URL; an unreachable bucket answers 503 and stores
// nothing; the mover takes base64 rows into the storage and is safe to run twice; bad settings stop the start.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { schema } from "@ch/db";
import { count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError } from "../src/env";
import { storeDocument } from "../src/modules/documents";
import { moveInlineBytes, objectStoreOf, StorageSetupError } from "../src/modules/media";
import { type FakeS3, startFakeS3 } from "./fake-s3";
import { signedInCookie, startTestApps, type TestApps, testEnv } from "./harness";
import { solidImage } from "./images";
import { uploadMedia } from "./staff-requests";

let s3: FakeS3;
beforeAll(async () => {
  s3 = await startFakeS3("media-storage-test");
});
afterAll(async () => {
  await s3?.close();
});

const backends = {
  local: () => ({ MEDIA_STORAGE: "local", MEDIA_DIR: mkdtempSync(join(tmpdir(), "media-storage-test-")) }),
  s3: () => s3.env,
};

const mediaRows = async (apps: TestApps) => (await apps.db.handle.db.select({ n: count() }).from(schema.media))[0]!.n;

describe.each(Object.keys(backends) as (keyof typeof backends)[])("media storage: %s", (backend) => {
  let apps: TestApps;
  let cookie: string;
  beforeAll(async () => {
    apps = await startTestApps({ env: backends[backend]() });
    cookie = await signedInCookie(apps);
  }, 120_000);
  afterAll(async () => {
    await apps?.close();
  });

  it("stores an upload and its variants as objects, the database holding their metadata only", async () => {
    const res = await uploadMedia(apps, cookie, await solidImage(900, 600, "png", "#3a6"), "image/png");
    expect(res.statusCode).toBe(201);
    const id = res.json().url.replace("/media/", "");
    const rows = await apps.db.handle.db.select().from(schema.media).where(eq(schema.media.id, id));
    expect(rows[0]).toMatchObject({ data: null, objectKey: `media/${id}`, width: 900, height: 600 });
    const stored = await objectStoreOf(apps.env).get(`media/${id}`);
    expect(stored?.length).toBe(rows[0]!.bytes);
    const served = await apps.storefront.inject({ method: "GET", url: `/media/${id}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(served.rawPayload.equals(stored!)).toBe(true);
    const variant = await apps.storefront.inject({
      method: "GET",
      url: `/media/${id.replace(/\.webp$/, ".400w.avif")}`,
    });
    expect(variant.statusCode).toBe(200);
    expect(variant.headers["content-type"]).toBe("image/avif");
  });

  it("moves the base64 rows into the storage while serving them, and a second run moves nothing", async () => {
    const db = apps.db.handle.db;
    const inline = async () =>
      (await db.select({ n: count() }).from(schema.media).where(isNotNull(schema.media.data)))[0]!.n;
    const before = await inline();
    expect(before).toBeGreaterThan(100); // the seed images
    const [sample] = await db
      .select({ id: schema.media.id })
      .from(schema.media)
      .where(isNotNull(schema.media.data))
      .limit(1);
    const served = await apps.storefront.inject({ method: "GET", url: `/media/${sample!.id}` });
    const [first, second] = [
      await moveInlineBytes(db, objectStoreOf(apps.env)),
      await moveInlineBytes(db, objectStoreOf(apps.env)),
    ];
    expect(first).toBe(before);
    expect(second).toBe(0);
    expect(await inline()).toBe(0);
    const after = await apps.storefront.inject({ method: "GET", url: `/media/${sample!.id}` });
    expect(after.statusCode).toBe(200);
    expect(after.rawPayload.equals(served.rawPayload)).toBe(true);
  });
});

describe("media storage: s3 behind a CDN (MEDIA_PUBLIC_URL)", () => {
  it("redirects /media/<file> to the CDN's copy of the object", async () => {
    const apps = await startTestApps({ env: { ...s3.env, MEDIA_PUBLIC_URL: "https://cdn.containers.example/" } });
    try {
      const cookie = await signedInCookie(apps);
      const res = await uploadMedia(apps, cookie, await solidImage(500, 400, "png", "#a63"), "image/png");
      const url: string = res.json().url;
      const served = await apps.storefront.inject({ method: "GET", url });
      expect(served.statusCode).toBe(302);
      expect(served.headers.location).toBe(`https://cdn.containers.example${url}`);
    } finally {
      await apps.close();
    }
  }, 120_000);
});

describe("media storage: an unreachable bucket", () => {
  let apps: TestApps;
  beforeAll(async () => {
    // nothing listens on port 9: every request to the storage fails at once
    apps = await startTestApps({ env: { ...s3.env, S3_ENDPOINT: "http://127.0.0.1:9" } });
  }, 120_000);
  afterAll(async () => {
    await apps?.close();
  });

  it("answers 503 to an upload and leaves no row", async () => {
    const cookie = await signedInCookie(apps);
    const before = await mediaRows(apps);
    const res = await uploadMedia(apps, cookie, await solidImage(300, 200, "png", "#36a"), "image/png");
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBeDefined();
    expect(res.json().message).toContain("storage cannot be reached");
    expect(await mediaRows(apps)).toBe(before);
  });

  it("stores no document row when its file cannot be stored", async () => {
    const db = apps.db.handle.db;
    const documents = async () => (await db.select({ n: count() }).from(schema.projectDocuments))[0]!.n;
    const before = await documents();
    await expect(
      storeDocument(db, objectStoreOf(apps.env), {
        orderId: 1,
        kind: "permit",
        title: "Permit",
        fileName: "permit.pdf",
        contentType: "application/pdf",
        body: Buffer.from("%PDF-1.4\n%%EOF\n"),
        storedBy: "owner",
      }),
    ).rejects.toMatchObject({ status: 503 });
    expect(await documents()).toBe(before);
  });
});

describe("media storage settings", () => {
  it("refuses at start a missing or wrong S3 setting, naming it", async () => {
    const { S3_BUCKET: _bucket, ...withoutBucket } = s3.env;
    expect(() => testEnv(withoutBucket)).toThrow(ConfigError);
    expect(() => testEnv(withoutBucket)).toThrow(/S3_BUCKET is missing/);
    expect(() => testEnv({ ...s3.env, S3_ENDPOINT: "not a url" })).toThrow(/S3_ENDPOINT "not a url"/);
    expect(() => testEnv({ ...s3.env, S3_FORCE_PATH_STYLE: "yes" })).toThrow(/S3_FORCE_PATH_STYLE/);
    expect(() => testEnv({ MEDIA_STORAGE: "local", S3_BUCKET: "media" })).toThrow(/S3_BUCKET is set but MEDIA_STORAGE/);
    expect(() => testEnv({ MEDIA_STORAGE: "disk" })).toThrow(/MEDIA_STORAGE/);
    const missingBucket = objectStoreOf(testEnv({ ...s3.env, S3_BUCKET: "no-such-bucket" }));
    await expect(missingBucket.verify()).rejects.toThrow(StorageSetupError);
    await expect(missingBucket.verify()).rejects.toThrow(/S3_BUCKET "no-such-bucket" does not exist/);
    await expect(objectStoreOf(testEnv(s3.env)).verify()).resolves.toBeUndefined();
  });
});

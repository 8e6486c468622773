// Where image and document bytes live (MEDIA_STORAGE): files in a local folder, or objects of an
// S3-compatible bucket. The database keeps their metadata and key only. A store that cannot be reached
// answers 503 (retry), never a 500; nothing is recorded in the database until its bytes are stored.
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../../env";
import { serviceUnavailable } from "../../lib/errors";

export interface ObjectStore {
  readonly kind: "local" | "s3";
  put(key: string, body: Uint8Array, contentType: string): Promise<void>;
  /** The object's bytes, or null when there is no such object. */
  get(key: string): Promise<Buffer | null>;
  delete(keys: readonly string[]): Promise<void>;
  /** Where a public object (an image) is fetched straight from the CDN (MEDIA_PUBLIC_URL), or null. */
  publicUrl(key: string): string | null;
  /** Throws a StorageSetupError naming the setting when the bucket is missing or the keys are refused. */
  verify(): Promise<void>;
}

/** A setting that cannot work (found when the store is first reached at start): server.ts exits with it. */
export class StorageSetupError extends Error {}

const unavailable = () => serviceUnavailable("The file storage cannot be reached; please try again in a minute");

/** Keys are made by this module's callers from ids and safe names; refuse anything that could climb out. */
const checkedKey = (key: string) => {
  if (!/^[A-Za-z0-9][A-Za-z0-9._/-]{0,300}$/.test(key) || key.includes("..")) throw new Error(`bad object key ${key}`);
  return key;
};

function localStore(root: string): ObjectStore {
  const pathOf = (key: string) => join(root, checkedKey(key));
  return {
    kind: "local",
    async put(key, body) {
      const path = pathOf(key);
      // written whole under a temporary name, then renamed: a reader never sees half a file
      const temporary = `${path}.${randomBytes(6).toString("hex")}.tmp`;
      try {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(temporary, body);
        await rename(temporary, path);
      } catch {
        await rm(temporary, { force: true }).catch(() => {});
        throw unavailable();
      }
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw unavailable();
      }
    },
    async delete(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    publicUrl: () => null,
    async verify() {
      await mkdir(root, { recursive: true });
    },
  };
}

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

function s3Store(env: Env): ObjectStore {
  const bucket = env.S3_BUCKET!;
  let client: Promise<{ s3: S3Client; sdk: typeof import("@aws-sdk/client-s3") }> | null = null;
  // the SDK (several MB) is loaded when the storage is first used, not by every process at start
  const connect = () => {
    client ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      s3: new sdk.S3Client({
        region: env.S3_REGION,
        ...(env.S3_ENDPOINT ? { endpoint: env.S3_ENDPOINT } : {}),
        forcePathStyle: env.S3_FORCE_PATH_STYLE === "true",
        credentials: { accessKeyId: env.S3_ACCESS_KEY_ID!, secretAccessKey: env.S3_SECRET_ACCESS_KEY! },
        // checksums only where S3 requires them: Garage, SeaweedFS and older servers refuse the newer ones
        requestChecksumCalculation: "WHEN_REQUIRED",
        responseChecksumValidation: "WHEN_REQUIRED",
        maxAttempts: 2,
        requestHandler: { connectionTimeout: 3000, requestTimeout: 15_000 },
      }),
    }));
    return client;
  };
  return {
    kind: "s3",
    async put(key, body, contentType) {
      const { s3, sdk } = await connect();
      try {
        await s3.send(
          new sdk.PutObjectCommand({
            Bucket: bucket,
            Key: checkedKey(key),
            Body: body,
            ContentType: contentType,
            CacheControl: "public, max-age=31536000, immutable",
          }),
        );
      } catch {
        throw unavailable();
      }
    },
    async get(key) {
      const { s3, sdk } = await connect();
      try {
        const answer = await s3.send(new sdk.GetObjectCommand({ Bucket: bucket, Key: checkedKey(key) }));
        return Buffer.from((await answer.Body?.transformToByteArray()) ?? new Uint8Array());
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw unavailable();
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      const { s3, sdk } = await connect();
      await Promise.all(
        keys.map((key) =>
          s3.send(new sdk.DeleteObjectCommand({ Bucket: bucket, Key: checkedKey(key) })).catch(() => {}),
        ),
      );
    },
    publicUrl: (key) =>
      env.MEDIA_PUBLIC_URL ? `${env.MEDIA_PUBLIC_URL.replace(/\/+$/, "")}/${checkedKey(key)}` : null,
    async verify() {
      const { s3, sdk } = await connect();
      try {
        await s3.send(new sdk.HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        const status = statusOf(error);
        if (status === 404) {
          throw new StorageSetupError(`S3_BUCKET "${bucket}" does not exist at ${env.S3_ENDPOINT ?? "AWS S3"}`);
        }
        if (status === 301 || status === 400) {
          throw new StorageSetupError(`S3_REGION "${env.S3_REGION}" is not the region of the bucket "${bucket}"`);
        }
        if (status === 401 || status === 403) {
          throw new StorageSetupError(
            `S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY were refused for the bucket "${bucket}" (HTTP ${status})`,
          );
        }
        // unreachable for now (the store starting beside us): uploads answer 503 until it answers
      }
    },
  };
}

const stores = new WeakMap<Env, ObjectStore>();

/** The media storage this configuration names (one client per configuration). */
export function objectStoreOf(env: Env): ObjectStore {
  let store = stores.get(env);
  if (!store) {
    store = env.MEDIA_STORAGE === "s3" ? s3Store(env) : localStore(env.mediaDir);
    stores.set(env, store);
  }
  return store;
}

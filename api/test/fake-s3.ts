// An S3-compatible server on loopback (s3rver, files in a temporary folder) for the tests of the media
// storage; started and stopped by the test that needs it (or by global-setup.ts for the S3 pass).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

export interface FakeS3 {
  endpoint: string;
  bucket: string;
  /** The settings that point the API at it. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startFakeS3(bucket = "test-media"): Promise<FakeS3> {
  const directory = mkdtempSync(join(tmpdir(), "fake-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
      S3_FORCE_PATH_STYLE: "true",
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

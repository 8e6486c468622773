// npm run media:migrate: moves the image and document bytes still kept in the database (base64 rows from
// before object storage) into the configured media storage (MEDIA_STORAGE, the local folder or the S3
// bucket), while the site runs. Safe to run twice, and beside running API processes (which also do it in
// their hourly housekeeping): each object is stored before its row lets go of the bytes.
// The embedded database belongs to one process: with it, stop `npm start` first (or let it do the move).
import { migrate, openDatabase } from "@ch/db";
import { ConfigError, loadEnv } from "../src/env";
import { moveInlineBytes, objectStoreOf, StorageSetupError } from "../src/modules/media";

try {
  const env = loadEnv();
  const store = objectStoreOf(env);
  await store.verify();
  const handle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    await migrate(handle.db);
    const moved = await moveInlineBytes(handle.db, store);
    process.stdout.write(
      moved > 0
        ? `Moved ${moved} files into the ${env.MEDIA_STORAGE} media storage.\n`
        : `Nothing to move: every file is already in the ${env.MEDIA_STORAGE} media storage.\n`,
    );
  } finally {
    await handle.close();
  }
} catch (error) {
  if (!(error instanceof ConfigError || error instanceof StorageSetupError)) throw error;
  process.stderr.write(`Configuration error: ${error.message}\n`);
  process.exit(1);
}

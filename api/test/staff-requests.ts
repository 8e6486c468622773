// Back-office requests as a signed-in member of staff sends them: the session's cookie and the back office's
// own origin (a write without it is refused as cross-site); and the audit rows those requests leave.
import { type Database, schema } from "@ch/db";
import { desc, eq } from "drizzle-orm";
import { type TestApps, useSignedInApps } from "./harness";

export type StaffMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** A REST request (or a tRPC one by its URL) with the session `cookie`; a payload only when one is given. */
export function staffRequest(apps: TestApps, cookie: string, method: StaffMethod, url: string, payload?: unknown) {
  return apps.backoffice.inject({
    method,
    url,
    headers: { cookie, origin: apps.env.backofficeOrigin },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

/** A tRPC mutation (`path` such as "proposals.saveOption") with its input as the JSON body. */
export function staffMutation(apps: TestApps, cookie: string, path: string, input: unknown) {
  return apps.backoffice.inject({
    method: "POST",
    url: `/api/trpc/${path}`,
    headers: { cookie, origin: apps.env.backofficeOrigin, "content-type": "application/json" },
    payload: input as object,
  });
}

/** An API key with `scopes`, made by the signed-in owner (tRPC apiKeys.create); its secret (chk_…). */
export async function createApiKey(apps: TestApps, cookie: string, scopes: readonly string[]): Promise<string> {
  const res = await staffMutation(apps, cookie, "apiKeys.create", { name: `Key ${scopes.join(" ")}`, scopes });
  if (res.statusCode !== 200) throw new Error(`apiKeys.create answered ${res.statusCode}: ${res.body}`);
  return (res.json() as { result: { data: { secret: string } } }).result.data.secret;
}

/** The newest audit row of `action`, if any. */
export async function lastAudit(db: Database, action: string) {
  const [row] = await db
    .select()
    .from(schema.auditLog)
    .where(eq(schema.auditLog.action, action))
    .orderBy(desc(schema.auditLog.id))
    .limit(1);
  return row;
}

/** An image upload to the media library as the back office sends it: the raw file with its content type. */
export function uploadMedia(apps: TestApps, cookie: string, body: Buffer, contentType: string) {
  return apps.backoffice.inject({
    method: "POST",
    url: "/api/admin/media",
    headers: { cookie, "content-type": contentType },
    payload: body,
  });
}

/** The file's signed-in apps (set before its tests run) and an upload to the media endpoint as staff. */
export function useMediaUploads(): {
  readonly apps: TestApps;
  upload(body: Buffer, contentType: string): ReturnType<typeof uploadMedia>;
} {
  const session: { apps?: TestApps; cookie?: string } = {};
  useSignedInApps((signedIn) => Object.assign(session, signedIn));
  return {
    get apps() {
      return session.apps!;
    },
    upload: (body, contentType) => uploadMedia(session.apps!, session.cookie!, body, contentType),
  };
}

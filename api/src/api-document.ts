// The OpenAPI document of the product: every declared route of both origins and the upload, with this
// installation's origins. One function builds it for the app (/api/openapi.json, /api/docs), for
// api/scripts/openapi.ts (redocly, the example client) and for the API tests, which check every answer
// against it (test/harness.ts).
import type { Env } from "./env";
import { type AnswerShapes, type OpenApiDocument, openApiDocument } from "./http/openapi";
import { sessionCookieName } from "./http/session-cookie";
import { scopesForPath } from "./modules/api-keys";
import { mediaUploadOpenApi } from "./modules/media";
import { allRoutes } from "./routes";

/**
 * The document the app serves: every route of both origins, with this installation's origins. Its answers'
 * objects are open to added fields; the API tests ask for them closed (`answerShapes: "closed"`). It states
 * the shapes of `version` (the current one unless told: a request that pins Api-Version reads its own).
 */
export function apiDocument(env: Env, answerShapes: AnswerShapes = "open", version?: string): OpenApiDocument {
  // the origins as server variables: each installation has its own (defaults: this one's)
  return openApiDocument(
    allRoutes,
    [
      {
        url: "{storefront}",
        description: "Storefront origin (public paths)",
        variables: { storefront: { default: env.storefrontOrigin, description: "PUBLIC_SITE_URL" } },
      },
      {
        url: "{backoffice}",
        description: "Back-office origin (/api/admin/*)",
        variables: { backoffice: { default: env.backofficeOrigin, description: "BACKOFFICE_ORIGIN" } },
      },
    ],
    {
      sessionCookie: sessionCookieName(env),
      extraPaths: mediaUploadOpenApi,
      // admin paths answer only on the back-office origin, the rest only on the storefront's
      serverOf: (path) => (path.startsWith("/api/admin/") ? 1 : 0),
      keyScopesOf: scopesForPath,
      answerShapes,
      version,
    },
  );
}

// API keys for integrators: made and revoked by the owner, checked on /api/admin/* REST paths by scope.
export { adminApiKeysRouter } from "./api-keys.router";
export { authenticateApiKey, revokeKeysOfAccount } from "./api-keys.service";
export { holdsScope, missingScopes, scopesForPath } from "./scope-policy";

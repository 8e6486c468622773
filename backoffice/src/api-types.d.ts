// The admin router's types pass through api/src/http/session-cookie.ts, which relies on @fastify/cookie's
// request/reply augmentation; load it here so the back office typechecks the API's types the same way.
import "@fastify/cookie";

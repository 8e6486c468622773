#!/usr/bin/env node
// `npm run check:deploy` (node scripts/check-deploy.mjs [dir]): checks the deployment files without Docker,
// which cannot start containers on the machines this project is built on. In dir (the repository by
// default) it reads compose.yaml, Dockerfile, deploy/Caddyfile and deploy/.env.example, and checks
//  - compose.yaml against the Compose Specification's JSON schema (scripts/vendor/compose-spec.json);
//  - every variable set for an app service (one built from the Dockerfile) is one api/src/env.ts reads
//    (a key of its envSchema), every ${VAR} is listed in deploy/.env.example, and the web and worker
//    processes set what production requires; their settings, interpolated from deploy/.env.example (with
//    stand-ins for its blank secrets) and with the Dockerfile's NODE_ENV, are accepted by env.ts's loadEnv;
//  - the Dockerfile's stages are built on node:20-slim, the last runs as a non-root USER with a HEALTHCHECK;
//  - services have health checks, depends_on waits on them, and Caddy's upstreams are web services.
// It prints one line, and on a problem names each one and exits 1.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import Ajv from "ajv";
import addFormats from "ajv-formats";
import { tsImport } from "tsx/esm/api";
import { parse } from "yaml";

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");
const dir = resolve(process.argv[2] ?? repoRoot);
const envTsPath = join(repoRoot, "api", "src", "env.ts");
const problems = [];
const problem = (text) => problems.push(text);

/** Settings env.ts refuses to start without, for separate web and worker processes in production
 * (configProblems and mediaStorageProblems); each name is also looked for in env.ts, so a rename shows. */
const PRODUCTION_REQUIRES = [
  "DATABASE_URL",
  "SESSION_SECRET",
  "USDT_WALLET_ADDRESS",
  "PUBLIC_SITE_URL",
  "BACKOFFICE_ORIGIN",
  "MEDIA_STORAGE",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
];
/** What the web and worker processes must be told beyond env.ts's own refusals. */
const EXPECTED_VALUES = { MEDIA_STORAGE: "s3", HOST: "0.0.0.0" };
/** Stand-ins for deploy/.env.example's blank secrets, so that loadEnv can judge the rest. */
const STAND_INS = {
  SESSION_SECRET: "check-deploy-stand-in-session-secret-0123456789",
  USDT_WALLET_ADDRESS: "TG2bLBBBy5LTsB6DfpuxNRHNB7UF9auMYg",
  POSTGRES_PASSWORD: "checkdeploystandin",
  S3_ACCESS_KEY_ID: "checkdeploykey",
  S3_SECRET_ACCESS_KEY: "checkdeploysecret",
};

function read(name) {
  const path = join(dir, name);
  if (!existsSync(path)) {
    problem(`${name} is missing in ${dir}`);
    return null;
  }
  return readFileSync(path, "utf8");
}

// env.ts: the keys of its envSchema (two-space-indented `NAME:` lines inside `z.object({ … })`)
const envSource = readFileSync(envTsPath, "utf8");
const schemaStart = envSource.indexOf("export const envSchema = z.object({");
const schemaEnd = envSource.indexOf("\n});", schemaStart);
if (schemaStart < 0 || schemaEnd < 0) throw new Error("api/src/env.ts: envSchema = z.object({ … }) not found");
const envKeys = new Set(
  [...envSource.slice(schemaStart, schemaEnd).matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]),
);
for (const name of PRODUCTION_REQUIRES) {
  if (!envKeys.has(name)) problem(`check-deploy.mjs: ${name} (PRODUCTION_REQUIRES) is not a key of envSchema any more`);
}

// deploy/.env.example: NAME=value lines
const exampleText = read("deploy/.env.example") ?? "";
const example = new Map();
for (const line of exampleText.split("\n")) {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
  if (m) example.set(m[1], m[2]);
}

// compose.yaml: parsed (with YAML merge keys, as Compose reads them) and validated against the schema
const composeText = read("compose.yaml");
let compose = {};
if (composeText !== null) {
  try {
    compose = parse(composeText, { merge: true }) ?? {};
  } catch (error) {
    problem(`compose.yaml does not parse: ${error.message}`);
  }
  const schema = JSON.parse(readFileSync(join(repoRoot, "scripts", "vendor", "compose-spec.json"), "utf8"));
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  // the schema names draft-07 by its https:// address, which ajv knows as http://…#: the same meta-schema
  if (schema.$schema !== "http://json-schema.org/draft-07/schema#") {
    const draft07 = createRequire(import.meta.url)("ajv/dist/refs/json-schema-draft-07.json");
    ajv.addMetaSchema({ ...draft07, $id: schema.$schema });
  }
  const validate = ajv.compile(schema);
  if (!validate(compose)) {
    for (const e of validate.errors) {
      const extra = e.params?.additionalProperty ? ` (${e.params.additionalProperty})` : "";
      problem(`compose.yaml${e.instancePath || "/"} ${e.message}${extra} [compose-spec schema]`);
    }
  }
}

/** Compose interpolation of one string: $$, ${VAR}, ${VAR:-default}, ${VAR-default}, ${VAR:?error}, ${VAR?error}. */
const used = new Set();
function interpolate(value, where) {
  return value.replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-?])([^}]*))?\}|\$([A-Za-z_][A-Za-z0-9_]*)/g,
    (match, name, op, arg, bare) => {
      if (match === "$$") return "$";
      const variable = name ?? bare;
      used.add(variable);
      if (!example.has(variable)) problem(`${where}: \${${variable}} is not listed in deploy/.env.example`);
      const raw = example.get(variable) ?? "";
      const given = raw !== "" ? raw : (STAND_INS[variable] ?? "");
      const set = op?.startsWith(":") ? given !== "" : example.has(variable) || given !== "";
      if (op?.endsWith("-")) return set ? given : arg;
      if (op?.endsWith("?") && !set) problem(`${where}: \${${variable}} has no value (${arg})`);
      return given;
    },
  );
}

const services = compose.services ?? {};
const serviceNames = Object.keys(services);
const environmentOf = (service, name) => {
  const env = service.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((item) => {
        const at = String(item).indexOf("=");
        return at < 0 ? [String(item), ""] : [String(item).slice(0, at), String(item).slice(at + 1)];
      })
    : Object.entries(env).map(([k, v]) => [k, v === null ? "" : String(v)]);
  return new Map(entries.map(([k, v]) => [k, interpolate(v, `services.${name}.environment.${k}`)]));
};

// the Dockerfile: stages, user, health check, and the NODE_ENV its image sets
const dockerfile = read("Dockerfile") ?? "";
const instructions = dockerfile
  .replace(/\\\n/g, " ")
  .split("\n")
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith("#"));
const stages = [];
for (const line of instructions) {
  const m = /^(\w+)\s+(.*)$/.exec(line);
  if (!m) continue;
  const [op, rest] = [m[1].toUpperCase(), m[2]];
  if (op === "FROM") stages.push({ from: rest.split(/\s+/)[0], name: /\bAS\s+(\S+)/i.exec(rest)?.[1], lines: [] });
  else stages.at(-1)?.lines.push({ op, rest });
}
if (stages.length < 2)
  problem(`Dockerfile: ${stages.length} stage(s); a multi-stage build needs a build and a runtime stage`);
// a stage is built on node:20-slim, directly or through an earlier stage
const baseOf = (stage, seen = new Set()) => {
  const earlier = stages.find((s) => s.name === stage.from && s !== stage && !seen.has(s));
  return earlier ? baseOf(earlier, seen.add(stage)) : stage.from;
};
for (const stage of stages) {
  if (baseOf(stage) !== "node:20-slim")
    problem(`Dockerfile: stage ${stage.name ?? "?"} is FROM ${stage.from}, not built on node:20-slim`);
}
const last = stages.at(-1) ?? { lines: [] };
const user = last.lines.filter((l) => l.op === "USER").at(-1)?.rest;
if (!user) problem("Dockerfile: the runtime stage sets no USER (it would run as root)");
else if (/^(root|0)(:|$)/.test(user)) problem(`Dockerfile: the runtime stage runs as ${user}`);
const healthcheck = last.lines.find((l) => l.op === "HEALTHCHECK")?.rest;
if (!healthcheck || /^NONE$/i.test(healthcheck)) problem("Dockerfile: the runtime stage has no HEALTHCHECK");
else if (!healthcheck.includes("/healthz")) problem("Dockerfile: the HEALTHCHECK does not ask /healthz");
const imageEnv = new Map();
for (const l of last.lines.filter((l) => l.op === "ENV")) {
  for (const m of l.rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g))
    imageEnv.set(m[1], m[2].replace(/^"|"$/g, ""));
}
if (imageEnv.get("NODE_ENV") !== "production")
  problem("Dockerfile: the runtime stage does not set NODE_ENV=production");
if (!last.lines.some((l) => l.op === "CMD" && l.rest.includes("dist/server.mjs"))) {
  problem("Dockerfile: the runtime stage's CMD does not run the API bundle (dist/server.mjs)");
}

// the app services: those built from this Dockerfile
const appServices = serviceNames.filter((name) => services[name].build !== undefined);
if (appServices.length === 0) problem("compose.yaml: no service is built from the Dockerfile");
const { loadEnv } = await tsImport(pathToFileURL(envTsPath).href, import.meta.url);
const checked = [];
const variables = new Set();
for (const name of appServices) {
  const service = services[name];
  const env = environmentOf(service, name);
  for (const key of env.keys()) variables.add(key);
  for (const key of env.keys()) {
    if (!envKeys.has(key)) problem(`services.${name}.environment.${key} is not read by api/src/env.ts`);
  }
  const role = env.get("PROCESS_ROLE");
  if (service.profiles?.length) continue; // an on-demand tool (media-migrate), not a long-running process
  if (role !== "web" && role !== "worker") {
    problem(`services.${name}: PROCESS_ROLE is ${role ?? "unset"}, not web or worker`);
    continue;
  }
  for (const key of PRODUCTION_REQUIRES) {
    if (!env.get(key)) problem(`services.${name}.environment.${key} is not set: production requires it`);
  }
  for (const [key, value] of Object.entries(EXPECTED_VALUES)) {
    if (env.get(key) !== value)
      problem(`services.${name}.environment.${key} is ${env.get(key) ?? "unset"}, not ${value}`);
  }
  try {
    loadEnv({ ...Object.fromEntries(imageEnv), ...Object.fromEntries(env) });
    checked.push(name);
  } catch (error) {
    problem(`services.${name}: api/src/env.ts refuses its settings: ${error.message.replaceAll("\n", " ")}`);
  }
}

// every long-running service has a health check, and depends_on waits on it (or on a one-shot's success)
for (const name of serviceNames) {
  const service = services[name];
  if (service.restart === "no" || service.profiles?.length) continue;
  if (!service.healthcheck) problem(`services.${name} has no healthcheck`);
  const deps = service.depends_on ?? {};
  for (const [dep, spec] of Array.isArray(deps) ? deps.map((d) => [d, {}]) : Object.entries(deps)) {
    if (!serviceNames.includes(dep)) problem(`services.${name}.depends_on names ${dep}, which is not a service`);
    const condition = spec?.condition ?? "service_started";
    const wanted = services[dep]?.restart === "no" ? "service_completed_successfully" : "service_healthy";
    if (condition !== wanted) problem(`services.${name}.depends_on.${dep}: condition ${condition}, not ${wanted}`);
  }
}

// deploy/Caddyfile: every upstream is a web service on one of the two ports
const caddyfile = read("deploy/Caddyfile") ?? "";
const upstreams = [...caddyfile.matchAll(/^\s*reverse_proxy\s+([^{\n]+)/gm)].flatMap((m) => m[1].trim().split(/\s+/));
if (caddyfile && upstreams.length === 0) problem("deploy/Caddyfile: no reverse_proxy upstreams");
for (const upstream of upstreams) {
  const [host, port] = upstream.split(":");
  const role = services[host] ? environmentOf(services[host], host).get("PROCESS_ROLE") : undefined;
  if (role !== "web") problem(`deploy/Caddyfile: upstream ${upstream} is not a web service of compose.yaml`);
  else if (port !== "3000" && port !== "3001")
    problem(`deploy/Caddyfile: upstream ${upstream} is not on port 3000 or 3001`);
}

if (problems.length > 0) {
  console.error(`check:deploy: ${problems.length} problem(s) in ${dir}:`);
  for (const text of [...new Set(problems)]) console.error(`- ${text}`);
  process.exit(1);
}
console.log(
  `check:deploy: compose.yaml valid against the compose-spec schema, ${serviceNames.length} services; ` +
    `${variables.size} variables of ${appServices.length} app services all read by api/src/env.ts; ` +
    `production settings accepted by loadEnv for ${checked.join(", ")}; ` +
    `Dockerfile ${stages.length} node:20-slim stages, USER ${user}, HEALTHCHECK; ` +
    `Caddy upstreams ${upstreams.join(" ")}`,
);

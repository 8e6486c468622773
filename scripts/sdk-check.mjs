#!/usr/bin/env node
// `npm run check:sdk`: the SDK as an integrator gets it (issue 25). Packed to a tarball, installed into a
// temporary project outside the workspace (offline: its dependencies are packed from the workspace's own
// installed copies, the same versions the lockfile pins, so no test reaches beyond this machine),
// the example's program (examples/integration/src/main.ts) compiled there with strict TypeScript, then run
// against a fresh `npm start` of the product: it lists products, sends a lead, places an order, reads it
// back with an API key on the back-office origin, and verifies the lead's signed webhook.
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const port = Number(process.env.SDK_CHECK_PORT ?? 5960);
const storefrontUrl = `http://localhost:${port}`;
const backofficeUrl = `http://localhost:${port + 1}`;
const receiverPort = port + 2;
const work = mkdtempSync(join(tmpdir(), "sdk-check-"));
const started = Date.now();
const step = (text) => console.log(`[sdk-check ${((Date.now() - started) / 1000).toFixed(1)} s] ${text}`);

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, encoding: "utf8", ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(" ")} failed (${result.status}):\n${result.stdout}\n${result.stderr}`);
  }
  return result.stdout;
}

let product;
try {
  // 1. the tarball a publish would upload (prepack builds it from the API's document)
  run("npm", ["pack", "--workspace", "sdk", "--pack-destination", work, "--silent"]);
  const tarball = readdirSync(work).find((name) => name.endsWith(".tgz"));
  if (!tarball) throw new Error("npm pack made no tarball");
  step(`packed ${tarball}`);

  // 2. an outside project that depends on it; its dependencies come as tarballs of the installed copies
  const deps = join(work, "deps");
  mkdirSync(deps);
  const installed = run("npm", ["ls", "--workspace", "sdk", "--omit", "dev", "--all", "--parseable"])
    .split("\n")
    .filter((dir) => dir.includes("/node_modules/") && !dir.endsWith("/container-homes-sdk"));
  const dependencies = { "container-homes-sdk": `file:../${tarball}` };
  for (const dir of installed) {
    const packed = run("npm", ["pack", dir, "--pack-destination", deps, "--silent", "--ignore-scripts"])
      .trim()
      .split("\n")
      .at(-1);
    const name = dir.slice(dir.lastIndexOf("/node_modules/") + "/node_modules/".length);
    dependencies[name] = `file:../deps/${packed}`;
  }
  const project = join(work, "project");
  mkdirSync(join(project, "src"), { recursive: true });
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "sdk-consumer", private: true, type: "module", dependencies }),
  );
  copyFileSync(join(root, "examples/integration/src/main.ts"), join(project, "src/main.ts"));
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noUncheckedIndexedAccess: true,
        exactOptionalPropertyTypes: true,
        skipLibCheck: false,
        types: ["node"],
        typeRoots: [join(root, "node_modules/@types")],
        outDir: "out",
      },
      include: ["src"],
    }),
  );
  run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock"], {
    cwd: project,
  });
  step("installed from the tarball (offline)");
  // the SDK's own TypeScript (its devDependency), strict, the package's declarations checked too
  const tsc = createRequire(join(root, "sdk/package.json")).resolve("typescript/bin/tsc");
  run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: project });
  step("compiled strict");

  // 3. a fresh product, started as `npm start` starts it, on its own data folder
  product = spawn("npm", ["start"], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      ADMIN_PORT: String(port + 1),
      DATA_DIR: join(work, "data"),
      DATABASE_URL: "",
    },
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  });
  const until = Date.now() + 180_000;
  for (;;) {
    const ready = await Promise.all(
      [storefrontUrl, backofficeUrl].map((url) =>
        fetch(`${url}/readyz`).then(
          (res) => res.ok,
          () => false,
        ),
      ),
    );
    if (ready.every(Boolean)) break;
    if (Date.now() > until) throw new Error("the product did not start within 3 minutes");
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  step("product started");

  // 4. what an owner does in the back office first: the first account, a key, a webhook endpoint
  const origin = { origin: backofficeUrl, "content-type": "application/json" };
  const setup = await fetch(`${backofficeUrl}/api/admin/setup`, {
    method: "POST",
    headers: origin,
    body: JSON.stringify({ username: "owner", password: "Sdk-Check-Container-2026!" }),
  });
  if (!setup.ok) throw new Error(`setup answered ${setup.status}: ${await setup.text()}`);
  const cookie = setup.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const created = await fetch(`${backofficeUrl}/api/trpc/apiKeys.create`, {
    method: "POST",
    headers: { ...origin, cookie },
    body: JSON.stringify({ name: "SDK check", scopes: ["orders:read", "webhooks:write"] }),
  });
  if (!created.ok) throw new Error(`the key was refused: ${created.status} ${await created.text()}`);
  const apiKey = (await created.json()).result.data.secret;
  const hook = await fetch(`${backofficeUrl}/api/admin/webhooks`, {
    method: "POST",
    headers: { authorization: `Bearer ${apiKey}`, "content-type": "application/json" },
    body: JSON.stringify({ url: `http://127.0.0.1:${receiverPort}/`, events: ["lead.created"] }),
  });
  if (hook.status !== 201) throw new Error(`the endpoint was refused: ${hook.status} ${await hook.text()}`);
  const webhookSecret = (await hook.json()).secret;
  step("owner, API key and webhook endpoint set up");

  // 5. the integrator's program, compiled above
  const output = run(process.execPath, ["out/main.js"], {
    cwd: project,
    env: {
      ...process.env,
      STOREFRONT_URL: storefrontUrl,
      BACKOFFICE_URL: backofficeUrl,
      SHOP_API_KEY: apiKey,
      SHOP_WEBHOOK_SECRET: webhookSecret,
      RECEIVER_PORT: String(receiverPort),
    },
    timeout: 60_000,
  });
  for (const expected of [/^product \d+: /m, /^lead \d+ created/m, /read with the API key/, /lead\.created verified/]) {
    if (!expected.test(output)) throw new Error(`the program's output lacks ${expected}:\n${output}`);
  }
  process.stdout.write(output);
  step("the example ran against the product: every step passed");
} finally {
  if (product?.pid) {
    // the product writes its data folder until it has exited, so the folder is removed after that
    const exited = product.exitCode === null ? new Promise((resolve) => product.once("exit", resolve)) : null;
    try {
      process.kill(-product.pid, "SIGTERM");
    } catch {}
    if (exited) await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    // npm can exit before the processes it started have finished writing: what is left of the group goes now
    try {
      process.kill(-product.pid, "SIGKILL");
    } catch {}
  }
  // a temporary folder that outlives the check is a warning, not a failed check
  try {
    rmSync(work, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
  } catch (error) {
    console.warn(`[sdk-check] could not remove ${work}: ${error.message}`);
  }
}

// Web processes side by side (`npm run bench -- --cluster`, issue 27 item 5): reads and orders against
// one web process (PROCESS_ROLE=web), then against two sharing the same PostgreSQL, with one worker
// process beside them as a deployment runs (compose.yaml). Two processes are loaded by two clients at
// once, each with half the connections (what a load balancer does); the figure is the ratio of requests
// per second with two to that with one. Each process is started as `npm start` starts it.
import { loadSlice, median } from "./lib/load.mjs";
import { treeCpuSeconds } from "./lib/proc.mjs";

const READ_PATH = "/api/products";

/**
 * @param {object} ctx from run.mjs: startPostgres, startApi, stopProcess, waitForHttp, orderBodies, log,
 *   short, ports { api, apiAdmin, lite, liteAdmin, bare }, ours
 */
export async function clusterBench(ctx) {
  const seconds = ctx.short ? 0.5 : 5;
  const rounds = ctx.short ? 1 : 3;
  const pg = await ctx.startPostgres("cluster");
  const common = { DATABASE_URL: pg.url };
  const worker = ctx.startApi("worker", ctx.ports.worker, ctx.ports.worker + 100, {
    ...common,
    PROCESS_ROLE: "worker",
  });
  const webA = ctx.startApi("web A", ctx.ports.api, ctx.ports.apiAdmin, { ...common, PROCESS_ROLE: "web" });
  await ctx.waitForHttp(`http://127.0.0.1:${ctx.ports.api}/readyz`, webA, 120_000);
  await ctx.waitForHttp(`http://127.0.0.1:${ctx.ports.worker}/healthz`, worker, 120_000);
  const webB = ctx.startApi("web B", ctx.ports.lite, ctx.ports.liteAdmin, { ...common, PROCESS_ROLE: "web" });
  await ctx.waitForHttp(`http://127.0.0.1:${ctx.ports.lite}/readyz`, webB, 120_000);
  const ours = [process.pid, pg.postmasterPid];
  const bodies = await ctx.orderBodies(`http://127.0.0.1:${ctx.ports.api}`);
  const orderRequests = bodies.map((b) => ({
    method: "POST",
    path: "/api/orders",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(b),
  }));
  const targets = [
    { url: `http://127.0.0.1:${ctx.ports.api}`, pid: webA.child.pid },
    { url: `http://127.0.0.1:${ctx.ports.lite}`, pid: webB.child.pid },
  ];

  /** Requests per second (and the slowest p99) with the load spread over `processes` web processes. */
  const measure = async (kind, processes) => {
    const connections = kind === "reads" ? 50 : 10;
    const shared = (t) => ({
      ...t,
      seconds,
      ours,
      connections: Math.max(1, Math.round(connections / processes)),
      ...(kind === "reads" ? { url: `${t.url}${READ_PATH}` } : { requests: orderRequests }),
    });
    const slices = [];
    // an unrecorded warm-up, then the rounds
    await Promise.all(targets.slice(0, processes).map((t) => loadSlice({ ...shared(t), seconds: seconds / 2 })));
    for (let round = 0; round < rounds; round++) {
      const pg0 = treeCpuSeconds([pg.postmasterPid]);
      const t0 = performance.now();
      const parts = await Promise.all(targets.slice(0, processes).map((t) => loadSlice(shared(t))));
      const pgCores = (treeCpuSeconds([pg.postmasterPid]) - pg0) / ((performance.now() - t0) / 1000);
      slices.push({
        pgCores,
        webCores: parts.reduce((sum, p) => sum + p.serverCores, 0),
        rps: parts.reduce((sum, p) => sum + p.rps, 0),
        p99: Math.max(...parts.map((p) => p.p99)),
        errors: parts.reduce((sum, p) => sum + p.errors, 0),
      });
    }
    const rps = median(slices.map((s) => s.rps));
    const pgCores = median(slices.map((s) => s.pgCores));
    return {
      rps,
      // the database's share of the work: requests per second one PostgreSQL core would carry at this mix
      pgCores,
      webCores: median(slices.map((s) => s.webCores)),
      // reads answered from the read cache reach no database: no per-core figure then
      perPgCore: pgCores >= 0.05 ? rps / pgCores : null,
      p99: median(slices.map((s) => s.p99)),
      errors: slices.reduce((sum, s) => sum + s.errors, 0),
    };
  };

  const rows = [];
  for (const kind of ["reads", "orders"]) {
    const one = await measure(kind, 1);
    const two = await measure(kind, 2);
    const row = {
      kind,
      path: kind === "reads" ? `GET ${READ_PATH}` : "POST /api/orders",
      one,
      two,
      ratio: two.rps / one.rps,
    };
    rows.push(row);
    ctx.log(
      `cluster: ${row.path}: 1 web ${one.rps.toFixed(0)}/s, 2 web ${two.rps.toFixed(0)}/s = ${row.ratio.toFixed(2)}x (errors ${one.errors + two.errors}); PostgreSQL ${two.pgCores.toFixed(2)} cores, web ${two.webCores.toFixed(2)} cores, ${two.perPgCore === null ? "none" : two.perPgCore.toFixed(0)}/s per PostgreSQL core`,
    );
  }
  await Promise.all([ctx.stopProcess(webA), ctx.stopProcess(webB), ctx.stopProcess(worker)]);
  return { seconds, rounds, rows };
}

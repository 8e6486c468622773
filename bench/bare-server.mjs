// The read baseline: a bare Fastify server answering each benchmarked URL with the same bytes the
// API answered, from memory. Usage: node bench/bare-server.mjs <port> <answers.json>
// answers.json: { "<url with query>": { "status": 200, "type": "application/json; charset=utf-8", "body": "..." } }
import { readFileSync } from "node:fs";
import Fastify from "fastify";

const [port, file] = process.argv.slice(2);
const answers = new Map(Object.entries(JSON.parse(readFileSync(file, "utf8"))));
const app = Fastify({ logger: false, routerOptions: { maxParamLength: 5000 } });
const notFound = JSON.stringify({ message: "Not found", issues: [] });

app.get("/*", (req, reply) => {
  const answer = answers.get(req.url);
  if (!answer) return reply.code(404).type("application/json; charset=utf-8").send(notFound);
  return reply.code(answer.status).type(answer.type).send(answer.body);
});

await app.listen({ host: "127.0.0.1", port: Number(port) });
const stop = () => app.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);

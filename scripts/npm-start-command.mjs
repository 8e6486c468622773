// What `npm start` runs after building: the last command of api/package.json "start" (its environment
// assignments, node flags and bundle), read from that file so that the e2e server and the benchmark
// cannot drift from it.
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

/** { cwd, env, args, text }: run `node ...args` in cwd with env added to reproduce `npm start`. */
export function npmStartCommand() {
  const script = JSON.parse(readFileSync(join(root, "api", "package.json"), "utf8")).scripts.start;
  const text = script.split("&&").at(-1).trim();
  const words = text.split(/\s+/);
  const env = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const [key, ...value] = words.shift().split("=");
    env[key] = value.join("=");
  }
  if (words.shift() !== "node")
    throw new Error(`api/package.json "start" no longer ends with a node command: ${script}`);
  return { cwd: join(root, "api"), env, args: words, text };
}

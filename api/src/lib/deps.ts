import type { Database } from "@ch/db";
import type { FastifyBaseLogger } from "fastify";
import type { Env } from "../env";
import type { Clock } from "./clock";

/** What every service function receives: the database, configuration, the clock and a logger. */
export interface Deps {
  db: Database;
  env: Env;
  clock: Clock;
  log: FastifyBaseLogger;
}

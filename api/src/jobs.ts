// Periodic housekeeping that any number of API processes may run at once (all of it is idempotent SQL).
import type { Deps } from "./lib/deps";
import { purgeExpiredSessions } from "./modules/admin/auth.service";
import { deleteOldVisits } from "./modules/visits/visits.service";

export interface BackgroundJobs {
  stop(): Promise<void>;
}

export function startBackgroundJobs(deps: Deps): BackgroundJobs {
  const housekeeping = async () => {
    try {
      await purgeExpiredSessions(deps);
      const removed = await deleteOldVisits(deps);
      if (removed > 0) deps.log.info({ removed }, "old visitor records deleted");
    } catch (error) {
      deps.log.warn({ err: error }, "housekeeping failed; will retry");
    }
  };
  void housekeeping();
  const timer = setInterval(housekeeping, 3600_000);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
    },
  };
}

// Each request's logger (req.log), made when the request first logs something. Fastify's default makes a
// pino child for every request, which serialises its bindings (the request id) at once: on the hot reads
// that is work for a line that is almost never written (a fast 2xx is not logged, http/errors.ts).
import type { FastifyBaseLogger } from "fastify";
import type { Bindings, ChildLoggerOptions, Logger } from "pino";

type Level = "fatal" | "error" | "warn" | "info" | "debug" | "trace";

class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private get log(): FastifyBaseLogger {
    this.#child ??= this.parent.child(this.bindings, this.options) as FastifyBaseLogger;
    return this.#child;
  }

  get level(): string {
    return this.#child?.level ?? this.options.level ?? this.parent.level;
  }

  set level(level: string) {
    this.log.level = level;
  }

  isLevelEnabled(level: string): boolean {
    return ((this.#child as Logger | undefined) ?? this.parent).isLevelEnabled(level);
  }

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.log.child(bindings, options);
  }

  silent(): void {}
  fatal(...args: unknown[]): void {
    this.write("fatal", args);
  }
  error(...args: unknown[]): void {
    this.write("error", args);
  }
  warn(...args: unknown[]): void {
    this.write("warn", args);
  }
  info(...args: unknown[]): void {
    this.write("info", args);
  }
  debug(...args: unknown[]): void {
    this.write("debug", args);
  }
  trace(...args: unknown[]): void {
    this.write("trace", args);
  }

  private write(level: Level, args: unknown[]): void {
    // below the level: nothing to write, and no child made for it
    if (!this.#child && !this.options.level && !this.parent.isLevelEnabled(level)) return;
    (this.log[level] as (...a: unknown[]) => void)(...args);
  }
}

/** Fastify's `childLoggerFactory`: a request's logger that becomes a pino child when first used. */
export function lazyRequestLogger(
  parent: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildLoggerOptions,
): FastifyBaseLogger {
  return new RequestLogger(parent as Logger, bindings, options) as unknown as FastifyBaseLogger;
}

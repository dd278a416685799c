/**
 * Fastify makes a child logger (with the request id) for every request. At the usual
 * levels most requests never log, so the child is made only when something is logged at
 * an enabled level; until then the request's logger answers for it.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { FastifyChildLoggerFactory } from 'fastify/types/logger.js';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type Bindings = Record<string, unknown>;

class DeferredChild {
  #made: FastifyBaseLogger | undefined;
  constructor(
    private readonly parent: FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    private readonly bindings: Bindings,
  ) {}
  private made(): FastifyBaseLogger {
    this.#made ??= this.parent.child(this.bindings);
    return this.#made;
  }
  private write(level: Level, args: unknown[]) {
    if (this.#made || this.parent.isLevelEnabled(level)) (this.made()[level] as (...a: unknown[]) => void)(...args);
  }
  get level() {
    return this.#made?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.made().level = level;
  }
  fatal(...args: unknown[]) {
    this.write('fatal', args);
  }
  error(...args: unknown[]) {
    this.write('error', args);
  }
  warn(...args: unknown[]) {
    this.write('warn', args);
  }
  info(...args: unknown[]) {
    this.write('info', args);
  }
  debug(...args: unknown[]) {
    this.write('debug', args);
  }
  trace(...args: unknown[]) {
    this.write('trace', args);
  }
  silent() {}
  child(bindings: Bindings, options?: object) {
    return this.made().child(bindings, options);
  }
  isLevelEnabled(level: string) {
    const made = this.#made as { isLevelEnabled?(level: string): boolean } | undefined;
    return made?.isLevelEnabled ? made.isLevelEnabled(level) : this.parent.isLevelEnabled(level);
  }
}

export const deferredChildLogger: FastifyChildLoggerFactory = (logger, bindings, options) => {
  const parent = logger as FastifyBaseLogger & { isLevelEnabled?: (level: string) => boolean };
  // A route's own level or serializers, or a logger that cannot say its level: a child now.
  if (typeof parent.isLevelEnabled !== 'function' || Object.keys(options).length > 0) return logger.child(bindings, options);
  return new DeferredChild(
    parent as FastifyBaseLogger & { isLevelEnabled(level: string): boolean },
    bindings,
  ) as unknown as FastifyBaseLogger;
};

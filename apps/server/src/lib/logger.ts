import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * The server's one logger, defined here and nowhere else: pino at LOG_LEVEL (info when unset), JSON lines on
 * stdout. Fastify logs through it (app.ts, each request through its own child) and every other part of the server
 * through a child that names it (`logger.child({ module: 'notify' })`), given to the services in services.ts. Only
 * the command-line tools and the start's announcement write plain text to the terminal, for the person reading it.
 */
export const logger: Logger = pino({ level: process.env.LOG_LEVEL ?? 'info' });

import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { logger } from '../shared/logger.js';

export interface NotificationHandlers {
  /** A payload sent on the channel with `NOTIFY` / `pg_notify`, once its transaction committed. */
  onMessage(payload: string): void;
  /**
   * Whether messages are being received. False when the connection is lost: messages sent until it
   * is back are never delivered, so whoever relies on them must stop trusting what they cached.
   */
  onListening(listening: boolean): void;
}

/** PostgreSQL's `LISTEN` for one channel; resolves with the function that stops listening. */
export type Listen = (channel: string, handlers: NotificationHandlers) => Promise<() => Promise<void>>;

const RECONNECT_DELAY_MS = 1_000;

/**
 * `LISTEN` on PostgreSQL needs a connection of its own, outside the pool (a pooled connection is
 * handed to other queries). When it is lost it is opened again every second until it succeeds.
 * It must reach the primary directly: a transaction-pooling proxy does not carry notifications.
 */
export function postgresListen(url: string): Listen {
  return async (channel, handlers) => {
    let stopped = false;
    let client: pg.Client | null = null;
    let retry: NodeJS.Timeout | undefined;

    const lost = (failed: pg.Client, error?: Error) => {
      if (client !== failed) return;
      client = null;
      handlers.onListening(false);
      failed.end().catch(() => {});
      if (stopped) return;
      logger.warn({ err: error, channel }, 'database notifications lost; reconnecting');
      retry = setTimeout(connect, RECONNECT_DELAY_MS);
    };

    async function connect() {
      const candidate = new pg.Client({ connectionString: url });
      client = candidate;
      candidate.on('notification', (message) => {
        if (message.channel === channel) handlers.onMessage(message.payload ?? '');
      });
      candidate.on('error', (error) => lost(candidate, error));
      candidate.on('end', () => lost(candidate));
      try {
        await candidate.connect();
        await candidate.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (client === candidate && !stopped) handlers.onListening(true);
      } catch (error) {
        lost(candidate, error as Error);
      }
    }

    await connect();
    return async () => {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = null;
      await current?.end().catch(() => {});
    };
  };
}

/**
 * The embedded database is one backend in this process: its notifications are never lost. What it
 * runs for the socket's clients (the CLI, while the server runs) comes back as raw protocol bytes,
 * which PGlite hands to the socket without reading: `socketDatabase` is the database to serve the
 * socket with, which picks the notifications out of those bytes for this process's listeners.
 */
export async function embeddedNotifications(pglite: PGlite): Promise<{ listen: Listen; socketDatabase(): PGlite }> {
  const { protocol } = await import('@electric-sql/pglite');
  const socketListeners = new Map<string, Set<(payload: string) => void>>();

  const listen: Listen = async (channel, handlers) => {
    const unlisten = await pglite.listen(channel, handlers.onMessage);
    const listeners = socketListeners.get(channel) ?? new Set();
    socketListeners.set(channel, listeners.add(handlers.onMessage));
    handlers.onListening(true);
    return async () => {
      listeners.delete(handlers.onMessage);
      await unlisten();
    };
  };

  const execProtocolRawStream: PGlite['execProtocolRawStream'] = async (message, options) => {
    // One message's whole answer is produced in one call (PGlite runs it to completion), so one parser per call.
    const parser = new protocol.Parser();
    await pglite.execProtocolRawStream(message, {
      ...options,
      onRawData(data) {
        options?.onRawData(data);
        parser.parse(data, (reply) => {
          if (!(reply instanceof protocol.messages.NotificationResponseMessage)) return;
          for (const listener of socketListeners.get(reply.channel) ?? []) listener(reply.payload);
        });
      },
    });
  };

  const socketDatabase = () =>
    new Proxy(pglite, {
      get(target, property) {
        if (property === 'execProtocolRawStream') return execProtocolRawStream;
        const value: unknown = Reflect.get(target, property, target);
        // PGlite's methods use private fields: they must run on PGlite itself, not on the proxy.
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });

  return { listen, socketDatabase };
}

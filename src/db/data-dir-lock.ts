import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';
import { logger } from '../shared/logger.js';

/**
 * Exclusive use of an embedded data directory by one process. The lock (proper-lockfile) only
 * goes stale 10 s after its holder stops refreshing it, so the holder's PID is written beside it:
 * a holder that died without releasing (kill -9, out of memory) is recognised at once, and a
 * supervisor's restart serves again within seconds instead of failing until someone cleans up.
 */
const lockPath = (dir: string) => join(dir, '.lock');
const pidPath = (dir: string) => join(dir, '.lock.pid');

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // alive, owned by another user
  }
}

function recordedHolder(dir: string): number | null {
  try {
    const pid = Number(readFileSync(pidPath(dir), 'utf8'));
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** Refusal to open a data directory a live process holds: `holder` is its PID, when known. */
export class DataDirectoryInUse extends Error {
  constructor(
    readonly dir: string,
    readonly holder: number | 'unknown',
  ) {
    super(`The embedded database in ${dir} is in use by another process${holder === 'unknown' ? '' : ` (PID ${holder})`}`);
    this.name = 'DataDirectoryInUse';
  }
}

/**
 * The live process holding `dir`, `'unknown'` while a holder has locked but not yet written its
 * PID, or null when the directory is free (never locked, released, or left by a dead process).
 * A recorded PID that lives decides, however old the lock: a holder whose event loop was blocked
 * past the lock's stale time (migrations on a slow machine) has not let go, and a second process
 * opening the directory then would corrupt it. Never this process's own PID: a container restarts
 * its server with the same PID, and the file is then what the previous run left.
 */
export function liveHolder(dir: string): number | 'unknown' | null {
  if (!existsSync(lockPath(dir))) return null;
  const pid = recordedHolder(dir);
  if (pid !== null) return pid !== process.pid && isAlive(pid) ? pid : null;
  return lockfile.checkSync(dir, { lockfilePath: lockPath(dir) }) ? 'unknown' : null;
}

/** Takes `dir` for this process, clearing what a dead holder left; refuses while a live one holds it. */
export async function lockDataDirectory(dir: string): Promise<() => Promise<void>> {
  const holder = liveHolder(dir);
  if (holder !== null) throw new DataDirectoryInUse(dir, holder);
  // A lock still on disk here belongs to a dead process.
  rmSync(lockPath(dir), { recursive: true, force: true });
  const release = await lockfile
    .lock(dir, {
      lockfilePath: lockPath(dir),
      // proper-lockfile throws (crashing the process) when it could not refresh the lock in time,
      // which a blocked event loop causes. The PID beside it still keeps other processes out.
      onCompromised: (error) => logger.warn({ reason: error.message }, 'the data directory lock could not be refreshed in time; the PID file still holds the directory'),
    })
    .catch(() => {
      throw new DataDirectoryInUse(dir, 'unknown');
    });
  writeFileSync(pidPath(dir), String(process.pid));
  return async () => {
    rmSync(pidPath(dir), { force: true });
    // A compromised lock refuses its release: removed by hand then.
    await release().catch(() => rmSync(lockPath(dir), { recursive: true, force: true }));
  };
}

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

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

/**
 * The live process holding `dir`, `'unknown'` while a holder has locked but not yet written its
 * PID, or null when the directory is free (never locked, released, or left by a dead process).
 */
export function liveHolder(dir: string): number | 'unknown' | null {
  if (!lockfile.checkSync(dir, { lockfilePath: lockPath(dir) })) return null;
  const pid = recordedHolder(dir);
  if (pid === null) return 'unknown';
  return isAlive(pid) ? pid : null;
}

/** Takes `dir` for this process, clearing what a dead holder left; refuses while a live one holds it. */
export async function lockDataDirectory(dir: string): Promise<() => Promise<void>> {
  const holder = liveHolder(dir);
  if (holder !== null) {
    throw new Error(`The embedded database in ${dir} is in use by another process${holder === 'unknown' ? '' : ` (PID ${holder})`}`);
  }
  // A lock still on disk here belongs to a dead process.
  rmSync(lockPath(dir), { recursive: true, force: true });
  const release = await lockfile.lock(dir, { lockfilePath: lockPath(dir) }).catch(() => {
    throw new Error(`The embedded database in ${dir} is in use by another process`);
  });
  writeFileSync(pidPath(dir), String(process.pid));
  return async () => {
    rmSync(pidPath(dir), { force: true });
    await release();
  };
}

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirectoryInUse, liveHolder, lockDataDirectory } from '../src/db/data-dir-lock.js';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'bp-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A lock as a holder leaves it: proper-lockfile's directory, last refreshed `ageMs` ago, and the holder's PID beside it. */
function leftLock(dir: string, pid: number, ageMs: number) {
  mkdirSync(join(dir, '.lock'));
  const then = new Date(Date.now() - ageMs);
  utimesSync(join(dir, '.lock'), then, then);
  writeFileSync(join(dir, '.lock.pid'), String(pid));
}

describe('the embedded data directory lock', () => {
  it('is held by a live PID however long ago the lock was refreshed (a holder whose event loop was blocked)', async () => {
    const sleeper = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60_000)']);
    try {
      const dir = freshDir();
      leftLock(dir, sleeper.pid!, 120_000);
      expect(liveHolder(dir)).toBe(sleeper.pid);
      const refused = await lockDataDirectory(dir).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(DataDirectoryInUse);
      expect((refused as DataDirectoryInUse).holder).toBe(sleeper.pid);
      expect((refused as Error).message).toBe(`The embedded database in ${dir} is in use by another process (PID ${sleeper.pid})`);
    } finally {
      sleeper.kill();
    }
  });

  it('is free once its holder died, or when the PID recorded is this process (a container restarted with the same PID)', async () => {
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    for (const pid of [gone.pid!, process.pid]) {
      const dir = freshDir();
      leftLock(dir, pid, 0);
      expect(liveHolder(dir), String(pid)).toBeNull();
      const release = await lockDataDirectory(dir);
      expect(liveHolder(dir)).toBeNull(); // Held by this very process.
      await release();
    }
  });

  it('is held while fresh before its holder wrote its PID, and free once stale', () => {
    const dir = freshDir();
    mkdirSync(join(dir, '.lock'));
    expect(liveHolder(dir)).toBe('unknown');
    const old = new Date(Date.now() - 60_000);
    utimesSync(join(dir, '.lock'), old, old);
    expect(liveHolder(dir)).toBeNull();
  });
});

import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite admits one process per data directory and takes no lock of its own: two processes
 * opening it would corrupt it. Whoever opens the directory records its pid in `owner.pid`; the
 * command-line tools (import, client:create) read it and wait while a live process holds it.
 * A pid file left by a killed process is stale (its pid is gone) and ignored.
 */
const FILE = 'owner.pid';

export interface DataDirOwner {
  pid: number;
  command: string;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process other than this one that has the data directory open, if any. */
export function dataDirOwner(dataDir: string): DataDirOwner | null {
  try {
    const owner = JSON.parse(readFileSync(path.join(dataDir, FILE), 'utf8')) as DataDirOwner;
    return owner.pid !== process.pid && alive(owner.pid) ? owner : null;
  } catch {
    return null;
  }
}

/** Records this process as the directory's owner; returns the release for close(). */
export function claimDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, FILE);
  const owner: DataDirOwner = {
    pid: process.pid,
    command: process.argv.slice(1).join(' ').slice(0, 200),
    since: new Date().toISOString(),
  };
  try {
    writeFileSync(file, JSON.stringify(owner));
  } catch {
    return () => {};
  }
  const release = () => {
    try {
      if ((JSON.parse(readFileSync(file, 'utf8')) as DataDirOwner).pid === process.pid) unlinkSync(file);
    } catch {
      /* already gone */
    }
  };
  process.once('exit', release);
  return release;
}

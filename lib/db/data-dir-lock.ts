import "server-only";
import fs, { mkdirSync } from "node:fs";
import lockfile from "proper-lockfile";

/**
 * proper-lockfile removes its locks from signal-exit's "exit", which a copy of signal-exit bundled
 * into a later chunk of the server fires on SIGTERM itself, while the shutdown still drains with the
 * database open: the lock went at once, and its next refresh found it gone and exited 1 ("lost the
 * lock"). Its files go only when the process really exits (then the lock goes, as it should, with it)
 * or when it is released.
 */
let processExiting = false;
process.once("exit", () => {
  processExiting = true;
});
const lockFs = {
  ...fs,
  rmdirSync: (path: fs.PathLike) => {
    if (processExiting) fs.rmdirSync(path);
  },
};

/**
 * PGlite allows one process per data directory and silently loses or corrupts data when two
 * open it. The lock makes a second process fail loudly instead. A process killed with SIGKILL
 * leaves a lock that turns stale after a few seconds, so a restart still works.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
  mkdirSync(dir, { recursive: true });
  // proper-lockfile's refresh may have a stat of the lock file in flight while we release it; the
  // file it then misses was removed by us, not taken by another process.
  let releasing = false;
  try {
    const release = await lockfile.lock(dir, {
      lockfilePath: `${dir}.lock`,
      fs: lockFs,
      stale: 10_000,
      update: 2_000,
      retries: { retries: 3, minTimeout: 1_000, maxTimeout: 4_000 },
      onCompromised: (error) => {
        if (releasing) return;
        console.error(`[db] lost the lock on ${dir}; stopping to protect the data`, error);
        process.exit(1);
      },
    });
    return () => {
      releasing = true;
      return release();
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ELOCKED") {
      throw new Error(
        `The database directory ${dir} is in use by another Paydesk process. ` +
          "Stop that process first (PGlite allows one process per directory), " +
          "or point PAYDESK_DATA_DIR at another directory.",
      );
    }
    throw error;
  }
}

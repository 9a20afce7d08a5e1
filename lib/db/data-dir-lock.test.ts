import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import { lockDataDir } from "./data-dir-lock";

const run = promisify(execFile);
const parent = mkdtempSync(join(tmpdir(), "paydesk-lock-"));
afterAll(() => rmSync(parent, { recursive: true, force: true }));

describe("the embedded database's directory lock", () => {
  it("refuses a second process on the same directory with a clear error", async () => {
    const dir = join(parent, "db");
    const unlock = await lockDataDir(dir);
    try {
      const attempt = run(
        process.execPath,
        [
          "--conditions=react-server",
          "--import",
          "tsx",
          "lib/cli/paydesk.ts",
          "user:create",
          "--email",
          "x@example.com",
          "--role",
          "admin",
        ],
        { env: { ...process.env, PAYDESK_DATA_DIR: dir, DATABASE_URL: "" } },
      );
      await expect(attempt).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining("is in use by another Paydesk process"),
      });
    } finally {
      await unlock();
    }
  });

  it("can be taken again once released", async () => {
    const dir = join(parent, "db2");
    await (
      await lockDataDir(dir)
    )();
    const unlock = await lockDataDir(dir);
    await unlock();
  });
});

describe("the lock while the server stops", () => {
  it("stays while a SIGTERM is being handled, however many copies of signal-exit the build holds", async () => {
    const dir = join(parent, "db3");
    const unlock = await lockDataDir(dir);
    try {
      // What a bundled copy of signal-exit does when SIGTERM comes and it counts no other listener.
      const emitter = (process as unknown as { __signal_exit_emitter__?: NodeJS.EventEmitter })
        .__signal_exit_emitter__;
      expect(emitter).toBeDefined();
      emitter?.emit("exit", null, "SIGTERM");
      expect(existsSync(`${dir}.lock`)).toBe(true);
      // Its refresh (every 2 s) still finds it: the process is not told it lost the lock.
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      expect(existsSync(`${dir}.lock`)).toBe(true);
    } finally {
      await unlock();
    }
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});

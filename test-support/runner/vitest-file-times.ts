import { writeFileSync } from "node:fs";
import { relative } from "node:path";
import type { Reporter, TestModule } from "vitest/node";

/**
 * Writes each test file's whole time (preparing, importing, set-up hooks and tests) to the file
 * PAYDESK_FILE_TIMES names, for test-report.mjs. Vitest's JSON report spans only a file's first
 * test to its last, so a file that spends its time migrating a database in beforeAll reads as 0 s.
 */
export default class VitestFileTimes implements Reporter {
  private readonly files: { file: string; seconds: number; tests: number }[] = [];

  onTestModuleEnd(testModule: TestModule) {
    const d = testModule.diagnostic();
    const ms =
      d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration + d.duration;
    this.files.push({
      file: relative(process.cwd(), testModule.moduleId),
      seconds: Math.round(ms) / 1000,
      tests: [...testModule.children.allTests()].length,
    });
  }

  onTestRunEnd() {
    const out = process.env.PAYDESK_FILE_TIMES;
    if (out) writeFileSync(out, JSON.stringify(this.files, null, 1));
  }
}

/**
 * The command-line tools an operator runs: `node paydesk.cjs <command>` in the bundle, `npm run
 * <command>` in a checkout (lib/cli/paydesk.ts dispatches both). A command is one line here: its
 * name, what it does in one line, and its module, which exports `run(args)` and sets
 * process.exitCode. Each module is loaded only when its command runs.
 */
export const COMMANDS = {
  "user:create": {
    summary: "create a user and print their one-time invitation link (--email, --role, --name)",
    load: () => import("./create-user"),
  },
  "user:break-glass": {
    summary: "a one-time password link for an admin while single sign-on is down (--email)",
    load: () => import("./break-glass-link"),
  },
  "config:check": {
    summary: "check the environment as a start would, without starting; exits 78 listing every problem",
    load: () => import("./config-check"),
  },
  "db:status": {
    summary:
      "where the database's schema stands against this release; --exit-code-if-unsafe for a deploy gate",
    load: () => import("./db-status"),
  },
  "db:migrate": {
    summary: "apply this release's pending migrations (for starts with PAYDESK_MIGRATE=off)",
    load: () => import("./db-migrate"),
  },
  "change:break-glass": {
    summary: "list changes waiting for a second admin; --id <change id> applies one without",
    load: () => import("./break-glass"),
  },
  "ledger:check": {
    summary: "compare every balance with the ledger; --repair books what the state says",
    load: () => import("./ledger-check"),
  },
} satisfies Record<string, Command>;

export interface Command {
  summary: string;
  load: () => Promise<{ run(args: string[]): Promise<void> }>;
}

export type CommandName = keyof typeof COMMANDS;

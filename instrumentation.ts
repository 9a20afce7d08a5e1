export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { routeConsoleToLog } = await import("./lib/log/console-to-log");
  routeConsoleToLog();
  const { observeRequests } = await import("./lib/http/observe-requests");
  observeRequests();
  const { startPaydeskOrExit } = await import("./lib/startup");
  await startPaydeskOrExit();
}

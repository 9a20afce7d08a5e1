export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { stampPeerAddress } = await import("./lib/stamp-peer-address");
  stampPeerAddress();
  const { startPaydesk } = await import("./lib/startup");
  try {
    await startPaydesk();
  } catch (error) {
    // A configuration Paydesk refuses (or a database it cannot open) ends the process: a server
    // left running without its start-up would answer every request with an error.
    console.error(`[paydesk] refusing to start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}

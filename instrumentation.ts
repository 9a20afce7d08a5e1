export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs" || process.env.NEXT_PHASE === "phase-production-build") return;
  const { stampPeerAddress } = await import("./lib/stamp-peer-address");
  stampPeerAddress();
  const { startPaydeskOrExit } = await import("./lib/startup");
  await startPaydeskOrExit();
}

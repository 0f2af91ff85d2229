// The image's HEALTHCHECK: healthy once the server answers /health from its catalog
// (it listens only after the catalog is migrated and its first start is done).
const port = process.env.PORT || "8080";
try {
  const res = await fetch(`http://127.0.0.1:${port}/health`, { signal: AbortSignal.timeout(4000) });
  const body = res.ok ? await res.json() : null;
  process.exit(body?.status === "ok" ? 0 : 1);
} catch {
  process.exit(1);
}

/**
 * One built product per Playwright worker: ports E2E_PORT, E2E_PORT+1, …, each on a fresh data folder
 * and, when TEST_DATABASE_URL names a PostgreSQL server, a fresh database of its own there.
 */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export const serverPort = (workerIndex: number) => E2E_PORT + workerIndex;
export const serverUrl = (workerIndex: number) => `http://localhost:${serverPort(workerIndex)}`;
export const serverDataDir = (workerIndex: number) => `/tmp/exam-e2e-${serverPort(workerIndex)}`;

/**
 * The worker's own PostgreSQL database (created empty before its server starts), or null: the
 * embedded database in the data folder. PostgreSQL spends less of the two cores than the embedded
 * one (WebAssembly, in the server's process) for the same pages.
 */
export function serverDatabase(workerIndex: number): { name: string; url: string } | null {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) return null;
  const name = `exam_e2e_${serverPort(workerIndex)}`;
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { name, url: url.toString() };
}

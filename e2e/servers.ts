/** One built product per Playwright worker: ports E2E_PORT, E2E_PORT+1, …, each on a fresh data folder. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 8181);
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

export const serverPort = (workerIndex: number) => E2E_PORT + workerIndex;
export const serverUrl = (workerIndex: number) => `http://localhost:${serverPort(workerIndex)}`;
export const serverDataDir = (workerIndex: number) => `/tmp/exam-e2e-${serverPort(workerIndex)}`;

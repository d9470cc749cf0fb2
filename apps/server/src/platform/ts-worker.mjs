// Runs a TypeScript worker script from source (tests, `tsx watch`): registers tsx's loader in this
// thread, then imports workerData.tsEntry. The bundle (dist/) starts its built worker directly.
import { pathToFileURL } from 'node:url';
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(pathToFileURL(workerData.tsEntry).href);

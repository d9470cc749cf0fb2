// Runs PGlite in a worker thread so that its WebAssembly work never blocks the HTTP event loop
// (DESIGN 5). Messages are handled strictly in arrival order; the main thread (pglite-proxy.ts)
// guarantees that a transaction's statements are not interleaved with other requests'.
import fs from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';

// Drizzle keeps these types as the raw text PostgreSQL sends and maps them itself.
const identity = (value) => value;
const PARSERS = {
  [types.TIMESTAMP]: identity,
  [types.TIMESTAMPTZ]: identity,
  [types.INTERVAL]: identity,
  [types.DATE]: identity,
  1231: identity,
  1115: identity,
  1185: identity,
  1187: identity,
  1182: identity,
};

// A dump of a prepared database (the API tests' template) skips initdb, the slow part of a start.
const loadDataDir = workerData.loadFrom ? new Blob([fs.readFileSync(workerData.loadFrom)]) : undefined;
const db = await PGlite.create({ dataDir: workerData.dataDir ?? undefined, loadDataDir });

function plainError(err) {
  return {
    message: err?.message ?? String(err),
    code: err?.code,
    detail: err?.detail,
    constraint: err?.constraint,
    table: err?.table,
    column: err?.column,
  };
}

parentPort.on('message', async (msg) => {
  try {
    let result = null;
    if (msg.op === 'query') {
      const res = await db.query(msg.sql, msg.params ?? [], { rowMode: msg.rowMode ?? 'object', parsers: PARSERS });
      result = { rows: res.rows, fields: res.fields, affectedRows: res.affectedRows };
    } else if (msg.op === 'exec') {
      await db.exec(msg.sql);
    } else if (msg.op === 'dump') {
      const tarball = await db.dumpDataDir('none');
      fs.writeFileSync(msg.file, Buffer.from(await tarball.arrayBuffer()));
    } else if (msg.op === 'close') {
      await db.close();
    }
    parentPort.postMessage({ id: msg.id, result });
  } catch (err) {
    parentPort.postMessage({ id: msg.id, error: plainError(err) });
  }
});
parentPort.postMessage({ ready: true });

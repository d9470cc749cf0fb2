/**
 * The raw baseline of bench/live.ts: a bare Node HTTP server with a pg pool of the app's size (20)
 * doing only a heartbeat's essential statement: one upsert of the viewer's row that credits at most
 * the wall-clock time since the previous beat (capped at 15 s). No token, no audience check, no
 * framework: the floor this machine and PostgreSQL give one heartbeat.
 *
 *   DATABASE_URL=… PORT=… node bench/live-raw-server.mjs
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const UPSERT = `insert into el_live_viewer (live_id, user_id, first_at, last_beat_at, playing)
  values ($1, $2, now(), now(), true)
  on conflict (live_id, user_id) do update set
    watch_seconds = el_live_viewer.watch_seconds + case when el_live_viewer.playing
      then least(greatest(extract(epoch from now() - el_live_viewer.last_beat_at), 0), 15) else 0 end,
    last_beat_at = greatest(el_live_viewer.last_beat_at, now()),
    playing = true
  returning watch_seconds`;

const server = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => {
    body += c;
  });
  req.on('end', async () => {
    try {
      const { liveId, userId } = JSON.parse(body);
      const { rows } = await pool.query(UPSERT, [liveId, userId]);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: 'ok', data: { watchSeconds: rows[0].watch_seconds } }));
    } catch (err) {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 50000, msg: String(err.message), data: null }));
    }
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => {
  server.close();
  pool.end().then(() => process.exit(0));
});

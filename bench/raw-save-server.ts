/**
 * The raw limit of an answer save: the least a server must do to store one answer
 * safely, with nothing else. node:http and pg, a pool of the product's size (20), two prepared
 * statements: the token by its hash, then one conditional UPDATE of the answer row whose WHERE
 * holds the owner, the paper's state and deadline and the client sequence. No framework, no
 * validation, no logging, no window rule: bench/save-saturation.ts compares the product with it.
 *
 *   DATABASE_URL=postgres://… PORT=18999 npx tsx bench/raw-save-server.ts
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

const TOKEN = {
  name: 'raw_token',
  text: 'select user_id from sys_token where token_hash = $1 and expires_at > now()',
};
const SAVE = {
  name: 'raw_save',
  text: `update el_paper_qu q set answer = $1::jsonb, seq = $2::bigint, answered_at = now()
    from el_paper p
    where q.paper_id = $3 and q.qu_id = $4 and p.id = q.paper_id and p.user_id = $5
      and p.state = 0 and p.deadline > now() and q.seq < $2::bigint
    returning q.seq`,
};

function answer(res: http.ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function save(token: string, body: { paperId: string; quId: string; answer: unknown; seq: number }) {
  const hash = createHash('sha256').update(token).digest('hex');
  const user = await pool.query({ ...TOKEN, values: [hash] });
  if (!user.rowCount) return { code: 10010002, msg: '未登录', data: null };
  const saved = await pool.query({
    ...SAVE,
    values: [JSON.stringify(body.answer), body.seq, body.paperId, body.quId, user.rows[0].user_id],
  });
  return { code: 0, msg: '操作成功', data: { accepted: saved.rowCount === 1, seq: body.seq } };
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    save(String(req.headers.token ?? ''), JSON.parse(Buffer.concat(chunks).toString() || '{}'))
      .then((out) => answer(res, out))
      .catch((err) => answer(res, { code: 1, msg: String(err), data: null }));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 18999), '127.0.0.1');
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});

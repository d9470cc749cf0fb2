/**
 * The minimal exam-day server: the baseline the product's exam day is measured against. It answers
 * the five calls of bench/exam-day.ts (start with a rule draw, paper read, claim, save, hand-in with
 * marking) with the fewest statements that keep the product's guarantees, and nothing else: no
 * framework, no validation, no logging, no events, no audience or arrangement rules.
 *
 * Guarantees kept, each inside the statement that needs it:
 * - one open paper per learner: the partial unique index el_paper_open_uq (ON CONFLICT … DO NOTHING);
 *   a second start resumes the open paper;
 * - the window and the deadline: the exam's window is checked at the start and the deadline,
 *   min(start + duration, window end), is written with the paper; a save or claim after it changes
 *   nothing, a hand-in marks what was stored;
 * - the answering window and the client's sequence: the save's one conditional UPDATE (as
 *   bench/raw-save-server.ts, plus the window);
 * - 0 loss: a save is acknowledged only when its UPDATE changed the row.
 *
 * Statements per call: start 1 (paper and its questions in one INSERT … WITH) or 2 on a resume;
 * paper read 1; claim 1; save 1; hand-in 1 (marking and the paper's state in one UPDATE … WITH).
 * The token lookup is one more per call unless cached: tokens are kept 60 s, as the product's
 * AUTH_CACHE_SECONDS default. The exam row and the bank's questions are read once per process (the
 * question pool per exam); a real server would drop them on change, this one never changes them.
 * Only single-choice rule papers (what the bench draws).
 *
 *   DATABASE_URL=postgres://… PORT=18999 npx tsx bench/min-exam-server.ts
 */
import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const TOKEN_TTL_MS = 60_000;

interface Option {
  key: string;
  content: string;
  isRight: boolean;
}
interface PoolQuestion {
  id: string;
  type: number;
  level: number;
  content: string;
  options: Option[];
  answer: unknown;
  analysis: string | null;
}
interface ExamFacts {
  title: string;
  start: number;
  end: number;
  durationMin: number;
  passScore: number;
  sections: { repoIds: string[]; quType: number; level: number; count: number; score: number; title: string }[];
  totalScore: number;
  pool: Map<string, PoolQuestion[]>;
}

/** The right option's key of a single choice, inside an UPDATE of el_paper_qu q. */
const RIGHT_KEY = `select o->>'key' from jsonb_array_elements(q.options) o where (o->>'isRight')::boolean limit 1`;

const Q = {
  token: { name: 'min_token', text: 'select user_id from sys_token where token_hash = $1 and expires_at > now()' },
  exam: {
    name: 'min_exam',
    text: `select e.title, e.start_time, e.end_time, e.duration, e.pass_score, t.sections, t.total_score
      from el_exam e join el_paper_tmpl t on t.id = e.tmpl_id where e.id = $1`,
  },
  pool: {
    name: 'min_pool',
    text: `select q.id, q.type, q.level, q.content, q.options, q.answer, q.analysis
      from el_qu q join el_qu_repo r on r.qu_id = q.id
      where r.repo_id = any($1::text[]) and q.type = $2 and ($3 = 0 or q.level = $3) and q.deleted_at is null`,
  },
  start: {
    name: 'min_start',
    text: `with p as (
        insert into el_paper (id, exam_id, user_id, title, state, start_time, deadline, total_score, pass_score)
        values ($1, $2, $3, $4, 0, now(), least(now() + $5::int * interval '1 minute', $6::timestamptz), $7, $8)
        on conflict (user_id) where state = 0 do nothing
        returning id),
      q as (
        insert into el_paper_qu (paper_id, qu_id, sort, section_idx, section_title, type, level, score, content, options, ref_answer, analysis)
        select p.id, x.qu_id, x.sort, x.section_idx, x.section_title, x.type, x.level, x.score, x.content, x.options, x.ref_answer, x.analysis
        from p, json_to_recordset($9::json) as x(qu_id text, sort int, section_idx int, section_title text, type smallint,
          level smallint, score float8, content text, options jsonb, ref_answer jsonb, analysis text))
      select id from p`,
  },
  open: { name: 'min_open', text: 'select id, exam_id from el_paper where user_id = $1 and state = 0' },
  detail: {
    name: 'min_detail',
    text: `select p.state, p.deadline, q.qu_id, q.sort, q.type, q.score, q.content, q.options, q.answer, q.seq
      from el_paper p join el_paper_qu q on q.paper_id = p.id
      where p.id = $1 and p.user_id = $2 order by q.sort`,
  },
  claim: {
    name: 'min_claim',
    text: `update el_paper set active_window = $3
      where id = $1 and user_id = $2 and state = 0 and deadline > now() returning id`,
  },
  save: {
    name: 'min_save',
    text: `update el_paper_qu q set answer = $1::jsonb, seq = $2::bigint, answered_at = now()
      from el_paper p
      where q.paper_id = $3 and q.qu_id = $4 and p.id = q.paper_id and p.user_id = $5
        and p.state = 0 and p.deadline > now() and p.active_window = $6 and q.seq < $2::bigint
      returning q.seq`,
  },
  hand: {
    name: 'min_hand',
    text: `with p as (select id, pass_score from el_paper where id = $1 and user_id = $2 and state = 0 for update),
      m as (
        update el_paper_qu q
        set is_right = coalesce(q.answer #>> '{}' = (${RIGHT_KEY}), false),
          actual_score = case when q.answer #>> '{}' = (${RIGHT_KEY}) then q.score else 0 end,
          mark_state = 1
        from p
        where q.paper_id = p.id
        returning q.actual_score),
      s as (select coalesce(sum(actual_score), 0)::float8 as total from m)
      update el_paper e set state = 2, hand_time = now(), hand_kind = 1, user_score = s.total, obj_score = s.total,
        passed = s.total >= p.pass_score, updated_at = now()
      from p, s where e.id = p.id
      returning e.user_score, e.passed`,
  },
};

const tokens = new Map<string, { userId: string; until: number }>();
async function userOf(token: string): Promise<string | null> {
  const hit = tokens.get(token);
  if (hit && hit.until > Date.now()) return hit.userId;
  const hash = createHash('sha256').update(token).digest('hex');
  const { rows } = await pool.query({ ...Q.token, values: [hash] });
  if (!rows.length) return null;
  tokens.set(token, { userId: rows[0].user_id, until: Date.now() + TOKEN_TTL_MS });
  return rows[0].user_id;
}

const exams = new Map<string, Promise<ExamFacts | null>>();
function examFacts(examId: string): Promise<ExamFacts | null> {
  let facts = exams.get(examId);
  if (!facts) {
    facts = loadExam(examId);
    exams.set(examId, facts);
  }
  return facts;
}
async function loadExam(examId: string): Promise<ExamFacts | null> {
  const { rows } = await pool.query({ ...Q.exam, values: [examId] });
  if (!rows.length) return null;
  const e = rows[0];
  const sections = e.sections as ExamFacts['sections'];
  const questions = new Map<string, PoolQuestion[]>();
  for (const s of sections) {
    const key = poolKey(s);
    if (questions.has(key)) continue;
    const found = await pool.query({ ...Q.pool, values: [s.repoIds, s.quType, s.level] });
    questions.set(key, found.rows as PoolQuestion[]);
  }
  return {
    title: e.title,
    start: new Date(e.start_time).getTime(),
    end: new Date(e.end_time).getTime(),
    durationMin: e.duration,
    passScore: e.pass_score,
    sections,
    totalScore: e.total_score,
    pool: questions,
  };
}
const poolKey = (s: { repoIds: string[]; quType: number; level: number }) =>
  `${[...s.repoIds].sort().join(',')}|${s.quType}|${s.level}`;

/** Picks `count` of `list` uniformly (partial Fisher–Yates on a copy of the indices). */
function sample<T>(list: T[], count: number): T[] {
  const idx = list.map((_, i) => i);
  const n = Math.min(count, idx.length);
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(Math.random() * (idx.length - i));
    [idx[i], idx[j]] = [idx[j], idx[i]];
  }
  return idx.slice(0, n).map((i) => list[i]);
}

const ok = (data: unknown) => ({ code: 0, msg: '操作成功', data });
const fail = (code: number, msg: string) => ({ code, msg, data: null });

type Body = Record<string, unknown>;
const handlers: Record<string, (userId: string, body: Body) => Promise<unknown>> = {
  async '/api/paper/paper/create'(userId, body) {
    const examId = String(body.examId);
    const exam = await examFacts(examId);
    if (!exam) return fail(10010003, '考试不存在');
    const now = Date.now();
    if (now < exam.start || now > exam.end) return fail(20010001, '不在考试时间内');
    let sort = 0;
    const rows = exam.sections.flatMap((s, sectionIdx) =>
      sample(exam.pool.get(poolKey(s)) ?? [], s.count).map((q) => ({
        qu_id: q.id,
        sort: sort++,
        section_idx: sectionIdx,
        section_title: s.title,
        type: q.type,
        level: q.level,
        score: s.score,
        content: q.content,
        options: q.options,
        ref_answer: q.answer ?? {},
        analysis: q.analysis,
      })),
    );
    const id = randomBytes(10).toString('hex');
    const values = [
      id,
      examId,
      userId,
      exam.title,
      exam.durationMin,
      new Date(exam.end).toISOString(),
      exam.totalScore,
      exam.passScore,
      JSON.stringify(rows),
    ];
    const created = await pool.query({ ...Q.start, values });
    if (created.rows.length) return ok({ paperId: created.rows[0].id });
    const open = await pool.query({ ...Q.open, values: [userId] });
    if (open.rows[0]?.exam_id === examId) return ok({ paperId: open.rows[0].id });
    return fail(20010002, '您有正在进行的考试');
  },
  async '/api/paper/paper/detail'(userId, body) {
    const { rows } = await pool.query({ ...Q.detail, values: [String(body.paperId), userId] });
    if (!rows.length) return fail(10010003, '试卷不存在');
    return ok({
      state: rows[0].state,
      deadline: rows[0].deadline,
      questions: rows.map((r) => ({
        quId: r.qu_id,
        sort: r.sort,
        type: r.type,
        score: r.score,
        content: r.content,
        options: (r.options as Option[]).map(({ key, content }) => ({ key, content })),
        answer: r.answer,
        seq: Number(r.seq),
      })),
    });
  },
  async '/api/paper/paper/claim'(userId, body) {
    const { rowCount } = await pool.query({
      ...Q.claim,
      values: [String(body.paperId), userId, String(body.windowId)],
    });
    return rowCount ? ok(null) : fail(20010003, '试卷已交卷或已过截止时间');
  },
  async '/api/paper/paper/fill-answer'(userId, body) {
    const values = [
      JSON.stringify(body.answer),
      Number(body.seq),
      String(body.paperId),
      String(body.quId),
      userId,
      String(body.windowId),
    ];
    const saved = await pool.query({ ...Q.save, values });
    return ok({ accepted: saved.rowCount === 1, seq: Number(body.seq) });
  },
  async '/api/paper/paper/hand'(userId, body) {
    const { rows } = await pool.query({ ...Q.hand, values: [String(body.paperId), userId] });
    return rows.length ? ok({ score: rows[0].user_score, passed: rows[0].passed }) : fail(20010003, '试卷已交卷');
  },
};

function answer(res: http.ServerResponse, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function dispatch(url: string, token: string, raw: string): Promise<unknown> {
  const handler = handlers[url];
  if (!handler) return fail(10010003, '接口不存在');
  const userId = await userOf(token);
  if (!userId) return fail(10010002, '未登录');
  return handler(userId, JSON.parse(raw || '{}') as Body);
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    dispatch(req.url ?? '', String(req.headers.token ?? ''), Buffer.concat(chunks).toString())
      .then((out) => answer(res, out))
      .catch((err) => answer(res, fail(1, String(err))));
  });
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT ?? 18999), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});

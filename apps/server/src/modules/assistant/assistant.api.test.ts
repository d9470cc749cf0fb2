/**
 * The teaching assistant against a local OpenAI-compatible server speaking the protocol
 * over a socket (testing/fake-openai.ts), with the app listening on a real port so that streaming
 * and cancellation go through HTTP as in the browser.
 */
import {
  ASSISTANT_CHAT_PATH,
  ASSISTANT_DOC_MAX_BYTES,
  ASSISTANT_DRAFT_TEXT_MAX,
  ASSISTANT_EXPLAIN_PATH,
  assistantClear,
  assistantConfDetail,
  assistantConfSave,
  assistantDraft,
  assistantDraftDoc,
  assistantHistory,
  assistantMarkSuggest,
  assistantStatus,
  ErrorCode,
  paperPaperHand,
  sysDicValueTree,
  type TAssistantChunk,
  type TAssistantConf,
  type TAssistantDocText,
} from '@exam/contracts';
import { Document, Packer, Paragraph, TextRun } from 'docx';
import { count, eq } from 'drizzle-orm';
import PDFDocument from 'pdfkit';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { elAssistantCall, elPaperQu, elQu } from '../../db/schema/index.js';
import { createTestApp } from '../../test/test-app.js';
import { testClock } from '../paper/test-fixtures.js';
import { createSittingKit, type SittingKit } from '../sitting/sitting-kit.js';
import { forgetReachable } from './reachable.js';
import { type FakeOpenAi, startFakeOpenAi } from './testing/fake-openai.js';

let k: SittingKit;
let fake: FakeOpenAi;
let base: string;
let student: string;
let lisi: string;

const CONF: TAssistantConf = {
  enabled: true,
  baseUrl: '',
  model: 'qwen-test',
  apiKey: 'sk-secret-abcd1234',
  audit: false,
  invite: true,
  dailyTokens: 0,
  perMinute: 50,
  timeoutSeconds: 5,
};

beforeAll(async () => {
  fake = await startFakeOpenAi();
  const clock = testClock();
  k = await createSittingKit(await createTestApp({ clock }), clock);
  base = await k.t.app.listen({ port: 0, host: '127.0.0.1' });
  student = await k.t.login('student', 'student123');
  lisi = await k.t.login('lisi', 'student123');
  CONF.baseUrl = fake.baseUrl;
}, 120_000);
afterAll(async () => {
  await k.t.close();
  await fake.close();
});
beforeEach(() => {
  fake.reply = { pieces: ['你好', '，我是', '学习助教。'] };
  forgetReachable();
});

const configure = async (over: Partial<TAssistantConf> = {}) => {
  const res = await k.t.request(assistantConfSave, { ...CONF, ...over }, k.admin);
  expect(res.code, res.msg).toBe(0);
};

/** POSTs over HTTP; answers the envelope when refused, else the NDJSON lines. */
async function stream(
  path: string,
  body: unknown,
  token: string,
  signal?: AbortSignal,
): Promise<{ res: Response; envelope: { code: number; msg: string } | null }> {
  const res = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', token },
    body: JSON.stringify(body),
    signal,
  });
  if (res.headers.get('content-type')?.startsWith('application/json'))
    return { envelope: (await res.json()) as { code: number; msg: string }, res };
  return { res, envelope: null };
}

async function lines(res: Response): Promise<TAssistantChunk[]> {
  const text = await res.text();
  return text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));
}

describe('switched off (the default)', () => {
  it('is off on a fresh install: no invitation, and nothing is sent even with an address set', async () => {
    expect((await k.t.request(assistantStatus, {}, student)).data).toEqual({
      enabled: false,
      reachable: false,
      invite: false,
    });
    await configure({ enabled: false });
    const { envelope } = await stream(ASSISTANT_CHAT_PATH, { content: '什么是勾股定理？' }, student);
    expect(envelope).toMatchObject({ code: ErrorCode.ASSISTANT_OFF, msg: '学习助教尚未启用，请联系管理员' });
    const explain = await stream(ASSISTANT_EXPLAIN_PATH, { quId: k.outsideQuId }, student);
    expect(explain.envelope?.code).toBe(ErrorCode.ASSISTANT_OFF);
    expect((await k.t.request(assistantStatus, {}, student)).data.enabled).toBe(false);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('settings', () => {
  it('refuses without a token, learners on the settings, bad input naming the field', async () => {
    expect((await stream(ASSISTANT_CHAT_PATH, { content: 'x' }, '')).envelope?.code).toBe(ErrorCode.NOT_LOGIN);
    expect((await k.t.request(assistantConfDetail, {}, student)).code).toBe(ErrorCode.NO_PERMISSION);
    const bad = await k.t.call(assistantConfSave.path, { ...CONF, baseUrl: 'ftp://x' }, k.admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('接口地址');
    const empty = await stream(ASSISTANT_CHAT_PATH, { content: '  ' }, student);
    expect(empty.envelope).toMatchObject({ code: ErrorCode.BAD_PARAMS });
    expect(empty.envelope?.msg).toContain('请输入问题');
  });

  it('keeps the key on the server: masked for administrators, absent from the dictionary learners read', async () => {
    await configure();
    const detail = (await k.t.request(assistantConfDetail, {}, k.admin)).data;
    expect(detail).toMatchObject({ enabled: true, model: 'qwen-test', apiKey: 'sk-****1234', hasKey: true });
    // Saving the masked value back keeps the key.
    await configure({ apiKey: detail.apiKey });
    const tree = await k.t.request(sysDicValueTree, { dicCode: 'aiExam_conf' }, student);
    expect(JSON.stringify(tree.data)).not.toContain('sk-secret');
    expect(JSON.stringify(tree.data)).toContain(fake.baseUrl);
    const status = (await k.t.request(assistantStatus, {}, student)).data;
    expect(status).toEqual({ enabled: true, reachable: true, invite: true });
  });

  it('invites to nothing when the configured service does not answer', async () => {
    await configure({ baseUrl: 'http://127.0.0.1:9/v1' });
    expect((await k.t.request(assistantStatus, {}, student)).data).toEqual({
      enabled: true,
      reachable: false,
      invite: false,
    });
    await configure();
  });
});

describe('learner chat', () => {
  it('streams the answer piece by piece and keeps the conversation', async () => {
    await configure();
    await k.t.request(assistantClear, {}, student);
    fake.reply = { pieces: ['勾股定理：', '$a^2+b^2=c^2$', '。'], delayMs: 30 };
    const { res } = await stream(ASSISTANT_CHAT_PATH, { content: '什么是勾股定理？' }, student);
    expect(res.headers.get('content-type')).toContain('application/x-ndjson');
    // Pieces arrive before the answer is complete.
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('"t":"delta"');
    expect(first).not.toContain('"t":"done"');
    let rest = '';
    for (let r = await reader.read(); !r.done; r = await reader.read()) rest += new TextDecoder().decode(r.value);
    const all = `${first}${rest}`
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l) as TAssistantChunk);
    expect(
      all
        .filter((c) => c.t === 'delta')
        .map((c) => (c as { d: string }).d)
        .join(''),
    ).toBe('勾股定理：$a^2+b^2=c^2$。');
    expect(all.at(-1)).toEqual({ t: 'done', tokens: 13 });
    const sent = fake.requests.at(-1);
    expect(sent?.authorization).toBe('Bearer sk-secret-abcd1234');
    expect(sent?.body).toMatchObject({ model: 'qwen-test', stream: true });
    expect(sent?.body.messages?.[0].content).toContain('学习助教');
    expect(sent?.body.messages?.at(-1)).toEqual({ role: 'user', content: '什么是勾股定理？' });
    const hist = (await k.t.request(assistantHistory, {}, student)).data;
    expect(hist.map((m) => [m.role, m.content])).toEqual([
      ['user', '什么是勾股定理？'],
      ['assistant', '勾股定理：$a^2+b^2=c^2$。'],
    ]);
    // Logged without the content (the audit switch is off).
    const [log] = await k.t.db.select().from(elAssistantCall).orderBy(elAssistantCall.id).limit(1);
    expect(log).toMatchObject({ kind: 'chat', outcome: 'ok', totalTokens: 13, content: null, model: 'qwen-test' });
    expect(log.latencyMs).toBeGreaterThan(0);
  });

  it('sends the earlier turns along, and logs the content while the audit switch is on', async () => {
    await configure({ audit: true });
    const { res } = await stream(ASSISTANT_CHAT_PATH, { content: '再举个例子' }, student);
    await lines(res);
    const messages = fake.requests.at(-1)?.body.messages ?? [];
    expect(messages.map((m) => m.content)).toContain('什么是勾股定理？');
    const [log] = await k.t.db.select().from(elAssistantCall).orderBy(elAssistantCall.id).limit(1).offset(1);
    expect(log.content).toContain('再举个例子');
    await configure();
  });

  it('stopping cancels the upstream request, and what came is kept marked as stopped', async () => {
    fake.reply = { pieces: Array.from({ length: 50 }, (_, i) => `第${i}段`), delayMs: 100 };
    const stop = new AbortController();
    const cancelled = fake.nextCancel();
    const { res } = await stream(ASSISTANT_CHAT_PATH, { content: '讲一个很长的故事' }, lisi, stop.signal);
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toContain('第0段');
    stop.abort();
    const upstream = await cancelled;
    expect(upstream.cancelled).toBe(true);
    expect(upstream.finished).toBe(false);
    await expect
      .poll(async () => (await k.t.request(assistantHistory, {}, lisi)).data.at(-1)?.content)
      .toContain('（已停止）');
    const outcomes = (await k.t.db.select({ o: elAssistantCall.outcome }).from(elAssistantCall)).map((r) => r.o);
    expect(outcomes).toContain('cancelled');
  });

  it('says clearly in Chinese when the model is slow, fails or cannot be reached', async () => {
    await configure({ timeoutSeconds: 1 });
    fake.reply = { pieces: ['迟到的回答'], delayMs: 2500 };
    let out = await lines((await stream(ASSISTANT_CHAT_PATH, { content: '慢' }, lisi)).res);
    expect(out.at(-1)).toEqual({ t: 'error', msg: '学习助教响应超时，大模型服务繁忙，请稍后再试' });
    await configure();
    fake.reply = { pieces: [], status: 500 };
    out = await lines((await stream(ASSISTANT_CHAT_PATH, { content: '坏' }, lisi)).res);
    expect(out.at(-1)).toEqual({ t: 'error', msg: '学习助教服务出错（HTTP 500），请稍后再试或联系管理员' });
    await configure({ baseUrl: 'http://127.0.0.1:9/v1' });
    out = await lines((await stream(ASSISTANT_CHAT_PATH, { content: '断' }, lisi)).res);
    expect(out.at(-1)).toEqual({ t: 'error', msg: '无法连接学习助教服务（大模型），请稍后再试或联系管理员' });
    await configure();
    const outcomes = (await k.t.db.select({ o: elAssistantCall.outcome }).from(elAssistantCall)).map((r) => r.o);
    expect(outcomes).toEqual(expect.arrayContaining(['timeout', 'upstream', 'unreachable']));
  });

  it('refuses past the daily token budget and over the per-minute rate, sending nothing', async () => {
    await configure({ dailyTokens: 1 });
    const before = fake.requests.length;
    const over = await stream(ASSISTANT_CHAT_PATH, { content: '还能问吗' }, lisi);
    expect(over.envelope).toMatchObject({
      code: ErrorCode.ASSISTANT_BUDGET,
      msg: '您今日的学习助教额度已用完，请明天再来',
    });
    await configure({ perMinute: 1 });
    const first = await stream(ASSISTANT_CHAT_PATH, { content: '第一问' }, student);
    expect(first.envelope).toMatchObject({ code: ErrorCode.TOO_MANY_REQUESTS });
    expect(fake.requests.length).toBe(before);
    await configure();
  });
});

describe('during an open paper (wangwu sits one)', () => {
  it('refuses the chat and 讲解 on the server, sending nothing', async () => {
    const before = fake.requests.length;
    const chat = await stream(ASSISTANT_CHAT_PATH, { content: '第一题选什么？' }, k.learner);
    expect(chat.envelope).toMatchObject({ code: ErrorCode.EXAM_IN_PROGRESS });
    expect(chat.envelope?.msg).toContain('考试进行中');
    for (const body of [{ quId: k.qu.single }, { quId: k.qu.judge, paperId: k.donePaperId }, { quId: k.outsideQuId }]) {
      const res = await stream(ASSISTANT_EXPLAIN_PATH, body, k.learner);
      expect(res.envelope?.code, JSON.stringify(body)).toBe(ErrorCode.EXAM_IN_PROGRESS);
    }
    expect(fake.requests.length).toBe(before);
  });

  it('讲解 of a question of that paper is refused for another learner only by the review options, not here', async () => {
    // student has no paper: a practice question's key is visible to him, so it is explained.
    const { res } = await stream(ASSISTANT_EXPLAIN_PATH, { quId: k.outsideQuId, myAnswer: 'B' }, student);
    const out = await lines(res);
    expect(out.at(-1)?.t).toBe('done');
    const prompt = fake.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
    expect(prompt).toContain('卷外练习题');
    expect(prompt).toContain('卷外解析');
    expect(prompt).toContain('我的答案：B');
    expect((await k.t.request(assistantHistory, {}, student)).data.at(-2)?.content).toContain('讲解这道题');
  });

  it('after hand-in, 讲解 of the handed-in paper reads the result page (its answer and key)', async () => {
    const hand = await k.t.request(paperPaperHand, { paperId: k.openPaperId }, k.learner);
    expect(hand.code, hand.msg).toBe(0);
    const { res } = await stream(ASSISTANT_EXPLAIN_PATH, { quId: k.qu.judge, paperId: k.donePaperId }, k.learner);
    expect((await lines(res)).at(-1)?.t).toBe('done');
    const prompt = fake.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
    expect(prompt).toContain('我的答案：Z');
    expect(prompt).toMatch(/正确答案：[A-Z]/);
  });
});

describe('administrator helpers', () => {
  it('drafts questions of the asked kinds from pasted text and saves nothing', async () => {
    const [{ n: before }] = await k.t.db.select({ n: count() }).from(elQu);
    fake.reply = {
      pieces: [
        '好的，题目如下：\n```json\n',
        JSON.stringify({
          questions: [
            {
              type: 1,
              level: 1,
              content: '勾股定理适用于哪种三角形？',
              analysis: '直角三角形',
              options: [
                { content: '直角三角形', isRight: true },
                { content: '钝角三角形', isRight: false },
              ],
            },
            {
              type: 4,
              content: '简述勾股定理。',
              answer: { reference: 'a²+b²=c²', keywords: [{ word: '直角', weight: 1 }] },
            },
            { type: 6, content: '不该出现的匹配题' },
          ],
        }),
        '\n```',
      ],
    };
    const res = await k.t.request(
      assistantDraft,
      { text: '勾股定理：直角三角形两直角边的平方和等于斜边的平方。', types: [1, 4], count: 5 },
      k.admin,
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data.map((q) => q.type)).toEqual([1, 4]);
    expect(res.data[0].options).toEqual([
      { key: 'A', content: '直角三角形', isRight: true },
      { key: 'B', content: '钝角三角形', isRight: false },
    ]);
    expect(fake.requests.at(-1)?.body.stream).toBeFalsy();
    const [{ n: after }] = await k.t.db.select({ n: count() }).from(elQu);
    expect(after).toBe(before);
    expect((await k.t.request(assistantDraft, { text: '短', types: [1], count: 1 }, k.admin)).msg).toContain('材料');
    expect(
      (await k.t.request(assistantDraft, { text: '足够长的一段材料文字内容', types: [1], count: 1 }, student)).code,
    ).toBe(ErrorCode.NO_PERMISSION);
  });

  it('suggests a score with reasons for a short answer, clamped to its score, and marks nothing', async () => {
    fake.reply = { pieces: ['```json\n{"score": 99, "reasons": "要点齐全"}\n```'] };
    const before = await k.t.db.select().from(elPaperQu).where(eq(elPaperQu.paperId, k.donePaperId));
    const res = await k.t.request(assistantMarkSuggest, { paperId: k.donePaperId, quId: k.qu.short }, k.admin);
    expect(res.code, res.msg).toBe(0);
    const row = before.find((r) => r.quId === k.qu.short);
    expect(res.data).toEqual({ score: row?.score, maxScore: row?.score, reasons: '要点齐全' });
    const prompt = fake.requests.at(-1)?.body.messages?.at(-1)?.content ?? '';
    expect(prompt).toContain('简答参考钥匙');
    expect(prompt).toContain('简答题干');
    const after = await k.t.db.select().from(elPaperQu).where(eq(elPaperQu.paperId, k.donePaperId));
    expect(after).toEqual(before);
    const single = await k.t.request(assistantMarkSuggest, { paperId: k.donePaperId, quId: k.qu.single }, k.admin);
    expect(single).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: '只有简答题可以给出建议评分' });
    expect((await k.t.request(assistantMarkSuggest, { paperId: k.donePaperId, quId: k.qu.short }, student)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });
});

/** A multipart body with one file part named `file`. */
function upload(name: string, content: Buffer) {
  const boundary = '----assistant-doc';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function readDoc(name: string, content: Buffer, token = k.admin) {
  const { payload, contentType } = upload(name, content);
  const res = await k.t.app.inject({
    method: 'POST',
    url: assistantDraftDoc.path,
    payload,
    headers: { 'content-type': contentType, token },
  });
  expect(res.statusCode).toBe(200);
  return res.json() as { code: number; msg: string; data: TAssistantDocText };
}

const docxOf = (lines: string[]) =>
  Packer.toBuffer(
    new Document({ sections: [{ children: lines.map((l) => new Paragraph({ children: [new TextRun(l)] })) }] }),
  );

function pdfOf(lines: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    for (const l of lines) doc.text(l);
    doc.end();
  });
}

describe('drafting from an uploaded course document', () => {
  it('reads a docx, and the draft from its text goes to review with nothing saved', async () => {
    const [{ n: before }] = await k.t.db.select({ n: count() }).from(elQu);
    const res = await readDoc(
      '勾股定理讲义.docx',
      await docxOf(['第一节 勾股定理', '直角三角形两直角边的平方和等于斜边的平方。']),
    );
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ fileName: '勾股定理讲义.docx', truncated: false, note: null });
    expect(res.data.text).toBe('第一节 勾股定理\n\n直角三角形两直角边的平方和等于斜边的平方。');
    fake.reply = {
      pieces: [
        JSON.stringify({
          questions: [
            {
              type: 3,
              content: '勾股定理只适用于直角三角形。',
              options: [
                { content: '正确', isRight: true },
                { content: '错误', isRight: false },
              ],
            },
          ],
        }),
      ],
    };
    const draft = await k.t.request(assistantDraft, { text: res.data.text, types: [3], count: 1 }, k.admin);
    expect(draft.code, draft.msg).toBe(0);
    expect(draft.data.map((q) => q.content)).toEqual(['勾股定理只适用于直角三角形。']);
    expect(fake.requests.at(-1)?.body.messages?.at(-1)?.content).toContain('斜边的平方');
    const [{ n: after }] = await k.t.db.select({ n: count() }).from(elQu);
    expect(after).toBe(before);
  });

  it('reads the text layer of a PDF, and .txt/.md as UTF-8', async () => {
    const pdf = await readDoc('notes.pdf', await pdfOf(['Pythagoras: a^2 + b^2 = c^2', 'for right triangles only.']));
    expect(pdf.code, pdf.msg).toBe(0);
    expect(pdf.data.text).toContain('Pythagoras: a^2 + b^2 = c^2');
    expect(pdf.data.text).toContain('right triangles only.');
    const md = await readDoc('讲义.md', Buffer.from('\uFEFF# 标题\r\n\r\n\r\n\r\n正文   一段足够长的材料。'));
    expect(md.code, md.msg).toBe(0);
    expect(md.data.text).toBe('# 标题\n\n正文 一段足够长的材料。');
  });

  it("cuts a long document to the model's budget and says so", async () => {
    const long = '材'.repeat(ASSISTANT_DRAFT_TEXT_MAX + 5000);
    const res = await readDoc('长文.txt', Buffer.from(long));
    expect(res.code, res.msg).toBe(0);
    expect(res.data).toMatchObject({ truncated: true, chars: ASSISTANT_DRAFT_TEXT_MAX + 5000 });
    expect([...res.data.text].length).toBe(ASSISTANT_DRAFT_TEXT_MAX);
    expect(res.data.note).toBe(
      `文档共${ASSISTANT_DRAFT_TEXT_MAX + 5000}字，超过一次出题的材料上限${ASSISTANT_DRAFT_TEXT_MAX}字，只取了前${ASSISTANT_DRAFT_TEXT_MAX}字；其余部分可分段粘贴后再出题`,
    );
    // The cut text is a valid draft material as it is.
    fake.reply = { pieces: [JSON.stringify({ questions: [{ type: 4, content: '简述。' }] })] };
    expect((await k.t.request(assistantDraft, { text: res.data.text, types: [4], count: 1 }, k.admin)).code).toBe(0);
  });

  it('refuses an unreadable, unsupported, empty or too large file in Chinese, and a learner', async () => {
    const msg = async (name: string, content: Buffer) => {
      const res = await readDoc(name, content);
      expect(res.code).toBe(ErrorCode.BAD_PARAMS);
      return res.msg;
    };
    expect(await msg('坏的.docx', Buffer.from('not a zip at all'))).toContain('无法读取该 Word 文档');
    expect(await msg('坏的.pdf', Buffer.from('%PDF-1.4 garbage'))).toContain('无法读取该 PDF');
    expect(await msg('旧版.doc', Buffer.from('whatever content here'))).toContain('只支持 .docx、.pdf、.txt、.md');
    expect(await msg('gbk.txt', Buffer.from([0xc4, 0xe3, 0xba, 0xc3, 0xff, 0xfe]))).toContain('UTF-8');
    expect(await msg('空白.txt', Buffer.from('   \n  '))).toContain('没有从文档中读到文字');
    expect(await msg('大.txt', Buffer.alloc(ASSISTANT_DOC_MAX_BYTES + 1024, 0x61))).toContain('不能超过10MB');
    expect((await readDoc('讲义.txt', Buffer.from('一段足够长的材料文字内容'), student)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
  });
});

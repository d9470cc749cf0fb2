import {
  commonLogClientError,
  ErrorCode,
  sysDashboardStat,
  sysEventDeliveryPaging,
  sysEventDeliveryRetry,
  sysLogPaging,
  sysUserLogin,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysEvent, sysEventDelivery, sysLog } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
  await t.call(sysUserLogin.path, { userName: 'lisi', password: 'wrong-pass1' });
  await t.db.insert(sysLog).values({
    type: 2,
    userName: 'admin',
    title: '很久以前的操作',
    createdAt: new Date('2020-01-02T10:00:00Z'),
  });
});
afterAll(async () => t.close());

const paging = (params: object) => t.call(sysLogPaging.path, { current: 1, size: 50, params }, admin);

describe('log paging', () => {
  it('filters by type, user name, success, keyword and time range', async () => {
    const signIns = await paging({ type: 1 });
    expect(signIns.code).toBe(0);
    expect(signIns.data.records.every((r: { type: number }) => r.type === 1)).toBe(true);
    expect(signIns.data.total).toBe(3);
    const failed = await paging({ type: 1, success: false });
    expect(failed.data.records.map((r: { userName: string }) => r.userName)).toEqual(['lisi']);
    expect((await paging({ userName: 'stud' })).data.total).toBe(1);
    expect((await paging({ keyword: '很久以前' })).data.total).toBe(1);
    const old = await paging({ timeRange: ['2020-01-01', '2020-01-03'] });
    expect(old.data.records.map((r: { title: string }) => r.title)).toEqual(['很久以前的操作']);
    const recent = await paging({ timeRange: ['2025-01-01T00:00:00Z', '2099-01-01T00:00:00Z'] });
    expect(recent.data.total).toBe(3);
  });

  it('refuses a half-empty time range with the SPEC 5 message', async () => {
    const res = await paging({ timeRange: ['2020-01-01', ''] });
    expect(res.code).toBe(ErrorCode.BAD_PARAMS);
    expect(res.msg).toBe('时间段不能为空！');
    expect((await paging({ type: 7 })).msg).toContain('日志类型');
  });
});

describe('client errors', () => {
  it('stores a client error with the user when a token came', async () => {
    const body = { message: 'TypeError: x is undefined', stack: 'at a.js:1', url: 'http://h/web/index' };
    expect((await t.call(commonLogClientError.path, body, student)).code).toBe(0);
    expect((await t.call(commonLogClientError.path, { ...body, message: '匿名错误' })).code).toBe(0);
    const res = await paging({ type: 3 });
    expect(res.data.records.map((r: { userName: string | null; message: string }) => [r.userName, r.message])).toEqual([
      [null, '匿名错误'],
      ['student', 'TypeError: x is undefined'],
    ]);
    expect(res.data.records[1]).toMatchObject({ path: 'http://h/web/index', params: { stack: 'at a.js:1' } });
    expect((await t.call(commonLogClientError.path, {})).msg).toContain('错误信息');
  });

  it('rate-limits client errors per IP', async () => {
    let limited = 0;
    for (let i = 0; i < 35; i++) {
      const res = await t.call(commonLogClientError.path, { message: `e${i}` });
      if (res.code === ErrorCode.TOO_MANY_REQUESTS) limited++;
    }
    expect(limited).toBeGreaterThan(0);
  });
});

describe('dashboard', () => {
  it('counts users, departments, today’s active users and a 14-day trend', async () => {
    const res = await t.call(sysDashboardStat.path, {}, admin);
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({
      userCount: 5,
      deptCount: 5,
      activeToday: 2,
      examCount: 2,
      // 试卷数: the two demo exams' paper templates (not answer sheets: none handed in yet).
      paperCount: 2,
      repoCount: 2,
    });
    expect(res.data.questionCount).toBeGreaterThanOrEqual(50);
    expect(res.data.trend).toHaveLength(14);
    const today = res.data.trend[13];
    expect(today).toMatchObject({ logins: 2, newUsers: 5 });
  });
});

describe('event deliveries (事件投递)', () => {
  it('lists the parked deliveries for administrators and retries them; learners are refused', async () => {
    // The app's dispatcher would deliver a real event: a parked row of a consumer nobody registered.
    const [event] = await t.db
      .insert(sysEvent)
      .values({ name: 'notice.published', payload: { noticeId: 'n-parked' }, fannedOut: true })
      .returning();
    await t.db.insert(sysEventDelivery).values({
      eventId: event.id,
      consumer: 'gone.consumer',
      attempts: 10,
      lastError: 'Error: 下游不可用',
      parkedAt: new Date(),
    });
    const list = await t.request(sysEventDeliveryPaging, { current: 1, size: 10, params: { parked: true } }, admin);
    expect(list.code).toBe(0);
    expect(list.data.records).toMatchObject([
      { eventId: event.id, eventName: 'notice.published', consumer: 'gone.consumer', attempts: 10 },
    ]);
    expect((await t.request(sysEventDeliveryPaging, { current: 1, size: 10 }, student)).code).toBe(
      ErrorCode.NO_PERMISSION,
    );
    const items = [{ eventId: event.id, consumer: 'gone.consumer' }];
    expect((await t.request(sysEventDeliveryRetry, { items }, student)).code).toBe(ErrorCode.NO_PERMISSION);
    const retried = await t.request(sysEventDeliveryRetry, { items }, admin);
    expect(retried).toMatchObject({ code: 0, data: { retried: 1 } });
    const [row] = await t.db.select().from(sysEventDelivery);
    expect([row.attempts, row.parkedAt]).toEqual([0, null]);
    expect((await t.request(sysEventDeliveryRetry, { items: [] }, admin)).msg).toContain('请选择要重试的投递');
  });
});

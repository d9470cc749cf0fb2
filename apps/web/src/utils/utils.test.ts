import { describe, expect, it, vi } from 'vitest';
import { createRateLimiter, installErrorLogging, reportOf } from './error-log';
import { formatNumber, toThousands } from './number';
import { formatDuration, formatTimeAgo } from './time';
import { toTree, toTreeSelect } from './tree';
import {
  directoryRule,
  isMobile,
  isPassword,
  MOBILE_MESSAGE,
  mobileRule,
  optionalMobileRule,
  optionalUrlRule,
  PASSWORD_MESSAGE,
  passwordRule,
  timeRangeRule,
  urlRule,
} from './validators';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('relative time (SPEC 9)', () => {
  it('reading one: minutes under 1 hour, hours under 1 day, else days', () => {
    expect(formatDuration(0)).toBe('0分钟');
    expect(formatDuration(59 * MIN)).toBe('59分钟');
    expect(formatDuration(HOUR)).toBe('1小时');
    expect(formatDuration(23 * HOUR + 59 * MIN)).toBe('23小时');
    expect(formatDuration(DAY)).toBe('1天');
    expect(formatDuration(10 * DAY + 5 * HOUR)).toBe('10天');
  });

  it("reading two: '刚刚', 'N分钟前', 'N小时前', '1天前', else a date", () => {
    const now = new Date('2025-06-10T12:00:00+08:00');
    const ago = (ms: number) => new Date(now.getTime() - ms);
    expect(formatTimeAgo(ago(29_000), now)).toBe('刚刚');
    expect(formatTimeAgo(ago(31_000), now)).toBe('1分钟前');
    expect(formatTimeAgo(ago(45 * MIN), now)).toBe('45分钟前');
    expect(formatTimeAgo(ago(3 * HOUR), now)).toBe('3小时前');
    expect(formatTimeAgo(ago(DAY + HOUR), now)).toBe('1天前');
    expect(formatTimeAgo(ago(3 * DAY), now, 'YYYY-MM-DD')).toMatch(/^2025-06-0[67]$/);
  });
});

describe('number shortening (SPEC 9)', () => {
  it.each([
    [999, '999'],
    [1000, '1k'],
    [1500, '1.5k'],
    [2_300_000, '2.3M'],
    [4e9, '4G'],
    [5.25e12, '5.3T'],
    [6e15, '6P'],
    [7e18, '7E'],
  ])('%d -> %s', (n, text) => {
    expect(formatNumber(n)).toBe(text);
  });
  it('groups thousands', () => expect(toThousands(1234567)).toBe('1,234,567'));
});

/** Runs an antd rule (object or function form) against a value. */
async function runRule(rule: any, value: unknown): Promise<string | null> {
  const r = typeof rule === 'function' ? rule({ getFieldValue: () => undefined }) : rule;
  try {
    await r.validator({}, value);
    return null;
  } catch (e) {
    return (e as Error).message;
  }
}

describe('validators (SPEC 5) as antd rules', () => {
  it('re-exports the contracts predicates', () => {
    expect(isMobile('13800138000')).toBe(true);
    expect(isPassword('abc123')).toBe(true);
    expect(isPassword('abcdef')).toBe(false);
  });
  it('mobile, optional mobile and password', async () => {
    expect(await runRule(mobileRule, '13800138000')).toBeNull();
    expect(await runRule(mobileRule, '12800138000')).toBe(MOBILE_MESSAGE);
    expect(await runRule(mobileRule, '')).toBe(MOBILE_MESSAGE);
    expect(await runRule(optionalMobileRule, '')).toBeNull();
    expect(await runRule(optionalMobileRule, '123')).toBe(MOBILE_MESSAGE);
    expect(await runRule(passwordRule, 'a1b2c3')).toBeNull();
    expect(await runRule(passwordRule, '123456')).toBe(PASSWORD_MESSAGE);
  });
  it('url, directory and time range', async () => {
    expect(await runRule(urlRule(), '')).toBe('URL不能为空！');
    expect(await runRule(urlRule(), 'https://exam.example.com')).toBeNull();
    expect(await runRule(urlRule(true), 'https://exam.example.com')).toBe('URL必须以/结尾！');
    expect(await runRule(optionalUrlRule(true), '')).toBeNull();
    expect(await runRule(optionalUrlRule(true), 'https://exam.example.com')).toBe('URL必须以/结尾！');
    expect(await runRule(directoryRule, '')).toBe('目录不能为空！');
    expect(await runRule(directoryRule, '/data/upload/')).toBeNull();
    expect(await runRule(timeRangeRule, ['2025-01-01', ''])).toBe('时间段不能为空！');
    expect(await runRule(timeRangeRule, ['2025-01-01', '2025-02-01'])).toBeNull();
  });
});

describe('department tree', () => {
  it('builds a tree from a flat list and keeps a tree as it is', () => {
    const flat = [
      { id: '2', name: '研发部', parentId: '1', sort: 2 },
      { id: '1', name: '总公司', parentId: null, sort: 1 },
      { id: '3', name: '市场部', parentId: '1', sort: 1 },
    ];
    const tree = toTree(flat);
    expect(toTreeSelect(tree)).toEqual([
      {
        title: '总公司',
        value: '1',
        children: [
          { title: '市场部', value: '3' },
          { title: '研发部', value: '2' },
        ],
      },
    ]);
    const nested = [{ id: '1', name: 'A', children: [{ id: '2', name: 'B' }] }];
    expect(toTree(nested)).toBe(nested);
    expect(toTree(null)).toEqual([]);
  });
});

describe('client error logging', () => {
  it('rate-limits reports and skips repeats', () => {
    let t = 0;
    const allow = createRateLimiter(2, 1000, () => t);
    expect(allow('a')).toBe(true);
    expect(allow('a')).toBe(false);
    expect(allow('b')).toBe(true);
    expect(allow('c')).toBe(false);
    t = 2000;
    expect(allow('c')).toBe(true);
  });
  it('reports uncaught errors and unhandled rejections with message, stack and url', () => {
    const send = vi.fn();
    const target = new EventTarget() as unknown as Window;
    const stop = installErrorLogging(send, () => true, target);
    const error = new Error('boom');
    target.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
    const rejection = new Event('unhandledrejection') as PromiseRejectionEvent;
    Object.assign(rejection, { reason: 'nope' });
    target.dispatchEvent(rejection);
    stop();
    target.dispatchEvent(new ErrorEvent('error', { error, message: 'boom' }));
    expect(send).toHaveBeenCalledTimes(2);
    expect(send.mock.calls[0][0]).toMatchObject({ message: 'boom', url: window.location.href });
    expect(send.mock.calls[0][0].stack).toContain('boom');
    expect(send.mock.calls[1][0]).toMatchObject({ message: 'nope' });
    expect(reportOf({ a: 1 }, 'u')).toEqual({ message: '非 Error 对象的异常（字段：a）', url: 'u' });
  });

  it('never sends form values: a failed antd validation reports its field names only', () => {
    // What antd's form.validateFields() rejects with when 新增用户 or 重置密码 fails validation.
    const rejected = {
      values: { userName: 'newbie', password: 'Secret123', confirm: 'Secret124' },
      errorFields: [{ name: ['confirm'], errors: ['两次输入的密码不一致'] }],
      outOfDate: false,
    };
    const report = reportOf(rejected, 'http://x/admin/sys/user?token=abc#reset');
    const sent = JSON.stringify(report);
    expect(sent).not.toContain('Secret12');
    expect(sent).not.toContain('newbie');
    expect(sent).not.toContain('token=abc');
    expect(report).toEqual({ message: '表单校验未通过：confirm', url: 'http://x/admin/sys/user' });
  });

  it('sends nothing of a rejection through the window listener but the description', () => {
    const send = vi.fn();
    const target = new EventTarget();
    const stop = installErrorLogging(send, () => true, target as unknown as Window);
    const event = new Event('unhandledrejection') as Event & { reason: unknown };
    event.reason = { values: { password: 'Secret123' }, errorFields: [{ name: ['password'], errors: ['x'] }] };
    target.dispatchEvent(event);
    stop();
    expect(send).toHaveBeenCalledTimes(1);
    expect(JSON.stringify(send.mock.calls[0][0])).not.toContain('Secret123');
  });
});

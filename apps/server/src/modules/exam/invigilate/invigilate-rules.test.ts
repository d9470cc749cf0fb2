/** The console's row figures: status, online, alerts, time left, counters. */
import { describe, expect, it } from 'vitest';
import { countsOf, isOnline, type LearnerFacts, leaveAlertOf, rowOf, statusOf } from './invigilate-rules.js';

const now = new Date('2026-11-24T02:00:00Z');
const at = (secondsAgo: number) => new Date(now.getTime() - secondsAgo * 1000);
const facts = (over: Partial<LearnerFacts> = {}): LearnerFacts => ({
  userId: 'u1',
  userName: 'student',
  realName: '张三',
  deptName: '前端组',
  paperId: 'p1',
  state: 0,
  voided: false,
  startTime: at(600),
  deadline: new Date(now.getTime() + 90_500),
  leaveCount: 0,
  answered: 3,
  total: 10,
  lastSaveAt: at(5),
  lastSeenAt: at(5),
  clientIp: '10.0.0.8',
  ...over,
});

describe('statusOf', () => {
  it('maps the latest paper to 未开始 / 考试中 / 待阅卷 / 已交卷 / 已放弃 / 已作废', () => {
    expect(statusOf(null)).toBe('none');
    expect(statusOf({ state: 0, voided: false })).toBe('sitting');
    expect(statusOf({ state: 1, voided: false })).toBe('marking');
    expect(statusOf({ state: 2, voided: false })).toBe('handed');
    expect(statusOf({ state: 3, voided: false })).toBe('abandoned');
    expect(statusOf({ state: 2, voided: true })).toBe('voided');
  });
});

describe('presence and alerts', () => {
  it('is online only while sitting with a beat in the last 30 s', () => {
    expect(isOnline('sitting', at(30), now)).toBe(true);
    expect(isOnline('sitting', at(31), now)).toBe(false);
    expect(isOnline('sitting', null, now)).toBe(false);
    expect(isOnline('handed', at(1), now)).toBe(false);
  });

  it('raises the leave alert at the limit and above, never without a limit', () => {
    expect(leaveAlertOf(1, 2)).toBe(false);
    expect(leaveAlertOf(2, 2)).toBe(true);
    expect(leaveAlertOf(3, 2)).toBe(true);
    expect(leaveAlertOf(50, 0)).toBe(false);
  });

  it('builds a row: whole seconds left while sitting, an offline alert only while sitting', () => {
    const row = rowOf(facts(), 2, now);
    expect(row).toMatchObject({ status: 'sitting', remainingSeconds: 90, online: true, offlineAlert: false });
    expect(rowOf(facts({ lastSeenAt: at(40) }), 2, now)).toMatchObject({ online: false, offlineAlert: true });
    const handed = rowOf(facts({ state: 2, lastSeenAt: at(400) }), 2, now);
    expect(handed).toMatchObject({ status: 'handed', remainingSeconds: null, offlineAlert: false });
    expect(rowOf(facts({ deadline: at(5) }), 0, now).remainingSeconds).toBe(0);
    const none = rowOf(facts({ paperId: null, state: null, lastSeenAt: null }), 2, now);
    expect(none).toMatchObject({ status: 'none', online: false, offlineAlert: false, remainingSeconds: null });
  });

  it('counts states, online rooms and learners with an alert once each', () => {
    const rows = [
      rowOf(facts({ leaveCount: 2, lastSeenAt: at(60) }), 2, now), // both alerts: counted once
      rowOf(facts({ userId: 'u2' }), 2, now),
      rowOf(facts({ userId: 'u3', paperId: null, state: null }), 2, now),
      rowOf(facts({ userId: 'u4', state: 1 }), 2, now),
    ];
    expect(countsOf(rows)).toEqual({
      total: 4,
      none: 1,
      sitting: 2,
      marking: 1,
      handed: 0,
      abandoned: 0,
      voided: 0,
      online: 1,
      alerts: 1,
    });
  });
});

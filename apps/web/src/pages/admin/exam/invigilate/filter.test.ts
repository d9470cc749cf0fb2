import type { TInvigilateRow } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { filterRows, formatLeft, secondsLeft } from './filter';

const row = (over: Partial<TInvigilateRow>): TInvigilateRow => ({
  userId: 'u',
  userName: 'student',
  realName: '张三',
  deptName: '前端组',
  paperId: 'p',
  status: 'sitting',
  answered: 1,
  total: 5,
  startTime: null,
  deadline: null,
  remainingSeconds: 120,
  leaveCount: 0,
  lastSaveAt: null,
  lastSeenAt: null,
  online: true,
  clientIp: '10.1.2.3',
  leaveAlert: false,
  offlineAlert: false,
  ...over,
});

describe('console filters', () => {
  const rows = [
    row({ userId: 'a' }),
    row({ userId: 'b', userName: 'lisi', realName: '李四', online: false, offlineAlert: true }),
    row({ userId: 'c', userName: 'wangwu', realName: '王五', status: 'none', remainingSeconds: null, online: false }),
  ];
  const ids = (f: Parameters<typeof filterRows>[1]) => filterRows(rows, f).map((r) => r.userId);

  it('filters by state, presence, alerts and a search over name, account, department and address', () => {
    expect(ids({})).toEqual(['a', 'b', 'c']);
    expect(ids({ status: 'none' })).toEqual(['c']);
    expect(ids({ online: false })).toEqual(['b', 'c']);
    expect(ids({ alertsOnly: true })).toEqual(['b']);
    expect(ids({ search: '李' })).toEqual(['b']);
    expect(ids({ search: 'WANG' })).toEqual(['c']);
    expect(ids({ search: '10.1.2' })).toEqual(['a', 'b', 'c']);
    expect(ids({ search: '前端', status: 'sitting', online: true })).toEqual(['a']);
  });

  it('counts the time left down locally and formats it', () => {
    expect(secondsLeft(rows[0], 1000, 1000 + 30_500)).toBe(90);
    expect(secondsLeft(rows[0], 0, 500_000)).toBe(0);
    expect(secondsLeft(rows[2], 0, 0)).toBeNull();
    expect(formatLeft(90)).toBe('01:30');
    expect(formatLeft(3725)).toBe('1:02:05');
  });
});

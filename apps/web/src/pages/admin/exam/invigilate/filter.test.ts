import type { TInvigilateRow, TProctorRow } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { filterRows, formatLeft, proctorByPaper, proctorOf, secondsLeft } from './filter';

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

  it("filters by a proctoring flag through the learner's current paper", () => {
    const summary = (paperId: string, flags: TProctorRow['flags']): TProctorRow => ({
      paperId,
      userId: 'x',
      risk: 10,
      flags,
      lastSnapshotAt: null,
      cameraStopped: false,
      secondCameraLost: false,
      paused: false,
      doorPassed: true,
      admitRequested: false,
    });
    const learners = [
      row({ userId: 'a', paperId: 'pa' }),
      row({ userId: 'b', paperId: 'pb' }),
      row({ userId: 'c', paperId: null, status: 'none' }),
      row({ userId: 'd', paperId: 'pd' }),
    ];
    // a summary of an older paper of the same learner does not count
    const byPaper = proctorByPaper([
      summary('pa', ['faces', 'leave']),
      summary('pb', ['leave']),
      summary('old-d', ['faces']),
    ]);
    const flagged = (flag: TProctorRow['flags'][number]) =>
      filterRows(learners, { flag }, byPaper).map((r) => r.userId);
    expect(flagged('faces')).toEqual(['a']);
    expect(flagged('leave')).toEqual(['a', 'b']);
    expect(flagged('mismatch')).toEqual([]);
    expect(filterRows(learners, {}, byPaper)).toHaveLength(4);
    expect(filterRows(learners, { flag: 'leave', search: '李' }, byPaper)).toEqual([]);
    expect(proctorOf(learners[2], byPaper)).toBeUndefined();
    expect(proctorOf(learners[0], byPaper)?.risk).toBe(10);
    // without proctoring a flag filter shows nobody rather than everybody
    expect(filterRows(learners, { flag: 'faces' })).toEqual([]);
  });
});

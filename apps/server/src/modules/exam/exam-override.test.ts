/** The pure rules of arrangements (exam-override.ts) and of changing an exam with results (exam-archive.ts). */
import { describe, expect, it } from 'vitest';
import { deleteMessage, lockedChanges, lockReasonOf } from './exam-archive.js';
import { applyOverride, arrangementLabel, deadlineFor, type OverrideRow } from './exam-override.js';
import type { ExamRow } from './exam-rules.js';

const T0 = Date.parse('2026-03-02T08:00:00Z');
const at = (min: number) => new Date(T0 + min * 60_000);
const exam = {
  id: 'e1',
  openType: 1,
  password: null,
  startTime: at(0),
  endTime: at(120),
  duration: 60,
  tryLimit: 2,
  passScore: 60,
} as unknown as ExamRow;
const ov = (o: Partial<OverrideRow>): OverrideRow =>
  ({
    id: 'o1',
    examId: 'e1',
    userId: 'u1',
    deptId: null,
    kind: 1,
    startTime: null,
    endTime: null,
    extraMinutes: 0,
    extraTries: 0,
    password: null,
    note: null,
    ...o,
  }) as OverrideRow;

describe('applyOverride / deadlineFor', () => {
  it('leaves the exam as it is without an override', () => {
    const a = applyOverride(exam, null);
    expect(a.exam).toBe(exam);
    expect(a.needPassword).toBe(false);
    expect(deadlineFor(a, at(10))).toEqual(at(70));
    expect(deadlineFor(a, at(100))).toEqual(at(120));
  });

  it('takes the window, adds minutes to duration and cap, adds attempts, needs its password', () => {
    const a = applyOverride(
      exam,
      ov({ startTime: at(200), endTime: at(260), extraMinutes: 30, extraTries: 1, password: 'p' }),
    );
    expect(a.exam.startTime).toEqual(at(200));
    expect(a.exam.endTime).toEqual(at(260));
    expect(a.exam.duration).toBe(90);
    expect(a.exam.tryLimit).toBe(3);
    expect(a.exam.password).toBe('p');
    expect(a.needPassword).toBe(true);
    expect(deadlineFor(a, at(200))).toEqual(at(290)); // 90 min, cap 260 + 30
    expect(deadlineFor(a, at(250))).toEqual(at(290));
  });

  it('keeps unlimited attempts and "until the window closes" unlimited', () => {
    const open = { ...exam, tryLimit: 0, duration: 0 } as ExamRow;
    const a = applyOverride(open, ov({ extraTries: 2, extraMinutes: 15 }));
    expect(a.exam.tryLimit).toBe(0);
    expect(a.exam.duration).toBe(0);
    expect(deadlineFor(a, at(5))).toEqual(at(135));
  });

  it('labels the arrangement', () => {
    expect(arrangementLabel(null)).toBeNull();
    expect(arrangementLabel(ov({ extraMinutes: 15 }))).toBe('个别安排：延长15分钟');
    expect(arrangementLabel(ov({ kind: 2, startTime: at(1), endTime: at(2), extraTries: 1 }))).toBe(
      '补考：单独时间，增加1次',
    );
  });
});

describe('locks and archive messages', () => {
  const base = { tmplId: 't1', passScore: 60, kindSettings: { 2: { policy: 0 }, 7: { policy: 0 } } };
  it('names the locked fields a save would change', () => {
    expect(lockedChanges(base, base)).toEqual([]);
    expect(
      lockedChanges(base, { ...base, passScore: 50, kindSettings: { 2: { policy: 0 }, 7: { policy: 1 } } }),
    ).toEqual(['及格分', '排序题计分方式']);
    expect(lockedChanges(base, { ...base, tmplId: 't2', kindSettings: { 2: { policy: 2 } } })).toEqual([
      '试卷',
      '多选题计分方式',
    ]);
    expect(lockReasonOf(0)).toBeNull();
    expect(lockReasonOf(3)).toContain('3份答卷');
  });
  it('says when a delete archived', () => {
    expect(deleteMessage({ archived: 0, deleted: 2 })).toBe('删除成功');
    expect(deleteMessage({ archived: 2, deleted: 0 })).toBe('2场考试已有答卷，已归档（成绩保留，可在“已归档”中恢复）');
  });
});

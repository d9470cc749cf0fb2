import { describe, expect, it } from 'vitest';
import { dueReminder, handInText, markShown, nextUnanswered, reminderText } from './room-guide';

const min = 60_000;

describe('reminders at 5 and 1 minute left', () => {
  it('reminds once at 5 and once at 1, never before, never after the end', () => {
    const shown = new Set<number>();
    expect(dueReminder(6 * min, shown)).toBeNull();
    expect(dueReminder(5 * min, shown)).toBe(5);
    markShown(shown, 5);
    expect(dueReminder(4 * min, shown)).toBeNull();
    expect(dueReminder(60_000, shown)).toBe(1);
    markShown(shown, 1);
    expect(dueReminder(30_000, shown)).toBeNull();
    expect(dueReminder(0, new Set())).toBeNull();
  });

  it('opening a paper with 40 s left reminds once, with the 1-minute text', () => {
    const shown = new Set<number>();
    expect(dueReminder(40_000, shown)).toBe(1);
    markShown(shown, 1);
    expect(dueReminder(39_000, shown)).toBeNull();
    expect(reminderText(1)).toBe('距离考试结束还有 1 分钟，请抓紧作答，时间到将自动交卷');
  });
});

describe('next unanswered', () => {
  const qs = [{ a: true }, { a: false }, { a: true }, { a: false }];
  const answered = (q: { a: boolean }) => q.a;
  it('goes forward, wraps around, and says when none is left', () => {
    expect(nextUnanswered(qs, 0, answered)).toBe(1);
    expect(nextUnanswered(qs, 1, answered)).toBe(3);
    expect(nextUnanswered(qs, 3, answered)).toBe(1);
    expect(nextUnanswered([{ a: true }], 0, answered)).toBe(-1);
  });
});

describe('hand-in question', () => {
  it('counts unanswered and flagged questions and unsaved answers', () => {
    expect(handInText(2, 1, 0)).toBe('您还有 2 题未作答、1 题已标记待检查，确定要交卷吗？');
    expect(handInText(0, 3, 0)).toBe('您还有 3 题已标记待检查，确定要交卷吗？');
    expect(handInText(0, 0, 0)).toBe('您已完成全部题目，确定要交卷吗？');
    expect(handInText(1, 0, 2)).toContain('有 2 个答案未能保存');
  });
});

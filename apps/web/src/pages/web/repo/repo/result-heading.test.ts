import { TrainMode } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { resultHeading } from './result-heading';

const mock = { mode: TrainMode.MOCK, state: 1, held: false };

describe('the heading of a practice result', () => {
  it('a failing mock exam is a warning with its pass line, not a green success', () => {
    expect(resultHeading({ ...mock, score: 0 })).toEqual({
      status: 'warning',
      title: '模拟考试得分：0 分（未及格，及格线 60 分）',
    });
    expect(resultHeading({ ...mock, score: 59.5 }).status).toBe('warning');
  });

  it('a passing mock exam is a success', () => {
    expect(resultHeading({ ...mock, score: 60 })).toEqual({ status: 'success', title: '模拟考试得分：60 分（及格）' });
  });

  it('a mock whose result waits for the learner’s open exam paper says so, not "0 分"', () => {
    const h = resultHeading({ ...mock, score: null, held: true });
    expect(h.status).toBe('info');
    expect(h.title).not.toContain('0 分');
    expect(h.title).toContain('交卷后显示');
  });

  it('other modes are done or going on', () => {
    expect(resultHeading({ mode: TrainMode.SEQUENTIAL, state: 1, score: null, held: false })).toEqual({
      status: 'success',
      title: '顺序练习已完成',
    });
  });
});

/**
 * The heading of a practice result: a mock exam shows its score out of 100, a green tick only
 * when it reaches the pass line (a failing mock is a warning, not a success); a mock holding a
 * question of the learner's open exam paper says its result waits for that paper, never "0 分".
 */
import { TRAIN_MODE_LABELS, TrainMode, TrainState, type TTrainRecord } from '@exam/contracts';

/** A mock's score is a percentage; it passes as an exam of 100 points passes at 60. */
export const MOCK_PASS_SCORE = 60;

export interface ResultHeading {
  status: 'success' | 'warning' | 'info';
  title: string;
}

export function resultHeading(d: Pick<TTrainRecord, 'mode' | 'state' | 'score' | 'held'>): ResultHeading {
  const done = d.state === TrainState.FINISHED;
  if (d.mode !== TrainMode.MOCK)
    return { status: done ? 'success' : 'info', title: `${TRAIN_MODE_LABELS[d.mode]}${done ? '已完成' : '进行中'}` };
  if (!done) return { status: 'info', title: '模拟考试进行中' };
  if (d.held || d.score === null)
    return { status: 'info', title: '模拟考试已交卷，得分将在您正在参加的考试交卷后显示' };
  return d.score >= MOCK_PASS_SCORE
    ? { status: 'success', title: `模拟考试得分：${d.score} 分（及格）` }
    : { status: 'warning', title: `模拟考试得分：${d.score} 分（未及格，及格线 ${MOCK_PASS_SCORE} 分）` };
}

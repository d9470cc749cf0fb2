/**
 * Self-marking (自评) in practice, the rules (pure; unit-tested in self-mark-rules.test.ts).
 *
 * A question a person must judge (a manual kind such as 简答题, or a composite with manual
 * children) is answered in practice with no verdict and the reference answer shown; the learner
 * then marks each manual part 答对 or 答错 themselves. The mark counts like an automatic verdict
 * in the session's figures and the wrong-answer book.
 *
 * - Only in practice modes that mark at once (not mock: it tells nothing before the end; not
 *   recite: nothing is answered there), in an open session, after the question was answered.
 * - The mark may be set or changed until the learner moves on: answering another question of the
 *   session or finishing it closes the question (`el_train.mark_open_qu_id`).
 * - A composite is marked child by child; its verdict is known once every manual child is marked.
 */
import { ErrorCode, TrainMode, TrainState } from '@exam/contracts';
import { AppError } from '../../platform/errors.js';
import { isComposite, isManual } from '../repo/kinds/registry.js';

interface Part {
  id: string;
  type: number;
}

/** Whether an answer of this question waits for the learner's self-mark. */
export const needsSelfMark = (q: Part, children: Part[]): boolean =>
  isManual(q.type) || (isComposite(q.type) && children.some((c) => isManual(c.type)));

export interface SelfMarkRequest {
  train: { mode: number; state: number; markOpenQuId: string | null };
  question: Part & { answered: boolean };
  children: Part[];
  /** The child to mark (composites), null or absent for the question itself. */
  childId?: string | null;
}

const conflict = (msg: string) => new AppError(ErrorCode.CONFLICT, msg);
const badParams = (msg: string) => new AppError(ErrorCode.BAD_PARAMS, msg);

/** The id the self-mark is stored under (the question's or the child's); throws why it may not be marked. */
export function selfMarkTarget({ train, question, children, childId }: SelfMarkRequest): string {
  if (train.state !== TrainState.OPEN) throw conflict('训练已结束，不能再自评');
  if (train.mode === TrainMode.MOCK) throw conflict('模拟考试交卷后统一判分，不能自评');
  if (train.mode === TrainMode.RECITE) throw conflict('背题模式不需要自评');
  if (!needsSelfMark(question, children)) throw badParams('该题由系统自动判分，不需要自评');
  if (!question.answered) throw conflict('请先提交答案，再对照参考答案自评');
  let target = question.id;
  if (isComposite(question.type)) {
    if (!childId) throw badParams('组合题请选择要自评的小题');
    const child = children.find((c) => c.id === childId);
    if (!child) throw badParams('该小题不属于这道组合题');
    if (!isManual(child.type)) throw badParams('该小题由系统自动判分，不需要自评');
    target = child.id;
  } else if (childId && childId !== question.id) throw badParams('该题不是组合题，没有小题');
  if (train.markOpenQuId !== question.id) throw conflict('已进入下一题，不能再修改这道题的自评');
  return target;
}

/** Whether the session would accept a self-mark of this answered question now (the feedback's flag). */
export function selfMarkOpen(req: Omit<SelfMarkRequest, 'childId'>): boolean {
  const { train, question, children } = req;
  return (
    train.state === TrainState.OPEN &&
    train.mode !== TrainMode.MOCK &&
    train.mode !== TrainMode.RECITE &&
    question.answered &&
    train.markOpenQuId === question.id &&
    needsSelfMark(question, children)
  );
}

/**
 * What a change of the question's verdict does to the book: nothing (unchanged, e.g. a second
 * wrong child of a composite already wrong, or the same mark again), apply it (the first verdict),
 * redo (undo the earlier verdict's effect, then apply the new one) or undo only.
 */
export function bookStep(before: boolean | null, after: boolean | null): 'none' | 'apply' | 'redo' | 'undo' {
  if (before === after) return 'none';
  if (before === null) return 'apply';
  return after === null ? 'undo' : 'redo';
}

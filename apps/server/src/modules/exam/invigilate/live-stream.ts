/**
 * Who may follow an exam's console topic (`exam:<id>:invigilate`, registered in modules/index.ts
 * `topicRules`): an administrator with `exam:invigilate:view` who may invigilate the exam
 * (invigilate-access.ts), checked when the ticket is issued and when the stream opens. A note
 * about learners reaches an administrator of a department only when one of them is inside their
 * data scope (a note's text may carry a message or a reason). The console reads its snapshots
 * through /api/exam/invigilate/detail; the stream only says when to look again.
 */
import { DataScope, ErrorCode } from '@exam/contracts';
import { type AuthUser, assertPermission } from '../../../platform/auth.js';
import type { Db } from '../../../platform/db.js';
import { AppError } from '../../../platform/errors.js';
import { authorize } from '../../../platform/policy/index.js';
import { TOPIC_REFUSED, type TopicRule } from '../../../platform/realtime/index.js';
import { splitByScope } from '../../system/data-scope.js';
import { examPolicy } from '../exam.policy.js';
import { loadExam } from './invigilate-snapshot.js';

const TOPIC = /^exam:([A-Za-z0-9_-]+):invigilate$/;

async function inScope(db: Db, user: AuthUser, about: string[] | undefined): Promise<boolean> {
  if (user.dataScope >= DataScope.ALL || !about) return true;
  return (await splitByScope(db, user, about)).inside.length > 0;
}

export const invigilateTopicRule: TopicRule = {
  prefix: 'exam:',
  authorize: async ({ db, user, topic }) => {
    const examId = TOPIC.exec(topic)?.[1];
    if (!examId) throw new AppError(ErrorCode.NO_PERMISSION, TOPIC_REFUSED);
    if (user.roleType !== 2) throw new AppError(ErrorCode.NO_PERMISSION);
    await assertPermission(db, user, 'exam:invigilate:view');
    await authorize(db, user, examPolicy, 'invigilate', await loadExam(db, examId));
    return { filter: (event) => inScope(db, user, event.about) };
  },
};

/** Test helpers of regrading and marking by question: learners who sit an exam with given answers. */
import { paperPaperCreate, paperPaperFillAnswer, paperPaperHand, sysUserSave } from '@exam/contracts';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/test-app.js';
import { deptId, roleId } from '../../system/user/user.test-helpers.js';

/** Creates a learner and answers their id and token. */
export async function newLearner(t: TestApp, admin: string, userName: string, realName: string) {
  const res = await t.request(
    sysUserSave,
    {
      userName,
      realName,
      password: 'abc123',
      deptId: await deptId(t, 'D001'),
      roleIds: [await roleId(t, 'student')],
    } as never,
    admin,
  );
  expect(res.code, res.msg).toBe(0);
  return { id: (res.data as { id: string }).id, token: await t.login(userName, 'abc123'), realName };
}

/** Sits the exam: answers the given questions and hands in; answers the paper id. */
export async function sit(t: TestApp, token: string, examId: string, answers: Record<string, unknown>) {
  const created = await t.request(paperPaperCreate, { examId }, token);
  expect(created.code, created.msg).toBe(0);
  const paperId = created.data.paperId;
  let seq = 1;
  for (const [quId, answer] of Object.entries(answers)) {
    const r = await t.call(paperPaperFillAnswer.path, { paperId, quId, answer, seq: seq++, windowId: 'w1' }, token);
    expect(r.code, r.msg).toBe(0);
  }
  const handed = await t.call(paperPaperHand.path, { paperId }, token);
  expect(handed.code, handed.msg).toBe(0);
  return paperId as string;
}

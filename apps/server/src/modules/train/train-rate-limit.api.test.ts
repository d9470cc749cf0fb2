/**
 * Practice answers are capped at 600 a minute per learner, not per address: the learners of one
 * office share a NAT address, and one learner's flood must not hold back the others' answers.
 */
import { ErrorCode, trainFill } from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

describe('the practice answer cap', () => {
  it('counts each learner on their own, and a caller without a token by address', async () => {
    const zhang = await t.login('student', 'student123');
    const li = await t.login('lisi', 'student123');
    // An empty body is refused by validation after the cap has counted it: cheap calls that count.
    const codes = new Set<number>();
    for (let i = 0; i < 600; i++) codes.add((await t.call(trainFill.path, {}, zhang)).code);
    expect(codes.has(ErrorCode.TOO_MANY_REQUESTS)).toBe(false);
    expect((await t.call(trainFill.path, {}, zhang)).code).toBe(ErrorCode.TOO_MANY_REQUESTS);
    // 李四 at the same address is not held back by 张三's calls.
    expect((await t.call(trainFill.path, {}, li)).code).not.toBe(ErrorCode.TOO_MANY_REQUESTS);
    // Without a token the address is the key: not 张三's count either.
    expect((await t.call(trainFill.path, {}, null)).code).toBe(ErrorCode.NOT_LOGIN);
  });
});

/** Nothing a browser sends to the client-error log may store a typed password or token. */
import { commonLogClientError } from '@exam/contracts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysLog } from '../../../db/schema/index.js';
import { LogType } from '../../../platform/audit.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const stored = async () =>
  JSON.stringify(
    await t.db
      .select()
      .from(sysLog)
      .where(and(eq(sysLog.type, LogType.CLIENT_ERROR))),
  );

describe('client-error log', () => {
  it('stores the field names of a failed form, never its values, and no query of the page address', async () => {
    const formRejection = JSON.stringify({
      values: { userName: 'newbie', password: 'Secret123', confirm: 'Secret124' },
      errorFields: [{ name: ['confirm'], errors: ['两次输入的密码不一致'] }],
    });
    const res = await t.call(commonLogClientError.path, {
      message: formRejection,
      stack: 'Error: password=Secret123 at reset-pass $argon2id$v=19$m=19456,t=2,p=1$abc$def',
      url: 'http://localhost/admin/sys/user?token=tok_abcdef#x',
    });
    expect(res.code).toBe(0);
    const log = await stored();
    expect(log).toContain('表单校验未通过：confirm');
    expect(log).toContain('http://localhost/admin/sys/user');
    for (const secret of ['Secret12', 'newbie', 'tok_abcdef', 'argon2']) expect(log).not.toContain(secret);
  });

  it('keeps an ordinary error message as it is', async () => {
    await t.call(commonLogClientError.path, { message: "Cannot read properties of undefined (reading 'id')" });
    expect(await stored()).toContain("Cannot read properties of undefined (reading 'id')");
  });
});

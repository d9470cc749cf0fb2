/**
 * A body the multipart parser cannot read (no boundary, a part cut short, a boundary over 256
 * characters) and XML nested deeper than the parser's cap are bad input: HTTP 200 with 10010001
 * and a Chinese message on every upload route (a learner's file upload among them), never a 500;
 * a learner's cut-short image keeps no file.
 */
import {
  assistantDraftDoc,
  commonFileUpload,
  ErrorCode,
  repoQuImport,
  repoRepoSave,
  sysUserImport,
} from '@exam/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysFile, sysUser } from '../db/schema/index.js';
import { MAX_XML_DEPTH } from '../modules/repo/interchange/formats/xml-safe.js';
import {
  cutShortPng,
  deepMoodleXml,
  deepQtiXml,
  MALFORMED_MULTIPART_BODIES,
  multipartBody,
} from '../test/multipart.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { MALFORMED_MULTIPART } from './multipart-guard.js';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
});
afterAll(async () => t.close());

describe('malformed multipart bodies', () => {
  const routes = [commonFileUpload.path, sysUserImport.path, repoQuImport.path, assistantDraftDoc.path];
  it.each(routes)('%s answers each with 10010001 and a Chinese message', async (url) => {
    const token = url === commonFileUpload.path ? student : admin;
    for (const [name, contentType, payload] of MALFORMED_MULTIPART_BODIES) {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: { token, 'content-type': contentType } });
      expect(res.statusCode, name).toBe(200);
      expect(res.json().code, `${name}: ${res.body}`).toBe(ErrorCode.BAD_PARAMS);
      expect(res.json().msg, name).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('keeps no file of a learner’s image cut short', async () => {
    const [me] = await t.db.select({ id: sysUser.id }).from(sysUser).where(eq(sysUser.userName, 'student'));
    const before = await t.db.select({ id: sysFile.id }).from(sysFile).where(eq(sysFile.ownerId, me.id));
    const [contentType, payload] = cutShortPng();
    const res = await t.app.inject({
      method: 'POST',
      url: commonFileUpload.path,
      payload,
      headers: { token: student, 'content-type': contentType },
    });
    expect(res.json()).toMatchObject({ code: ErrorCode.BAD_PARAMS, msg: MALFORMED_MULTIPART });
    const after = await t.db.select({ id: sysFile.id }).from(sysFile).where(eq(sysFile.ownerId, me.id));
    expect(after).toHaveLength(before.length);
  });
});

describe('deeply nested XML', () => {
  async function importXml(name: string, xml: string) {
    const repoId = (await t.call(repoRepoSave.path, { title: `深层 ${name}` }, admin)).data.id as string;
    const { payload, contentType } = multipartBody({ repoId, preview: 'true' }, { name, body: xml });
    const res = await t.app.inject({
      method: 'POST',
      url: repoQuImport.path,
      payload,
      headers: { token: admin, 'content-type': contentType },
    });
    expect(res.statusCode, name).toBe(200);
    return res.json();
  }

  it('refuses a Moodle <text> with 99 nested <b> and a QTI item with 150 <div> naming the depth', async () => {
    for (const [name, xml] of [
      ['deep.xml', deepMoodleXml(99)],
      ['deep-qti.xml', deepQtiXml(150)],
    ]) {
      const res = await importXml(name, xml);
      expect(res.code, name).toBe(ErrorCode.BAD_PARAMS);
      expect(res.msg, name).toContain(`嵌套超过${MAX_XML_DEPTH}层`);
    }
  });

  it('still reads an item body nested 40 levels', async () => {
    const res = await importXml('rich-qti.xml', deepQtiXml(40));
    expect(res).toMatchObject({ code: 0, data: { total: 1 } });
  });
});

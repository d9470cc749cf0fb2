import {
  ErrorCode,
  SECRET_MASK,
  sysConfigAdminDetail,
  sysConfigDetail,
  sysConfigList,
  sysConfigSave,
  sysConfigSaveItem,
  sysLogPaging,
} from '@exam/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysConfig } from '../../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/test-app.js';

let t: TestApp;
let admin: string;
let student: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin', 'admin123');
  student = await t.login('student', 'student123');
});
afterAll(async () => t.close());

const SITE = {
  siteName: '测试站点',
  frontLogo: null,
  backLogo: null,
  copyRight: '© 测试',
  tagsView: true,
  fixedHeader: false,
  sidebarLogo: true,
  faceLogin: false,
  mobileLogin: true,
  wechatLogin: false,
  dingtalkLogin: false,
  regOpen: true,
  regReview: true,
};
const SECRET = 'very-secret-value-123';

describe('site config', () => {
  it('answers the public detail without a token', async () => {
    const res = await t.call(sysConfigDetail.path, { id: '1' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ siteName: '云帆在线考试培训平台', regOpen: false, timeZone: 'Asia/Shanghai' });
    expect(res.data.sms).toBeUndefined();
  });

  it('keeps the SMS secret write-only: masked to admins, never in the public detail', async () => {
    const sms = { provider: 'aliyun', accessKeyId: 'AK1', accessKeySecret: SECRET, signName: '云帆' };
    const saved = await t.call(sysConfigSave.path, { ...SITE, sms, storageDir: null }, admin);
    expect(saved.code).toBe(0);
    const pub = await t.call(sysConfigDetail.path, {});
    expect(pub.data).toMatchObject({ siteName: '测试站点', mobileLogin: true, regReview: true });
    expect(JSON.stringify(pub)).not.toContain(SECRET);
    const full = await t.call(sysConfigAdminDetail.path, {}, admin);
    expect(full.data.sms).toMatchObject({ provider: 'aliyun', accessKeyId: 'AK1', accessKeySecret: SECRET_MASK });
    expect(JSON.stringify(full)).not.toContain(SECRET);

    // Sending the mask (or nothing) back keeps the stored secret.
    await t.call(sysConfigSave.path, { ...SITE, sms: full.data.sms }, admin);
    await t.call(sysConfigSave.path, { ...SITE, sms: { ...full.data.sms, accessKeySecret: '' } }, admin);
    const [row] = await t.db.select({ sms: sysConfig.sms }).from(sysConfig);
    expect(row.sms.accessKeySecret).toBe(SECRET);
    // Nor does the operation log keep it.
    const logs = await t.call(sysLogPaging.path, { params: { keyword: '系统配置' } }, admin);
    expect(logs.data.total).toBeGreaterThan(0);
    expect(JSON.stringify(logs.data)).not.toContain(SECRET);
  });

  it('validates the storage folder with the directory rule', async () => {
    const bad = await t.call(sysConfigSave.path, { ...SITE, storageDir: 'relative/dir' }, admin);
    expect(bad.code).toBe(ErrorCode.BAD_PARAMS);
    expect(bad.msg).toContain('目录');
    const empty = await t.call(sysConfigSave.path, { ...SITE, storageDir: '' }, admin);
    expect(empty.msg).toContain('目录不能为空！');
    const ok = await t.call(sysConfigSave.path, { ...SITE, storageDir: '/tmp/exam-files/' }, admin);
    expect(ok.code).toBe(0);
    expect((await t.call(sysConfigAdminDetail.path, {}, admin)).data.storageDir).toBe('/tmp/exam-files/');
    const missing = await t.call(sysConfigSave.path, { ...SITE, siteName: '' }, admin);
    expect(missing.msg).toContain('站点名称');
  });
});

describe('config list', () => {
  it('answers pathUrl to a signed-in learner and validates it on save', async () => {
    const list = await t.call(sysConfigList.path, {}, student);
    // A fresh install points the frame at nothing (no frame of the product itself).
    expect(list.data.find((i: { title: string }) => i.title === 'pathUrl').value).toBe('');
    const noSlash = await t.call(sysConfigSaveItem.path, { title: 'pathUrl', value: 'http://a.example.com' }, admin);
    expect(noSlash.code).toBe(ErrorCode.BAD_PARAMS);
    expect(noSlash.msg).toContain('URL必须以/结尾！');
    const ok = await t.call(sysConfigSaveItem.path, { title: 'pathUrl', value: 'https://ai.example.com/' }, admin);
    expect(ok.code).toBe(0);
    expect((await t.call(sysConfigSaveItem.path, { title: 'theme', value: '#1890ff' }, admin)).code).toBe(0);
    const after = await t.call(sysConfigList.path, {}, student);
    expect(after.data.map((i: { title: string; value: string }) => `${i.title}=${i.value}`)).toEqual([
      'pathUrl=https://ai.example.com/',
      'theme=#1890ff',
    ]);
  });

  /** Saves pathUrl as if the browser reached the site at `host`. */
  const savePathUrl = async (value: string, host: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: sysConfigSaveItem.path,
        headers: { token: admin, host },
        payload: { title: 'pathUrl', value },
      })
    ).json() as { code: number; msg: string };

  it('refuses a pathUrl naming this very site under another name, and lets it be emptied again', async () => {
    for (const [value, host] of [
      ['http://localhost:8210/', '127.0.0.1:8210'],
      ['http://127.0.0.1:8210/assistant/', 'localhost:8210'],
      ['http://0.0.0.0:8210/', '127.0.0.1:8210'],
      ['https://Exam.Example.com/', 'exam.example.com'],
      ['http://exam.example.com:80/', 'exam.example.com'],
      [`http://127.0.0.2:${t.app.deps.config.port}/`, 'exam.example.com'],
    ]) {
      const res = await savePathUrl(value, host);
      expect(res.code, `${value} at ${host}`).toBe(ErrorCode.BAD_PARAMS);
      expect(res.msg).toContain('指向本站自身');
    }
    expect((await savePathUrl('https://ai.example.com/', 'exam.example.com')).code).toBe(0);
    expect((await savePathUrl('http://127.0.0.1:9000/', '127.0.0.1:8210')).code).toBe(0);
    const cleared = await savePathUrl('', 'exam.example.com');
    expect(cleared.code, cleared.msg).toBe(0);
    const list = await t.call(sysConfigList.path, {}, student);
    expect(list.data.find((i: { title: string }) => i.title === 'pathUrl').value).toBe('');
  });
});

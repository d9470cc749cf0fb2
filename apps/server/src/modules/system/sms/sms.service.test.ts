import { describe, expect, it } from 'vitest';
import { hashSmsCode, newSmsCode } from './sms.service.js';
import { createSmsSender, lastLoggedCode, SmsSendError } from './sms-sender.js';

describe('sms codes', () => {
  it('are six digits and hashed per mobile', () => {
    for (let i = 0; i < 50; i++) expect(newSmsCode()).toMatch(/^\d{6}$/);
    expect(hashSmsCode('13800000001', '123456')).not.toBe(hashSmsCode('13800000002', '123456'));
    expect(hashSmsCode('13800000001', '123456')).not.toContain('123456');
  });
});

describe('sender choice', () => {
  const log = { info: () => {} };
  it('uses the log sender by default and remembers its last code', async () => {
    const sender = createSmsSender(null, log);
    expect(sender.name).toBe('log');
    await sender.send({ mobile: '13600000000', code: '042042' });
    expect(lastLoggedCode('13600000000')).toBe('042042');
  });

  it('uses Aliyun when configured and refuses an incomplete configuration', () => {
    const full = { provider: 'aliyun', accessKeyId: 'a', accessKeySecret: 'b', signName: 'c', templateCode: 'd' };
    expect(createSmsSender(full, log).name).toBe('aliyun');
    expect(() => createSmsSender({ provider: 'aliyun', accessKeyId: 'a' }, log)).toThrow(SmsSendError);
  });
});

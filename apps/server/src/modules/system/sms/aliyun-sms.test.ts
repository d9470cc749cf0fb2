import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAliyunSender, percentEncode, sendSmsParams, signAliyunRpc } from './aliyun-sms.js';
import { type StandIn, startAliyunStandIn } from './aliyun-stand-in.js';
import { SmsSendError } from './sms-sender.js';

const SECRET = 'testsecret';
let standIn: StandIn;
beforeAll(async () => {
  standIn = await startAliyunStandIn(SECRET, ['13900000009']);
});
afterAll(async () => standIn.close());

const config = () => ({
  accessKeyId: 'testid',
  accessKeySecret: SECRET,
  signName: '云帆考试',
  templateCode: 'SMS_123456',
  endpoint: standIn.endpoint,
});

describe('aliyun signature', () => {
  it('percent-encodes like RFC 3986', () => {
    expect(percentEncode("a b*c~d!'()")).toBe('a%20b%2Ac~d%21%27%28%29');
    expect(percentEncode('云')).toBe('%E4%BA%91');
  });

  it("matches Aliyun's documented example signature", () => {
    // The worked example of Aliyun's RPC signature documentation (DescribeRegions, GET, secret testsecret).
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(signAliyunRpc('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('builds the SendSms parameters with the code as TemplateParam', () => {
    const p = sendSmsParams(
      config(),
      { mobile: '13800000002', code: '123456' },
      'POST',
      new Date('2026-01-02T03:04:05.678Z'),
      'n1',
    );
    expect(p).toMatchObject({
      Action: 'SendSms',
      Version: '2017-05-25',
      Format: 'JSON',
      PhoneNumbers: '13800000002',
      TemplateParam: '{"code":"123456"}',
      Timestamp: '2026-01-02T03:04:05Z',
      SignatureNonce: 'n1',
    });
    const { Signature, ...rest } = p;
    expect(Signature).toBe(signAliyunRpc('POST', rest, SECRET));
  });
});

describe('aliyun sender against a stand-in', () => {
  it('sends and accepts Code OK', async () => {
    await createAliyunSender(config()).send({ mobile: '13800000002', code: '654321' });
    const last = standIn.received.at(-1);
    expect(last).toMatchObject({
      PhoneNumbers: '13800000002',
      SignName: '云帆考试',
      TemplateParam: '{"code":"654321"}',
    });
  });

  it('turns an Aliyun error into an SmsSendError with its message', async () => {
    const err = await createAliyunSender(config())
      .send({ mobile: '13900000009', code: '111111' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err.providerCode).toBe('isv.BUSINESS_LIMIT_CONTROL');
    expect(err.message).toContain('流控');
  });

  it('is refused by the stand-in with a wrong secret', async () => {
    const err = await createAliyunSender({ ...config(), accessKeySecret: 'wrong' })
      .send({ mobile: '13800000002', code: '111111' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err.providerCode).toBe('SignatureDoesNotMatch');
  });

  it('reports an unreachable endpoint', async () => {
    const err = await createAliyunSender({ ...config(), endpoint: 'http://127.0.0.1:1/' })
      .send({ mobile: '13800000002', code: '111111' })
      .catch((e) => e);
    expect(err).toBeInstanceOf(SmsSendError);
    expect(err.message).toContain('无法连接短信服务');
  });
});

/** The candidates' shared rules: the ID number's check digit, the field checks, masking, in-app browsers. */
import { describe, expect, it } from 'vitest';
import {
  checkCandidateValues,
  DEFAULT_CANDIDATE_FIELDS,
  dedupeKeyOf,
  isIdNumber,
  isInAppBrowser,
  maskIdNumber,
  maskMobile,
  maskName,
  ZCandidateFields,
} from './candidate.js';

describe('isIdNumber', () => {
  it('takes a real date and the right check digit, X in either case', () => {
    expect(isIdNumber('11010519491231002X')).toBe(true);
    expect(isIdNumber('11010519491231002x')).toBe(true);
    expect(isIdNumber('110105194912310021')).toBe(false); // wrong check digit
    expect(isIdNumber('110105194902300021')).toBe(false); // 30 February
    expect(isIdNumber('11010519491231002')).toBe(false); // 17 characters
  });
});

describe('checkCandidateValues', () => {
  const fields = {
    ...DEFAULT_CANDIDATE_FIELDS,
    idNumber: 1 as const,
    custom: [{ key: 'no', label: '工号', required: true, pattern: '\\d{6}', hint: '请输入6位工号', options: [] }],
  };
  it('answers the first problem in Chinese', () => {
    expect(checkCandidateValues(fields, { mobile: '13800000000', custom: { no: '123456' } })).toEqual({
      ok: false,
      message: '请填写姓名',
    });
    expect(checkCandidateValues(fields, { name: '张三', mobile: '12345', custom: {} })).toMatchObject({ ok: false });
    expect(checkCandidateValues(fields, { name: '张三', mobile: '13800000000', custom: { no: '12' } })).toEqual({
      ok: false,
      message: '请输入6位工号',
    });
  });
  it('anchors a custom pattern and drops the fields not asked', () => {
    const ok = checkCandidateValues(fields, {
      name: ' 张三 ',
      mobile: '13800000000',
      company: '不收集的单位',
      custom: { no: '123456', other: 'x' },
    });
    expect(ok).toEqual({
      ok: true,
      values: { name: '张三', mobile: '13800000000', idNumber: null, company: null, custom: { no: '123456' } },
    });
    expect(checkCandidateValues(fields, { name: '张三', mobile: '13800000000', custom: { no: '1234567' } }).ok).toBe(
      false,
    );
  });
  it('refuses a settings set without name, mobile and ID number, or with a broken pattern', () => {
    expect(ZCandidateFields.safeParse({ name: 0, mobile: 0, idNumber: 0, company: 2, custom: [] }).success).toBe(false);
    const broken = { ...DEFAULT_CANDIDATE_FIELDS, custom: [{ ...fields.custom[0], pattern: '([' }] };
    expect(ZCandidateFields.safeParse(broken).success).toBe(false);
  });
});

describe('masking and keys', () => {
  it('masks what lists show', () => {
    expect(maskMobile('13800000000')).toBe('138****0000');
    expect(maskIdNumber('11010519491231002X')).toBe('1101**********002X');
    expect(maskName('欧阳娜娜')).toBe('欧***');
    expect(maskMobile(null)).toBeNull();
  });
  it('keys a duplicate by the exam’s one-per limit', () => {
    expect(dedupeKeyOf('mobile', { mobile: '13800000000', idNumber: null })).toBe('m:13800000000');
    expect(dedupeKeyOf('idNumber', { mobile: null, idNumber: '11010519491231002X' })).toBe('i:11010519491231002X');
    expect(dedupeKeyOf(null, { mobile: '13800000000', idNumber: null })).toBeNull();
  });
  it('knows WeChat and DingTalk by their user agents', () => {
    expect(isInAppBrowser('Mozilla/5.0 (iPhone) Mobile/15E148 MicroMessenger/8.0.47 NetType/WIFI')).toBe(true);
    expect(isInAppBrowser('Mozilla/5.0 (Linux; Android 13) AliApp(DingTalk/7.0.40) DingTalk/7.0.40')).toBe(true);
    expect(
      isInAppBrowser('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) Version/17.4 Mobile Safari/604.1'),
    ).toBe(false);
  });
});

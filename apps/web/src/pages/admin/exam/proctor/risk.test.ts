import type { TTimelineItem } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { FLAG_COLORS, FLAG_OPTIONS, itemText, oldestFirst, riskColor } from './risk';

const item = (over: Partial<TTimelineItem>): TTimelineItem => ({
  id: 'i',
  at: '2026-12-07T08:00:00+08:00',
  kind: 'snapshot',
  label: 'random',
  flag: null,
  snapshotId: null,
  source: null,
  faces: null,
  similarity: null,
  serverChecked: false,
  detail: null,
  ...over,
});

describe('risk colours', () => {
  it('shows no tag at 0, gold above 0, orange from 30 and red from 60', () => {
    expect(riskColor(0)).toBeNull();
    expect(riskColor(1)).toBe('gold');
    expect(riskColor(29)).toBe('gold');
    expect(riskColor(30)).toBe('orange');
    expect(riskColor(59)).toBe('orange');
    expect(riskColor(60)).toBe('red');
    expect(riskColor(100)).toBe('red');
  });

  it('has a colour and an option for every flag of the contract', () => {
    expect(FLAG_OPTIONS.map((o) => o.value).sort()).toEqual(Object.keys(FLAG_COLORS).sort());
    expect(FLAG_OPTIONS.find((o) => o.value === 'mismatch')?.label).toBe('人脸不符');
  });
});

describe('timeline lines', () => {
  it('says what a snapshot, a flag and an action are in Chinese, else the server text', () => {
    expect(itemText(item({ label: 'random' }))).toBe('随机抓拍');
    expect(itemText(item({ kind: 'flag', label: 'faces', flag: 'faces' }))).toBe('多张人脸');
    expect(itemText(item({ kind: 'action', label: 'pause' }))).toBe('监考员暂停作答');
    expect(itemText(item({ kind: 'door', label: '身份核验通过' }))).toBe('身份核验通过');
    expect(itemText(item({ kind: 'door', label: '' }))).toBe('入场');
  });

  it('puts the newest last, ties in the server order, across time zones', () => {
    const items = [
      item({ id: 'c', at: '2026-12-07T00:02:00Z' }),
      item({ id: 'a', at: '2026-12-07T08:00:00+08:00' }),
      item({ id: 'b', at: '2026-12-07T00:00:00Z' }),
    ];
    expect(oldestFirst(items).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });
});

/** The notice's text and version: a changed text is a new version, a renamed exam is not. */
import { PROCTOR_OFF } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { noticeText } from './notice-text.js';

describe('proctor notice', () => {
  it('lists what each mode collects', () => {
    expect(noticeText({ ...PROCTOR_OFF, mode: 1 }).collected.join()).not.toContain('抓拍');
    expect(noticeText({ ...PROCTOR_OFF, mode: 2 }).collected.join()).toContain('抓拍');
    expect(noticeText({ ...PROCTOR_OFF, mode: 2 }).collected.join()).not.toContain('第二机位');
    expect(noticeText({ ...PROCTOR_OFF, mode: 3 }).collected.join()).toContain('第二机位');
    expect(noticeText({ ...PROCTOR_OFF, mode: 2, retentionDays: 45 }).retention).toContain('45天');
  });

  it('changes its version with the text only', () => {
    const a = noticeText({ ...PROCTOR_OFF, mode: 2 });
    expect(a.version).toMatch(/^v1-[0-9a-f]{16}$/);
    expect(noticeText({ ...PROCTOR_OFF, mode: 2 }).version).toBe(a.version);
    expect(noticeText({ ...PROCTOR_OFF, mode: 3 }).version).not.toBe(a.version);
    expect(noticeText({ ...PROCTOR_OFF, mode: 2, retentionDays: 60 }).version).not.toBe(a.version);
    // mode 1 takes no snapshots: its interval and retention are not part of what it says
    expect(noticeText({ ...PROCTOR_OFF, mode: 1, retentionDays: 60 }).version).toBe(
      noticeText({ ...PROCTOR_OFF, mode: 1 }).version,
    );
  });
});

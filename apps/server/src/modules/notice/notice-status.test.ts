import { NoticeState, NoticeStatus } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { statusOf } from './notice.service.js';

const now = new Date('2026-03-02T08:00:00Z');

describe('statusOf', () => {
  it('tells drafts, scheduled, published and withdrawn notices apart', () => {
    expect(statusOf({ state: NoticeState.DRAFT, publishAt: null }, now)).toBe(NoticeStatus.DRAFT);
    expect(statusOf({ state: NoticeState.PUBLISHED, publishAt: new Date(now.getTime() + 1) }, now)).toBe(
      NoticeStatus.SCHEDULED,
    );
    expect(statusOf({ state: NoticeState.PUBLISHED, publishAt: now }, now)).toBe(NoticeStatus.PUBLISHED);
    expect(statusOf({ state: NoticeState.WITHDRAWN, publishAt: now }, now)).toBe(NoticeStatus.WITHDRAWN);
  });
});

import { describe, expect, it } from 'vitest';
import { focusModeRefused } from './focus-mode.js';

describe('focusModeRefused', () => {
  const strict = { fullScreen: true, allowFocusMode: false };

  it('refuses a device declaring no Fullscreen API when the exam requires full screen and refuses focus mode', () => {
    expect(focusModeRefused(strict, false)).toBe(true);
  });

  it('lets a device with the Fullscreen API sit it', () => {
    expect(focusModeRefused(strict, true)).toBe(false);
  });

  it('does not refuse when the client declares nothing (the server trusts only a declaration)', () => {
    expect(focusModeRefused(strict, undefined)).toBe(false);
    expect(focusModeRefused(strict, null)).toBe(false);
  });

  it('lets such a device go on in focus mode when the exam allows it (the default)', () => {
    expect(focusModeRefused({ fullScreen: true, allowFocusMode: true }, false)).toBe(false);
  });

  it('never refuses an exam that does not require full screen', () => {
    expect(focusModeRefused({ fullScreen: false, allowFocusMode: false }, false)).toBe(false);
  });
});

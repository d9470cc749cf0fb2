import { describe, expect, it } from 'vitest';
import { browserInfo, windowFits } from './device';

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 16_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.0 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/120.0.6099.119 Mobile/15E148 Safari/604.1';
const IPAD_OLD =
  'Mozilla/5.0 (iPad; CPU OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1.2 Mobile/15E148 Safari/604.1';
// iPadOS 13 and later ask for the desktop site: a Mac's user agent, on a touch screen
const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Safari/605.1.15';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36';
const LINUX_CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';

describe('the device check: operating system and browser', () => {
  it('an iPhone is iOS with its version, whichever browser', () => {
    expect(browserInfo(IPHONE_SAFARI, 5).os).toBe('iOS 16.0');
    expect(browserInfo(IPHONE_SAFARI, 5)).toMatchObject({ name: 'Safari', version: '16', supported: true });
    expect(browserInfo(IPHONE_CHROME, 5)).toMatchObject({ name: 'Chrome', version: '120', os: 'iOS 17.2' });
  });

  it('an iPad is iPadOS, also when it sends a Mac user agent (told by its touch screen)', () => {
    expect(browserInfo(IPAD_OLD, 5).os).toBe('iPadOS 12.4');
    expect(browserInfo(MAC_SAFARI, 5).os).toBe('iPadOS');
    expect(browserInfo(MAC_SAFARI, 0).os).toBe('macOS');
  });

  it('Android is Android with its version, not Linux', () => {
    expect(browserInfo(ANDROID_CHROME, 5).os).toBe('Android 13');
    expect(browserInfo(LINUX_CHROME).os).toBe('Linux');
  });
});

describe('the device check: the window the exam room needs', () => {
  it('a phone held upright is enough (the room has a phone layout)', () => {
    expect(windowFits(390, 844)).toBe(true);
    expect(windowFits(360, 800)).toBe(true);
    expect(windowFits(1280, 800)).toBe(true);
  });

  it('narrower than the smallest phone, or too low for timer, question and 交卷, is too small', () => {
    expect(windowFits(320, 800)).toBe(false);
    expect(windowFits(844, 390)).toBe(false);
  });
});

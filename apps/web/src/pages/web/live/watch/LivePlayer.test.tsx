/**
 * What the live player tells the page about watching: a pause or the end stops the watch at once,
 * a buffering stall does not (the learner has not left), unless it lasts longer than STALL_MS.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import LivePlayer, { STALL_MS } from './LivePlayer';

// The player's HLS library needs Media Source Extensions, which jsdom lacks: a stand-in.
vi.mock('hls.js', () => {
  class Hls {
    static Events = { MANIFEST_PARSED: 'manifestParsed', ERROR: 'error' };
    static ErrorTypes = { MEDIA_ERROR: 'mediaError' };
    on() {}
    loadSource() {}
    attachMedia() {}
    destroy() {}
  }
  return { default: Hls };
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function mount() {
  const changes: boolean[] = [];
  render(<LivePlayer src="http://media/hls/room.m3u8" onPlayingChange={(p) => changes.push(p)} />);
  const video = screen.getByTestId('live-video');
  const fire = (type: string) => act(() => void video.dispatchEvent(new Event(type)));
  return { changes, fire };
}

describe('LivePlayer', () => {
  it('a short buffering stall is not a stop', () => {
    const { changes, fire } = mount();
    fire('playing');
    for (let i = 0; i < 5; i++) {
      fire('waiting');
      act(() => void vi.advanceTimersByTime(STALL_MS - 1000));
      fire('playing');
    }
    expect(changes).not.toContain(false);
  });

  it('a pause, the end or a stall longer than STALL_MS stops the watch', () => {
    const { changes, fire } = mount();
    fire('playing');
    fire('pause');
    expect(changes.at(-1)).toBe(false);
    fire('playing');
    fire('waiting');
    expect(changes.at(-1)).toBe(true);
    act(() => void vi.advanceTimersByTime(STALL_MS));
    expect(changes.at(-1)).toBe(false);
    fire('playing');
    fire('ended');
    expect(changes.at(-1)).toBe(false);
  });
});

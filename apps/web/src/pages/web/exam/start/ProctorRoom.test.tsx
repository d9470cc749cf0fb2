/**
 * The room's proctoring against a fake server and camera: the random snapshot at the server's
 * time, the leave snapshot (not twice within 5 s), a stopped camera reported at once with its
 * banner and cover, the invigilator's pause and warning.
 */
import { examProctorCamera, examProctorRoom, examProctorSnapshot } from '@exam/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({
  calls: [] as { path: string; body: any }[],
  room: {} as Record<string, unknown>,
  blocked: false,
}));
vi.mock('../../../../api/call', () => ({
  call: vi.fn(async (ep: { path: string }, body: unknown) => {
    server.calls.push({ path: ep.path, body });
    if (ep.path === '/api/exam/proctor/room') return server.room;
    if (ep.path === '/api/exam/proctor/camera') return { blocked: server.blocked };
    if (ep.path === '/api/exam/proctor/snapshot') return { id: 's', nextInSeconds: 60, paused: false, warning: null };
    return null;
  }),
}));
vi.mock('../../../../components/proctor/face-engine', () => ({ loadFaceEngine: async () => null }));

import ProctorRoom, { snapshotFindings } from './ProctorRoom';

let track: EventTarget & { stop: () => void };
beforeEach(() => {
  server.calls.length = 0;
  server.blocked = false;
  server.room = {
    mode: 2,
    snapMinSeconds: 30,
    snapMaxSeconds: 120,
    cameraStopBlocks: true,
    nextInSeconds: 1,
    paused: false,
    warning: null,
  };
  track = Object.assign(new EventTarget(), { stop: vi.fn() });
  // jsdom draws nothing: a canvas that remembers its width and encodes a tiny JPEG.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({ drawImage: () => undefined } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockImplementation(function (this: HTMLCanvasElement) {
    return `data:image/jpeg;base64,${btoa(`w${this.width}`)}`;
  });
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track], getVideoTracks: () => [track] })) },
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function mount(leaves = 0) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const ui = (n: number) => (
    <QueryClientProvider client={client}>
      <ProctorRoom paperId="p1" mode={2} leaves={n} phone={false} />
    </QueryClientProvider>
  );
  const r = render(ui(leaves));
  return (n: number) => r.rerender(ui(n));
}
const of = (path: string) => server.calls.filter((c) => c.path === path).map((c) => c.body);

describe('ProctorRoom', () => {
  it('takes the random snapshot at the room’s nextInSeconds, 320 px JPEG with findings', async () => {
    mount();
    expect(await screen.findByTestId('proctor-camera')).toBeTruthy();
    await waitFor(() => expect(of(examProctorSnapshot.path)).toHaveLength(1), { timeout: 3000 });
    const shot = of(examProctorSnapshot.path)[0];
    expect(atob(shot.image.split(',')[1])).toBe('w320');
    expect(shot).toMatchObject({ paperId: 'p1', reason: 'random', findings: { faces: 1, descriptor: null } });
    expect(Number.isNaN(Date.parse(shot.takenAt))).toBe(false);
    // The upload's answer plans the next one 60 s later: no second shot now.
    await new Promise((r) => setTimeout(r, 1200));
    expect(of(examProctorSnapshot.path)).toHaveLength(1);
  });

  it('snapshots a leave, but not a second one within 5 s', async () => {
    server.room = { ...server.room, nextInSeconds: 600 };
    const leave = mount(0);
    await waitFor(() => expect(of(examProctorRoom.path)).toHaveLength(1));
    await act(async () => new Promise((r) => setTimeout(r, 50))); // the camera opened
    leave(1);
    await waitFor(() => expect(of(examProctorSnapshot.path).map((b) => b.reason)).toEqual(['leave']));
    leave(2);
    await act(async () => new Promise((r) => setTimeout(r, 300)));
    expect(of(examProctorSnapshot.path)).toHaveLength(1);
  });

  it('a stopped camera is reported at once, bannered, and covers the answers while blocked', async () => {
    server.room = { ...server.room, nextInSeconds: 600 };
    server.blocked = true;
    mount();
    await waitFor(() => expect(of(examProctorRoom.path)).toHaveLength(1));
    await act(async () => new Promise((r) => setTimeout(r, 50)));
    act(() => void track.dispatchEvent(new Event('mute')));
    expect((await screen.findByTestId('camera-stopped')).textContent).toContain('摄像头已中断，请检查摄像头连接与权限');
    await waitFor(() => expect(of(examProctorCamera.path)[0]).toMatchObject({ paperId: 'p1', state: 'stopped' }));
    expect((await screen.findByTestId('proctor-cover')).textContent).toContain('摄像头恢复前暂停作答');
    server.blocked = false;
    act(() => void track.dispatchEvent(new Event('unmute')));
    await waitFor(() => expect(of(examProctorCamera.path).map((b) => b.state)).toEqual(['stopped', 'on']));
    await waitFor(() => expect(screen.queryByTestId('proctor-cover')).toBeNull());
    expect(screen.queryByTestId('camera-stopped')).toBeNull();
  });

  it('the invigilator’s pause covers the answers and the warning shows', async () => {
    server.room = { ...server.room, nextInSeconds: 600, paused: true, warning: '请勿离开座位' };
    mount();
    expect((await screen.findByTestId('proctor-cover')).textContent).toContain('监考员已暂停你的作答，请等待');
    expect(screen.getByTestId('proctor-warning').textContent).toContain('监考员提醒：请勿离开座位');
  });
});

describe('snapshotFindings', () => {
  it('sends the engine’s count, a descriptor with one face only', () => {
    expect(snapshotFindings({ faces: 0 })).toEqual({ faces: 0, descriptor: null });
    expect(snapshotFindings({ faces: 2, descriptor: [1] })).toEqual({ faces: 2, descriptor: null });
    expect(snapshotFindings({ faces: 1, descriptor: [0.5] })).toEqual({ faces: 1, descriptor: [0.5] });
    expect(snapshotFindings(null)).toEqual({ faces: 1, descriptor: null });
  });
});

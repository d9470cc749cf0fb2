/** 刷脸登录: the user name starts the challenge; the last step's `login` signs in, nothing before it. */
import { sysUserFaceLogin, sysUserFaceLoginChallenge } from '@exam/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

const server = vi.hoisted(() => ({ calls: [] as { path: string; body: any }[] }));
vi.mock('../../api/call', () => ({
  call: vi.fn(async (ep: { path: string }, body: any) => {
    server.calls.push({ path: ep.path, body });
    if (ep.path === '/api/sys/user/face-login/challenge')
      return {
        challengeId: 'c1',
        steps: ['blink'],
        expiresAt: '2036-01-01T00:00:00Z',
        serverTime: '2026-01-01T00:00:00Z',
      };
    return {
      passed: true,
      reason: null,
      done: body.step === 1,
      over: false,
      nextStep: body.step === 1 ? null : 1,
      failures: 0,
      login: body.step === 1 ? { token: 't1', user: { id: 'u1' } } : null,
    };
  }),
}));
// The runner is tested on its own: a stand-in that runs two steps.
vi.mock('../../components/proctor/ChallengeRunner', () => ({
  default: (p: {
    start: () => Promise<{ challengeId: string }>;
    step: (b: unknown) => Promise<any>;
    onDone: (r: unknown) => void;
    startText: string;
  }) => (
    <button
      type="button"
      onClick={async () => {
        try {
          const ch = await p.start();
          await p.step({ challengeId: ch.challengeId, step: 0, frames: [] });
          p.onDone(await p.step({ challengeId: ch.challengeId, step: 1, frames: [] }));
        } catch (err) {
          document.body.dataset.error = (err as Error).message;
        }
      }}
    >
      {p.startText}
    </button>
  ),
}));

import FaceLogin from './FaceLogin';

afterEach(() => {
  cleanup();
  server.calls.length = 0;
  delete document.body.dataset.error;
});

describe('FaceLogin', () => {
  it('starts the challenge for the user name and signs in with the last step’s login', async () => {
    const onSignedIn = vi.fn();
    render(<FaceLogin open defaultUserName=" zhangsan " onClose={() => undefined} onSignedIn={onSignedIn} />);
    fireEvent.click(await screen.findByText('开始刷脸登录'));
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ token: 't1', user: { id: 'u1' } }));
    expect(server.calls.map((c) => c.path)).toEqual([
      sysUserFaceLoginChallenge.path,
      sysUserFaceLogin.path,
      sysUserFaceLogin.path,
    ]);
    expect(server.calls[0].body).toEqual({ userName: 'zhangsan' });
  });

  it('asks for the user name before any call', async () => {
    render(<FaceLogin open defaultUserName="" onClose={() => undefined} onSignedIn={vi.fn()} />);
    fireEvent.click(await screen.findByText('开始刷脸登录'));
    await waitFor(() => expect(document.body.dataset.error).toBe('请输入用户名'));
    expect(server.calls).toEqual([]);
  });
});

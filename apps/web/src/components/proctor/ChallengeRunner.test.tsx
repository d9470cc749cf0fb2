/**
 * The challenge runner's flow against a fake server: the steps in order, a failed step tried again,
 * a session that is over started again, the expiry, and a refused camera.
 */
import type { TChallenge, TChallengeStepResult } from '@exam/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import ChallengeRunner, { type StepBody } from './ChallengeRunner';

const track = { stop: vi.fn() };
beforeEach(() => {
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [track], getVideoTracks: () => [track] })) },
  });
});
afterEach(cleanup);

function challenge(steps: TChallenge['steps'], seconds = 60): TChallenge {
  const now = Date.now();
  return {
    challengeId: `c${now}`,
    steps,
    serverTime: new Date(now).toISOString(),
    expiresAt: new Date(now + seconds * 1000).toISOString(),
  };
}
const result = (r: Partial<TChallengeStepResult>): TChallengeStepResult => ({
  passed: true,
  reason: null,
  done: false,
  over: false,
  nextStep: null,
  failures: 0,
  ...r,
});
const frames = async () => ({ frames: ['f1', 'f2', 'f3', 'f4', 'f5', 'f6'], readings: [{ faces: 1 }] as never });

function mount(
  start: () => Promise<TChallenge>,
  step: (b: StepBody) => Promise<TChallengeStepResult>,
  capture = frames,
) {
  const onDone = vi.fn();
  const onFailed = vi.fn();
  render(
    <ChallengeRunner
      start={start}
      step={step}
      onDone={onDone}
      onFailed={onFailed}
      leadMs={0}
      capture={capture}
      loadEngine={async () => null}
    />,
  );
  return { onDone, onFailed };
}

const clickStart = async () => {
  const btn = await screen.findByTestId('challenge-start');
  await waitFor(() => expect((btn as HTMLButtonElement).disabled).toBe(false));
  fireEvent.click(btn);
};

describe('ChallengeRunner', () => {
  it('posts each step with its frames and readings in order until done', async () => {
    const sent: StepBody[] = [];
    const step = vi.fn(async (b: StepBody) => {
      sent.push({ ...b, frames: [...b.frames] }); // the runner drops its frames once sent
      return b.step === 0 ? result({ nextStep: 1 }) : result({ done: true });
    });
    const ch = challenge(['turn-left', 'blink']);
    const { onDone } = mount(async () => ch, step);
    await clickStart();
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    expect(sent.map((b) => [b.challengeId, b.step, b.frames.length])).toEqual([
      [ch.challengeId, 0, 6],
      [ch.challengeId, 1, 6],
    ]);
    expect(sent[0].readings).toEqual([{ faces: 1 }]);
    expect(screen.getByTestId('challenge-done').textContent).toContain('核验通过');
  });

  it('shows the action in large text and a failed step’s reason; 再试一次 posts the same step', async () => {
    let calls = 0;
    let release: () => void = () => undefined;
    const step = vi.fn(async (b: StepBody) => {
      calls++;
      if (calls === 1) return result({ passed: false, reason: '未检测到转头，请向左转头', failures: 1 });
      await new Promise<void>((r) => {
        release = r;
      });
      return result({ done: true, nextStep: null, failures: 1, passed: b.step === 0 });
    });
    const { onDone, onFailed } = mount(async () => challenge(['turn-left', 'nod']), step);
    await clickStart();
    expect((await screen.findByTestId('challenge-reason')).textContent).toContain('未检测到转头，请向左转头');
    expect(screen.getByTestId('challenge-action').textContent).toContain('请向左转头');
    expect(onFailed).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: /再试一次/ }));
    await waitFor(() => expect(step).toHaveBeenCalledTimes(2));
    expect(step.mock.calls[1][0].step).toBe(0);
    release();
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('a session that is over asks to start again, which starts a new challenge', async () => {
    const start = vi.fn(async () => challenge(['open-mouth']));
    const step = vi.fn(async () => result({ passed: false, over: true, reason: '人脸与录入的不符', failures: 3 }));
    mount(start, step);
    await clickStart();
    expect((await screen.findByTestId('challenge-reason')).textContent).toContain('人脸与录入的不符');
    fireEvent.click(screen.getByTestId('challenge-restart'));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
  });

  it('counts down to the expiry; an expired session is started again', async () => {
    const start = vi.fn(async () => challenge(['blink'], 1));
    const never = () => new Promise<never>(() => undefined); // the frames never come back in time
    const step = vi.fn();
    mount(start, step, never);
    await clickStart();
    expect((await screen.findByTestId('challenge-countdown')).textContent).toContain('剩余 1 秒');
    expect(await screen.findByText('核验已超时，请重新开始', undefined, { timeout: 3000 })).toBeTruthy();
    expect(step).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('challenge-restart'));
    await waitFor(() => expect(start).toHaveBeenCalledTimes(2));
  });

  it('a start refused (no user name, wrong password) is shown and the start button stays', async () => {
    mount(async () => {
      throw new Error('请输入用户名');
    }, vi.fn());
    await clickStart();
    expect((await screen.findByTestId('challenge-reason')).textContent).toContain('请输入用户名');
    expect(screen.getByTestId('challenge-start')).toBeTruthy();
  });

  it('a refused camera says how to allow it', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => Promise.reject(Object.assign(new Error('x'), { name: 'NotAllowedError' }))),
      },
    });
    mount(async () => challenge(['blink']), vi.fn());
    expect((await screen.findByTestId('face-camera-error')).textContent).toContain('允许');
  });
});

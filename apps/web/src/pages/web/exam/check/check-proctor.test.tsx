/**
 * The check page of a proctored exam: 开始考试 stays disabled, with the reason, until the learner
 * consented to the notice and passed the identity check; the failures offer the admit request.
 */
import {
  examExamCheck,
  examProctorAdmitRequest,
  examProctorChallenge,
  examProctorConsent,
  examProctorNotice,
  type TExamCheck,
  type TProctorNotice,
} from '@exam/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { doorState } from './ProctorDoor';

const server = vi.hoisted(() => ({ handle: (_path: string, _body: unknown): unknown => null, calls: [] as string[] }));
vi.mock('../../../../api/call', () => ({
  call: vi.fn(async (ep: { path: string }, body: unknown) => {
    server.calls.push(ep.path);
    return server.handle(ep.path, body);
  }),
}));
// The runner itself is tested on its own (components/proctor): here a stand-in that runs one step.
vi.mock('../../../../components/proctor/ChallengeRunner', () => ({
  default: (p: {
    start: () => Promise<unknown>;
    step: (b: unknown) => Promise<unknown>;
    onDone: (r: unknown) => void;
    onFailed?: (r: unknown) => void;
  }) => (
    <button
      type="button"
      data-testid="fake-runner"
      onClick={async () => {
        await p.start();
        const r = (await p.step({ challengeId: 'c1', step: 0, frames: [] })) as { done: boolean };
        if (r.done) p.onDone(r);
        else p.onFailed?.(r);
      }}
    >
      核验
    </button>
  ),
}));

import WebExamCheck from './index';

afterEach(() => {
  cleanup();
  server.calls.length = 0;
});

const check: TExamCheck = {
  id: 'e1',
  title: '远程监考测验',
  cover: null,
  openType: 1,
  startTime: '2026-01-01 08:00:00',
  endTime: '2036-01-01 08:00:00',
  duration: 60,
  totalScore: 100,
  passScore: 60,
  tryLimit: 0,
  cycleType: 0,
  timeState: 1,
  timeStateLabel: '进行中',
  tryCount: 0,
  triesLeft: null,
  bestScore: null,
  passed: false,
  openPaperId: null,
  content: null,
  quCount: 10,
  needPassword: false,
  handMinMinutes: 0,
  lateMinutes: 0,
  latestEntryTime: null,
  fullScreen: false,
  allowFocusMode: true,
  leaveLimit: 0,
  noCopy: false,
  resultShow: 1,
  reviewAfter: 0,
  proctorMode: 2,
  serverTime: '2026-06-01 08:00:00',
  otherOpenPaper: null,
  canStart: true,
} as TExamCheck;

const notice: TProctorNotice = {
  examId: 'e1',
  title: '远程监考测验',
  mode: 2,
  modeLabel: '身份核验 + 随机抓拍',
  collected: ['入场时的人脸画面（核验后即删除）', '考试中的随机抓拍'],
  purpose: '核实考生身份、防止替考与作弊',
  retention: '成绩确定后保存30天',
  viewers: '本场考试的监考员与复核员',
  version: 'v1',
  consented: false,
  consentedAt: null,
  enrolled: false,
  doorPassed: false,
  doorFailures: 0,
  admitRequested: false,
};

function mount(state: { notice: TProctorNotice; check?: Partial<TExamCheck> }, stepResult: () => unknown) {
  server.handle = (path) => {
    if (path === examExamCheck.path) return { ...check, ...state.check };
    if (path === examProctorNotice.path) return state.notice;
    if (path === examProctorConsent.path) {
      state.notice = { ...state.notice, consented: true, consentedAt: '2026-06-01 08:01:00' };
      return state.notice;
    }
    if (path === examProctorAdmitRequest.path) {
      state.notice = { ...state.notice, admitRequested: true };
      return state.notice;
    }
    if (path === examProctorChallenge.path)
      return {
        challengeId: 'c1',
        steps: ['blink'],
        expiresAt: '2036-01-01T00:00:00Z',
        serverTime: '2026-06-01T00:00:00Z',
      };
    return stepResult();
  };
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <App>
        <MemoryRouter initialEntries={['/web/exam/check/e1']}>
          <Routes>
            <Route path="/web/exam/check/:id" element={<WebExamCheck />} />
          </Routes>
        </MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

const startButton = () => screen.getByTestId('exam-start') as HTMLButtonElement;

describe('check page of a proctored exam', () => {
  it('start waits for the consent and the identity check', async () => {
    const state = { notice: { ...notice } };
    mount(state, () => {
      state.notice = { ...state.notice, doorPassed: true };
      return { passed: true, reason: null, done: true, over: false, nextStep: null, failures: 0 };
    });
    expect(await screen.findByText('远程监考')).toBeTruthy();
    fireEvent.click(screen.getByTestId('exam-agree'));
    expect(startButton().disabled).toBe(true);
    expect(screen.getByTestId('door-reason').textContent).toContain('请先阅读并同意监考告知');
    // The consent button waits for its checkbox.
    expect((screen.getByTestId('proctor-consent') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByText('我已阅读并同意上述监考告知'));
    fireEvent.click(screen.getByTestId('proctor-consent'));
    expect((await screen.findByTestId('door-reason')).textContent).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('door-reason').textContent).toContain('请先完成身份核验'));
    expect(screen.getByText(/本次核验会同时记录你的人脸特征/)).toBeTruthy();
    expect(startButton().disabled).toBe(true);
    fireEvent.click(screen.getByTestId('fake-runner'));
    expect(await screen.findByText('身份核验通过')).toBeTruthy();
    await waitFor(() => expect(startButton().disabled).toBe(false));
    expect(screen.queryByTestId('door-reason')).toBeNull();
  });

  it('after the failures the learner may ask the invigilator, then waits', async () => {
    const state = { notice: { ...notice, consented: true, enrolled: true, doorFailures: 2 } };
    mount(state, () => {
      state.notice = { ...state.notice, doorFailures: 3 };
      return { passed: false, reason: '人脸与录入的不符', done: false, over: true, nextStep: null, failures: 3 };
    });
    await screen.findByTestId('fake-runner');
    expect(screen.queryByTestId('admit-request')).toBeNull();
    fireEvent.click(screen.getByTestId('fake-runner'));
    fireEvent.click(await screen.findByTestId('admit-request'));
    expect(await screen.findByText('已请求监考员放行，请等待监考员处理')).toBeTruthy();
    expect(screen.getByTestId('door-reason').textContent).toContain('等待监考员放行');
    expect(startButton().disabled).toBe(true);
  });

  it('an exam without proctoring asks nothing of it', async () => {
    mount({ notice, check: { proctorMode: 0 } }, () => null);
    await screen.findByTestId('exam-start');
    fireEvent.click(screen.getByTestId('exam-agree'));
    expect(startButton().disabled).toBe(false);
    expect(screen.queryByText('远程监考')).toBeNull();
    expect(server.calls).toEqual([examExamCheck.path]);
  });
});

describe('doorState', () => {
  it('is ready only with the consent and a passed door', () => {
    expect(doorState(undefined).ready).toBe(false);
    expect(doorState(notice).reason).toContain('同意');
    expect(doorState({ ...notice, consented: true }).reason).toBe('请先完成身份核验');
    expect(doorState({ ...notice, consented: true, admitRequested: true }).reason).toContain('等待监考员放行');
    expect(doorState({ ...notice, consented: true, doorPassed: true })).toEqual({ ready: true, reason: null });
  });
});

/**
 * The active liveness challenge (face sign-in, enrolment, the exam's identity check): the live
 * camera (mirrored), each of the server's steps in large text, FRAME_COUNT frames over about 2 s per
 * step (with the browser engine's readings when it loaded), the step's answer, until `done`.
 * A failed step is tried again; a session that is `over` or expired is started again.
 */
import { CameraOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  CHALLENGE_ACTION_LABELS,
  type TChallenge,
  type TChallengeStepResult,
  type TFrameReading,
} from '@exam/contracts';
import { Alert, Button, Progress, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type CapturedFrames, cameraError, captureFrames, FRAME_COUNT, openCamera, stopStream } from './camera';
import { type FaceEngine, loadFaceEngine } from './face-engine';

export interface StepBody {
  challengeId: string;
  step: number;
  frames: string[];
  readings?: TFrameReading[] | null;
}

export interface ChallengeRunnerProps<R extends TChallengeStepResult> {
  /** Starts a new session (the server's random steps). */
  start: () => Promise<TChallenge>;
  /** Posts one step's frames. */
  step: (body: StepBody) => Promise<R>;
  /** The last step's answer once `done`. */
  onDone: (result: R) => void;
  /** Every failed step's answer (the check page counts failures). */
  onFailed?: (result: R) => void;
  startText?: string;
  disabled?: boolean;
  /** Pause before a step's frames are taken, ms (the learner reads the action). */
  leadMs?: number;
  /** Tests replace the camera's frames and the engine. */
  capture?: (
    video: HTMLVideoElement,
    engine: FaceEngine | null,
    onFrame: (n: number) => void,
  ) => Promise<CapturedFrames>;
  loadEngine?: () => Promise<FaceEngine | null>;
  /** data-testid of the reason shown on a failure (pages keep their own). */
  reasonTestId?: string;
}

type Phase =
  | { k: 'idle'; message?: string }
  | { k: 'starting' }
  | { k: 'step'; index: number; taken: number; sending: boolean }
  | { k: 'retry'; index: number; reason: string }
  | { k: 'over'; reason: string }
  | { k: 'expired' }
  | { k: 'done' };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function ChallengeRunner<R extends TChallengeStepResult>({
  start,
  step,
  onDone,
  onFailed,
  startText = '开始核验',
  disabled,
  leadMs = 1200,
  capture = captureFrames,
  loadEngine = loadFaceEngine,
  reasonTestId = 'challenge-reason',
}: ChallengeRunnerProps<R>) {
  const video = useRef<HTMLVideoElement>(null);
  const engine = useRef<FaceEngine | null>(null);
  const [cameraReady, setCameraReady] = useState(false);
  const [camError, setCamError] = useState<string | null>(null);
  const [phase, setPhase] = useState<Phase>({ k: 'idle' });
  const [challenge, setChallenge] = useState<TChallenge | null>(null);
  /** Server clock minus ours, ms, so the countdown follows the server's expiry. */
  const offset = useRef(0);
  const [left, setLeft] = useState<number | null>(null);
  /** A new session or unmount makes the running one's answers stale. */
  const run = useRef(0);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    openCamera('user')
      .then((s) => {
        if (gone) return stopStream(s);
        stream = s;
        const v = video.current;
        if (v) {
          v.srcObject = s;
          try {
            void v.play()?.catch(() => undefined);
          } catch {
            // jsdom and some browsers have no play(); the stream still shows on autoplay
          }
        }
        setCameraReady(true);
      })
      .catch((err) => setCamError(cameraError(err)));
    // The engine only adds readings: loading it never holds the learner back.
    void loadEngine().then((e) => {
      if (!gone) engine.current = e;
    });
    return () => {
      gone = true;
      run.current++;
      stopStream(stream);
    };
  }, [loadEngine]);

  const doStep = useCallback(
    async (ch: TChallenge, index: number, token: number) => {
      setPhase({ k: 'step', index, taken: 0, sending: false });
      await sleep(leadMs);
      if (run.current !== token || !video.current) return;
      const shot = await capture(video.current, engine.current, (n) =>
        run.current === token ? setPhase({ k: 'step', index, taken: n, sending: false }) : undefined,
      );
      if (run.current !== token) return;
      setPhase({ k: 'step', index, taken: FRAME_COUNT, sending: true });
      let result: R;
      try {
        result = await step({ challengeId: ch.challengeId, step: index, frames: shot.frames, readings: shot.readings });
      } catch (err) {
        if (run.current === token)
          setPhase({ k: 'retry', index, reason: (err as Error).message || '网络异常，请重试' });
        return;
      } finally {
        shot.frames.length = 0;
      }
      if (run.current !== token) return;
      if (result.done) {
        run.current++;
        setPhase({ k: 'done' });
        setChallenge(null);
        onDone(result);
        return;
      }
      if (!result.passed) onFailed?.(result);
      if (result.over) {
        run.current++;
        setChallenge(null);
        setPhase({ k: 'over', reason: result.reason || '本次核验未通过' });
        return;
      }
      if (!result.passed) {
        setPhase({ k: 'retry', index, reason: result.reason || '动作未识别，请重试' });
        return;
      }
      void doStep(ch, result.nextStep ?? index + 1, token);
    },
    [capture, step, onDone, onFailed, leadMs],
  );

  const begin = useCallback(async () => {
    const token = ++run.current;
    setPhase({ k: 'starting' });
    try {
      const ch = await start();
      if (run.current !== token) return;
      offset.current = Date.parse(ch.serverTime) - Date.now();
      setChallenge(ch);
      setLeft(Math.max(0, Date.parse(ch.expiresAt) - Date.parse(ch.serverTime)));
      void doStep(ch, 0, token);
    } catch (err) {
      if (run.current === token) setPhase({ k: 'idle', message: (err as Error).message || '无法开始核验，请重试' });
    }
  }, [start, doStep]);

  // The session's countdown; at zero the running step is dropped and a new session is needed.
  useEffect(() => {
    if (!challenge) {
      setLeft(null);
      return;
    }
    const tick = () => {
      const ms = Date.parse(challenge.expiresAt) - (Date.now() + offset.current);
      setLeft(Math.max(0, ms));
      if (ms <= 0) {
        run.current++;
        setChallenge(null);
        setPhase({ k: 'expired' });
      }
    };
    tick();
    const timer = setInterval(tick, 500);
    return () => clearInterval(timer);
  }, [challenge]);

  const retry = (index: number) => {
    if (challenge) void doStep(challenge, index, run.current);
  };

  const action = phase.k === 'step' || phase.k === 'retry' ? challenge?.steps[phase.index] : undefined;
  const total = challenge?.steps.length ?? 0;

  return (
    <div className="challenge-runner" data-testid="challenge-runner">
      <div
        style={{
          position: 'relative',
          width: '100%',
          maxWidth: 360,
          aspectRatio: '4 / 3',
          margin: '0 auto 12px',
          borderRadius: 8,
          overflow: 'hidden',
          background: '#1f1f1f',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          autoPlay
          data-testid="face-video"
          style={{ width: '100%', height: '100%', objectFit: 'cover', transform: 'scaleX(-1)' }}
        />
        <div
          style={{
            position: 'absolute',
            inset: '12% 24%',
            border: '2px dashed rgba(255,255,255,0.7)',
            borderRadius: '50%',
            pointerEvents: 'none',
          }}
        />
        {left !== null && (
          <span
            data-testid="challenge-countdown"
            style={{
              position: 'absolute',
              top: 8,
              right: 8,
              padding: '0 8px',
              borderRadius: 4,
              background: 'rgba(0,0,0,0.6)',
              color: '#fff',
              fontSize: 13,
            }}
          >
            剩余 {Math.ceil(left / 1000)} 秒
          </span>
        )}
      </div>
      {camError ? (
        <Alert type="error" showIcon title={camError} data-testid="face-camera-error" />
      ) : (
        <div style={{ textAlign: 'center', maxWidth: 360, margin: '0 auto' }}>
          {action && (
            <>
              <div style={{ color: '#8c8c8c' }}>
                第 {(phase as { index: number }).index + 1} / {total} 个动作
              </div>
              <Typography.Title level={2} style={{ margin: '4px 0 8px' }} data-testid="challenge-action">
                {CHALLENGE_ACTION_LABELS[action]}
              </Typography.Title>
            </>
          )}
          {phase.k === 'step' && (
            <>
              <Progress percent={Math.round((phase.taken / FRAME_COUNT) * 100)} showInfo={false} size="small" />
              <div style={{ color: '#595959', margin: '4px 0 8px' }} data-testid="challenge-status">
                {phase.sending ? '正在识别…' : phase.taken === 0 ? '准备…请看着摄像头' : '采集中，请完成动作…'}
              </div>
            </>
          )}
          {phase.k === 'retry' && (
            <>
              <Alert
                type="warning"
                showIcon
                title={phase.reason}
                style={{ marginBottom: 12 }}
                data-testid={reasonTestId}
              />
              <Button type="primary" block icon={<CameraOutlined />} onClick={() => retry(phase.index)}>
                再试一次
              </Button>
            </>
          )}
          {(phase.k === 'over' || phase.k === 'expired') && (
            <>
              <Alert
                type="error"
                showIcon
                title={phase.k === 'expired' ? '核验已超时，请重新开始' : phase.reason}
                style={{ marginBottom: 12 }}
                data-testid={reasonTestId}
              />
              <Button
                type="primary"
                block
                icon={<ReloadOutlined />}
                disabled={!cameraReady || disabled}
                onClick={() => void begin()}
                data-testid="challenge-restart"
              >
                重新开始
              </Button>
            </>
          )}
          {(phase.k === 'idle' || phase.k === 'starting') && (
            <>
              {phase.k === 'idle' && phase.message && (
                <Alert
                  type="error"
                  showIcon
                  title={phase.message}
                  style={{ marginBottom: 12 }}
                  data-testid={reasonTestId}
                />
              )}
              <div style={{ color: '#595959', marginBottom: 12 }}>请正对摄像头，开始后按屏幕提示依次完成动作</div>
              <Button
                type="primary"
                block
                icon={<CameraOutlined />}
                loading={phase.k === 'starting'}
                disabled={!cameraReady || disabled}
                onClick={() => void begin()}
                data-testid="challenge-start"
              >
                {startText}
              </Button>
            </>
          )}
          {phase.k === 'done' && <Alert type="success" showIcon title="核验通过" data-testid="challenge-done" />}
        </div>
      )}
    </div>
  );
}

/**
 * The camera part of face login: opens the front camera (getUserMedia), shows it, and
 * on request takes a short sequence of JPEG frames (6 over about 2 s) while the user turns the head
 * or blinks. The frames go to the caller and are not kept here; the camera is closed on unmount.
 */
import { CameraOutlined } from '@ant-design/icons';
import { Alert, Button, Progress } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';

export const FRAME_COUNT = 6;
const FRAME_GAP_MS = 350;
const WIDTH = 320;
const HEIGHT = 240;

function cameraError(err: unknown): string {
  const name = (err as { name?: string })?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return '摄像头权限被拒绝，请在浏览器设置中允许访问摄像头';
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return '未找到可用的摄像头';
  if (name === 'NotReadableError') return '摄像头被其他程序占用，请关闭后重试';
  return '无法打开摄像头，请检查设备后重试';
}

export interface FaceCaptureProps {
  /** Text of the capture button. */
  actionText: string;
  /** Receives the frames (data URLs); the button waits while the promise runs. */
  onCaptured: (frames: string[]) => Promise<unknown>;
  disabled?: boolean;
}

export default function FaceCapture({ actionText, onCaptured, disabled }: FaceCaptureProps) {
  const video = useRef<HTMLVideoElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [taken, setTaken] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let stopped = false;
    if (!navigator.mediaDevices?.getUserMedia) {
      setError('当前浏览器不支持摄像头（需要 HTTPS 或 localhost 访问）');
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: { width: 640, height: 480, facingMode: 'user' }, audio: false })
      .then((s) => {
        if (stopped) {
          for (const t of s.getTracks()) t.stop();
          return;
        }
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play().catch(() => {});
        }
        setReady(true);
      })
      .catch((err) => setError(cameraError(err)));
    return () => {
      stopped = true;
      if (stream) for (const t of stream.getTracks()) t.stop();
    };
  }, []);

  const capture = useCallback(async () => {
    const v = video.current;
    if (!v) return;
    const canvas = document.createElement('canvas');
    canvas.width = WIDTH;
    canvas.height = HEIGHT;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    setBusy(true);
    const frames: string[] = [];
    try {
      for (let i = 0; i < FRAME_COUNT; i++) {
        if (i > 0) await new Promise((r) => setTimeout(r, FRAME_GAP_MS));
        ctx.drawImage(v, 0, 0, WIDTH, HEIGHT);
        frames.push(canvas.toDataURL('image/jpeg', 0.85));
        setTaken(i + 1);
      }
      await onCaptured(frames);
    } finally {
      frames.length = 0;
      setTaken(null);
      setBusy(false);
    }
  }, [onCaptured]);

  return (
    <div className="face-capture" data-testid="face-capture">
      <div
        style={{
          position: 'relative',
          width: '100%',
          maxWidth: WIDTH,
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
      </div>
      {error ? (
        <Alert type="error" showIcon title={error} data-testid="face-camera-error" />
      ) : (
        <>
          <div style={{ textAlign: 'center', color: '#595959', marginBottom: 12 }}>
            {taken === null ? '请正对摄像头，点击按钮后缓慢左右转头或眨眨眼' : '采集中，请缓慢左右转头或眨眨眼…'}
          </div>
          {taken !== null && (
            <Progress percent={Math.round((taken / FRAME_COUNT) * 100)} showInfo={false} size="small" />
          )}
          <Button
            type="primary"
            block
            icon={<CameraOutlined />}
            loading={busy}
            disabled={!ready || disabled}
            onClick={capture}
          >
            {busy && taken === FRAME_COUNT ? '正在识别…' : actionText}
          </Button>
        </>
      )}
    </div>
  );
}

/**
 * 远程监考 in the exam room (mode 2 and 3, loaded only then): a small camera preview, snapshots at the
 * server's `nextInSeconds` and on events (left the window, no face, several faces; not more often
 * than every 5 s), the camera's stops reported at once, the invigilator's pause and warning, and for
 * mode 3 the second camera's QR code. The answer area is covered while paused or blocked.
 */
import { CameraOutlined, EyeInvisibleOutlined, MobileOutlined, VideoCameraOutlined } from '@ant-design/icons';
import {
  examProctorCamera,
  examProctorRoom,
  examProctorSnapshot,
  ProctorMode,
  type TFrameReading,
  type TSnapshotReason,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../../api/call';
import { cameraError, drawFrame, fitJpeg, openCamera, stopStream } from '../../../../components/proctor/camera';
import { type FaceEngine, loadFaceEngine } from '../../../../components/proctor/face-engine';
import SecondCameraQr from '../../../../components/proctor/SecondCameraQr';
import { createSnapshotSchedule } from '../../../../components/proctor/snapshot-schedule';

const ROOM_POLL_MS = 20_000;
/** A snapshot is 320 px wide and at most 30 KB (the contract allows 64 KB). */
const SNAP_WIDTH = 320;
const SNAP_MAX_BYTES = 30 * 1024;
/** How often the engine looks for a face between snapshots. */
const FACE_CHECK_MS = 4000;

/** The findings sent with a snapshot. */
export function snapshotFindings(reading: TFrameReading | null): { faces: number; descriptor: number[] | null } {
  // Without the engine's reading the browser has not counted faces. The contract has no "unknown"
  // (faces ≥ 0), and 0 would flag every learner whose browser cannot run the engine as absent; so it
  // says one face with no descriptor, which claims no match: the server's own re-check of the image
  // is what judges such a snapshot.
  if (!reading) return { faces: 1, descriptor: null };
  return { faces: reading.faces, descriptor: reading.faces === 1 ? (reading.descriptor ?? null) : null };
}

export default function ProctorRoom({
  paperId,
  mode,
  leaves,
  phone,
}: {
  paperId: string;
  mode: number;
  /** Times the room saw the learner leave the window (useAntiCheat): each change is an event. */
  leaves: number;
  phone: boolean;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const engine = useRef<FaceEngine | null>(null);
  const schedule = useRef(createSnapshotSchedule());
  const [camera, setCamera] = useState<'opening' | 'on' | 'stopped'>('opening');
  const [camText, setCamText] = useState<string | null>(null);
  const [blocked, setBlocked] = useState(false);
  const [status, setStatus] = useState<{ paused: boolean; warning: string | null }>({ paused: false, warning: null });
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [hidden, setHidden] = useState(phone);
  const [secondOpen, setSecondOpen] = useState(false);
  const [lastShot, setLastShot] = useState<Date | null>(null);
  const busy = useRef(false);
  const cameraRef = useRef(camera);
  cameraRef.current = camera;

  const room = useQuery({
    queryKey: ['proctor-room', paperId],
    queryFn: () => call(examProctorRoom, { paperId }, { silent: true }),
    refetchInterval: ROOM_POLL_MS,
  });
  const settings = room.data;
  useEffect(() => {
    if (!settings) return;
    setStatus({ paused: settings.paused, warning: settings.warning });
    // The room's first answer plans the first snapshot; later polls keep the plan uploads made.
    if (schedule.current.dueAt() === null) schedule.current.plan(settings.nextInSeconds, Date.now());
  }, [settings]);

  const report = useCallback(
    (state: 'on' | 'stopped', detail?: string) => {
      call(examProctorCamera, { paperId, state, detail: detail?.slice(0, 200) ?? null }, { silent: true })
        .then((r) => setBlocked(r.blocked))
        .catch(() => undefined);
    },
    [paperId],
  );

  const stopped = useCallback(
    (text: string) => {
      if (cameraRef.current === 'stopped') return;
      setCamera('stopped');
      setCamText(text);
      report('stopped', text);
    },
    [report],
  );

  const start = useCallback(async () => {
    try {
      const s = await openCamera('user');
      stopStream(stream.current);
      stream.current = s;
      if (video.current) {
        video.current.srcObject = s;
        void video.current.play()?.catch(() => undefined);
      }
      for (const t of s.getVideoTracks()) {
        t.addEventListener('ended', () => stopped('摄像头已断开'));
        t.addEventListener('mute', () => stopped('摄像头画面中断'));
        t.addEventListener('unmute', () => {
          if (cameraRef.current === 'stopped') {
            setCamera('on');
            report('on');
          }
        });
      }
      const was = cameraRef.current;
      setCamera('on');
      setCamText(null);
      if (was === 'stopped') report('on');
    } catch (err) {
      stopped(cameraError(err));
    }
  }, [report, stopped]);

  useEffect(() => {
    void start();
    let gone = false;
    void loadFaceEngine().then((e) => {
      if (!gone) engine.current = e;
    });
    // A withdrawn permission ends the track; browsers that tell it through the Permissions API too.
    let perm: PermissionStatus | null = null;
    const onPerm = () => perm?.state === 'denied' && stopped('摄像头权限已被撤销');
    navigator.permissions
      ?.query({ name: 'camera' as PermissionName })
      .then((p) => {
        perm = p;
        p.addEventListener('change', onPerm);
      })
      .catch(() => undefined);
    return () => {
      gone = true;
      perm?.removeEventListener('change', onPerm);
      stopStream(stream.current);
      stream.current = null;
    };
  }, [start, stopped]);

  const shoot = useCallback(
    async (reason: TSnapshotReason, reading?: TFrameReading | null) => {
      const v = video.current;
      if (!v || cameraRef.current !== 'on' || busy.current) return;
      busy.current = true;
      try {
        const canvas = drawFrame(v, SNAP_WIDTH);
        const image = fitJpeg((q) => canvas.toDataURL('image/jpeg', q), SNAP_MAX_BYTES);
        const found = reading !== undefined ? reading : engine.current ? await engine.current.read(canvas) : null;
        const r = await call(
          examProctorSnapshot,
          { paperId, reason, image, findings: snapshotFindings(found), takenAt: new Date().toISOString() },
          { silent: true },
        );
        schedule.current.plan(r.nextInSeconds, Date.now());
        setStatus({ paused: r.paused, warning: r.warning });
        setLastShot(new Date());
      } catch {
        // Not sent (network, refused): the next random one comes at the shortest interval.
        if (schedule.current.dueAt() === null) schedule.current.plan(settings?.snapMinSeconds ?? 30, Date.now());
      } finally {
        busy.current = false;
      }
    },
    [paperId, settings?.snapMinSeconds],
  );

  // The random snapshot when due (checked each second; a stopped camera waits for the shortest interval).
  useEffect(() => {
    const timer = setInterval(() => {
      const now = Date.now();
      if (!schedule.current.takeRandom(now)) return;
      if (cameraRef.current === 'on') void shoot('random');
      else schedule.current.plan(settings?.snapMinSeconds ?? 30, now);
    }, 1000);
    return () => clearInterval(timer);
  }, [shoot, settings?.snapMinSeconds]);

  // The engine's look between snapshots: no face or several faces is an event.
  useEffect(() => {
    const timer = setInterval(async () => {
      const v = video.current;
      if (!engine.current || !v || cameraRef.current !== 'on' || busy.current) return;
      const reading = await engine.current.read(drawFrame(v, SNAP_WIDTH));
      if (!reading || reading.faces === 1) return;
      if (schedule.current.takeEvent(Date.now())) void shoot(reading.faces === 0 ? 'no-face' : 'faces', reading);
    }, FACE_CHECK_MS);
    return () => clearInterval(timer);
  }, [shoot]);

  // Leaving the window (the room's own detection counts it).
  const seenLeaves = useRef(leaves);
  useEffect(() => {
    if (leaves === seenLeaves.current) return;
    seenLeaves.current = leaves;
    if (schedule.current.takeEvent(Date.now())) void shoot('leave');
  }, [leaves, shoot]);

  const cover = status.paused
    ? '监考员已暂停你的作答，请等待'
    : blocked && camera === 'stopped'
      ? '摄像头恢复前暂停作答'
      : null;
  const warning = status.warning && status.warning !== dismissed ? status.warning : null;

  return (
    <>
      {camera === 'stopped' && (
        <Alert
          className="proctor-banner"
          type="error"
          showIcon
          banner
          data-testid="camera-stopped"
          title="摄像头已中断，请检查摄像头连接与权限"
          description={camText ?? undefined}
          action={
            <Button size="small" onClick={() => void start()}>
              重新打开摄像头
            </Button>
          }
        />
      )}
      {warning && (
        <Alert
          className="proctor-banner"
          type="warning"
          showIcon
          closable
          onClose={() => setDismissed(warning)}
          data-testid="proctor-warning"
          title={`监考员提醒：${warning}`}
        />
      )}
      {cover && (
        <div className="proctor-cover" data-testid="proctor-cover">
          <div className="proctor-cover__box">
            <CameraOutlined style={{ fontSize: 32, color: '#faad14' }} />
            <div>{cover}</div>
          </div>
        </div>
      )}
      <div className={`proctor-camera${hidden ? ' proctor-camera--hidden' : ''}`} data-testid="proctor-camera">
        <video ref={video} muted playsInline autoPlay aria-label="监考摄像头画面" />
        <div className="proctor-camera__bar">
          <span>
            <VideoCameraOutlined /> {camera === 'on' ? '监考中' : camera === 'opening' ? '正在打开' : '已中断'}
            {lastShot && !phone && ` · ${lastShot.toLocaleTimeString('zh-CN', { hour12: false })}`}
          </span>
          <Button
            size="small"
            type="text"
            icon={hidden ? <VideoCameraOutlined /> : <EyeInvisibleOutlined />}
            aria-label={hidden ? '显示摄像头画面' : '隐藏摄像头画面'}
            onClick={() => setHidden(!hidden)}
          />
        </div>
        {mode === ProctorMode.SECOND_CAMERA && (
          <Button
            size="small"
            block
            icon={<MobileOutlined />}
            onClick={() => setSecondOpen(true)}
            data-testid="second-camera-open"
          >
            第二机位
          </Button>
        )}
      </div>
      {mode === ProctorMode.SECOND_CAMERA && (
        <Modal
          title="第二机位"
          open={secondOpen}
          onCancel={() => setSecondOpen(false)}
          footer={null}
          width={360}
          destroyOnHidden
        >
          <SecondCameraQr paperId={paperId} />
        </Modal>
      )}
    </>
  );
}

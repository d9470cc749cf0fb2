/**
 * 第二机位 (/web/proctor/second?token=…, public, no sign-in): the phone the learner scanned with.
 * Its token stands for the paper. It opens the back camera and sends a 320 px JPEG every
 * `intervalSeconds`; an expired or invalid token asks for a new scan.
 */
import { CheckCircleFilled, MobileOutlined } from '@ant-design/icons';
import { ErrorCode, examProctorSecondInfo, examProctorSecondSnapshot } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Result, Spin, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../api/call';
import { cameraError, drawFrame, fitJpeg, openCamera, stopStream } from '../../../components/proctor/camera';

const EXPIRED = '二维码已失效，请在考试页面重新扫码';
const SNAP_WIDTH = 320;
const SNAP_MAX_BYTES = 30 * 1024;

export default function SecondCamera() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['proctor-second', token],
    queryFn: () => call(examProctorSecondInfo, { token }, { silent: true }),
    enabled: Boolean(token),
    retry: false,
  });
  const video = useRef<HTMLVideoElement>(null);
  const [camError, setCamError] = useState<string | null>(null);
  const [ready, setReady] = useState(false);
  const [last, setLast] = useState<Date | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const interval = info.data?.intervalSeconds ?? 0;

  const open = useCallback(() => {
    let stream: MediaStream | null = null;
    let gone = false;
    setCamError(null);
    openCamera('environment')
      .then((s) => {
        if (gone) return stopStream(s);
        stream = s;
        if (video.current) {
          video.current.srcObject = s;
          void video.current.play()?.catch(() => undefined);
        }
        setReady(true);
      })
      .catch((err) => setCamError(cameraError(err)));
    return () => {
      gone = true;
      stopStream(stream);
    };
  }, []);

  useEffect(() => (info.data ? open() : undefined), [info.data, open]);

  const send = useCallback(async () => {
    const v = video.current;
    if (!v || !ready) return;
    const canvas = drawFrame(v, SNAP_WIDTH);
    const image = fitJpeg((q) => canvas.toDataURL('image/jpeg', q), SNAP_MAX_BYTES);
    try {
      await call(examProctorSecondSnapshot, { token, image, takenAt: new Date().toISOString() }, { silent: true });
      setLast(new Date());
      setSendError(null);
    } catch (err) {
      const e = err as { code?: number; message?: string };
      // A refusal (token expired or invalid, paper closed) ends the phone's part; a network
      // failure, a server error or a rate limit is retried at the next interval.
      if (e.code && e.code !== ErrorCode.SERVER_ERROR && e.code !== ErrorCode.TOO_MANY_REQUESTS) setExpired(true);
      else setSendError('上传失败，将在下次拍摄时重试，请检查手机网络');
    }
  }, [ready, token]);

  // A phone whose screen sleeps stops its camera: keep it awake where the browser allows it.
  useEffect(() => {
    if (!ready || expired) return;
    let lock: { release: () => Promise<void> } | null = null;
    const nav = navigator as Navigator & { wakeLock?: { request: (t: 'screen') => Promise<typeof lock> } };
    nav.wakeLock
      ?.request('screen')
      .then((l) => {
        lock = l;
      })
      .catch(() => undefined);
    return () => void lock?.release().catch(() => undefined);
  }, [ready, expired]);

  useEffect(() => {
    if (!ready || !interval || expired) return;
    void send();
    const timer = setInterval(() => void send(), interval * 1000);
    return () => clearInterval(timer);
  }, [ready, interval, expired, send]);

  if (!token || info.isError || expired)
    return (
      <div className="second-camera" style={{ padding: 16 }}>
        <Result status="warning" title={EXPIRED} data-testid="second-expired" />
      </div>
    );
  if (info.isLoading || !info.data)
    return (
      <div style={{ padding: 48, textAlign: 'center' }}>
        <Spin tip="正在连接…">
          <div style={{ height: 60 }} />
        </Spin>
      </div>
    );

  const d = info.data;
  return (
    <div style={{ maxWidth: 480, margin: '0 auto', padding: 12 }} data-testid="second-camera-page">
      <Card size="small" variant="borderless">
        <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 4 }}>
          <MobileOutlined /> 第二机位
        </Typography.Title>
        <Typography.Paragraph style={{ marginBottom: 8 }}>
          {d.examTitle} · 考生 {d.realName}
        </Typography.Paragraph>
        <div
          style={{
            width: '100%',
            aspectRatio: '4 / 3',
            background: '#1f1f1f',
            borderRadius: 8,
            overflow: 'hidden',
            marginBottom: 12,
          }}
        >
          <video
            ref={video}
            muted
            playsInline
            autoPlay
            aria-label="第二机位画面"
            style={{ width: '100%', height: '100%', objectFit: 'cover' }}
          />
        </div>
        {camError ? (
          <Alert
            type="error"
            showIcon
            title={camError}
            action={
              <Button size="small" onClick={() => open()}>
                重试
              </Button>
            }
          />
        ) : ready ? (
          <>
            <Alert
              type="success"
              showIcon
              icon={<CheckCircleFilled />}
              title="第二机位已连接"
              description={
                <span data-testid="second-last">
                  {last ? `最近上传：${last.toLocaleTimeString('zh-CN', { hour12: false })}` : '正在上传第一张画面…'}
                  ，每 {d.intervalSeconds} 秒拍摄一次
                </span>
              }
            />
            {sendError && <Alert type="warning" showIcon title={sendError} style={{ marginTop: 8 }} />}
          </>
        ) : (
          <Alert type="info" showIcon title="正在打开后置摄像头，请允许使用摄像头" />
        )}
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          请将手机放在身体侧后方，画面能同时看到桌面、双手和电脑屏幕；保持屏幕常亮，考试结束前不要关闭此页面。
        </Typography.Paragraph>
      </Card>
    </div>
  );
}

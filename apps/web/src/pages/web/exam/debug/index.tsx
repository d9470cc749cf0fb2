/** 设备调试 (/web/exam/debug): camera and microphone, browser, screen and latency to the server. */
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { sysConfigDetail } from '@exam/contracts';
import { Alert, Button, Card, Col, Descriptions, Progress, Row, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../../api/call';
import { browserInfo, latencyGrade, ROOM_MIN, windowFits } from './device';
import '../exam.css';

type MediaState = 'idle' | 'checking' | 'ok' | 'denied' | 'missing';
const MEDIA_TEXT: Record<MediaState, [string, string]> = {
  idle: ['default', '未检测'],
  checking: ['processing', '检测中'],
  ok: ['success', '正常'],
  denied: ['error', '未授权'],
  missing: ['error', '未找到设备'],
};

function useLatency() {
  const [samples, setSamples] = useState<number[]>([]);
  const [running, setRunning] = useState(false);
  const run = useCallback(async () => {
    setRunning(true);
    const list: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      try {
        await call(sysConfigDetail, { id: '1' }, { silent: true });
        list.push(Math.round(performance.now() - t0));
      } catch {
        list.push(-1);
      }
      setSamples([...list]);
    }
    setRunning(false);
  }, []);
  return { samples, running, run };
}

function stopStream(ref: { current: MediaStream | null }) {
  for (const t of ref.current?.getTracks() ?? []) t.stop();
  ref.current = null;
}

export default function WebExamDebug() {
  const navigate = useNavigate();
  const video = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [camera, setCamera] = useState<MediaState>('idle');
  const [mic, setMic] = useState<MediaState>('idle');
  const [level, setLevel] = useState(0);
  const [screen, setScreen] = useState({ w: window.innerWidth, h: window.innerHeight });
  const latency = useLatency();
  const info = browserInfo(navigator.userAgent, navigator.maxTouchPoints);

  const checkMedia = useCallback(async () => {
    stopStream(streamRef);
    setCamera('checking');
    setMic('checking');
    if (!navigator.mediaDevices?.getUserMedia) {
      setCamera('missing');
      setMic('missing');
      return;
    }
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      streamRef.current = stream;
      setCamera(stream.getVideoTracks().length ? 'ok' : 'missing');
      setMic(stream.getAudioTracks().length ? 'ok' : 'missing');
      if (video.current) {
        video.current.srcObject = stream;
        void video.current.play().catch(() => undefined);
      }
      const ctx = new AudioContext();
      const analyser = ctx.createAnalyser();
      ctx.createMediaStreamSource(stream).connect(analyser);
      const data = new Uint8Array(analyser.frequencyBinCount);
      const tick = () => {
        if (!streamRef.current) return void ctx.close();
        analyser.getByteFrequencyData(data);
        setLevel(Math.min(100, Math.round((data.reduce((s, v) => s + v, 0) / data.length) * 1.5)));
        requestAnimationFrame(tick);
      };
      tick();
    } catch (err) {
      const denied = (err as DOMException).name === 'NotAllowedError';
      setCamera(denied ? 'denied' : 'missing');
      setMic(denied ? 'denied' : 'missing');
    }
  }, []);

  useEffect(() => {
    void checkMedia();
    void latency.run();
    const onResize = () => setScreen({ w: window.innerWidth, h: window.innerHeight });
    window.addEventListener('resize', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      stopStream(streamRef);
    };
  }, [checkMedia, latency.run]);

  const ok = latency.samples.filter((s) => s >= 0);
  const avg = ok.length ? Math.round(ok.reduce((a, b) => a + b, 0) / ok.length) : null;
  const grade = latencyGrade(avg);
  const screenOk = windowFits(screen.w, screen.h);

  return (
    <div
      className="room-center"
      style={{ alignItems: 'flex-start', padding: '32px 16px', minHeight: '100vh', background: '#f0f2f5' }}
    >
      <Card
        style={{ width: '100%', maxWidth: 1000 }}
        title={
          <Space>
            <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate(-1)} />
            设备调试
          </Space>
        }
        extra={
          <Button
            icon={<ReloadOutlined />}
            onClick={() => {
              void checkMedia();
              void latency.run();
            }}
          >
            重新检测
          </Button>
        }
      >
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message="考试前请确认摄像头、麦克风、浏览器与网络均正常。如浏览器询问权限，请选择“允许”。"
        />
        <Row gutter={20}>
          <Col xs={24} md={12}>
            <div className="debug-video">
              <video ref={video} muted playsInline data-testid="camera-preview" />
              {camera !== 'ok' && <span>{MEDIA_TEXT[camera][1]}</span>}
            </div>
            <div style={{ marginTop: 12 }}>
              <Typography.Text>麦克风音量</Typography.Text>
              <Progress percent={level} showInfo={false} strokeColor="#52c41a" />
            </div>
          </Col>
          <Col xs={24} md={12}>
            <Descriptions
              column={1}
              bordered
              size="small"
              data-testid="device-facts"
              styles={{ label: { whiteSpace: 'nowrap' } }}
            >
              <Descriptions.Item label="摄像头">
                <Tag color={MEDIA_TEXT[camera][0]} data-testid="camera-state">
                  {MEDIA_TEXT[camera][1]}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label="麦克风">
                <Tag color={MEDIA_TEXT[mic][0]} data-testid="mic-state">
                  {MEDIA_TEXT[mic][1]}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label="浏览器">
                {info.name} {info.version}{' '}
                {info.supported ? (
                  <Tag color="success">支持</Tag>
                ) : (
                  <Tag color="warning">建议使用新版 Chrome / Edge</Tag>
                )}
              </Descriptions.Item>
              <Descriptions.Item label="操作系统">
                <span data-testid="device-os">{info.os}</span>
              </Descriptions.Item>
              <Descriptions.Item label="窗口尺寸">
                {screen.w} × {screen.h}{' '}
                <Tag color={screenOk ? 'success' : 'warning'} data-testid="window-state">
                  {screenOk ? '正常' : `窗口过小（考试至少需要 ${ROOM_MIN.width} × ${ROOM_MIN.height}）`}
                </Tag>
              </Descriptions.Item>
              <Descriptions.Item label="屏幕分辨率">
                {window.screen.width} × {window.screen.height}
              </Descriptions.Item>
              <Descriptions.Item label="全屏支持">
                {document.fullscreenEnabled ? <Tag color="success">支持</Tag> : <Tag color="error">不支持</Tag>}
              </Descriptions.Item>
              <Descriptions.Item label="网络延迟">
                <span data-testid="latency">
                  {avg === null ? (latency.running ? '测试中...' : '无法连接服务器') : `${avg} ms`}
                </span>{' '}
                {avg !== null && <Tag color={grade.color}>{grade.text}</Tag>}
                <div style={{ fontSize: 12, color: '#8c8c8c' }}>
                  {latency.samples.map((s) => (s < 0 ? '失败' : `${s}ms`)).join(' / ')}
                </div>
              </Descriptions.Item>
            </Descriptions>
          </Col>
        </Row>
      </Card>
    </div>
  );
}

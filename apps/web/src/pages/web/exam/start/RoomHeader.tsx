/** Top bar of the exam room: title, countdown, save state, view toggle, abandon and hand-in. */
import { CheckCircleOutlined, ClockCircleOutlined, CloudSyncOutlined, DisconnectOutlined } from '@ant-design/icons';
import { Button, Segmented, Space, Tooltip } from 'antd';
import { useEffect, useState } from 'react';
import { formatRemaining } from './countdown';

interface Props {
  title: string;
  remaining: number;
  pending: number;
  /** Answers the server refused for good (not saved). */
  failed: number;
  mode: 'single' | 'all';
  onMode: (m: 'single' | 'all') => void;
  leaveText?: string;
  handBlockedText?: string;
  busy: boolean;
  onHand: () => void;
  onAbandon: () => void;
}

function useOnline() {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  return online;
}

export default function RoomHeader(p: Props) {
  const online = useOnline();
  const urgent = p.remaining < 5 * 60_000;
  return (
    <header className="room-header">
      <div className="room-header__title" title={p.title}>
        {p.title}
      </div>
      <div className={`room-timer ${urgent ? 'room-timer--urgent' : ''}`} data-testid="countdown">
        <ClockCircleOutlined /> 剩余时间 <b data-testid="countdown-value">{formatRemaining(p.remaining)}</b>
      </div>
      <Space size={12}>
        {!online ? (
          <span className="room-sync room-sync--offline" data-testid="sync-state">
            <DisconnectOutlined /> 网络已断开{p.pending > 0 ? `，${p.pending} 个答案待保存` : ''}
          </span>
        ) : p.pending > 0 ? (
          <span className="room-sync room-sync--pending" data-testid="sync-state">
            <CloudSyncOutlined spin /> {p.pending} 个答案待保存
          </span>
        ) : (
          <span className="room-sync room-sync--ok" data-testid="sync-state">
            <CheckCircleOutlined /> 答案已保存
          </span>
        )}
        {p.failed > 0 && (
          <span className="room-sync room-sync--failed" data-testid="sync-failed">
            {p.failed} 个答案未能保存
          </span>
        )}
        {p.leaveText && <span className="room-leave">{p.leaveText}</span>}
        <Segmented
          size="small"
          value={p.mode}
          onChange={(v) => p.onMode(v as 'single' | 'all')}
          options={[
            { label: '逐题作答', value: 'single' },
            { label: '整卷作答', value: 'all' },
          ]}
        />
        <Button danger onClick={p.onAbandon} disabled={p.busy}>
          放弃考试
        </Button>
        <Tooltip title={p.handBlockedText}>
          <Button
            type="primary"
            onClick={p.onHand}
            loading={p.busy}
            disabled={Boolean(p.handBlockedText)}
            data-testid="hand-in"
          >
            交卷
          </Button>
        </Tooltip>
      </Space>
    </header>
  );
}

/** Top bar of the exam room: title, countdown, save state, view toggle, abandon and hand-in. */
import {
  AppstoreOutlined,
  CheckCircleOutlined,
  ClockCircleOutlined,
  CloudSyncOutlined,
  DisconnectOutlined,
} from '@ant-design/icons';
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
  /** Phone layout: timer and 交卷 on the first row, the answer card behind a button. */
  phone?: boolean;
  /** '已答/总数' for the answer-card button. */
  progress?: string;
  onSheet?: () => void;
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

function SyncState({ online, pending, failed }: { online: boolean; pending: number; failed: number }) {
  return (
    <>
      {!online ? (
        <span className="room-sync room-sync--offline" data-testid="sync-state">
          <DisconnectOutlined /> 网络已断开{pending > 0 ? `，${pending} 个答案待保存` : ''}
        </span>
      ) : pending > 0 ? (
        <span className="room-sync room-sync--pending" data-testid="sync-state">
          <CloudSyncOutlined spin /> {pending} 个答案待保存
        </span>
      ) : (
        <span className="room-sync room-sync--ok" data-testid="sync-state">
          <CheckCircleOutlined /> 答案已保存
        </span>
      )}
      {failed > 0 && (
        <span className="room-sync room-sync--failed" data-testid="sync-failed">
          {failed} 个答案未能保存
        </span>
      )}
    </>
  );
}

export default function RoomHeader(p: Props) {
  const online = useOnline();
  const urgent = p.remaining < 5 * 60_000;
  const handButton = (
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
  );
  const timer = (
    <div className={`room-timer ${urgent ? 'room-timer--urgent' : ''}`} data-testid="countdown">
      <ClockCircleOutlined /> {p.phone ? '' : '剩余时间 '}
      <b data-testid="countdown-value">{formatRemaining(p.remaining)}</b>
    </div>
  );
  if (p.phone)
    return (
      <header className="room-header room-header--phone">
        <div className="room-header__row">
          <div className="room-header__title" title={p.title}>
            {p.title}
          </div>
          {timer}
          {handButton}
        </div>
        <div className="room-header__row room-header__row--sub">
          <SyncState online={online} pending={p.pending} failed={p.failed} />
          {p.leaveText && <span className="room-leave">{p.leaveText}</span>}
          <Button size="small" icon={<AppstoreOutlined />} onClick={p.onSheet} data-testid="open-sheet">
            答题卡 {p.progress}
          </Button>
          <Button size="small" type="text" danger onClick={p.onAbandon} disabled={p.busy}>
            放弃
          </Button>
        </div>
      </header>
    );
  return (
    <header className="room-header">
      <div className="room-header__title" title={p.title}>
        {p.title}
      </div>
      {timer}
      <Space size={12}>
        <SyncState online={online} pending={p.pending} failed={p.failed} />
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
        {handButton}
      </Space>
    </header>
  );
}

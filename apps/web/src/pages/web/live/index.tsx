/** 直播课堂 (/web/live): live now, upcoming with a countdown (and a notice shortly before the start), replays. */
import { VideoCameraOutlined } from '@ant-design/icons';
import { LIVE_STATE_LABELS, LiveState, liveLearnList, type TLiveCard } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Card, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import LoadFailed from '../../../components/LoadFailed';
import MediaCard from '../../../components/MediaCard';
import { formatDateTime } from '../../../utils/time';
import './live.css';
import { call } from '../../../api/call';

/** Rooms starting within this many minutes are announced at the top. */
const SOON_MIN = 15;

export function countdown(ms: number): string {
  if (ms <= 0) return '即将开始';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86400);
  const hms = [Math.floor((s % 86400) / 3600), Math.floor((s % 3600) / 60), s % 60]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return d > 0 ? `${d} 天 ${hms}` : hms;
}

/** The server's clock, ticking each second (countdowns never trust the phone's clock). */
export function useServerNow(serverNow: string | undefined): number {
  const [offset, setOffset] = useState(0);
  const [, setTick] = useState(0);
  useEffect(() => {
    if (serverNow) setOffset(new Date(serverNow).getTime() - Date.now());
  }, [serverNow]);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return Date.now() + offset;
}

const STATE_COLORS: Record<number, string> = { 0: 'blue', 1: 'red', 2: 'default' };

function LiveCard({ r, now, onOpen }: { r: TLiveCard; now: number; onOpen: () => void }) {
  return (
    <MediaCard title={r.title} cover={r.cover} className="live-card" testId={`live-card-${r.id}`} onOpen={onOpen}>
      <Flex gap={4} wrap style={{ margin: '6px 0' }}>
        <Tag color={STATE_COLORS[r.state]}>{LIVE_STATE_LABELS[r.state]}</Tag>
        {r.state === LiveState.LIVE && <Tag>{r.online} 人在看</Tag>}
        {r.state === LiveState.ENDED && r.replayState === 2 && <Tag color="green">可回放</Tag>}
      </Flex>
      {r.lecturer && (
        <div>
          <Typography.Text type="secondary">讲师：{r.lecturer}</Typography.Text>
        </div>
      )}
      <Typography.Text type="secondary">{formatDateTime(r.startTime)}</Typography.Text>
      {r.state === LiveState.UPCOMING && (
        <div data-testid="live-countdown">距开始 {countdown(new Date(r.startTime).getTime() - now)}</div>
      )}
    </MediaCard>
  );
}

function Section({ title, rooms, now }: { title: string; rooms: TLiveCard[]; now: number }) {
  const navigate = useNavigate();
  if (rooms.length === 0) return null;
  return (
    <>
      <Typography.Title level={5}>{title}</Typography.Title>
      <div className="card-grid live-grid" style={{ marginBottom: 20 }}>
        {rooms.map((r) => (
          <LiveCard key={r.id} r={r} now={now} onOpen={() => navigate(`/web/live/${r.id}`)} />
        ))}
      </div>
    </>
  );
}

export default function WebLive() {
  const query = useQuery({ queryKey: ['my-live'], queryFn: () => call(liveLearnList, {}), refetchInterval: 30_000 });
  const now = useServerNow(query.data?.now);
  const d = query.data;
  const soon = (d?.upcoming ?? []).filter((r) => new Date(r.startTime).getTime() - now < SOON_MIN * 60_000);
  const empty = d && d.live.length + d.upcoming.length + d.ended.length === 0;
  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <span>
          <VideoCameraOutlined /> 直播课堂
        </span>
      }
    >
      {d && !d.configured && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message="直播服务暂未开通"
          description="管理员尚未配置直播服务器，直播开始前会在这里开放观看。"
        />
      )}
      {soon.map((r) => (
        <Alert
          key={r.id}
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          data-testid="live-soon"
          message={`直播《${r.title}》即将开始（${countdown(new Date(r.startTime).getTime() - now)}），请准时观看`}
        />
      ))}
      <Spin spinning={query.isFetching && !d}>
        {query.isError ? (
          <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
        ) : empty ? (
          <Empty description="暂无直播" />
        ) : (
          d && (
            <>
              <Section title="正在直播" rooms={d.live} now={now} />
              <Section title="直播预告" rooms={d.upcoming} now={now} />
              <Section title="往期回放" rooms={d.ended} now={now} />
            </>
          )
        )}
      </Spin>
    </Card>
  );
}

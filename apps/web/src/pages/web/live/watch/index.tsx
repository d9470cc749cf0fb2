/**
 * 观看直播 (/web/live/:id): the stream (or the replay once the class ended), its state, online
 * count, the countdown before the start, the learner's watch time in this class, and the chat.
 * Heartbeats every 15 s while the video plays and the page is visible, and one at once when it
 * stops (pause, hidden page, leaving), which is credited the time played up to it; a buffering
 * stall is not a stop (LivePlayer). The server credits the time (never the browser).
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import { LIVE_STATE_LABELS, LiveState, liveLearnBeat, liveLearnDetail } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import LoadFailed from '../../../../components/LoadFailed';
import { useUserStore } from '../../../../stores/user';
import { formatDateTime, watchMinutes } from '../../../../utils/time';
import { countdown, useServerNow } from '../index';
import '../../../../components/media-card.css';
import '../live.css';
import { call } from '../../../../api/call';
import ChatPanel from './ChatPanel';

const LivePlayer = lazy(() => import('./LivePlayer'));
const BEAT_MS = 15_000;

/**
 * Heartbeats while playing and visible, one when that stops; answers what the server last said
 * (the online count, the learner's credited seconds). The interval runs on through re-renders:
 * only a real start or stop restarts it.
 */
function useBeats(liveId: string, playing: boolean, onState: (state: number) => void) {
  const [last, setLast] = useState<{ online: number; watchSeconds: number } | null>(null);
  const onStateRef = useRef(onState);
  onStateRef.current = onState;
  useEffect(() => {
    if (!playing) return;
    const send = (on: boolean, visible: boolean) =>
      call(liveLearnBeat, { liveId, playing: on, visible }, { silent: true })
        .then((r) => {
          setLast({ online: r.online, watchSeconds: r.watchSeconds });
          onStateRef.current(r.state);
        })
        .catch(() => undefined);
    const beat = () => {
      if (document.visibilityState === 'visible') void send(true, true);
    };
    beat();
    const timer = setInterval(beat, BEAT_MS);
    const onVisible = () => {
      if (document.visibilityState === 'visible') beat();
      else void send(false, false);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      void send(false, document.visibilityState === 'visible');
    };
  }, [liveId, playing]);
  return last;
}

export default function WebLiveWatch() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const detail = useQuery({
    queryKey: ['live-watch', id],
    queryFn: () => call(liveLearnDetail, { id }),
    // State changes arrive on the hub (ChatPanel's `state` events); a slow look again covers a lost connection.
    refetchInterval: 30_000,
  });
  const [playing, setPlaying] = useState(false);
  const d = detail.data;
  const onState = useCallback(
    (state: number) => {
      if (d && state !== d.state) void detail.refetch();
    },
    [d, detail],
  );
  const beat = useBeats(id, playing && d?.state === LiveState.LIVE, onState);
  const [pushedOnline, setPushedOnline] = useState<number | null>(null);
  const online = pushedOnline ?? beat?.online ?? null;
  const userId = useUserStore((s) => s.userId);
  const now = useServerNow(d?.now);

  if (detail.isError) return <LoadFailed error={detail.error} onRetry={() => void detail.refetch()} />;
  if (!d) return <Spin style={{ display: 'block', margin: 48 }} />;

  const stage = (() => {
    if (d.state === LiveState.LIVE && d.hlsUrl)
      return (
        <Suspense fallback={<div className="live-stage__note">正在加载播放器…</div>}>
          <LivePlayer src={d.hlsUrl} onPlayingChange={setPlaying} />
        </Suspense>
      );
    if (d.state === LiveState.ENDED && d.replayUrl)
      return (
        // biome-ignore lint/a11y/useMediaCaption: a class recording has no caption track
        <video className="live-video" src={d.replayUrl} controls playsInline data-testid="live-replay" />
      );
    const note = !d.configured
      ? '直播服务器尚未配置，暂时无法观看，请联系管理员'
      : d.state === LiveState.UPCOMING
        ? `直播将于 ${formatDateTime(d.startTime)} 开始，距开始 ${countdown(new Date(d.startTime).getTime() - now)}`
        : d.state === LiveState.ENDED
          ? d.replayState === 1
            ? '直播已结束，回放生成中，请稍后再来'
            : '直播已结束'
          : '正在连接直播…';
    return (
      <div className="live-stage__note" data-testid="live-note">
        {note}
      </div>
    );
  })();

  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Flex gap={8} align="center" wrap>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/web/live')} aria-label="返回" />
          <span style={{ overflowWrap: 'anywhere', whiteSpace: 'normal' }}>{d.title}</span>
          <Tag
            color={d.state === LiveState.LIVE ? 'red' : d.state === LiveState.UPCOMING ? 'blue' : 'default'}
            data-testid="live-watch-state"
          >
            {LIVE_STATE_LABELS[d.state]}
          </Tag>
        </Flex>
      }
    >
      {!d.configured && (
        <Alert type="info" showIcon style={{ marginBottom: 12 }} message="直播服务器尚未配置，暂时无法观看直播" />
      )}
      <div className="side-layout live-watch">
        <div>
          <div className="live-stage">{stage}</div>
          <Flex gap={12} wrap style={{ marginTop: 8 }}>
            {d.lecturer && <Typography.Text>讲师：{d.lecturer}</Typography.Text>}
            {d.state === LiveState.LIVE && (
              <Typography.Text type="secondary" data-testid="live-online">
                {online ?? d.online} 人在看
              </Typography.Text>
            )}
            {beat && (
              <Typography.Text type="secondary" data-testid="live-watched">
                本场已观看 {watchMinutes(beat.watchSeconds)} 分钟
              </Typography.Text>
            )}
          </Flex>
          {d.description && (
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, whiteSpace: 'pre-wrap' }}>
              {d.description}
            </Typography.Paragraph>
          )}
        </div>
        <ChatPanel
          liveId={d.id}
          canManage={d.canManage}
          me={userId}
          onEvent={(e) => {
            if (e.type === 'state') void detail.refetch(); // the stream started or stopped, the replay is ready
            if (e.type === 'online') setPushedOnline((e.data as { online: number }).online);
          }}
        />
      </div>
    </Card>
  );
}

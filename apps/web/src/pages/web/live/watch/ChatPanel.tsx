/**
 * 互动问答: the room's messages, newest at the bottom; the lecturer's and administrators' marked;
 * administrators delete messages and mute learners. A line shows exactly as typed ("1<2"): it is
 * rendered as a text node (React escapes it), never as markup; the server strips control characters only.
 */
import { DeleteOutlined, StopOutlined } from '@ant-design/icons';
import {
  LIVE_CHAT_MAX,
  liveChatDelete,
  liveChatList,
  liveChatMute,
  liveChatSend,
  liveTopic,
  type TLiveChat,
} from '@exam/contracts';
import { App, Button, Card, Empty, Input, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../../api/call';
import type { RealtimeEvent } from '../../../../api/realtime';
import { useRealtime } from '../../../../hooks/useRealtime';
import { formatDateTime } from '../../../../utils/time';

const ROLE_TAGS: Record<string, { color: string; label: string } | undefined> = {
  lecturer: { color: 'orange', label: '讲师' },
  admin: { color: 'red', label: '管理员' },
};

export default function ChatPanel({
  liveId,
  canManage,
  me,
  onEvent,
}: {
  liveId: string;
  canManage: boolean;
  /** The signed-in user's id (a mute event about them closes the input). */
  me: string | undefined;
  /** The other events of the room's topic (online, state) for the page. */
  onEvent?: (e: RealtimeEvent) => void;
}) {
  const { message, modal } = App.useApp();
  const [messages, setMessages] = useState<TLiveChat[]>([]);
  const [muted, setMuted] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLDivElement>(null);

  const merge = useCallback((fresh: TLiveChat[], deleted: string[] = []) => {
    setMessages((prev) => {
      const gone = new Set(deleted);
      const byId = new Map(prev.filter((m) => !gone.has(m.id)).map((m) => [m.id, m]));
      for (const m of fresh) if (!gone.has(m.id)) byId.set(m.id, m);
      const all = [...byId.values()].sort((a, b) => (a.id < b.id ? -1 : 1)).slice(-200);
      return all;
    });
  }, []);

  // History on each (re)connection and after a reset; live lines through the hub (topic live:<id>).
  const load = useCallback(() => {
    call(liveChatList, { liveId, afterId: null }, { silent: true })
      .then((r) => {
        merge(r.messages, r.deleted);
        setMuted(r.muted);
      })
      .catch(() => undefined);
  }, [liveId, merge]);
  useRealtime(
    [liveTopic(liveId)],
    (e) => {
      if (e.type === 'chat') merge([e.data as TLiveChat]);
      else if (e.type === 'chat.deleted') merge([], [(e.data as { id: string }).id]);
      else if (e.type === 'muted' && (e.data as { userId: string }).userId === me)
        setMuted(Boolean((e.data as { muted: boolean }).muted));
      onEvent?.(e);
    },
    { onReady: load, onReset: load },
  );

  const newest = messages.length ? messages[messages.length - 1].id : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll to the bottom when a newer message arrives
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [newest]);

  const send = async () => {
    const content = text.trim();
    if (!content) return;
    setSending(true);
    try {
      merge([await call(liveChatSend, { liveId, content })]);
      setText('');
    } catch {
      // the request client has shown the reason (muted, too frequent)
    } finally {
      setSending(false);
    }
  };

  const remove = (m: TLiveChat) =>
    modal.confirm({
      title: '删除这条消息？',
      onOk: async () => {
        await call(liveChatDelete, { id: m.id });
        merge([], [m.id]);
      },
    });
  const mute = (m: TLiveChat) =>
    modal.confirm({
      title: `禁言 ${m.userName}？`,
      content: '禁言后该学员在本场直播中不能再发言。',
      onOk: async () => {
        await call(liveChatMute, { liveId, userId: m.userId, muted: true });
        message.success('已禁言');
      },
    });

  return (
    <Card
      size="small"
      title="互动问答"
      className="live-chat"
      styles={{ body: { flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 } }}
    >
      <div className="live-chat__list" ref={list} data-testid="live-chat-list">
        {messages.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="还没有消息，来提第一个问题吧" />
        ) : (
          messages.map((m) => {
            const tag = ROLE_TAGS[m.role];
            return (
              <div key={m.id} className="live-chat__msg" data-testid="live-chat-msg">
                <Space size={4} wrap>
                  {tag && <Tag color={tag.color}>{tag.label}</Tag>}
                  <Typography.Text strong>{m.userName}</Typography.Text>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {formatDateTime(m.createdAt).slice(11, 16)}
                  </Typography.Text>
                  {canManage && (
                    <>
                      <Button
                        size="small"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label="删除"
                        onClick={() => remove(m)}
                      />
                      {m.role === 'learner' && (
                        <Button
                          size="small"
                          type="text"
                          icon={<StopOutlined />}
                          aria-label="禁言"
                          onClick={() => mute(m)}
                        />
                      )}
                    </>
                  )}
                </Space>
                <div data-testid="live-chat-text">{m.content}</div>
              </div>
            );
          })
        )}
      </div>
      {muted ? (
        <Typography.Text type="warning" data-testid="live-chat-muted">
          您已被管理员禁言
        </Typography.Text>
      ) : (
        <Space.Compact style={{ width: '100%' }}>
          <Input
            value={text}
            maxLength={LIVE_CHAT_MAX}
            placeholder="输入问题或留言"
            onChange={(e) => setText(e.target.value)}
            onPressEnter={() => void send()}
            data-testid="live-chat-input"
          />
          <Button type="primary" loading={sending} onClick={() => void send()} data-testid="live-chat-send">
            发送
          </Button>
        </Space.Compact>
      )}
    </Card>
  );
}

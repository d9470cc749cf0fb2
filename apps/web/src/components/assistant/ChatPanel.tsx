/**
 * The built-in 学习助教 chat: the learner's history, streamed answers rendered as
 * Markdown with formulas, 停止 (and closing the dialog, which unmounts this) aborts the request so
 * the server cancels the model's answer, errors in plain Chinese.
 */
import { ClearOutlined, SendOutlined, StopOutlined } from '@ant-design/icons';
import type { TAssistantExplain } from '@exam/contracts';
import { Alert, Button, Input, Popconfirm, Space, Spin } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { type AssistantAsk, AssistantError, askAssistant } from '../../api/assistant';
import { useAssistantBus } from './bus';
import { renderMarkdown } from './markdown';
import './assistant.css';
import { assistantClear, assistantHistory } from '@exam/contracts';
import { call } from '../../api/call';

interface Line {
  key: string;
  role: 'user' | 'assistant';
  content: string;
}

function Answer({ content }: { content: string }) {
  const html = useMemo(() => renderMarkdown(content), [content]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify in renderMarkdown
  return <div className="assistant-md" dangerouslySetInnerHTML={{ __html: html }} />;
}

const explainLabel = '讲解这道题';

export default function ChatPanel() {
  const [lines, setLines] = useState<Line[]>([]);
  const [loading, setLoading] = useState(true);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const running = useRef<AbortController | null>(null);
  const bottom = useRef<HTMLDivElement>(null);
  const pending = useAssistantBus((s) => s.explain);
  const taken = useAssistantBus((s) => s.taken);

  useEffect(() => {
    call(assistantHistory, {})
      .then((h) => setLines(h.map((m) => ({ key: m.id, role: m.role, content: m.content }))))
      .catch(() => {})
      .finally(() => setLoading(false));
    // Closing the dialog unmounts the panel: the running answer is cancelled, up to the model.
    return () => running.current?.abort();
  }, []);

  useEffect(() => {
    if (lines.length) bottom.current?.scrollIntoView?.({ block: 'end' });
  }, [lines]);

  const ask = useCallback(async (ask: AssistantAsk, shown: string) => {
    if (running.current) return;
    const controller = new AbortController();
    running.current = controller;
    setBusy(true);
    setError(null);
    const stamp = `${Date.now()}`;
    setLines((l) => [
      ...l,
      { key: `q${stamp}`, role: 'user', content: shown },
      { key: `a${stamp}`, role: 'assistant', content: '' },
    ]);
    const append = (piece: string) =>
      setLines((l) => l.map((x) => (x.key === `a${stamp}` ? { ...x, content: x.content + piece } : x)));
    try {
      await askAssistant(ask, append, controller.signal);
    } catch (err) {
      if (controller.signal.aborted) append('\n\n（已停止）');
      else setError(err instanceof AssistantError ? err.message : '学习助教暂时无法回答，请稍后再试');
      setLines((l) => l.filter((x) => !(x.key === `a${stamp}` && !x.content)));
    } finally {
      running.current = null;
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    if (!pending || loading) return;
    taken();
    const req: TAssistantExplain = pending;
    ask({ kind: 'explain', ...req }, explainLabel);
  }, [pending, loading, taken, ask]);

  const send = () => {
    const content = draft.trim();
    if (!content || busy) return;
    setDraft('');
    ask({ kind: 'chat', content }, content);
  };

  const clear = async () => {
    await call(assistantClear, {});
    setLines([]);
  };

  return (
    <div className="assistant-chat" data-testid="assistant-chat">
      <div className="assistant-chat__list">
        {loading ? (
          <Spin style={{ display: 'block', margin: 48 }} />
        ) : lines.length === 0 ? (
          <div className="assistant-chat__empty">
            你好，我是学习助教。可以问我课程知识、练习题的思路，或在答题结果里点“讲解这道题”。
          </div>
        ) : (
          lines.map((line) => (
            <div key={line.key} className={`assistant-chat__msg assistant-chat__msg--${line.role}`}>
              {line.role === 'assistant' ? (
                line.content ? (
                  <Answer content={line.content} />
                ) : (
                  <Spin size="small" />
                )
              ) : (
                <div className="assistant-chat__bubble">{line.content}</div>
              )}
            </div>
          ))
        )}
        <div ref={bottom} />
      </div>
      {error && (
        <Alert type="error" showIcon message={error} style={{ margin: '0 12px 8px' }} data-testid="assistant-error" />
      )}
      <div className="assistant-chat__input">
        <Input.TextArea
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onPressEnter={(e) => {
            if (!e.shiftKey) {
              e.preventDefault();
              send();
            }
          }}
          placeholder="输入问题，Enter 发送，Shift+Enter 换行"
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={2000}
          aria-label="问题"
        />
        <Space>
          {busy ? (
            <Button danger icon={<StopOutlined />} onClick={() => running.current?.abort()}>
              停止
            </Button>
          ) : (
            <Button type="primary" icon={<SendOutlined />} onClick={send} disabled={!draft.trim()}>
              发送
            </Button>
          )}
          <Popconfirm title="清空全部对话记录？" onConfirm={clear} okText="清空" cancelText="取消">
            <Button icon={<ClearOutlined />} disabled={busy || !lines.length} aria-label="清空对话" />
          </Popconfirm>
        </Space>
      </div>
    </div>
  );
}

/**
 * AI 建议评分 for a short answer in the marking queue: the model's score and reasons,
 * shown beside the keyword suggestion. It is never applied: the marker types the score.
 */
import { RobotOutlined } from '@ant-design/icons';
import type { TAssistantMarkSuggestion } from '@exam/contracts';
import { assistantMarkSuggest } from '@exam/contracts';
import { Button, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../api/call';
import { useAssistantStatus } from './useAssistantStatus';

export default function AiMarkSuggest({ paperId, quId }: { paperId: string; quId: string }) {
  const status = useAssistantStatus();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<TAssistantMarkSuggestion | null>(null);
  if (!status.data?.enabled) return null;
  const ask = async () => {
    setBusy(true);
    try {
      setAnswer(await call(assistantMarkSuggest, { paperId, quId }));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span data-testid="ai-mark-suggest">
      {answer ? (
        <Typography.Text>
          AI 建议：<b>{answer.score}</b> / {answer.maxScore} 分
          <Typography.Text type="secondary">（{answer.reasons || '无理由'}；仅供参考，不会自动采用）</Typography.Text>
        </Typography.Text>
      ) : (
        <Button size="small" icon={<RobotOutlined />} loading={busy} onClick={ask}>
          AI 建议评分
        </Button>
      )}
    </span>
  );
}

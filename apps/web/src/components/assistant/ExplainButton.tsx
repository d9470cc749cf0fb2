/**
 * 讲解这道题: on a question the learner has answered (result page, wrong-answer book,
 * practice feedback). Shown only while the built-in assistant is on; the server refuses anything
 * whose answer the learner may not see yet.
 */
import { BulbOutlined } from '@ant-design/icons';
import type { TAssistantExplain } from '@exam/contracts';
import { Button } from 'antd';
import { useAssistantBus } from './bus';
import { useAssistantStatus } from './useAssistantStatus';

export default function ExplainButton(props: TAssistantExplain) {
  const status = useAssistantStatus();
  const ask = useAssistantBus((s) => s.ask);
  if (!status.data?.enabled) return null;
  return (
    <Button size="small" icon={<BulbOutlined />} onClick={() => ask(props)} data-testid="explain-qu">
      讲解这道题
    </Button>
  );
}

/** The learner's answer as the page holds it, as text for the explanation. */
export const answerAsText = (value: unknown): string =>
  value == null ? '' : typeof value === 'string' ? value : JSON.stringify(value);

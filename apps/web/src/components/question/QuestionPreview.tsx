/**
 * Shows a question as a learner sees it: stem, options or the kind's own items (matching sides),
 * and — when `showAnswer` — the right options, the kind's answer block and the analysis.
 * Accepts the admin detail, the editor's value and the learner view alike.
 */
import { QUESTION_LEVEL_LABELS, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Space, Tag, Typography } from 'antd';
import { kindOf } from './kinds/registry';
import type { PreviewQuestion } from './kinds/types';
import RichHtml from './RichHtml';

export type { PreviewQuestion };

interface Props {
  question: PreviewQuestion;
  showAnswer?: boolean;
  /** Number shown before the stem (children of a composite). */
  index?: string;
}

export default function QuestionPreview({ question: q, showAnswer, index }: Props) {
  const a = (q.answer ?? {}) as Record<string, any>;
  const kind = kindOf(q.type);
  const shows = kind?.previewItems;
  return (
    <div className="qu-preview-body" data-testid="qu-preview">
      <Space size={4} style={{ marginBottom: 6 }}>
        {index && <Typography.Text strong>{index}</Typography.Text>}
        <Tag color="blue">{QUESTION_TYPE_LABELS[q.type] ?? '未知题型'}</Tag>
        {q.level ? <Tag color={q.level === 2 ? 'red' : 'default'}>{QUESTION_LEVEL_LABELS[q.level]}</Tag> : null}
      </Space>
      <RichHtml html={q.content || '<p style="color:#bbb">（题目内容）</p>'} />
      {(shows === 'lettered' || shows === 'numbered') &&
        (q.options ?? []).map((o, i) => (
          <div
            key={o.key || String(i)}
            className={`qu-preview__option ${showAnswer && o.isRight ? 'qu-preview__option--right' : ''}`}
          >
            <b>{shows === 'lettered' ? o.key : i + 1}.</b>
            <RichHtml html={o.content} />
          </div>
        ))}
      {kind?.PreviewItems && <kind.PreviewItems question={q} />}
      {showAnswer && <AnswerBlock q={q} a={a} />}
      {showAnswer && q.analysis && (
        <div className="qu-preview__analysis">
          <b>解析：</b>
          <RichHtml html={q.analysis} />
        </div>
      )}
      {(q.children ?? []).map((c, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: children have no id in the editor and keep their order
        <div className="qu-preview__child" key={`${i}-${c.type}`}>
          <QuestionPreview question={c} showAnswer={showAnswer} index={`（${i + 1}）`} />
        </div>
      ))}
    </div>
  );
}

function AnswerBlock({ q, a }: { q: PreviewQuestion; a: Record<string, any> }) {
  const body = kindOf(q.type)?.previewAnswer({ options: q.options ?? [], answer: a }) ?? null;
  if (body === null) return null;
  return (
    <div className="qu-preview__answer">
      <b>答案：</b>
      {body}
    </div>
  );
}

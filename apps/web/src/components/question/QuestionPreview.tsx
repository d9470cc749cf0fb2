/**
 * Shows a question as a learner sees it: stem, options, matching sides, and — when `showAnswer` —
 * the right options, accepted blank answers, pairs, reference answer and analysis.
 * Accepts the admin detail, the editor's value and the learner view alike.
 */
import { QUESTION_LEVEL_LABELS, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Space, Table, Tag, Typography } from 'antd';
import { kindOf } from './kinds/registry';
import RichHtml from './RichHtml';

type Item = { key: string; content: string };

export interface PreviewQuestion {
  type: number;
  level?: number;
  content: string;
  analysis?: string | null;
  options?: { key: string; content: string; isRight?: boolean }[];
  answer?: Record<string, unknown>;
  matching?: { left: Item[]; right: Item[] } | null;
  children?: PreviewQuestion[];
}

interface Props {
  question: PreviewQuestion;
  showAnswer?: boolean;
  /** Number shown before the stem (children of a composite). */
  index?: string;
}

export default function QuestionPreview({ question: q, showAnswer, index }: Props) {
  const a = (q.answer ?? {}) as Record<string, any>;
  const left: Item[] = q.matching?.left ?? a.left ?? [];
  const right: Item[] = q.matching?.right ?? a.right ?? [];
  const shows = kindOf(q.type)?.previewItems;
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
      {shows === 'matching' && (
        <Table<{ l?: Item; r?: Item }>
          size="small"
          pagination={false}
          bordered
          rowKey={(_, i) => String(i)}
          style={{ marginTop: 8, maxWidth: 560 }}
          dataSource={Array.from({ length: Math.max(left.length, right.length) }, (_, i) => ({
            l: left[i],
            r: right[i],
          }))}
          columns={[
            {
              title: '左侧',
              render: (_, row) =>
                row.l && (
                  <Space>
                    <b>{row.l.key}.</b>
                    <RichHtml html={row.l.content} />
                  </Space>
                ),
            },
            {
              title: '右侧',
              render: (_, row) =>
                row.r && (
                  <Space>
                    <b>{row.r.key}.</b>
                    <RichHtml html={row.r.content} />
                  </Space>
                ),
            },
          ]}
        />
      )}
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

/** The two columns of a matching question in the preview (loaded lazily: antd's Table). */
import { Space, Table } from 'antd';
import RichHtml from '../../RichHtml';
import type { PreviewQuestion } from '../types';

type Item = { key: string; content: string };

const cell = (it?: Item) =>
  it && (
    <Space>
      <b>{it.key}.</b>
      <RichHtml html={it.content} />
    </Space>
  );

/** The learner view's columns (`matching`) or, in the editor and the admin detail, the answer's. */
export default function MatchingPreview({ question: q }: { question: PreviewQuestion }) {
  const a = (q.answer ?? {}) as { left?: Item[]; right?: Item[] };
  const left = q.matching?.left ?? a.left ?? [];
  const right = q.matching?.right ?? a.right ?? [];
  return (
    <Table<{ l?: Item; r?: Item }>
      size="small"
      pagination={false}
      bordered
      rowKey={(_, i) => String(i)}
      style={{ marginTop: 8, maxWidth: 560 }}
      dataSource={Array.from({ length: Math.max(left.length, right.length) }, (_, i) => ({ l: left[i], r: right[i] }))}
      columns={[
        { title: '左侧', render: (_, row) => cell(row.l) },
        { title: '右侧', render: (_, row) => cell(row.r) },
      ]}
    />
  );
}

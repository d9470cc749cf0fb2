/**
 * Parallel forms (平行试卷 A/B/…) of a saved blueprint paper: how many, the most two forms may have
 * in common, and the questions each pair shares. Learners of an exam on this paper each sit one
 * form (the same one on a retake); without forms every learner gets a fresh draw to the blueprint.
 */
import { paperTmplForms, type TFormsSummary } from '@exam/contracts';
import { Alert, App, Button, Card, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../../../api/call';

interface Props {
  tmplId: string;
  initial: TFormsSummary | null;
}

export default function ParallelForms({ tmplId, initial }: Props) {
  const { message } = App.useApp();
  const [forms, setForms] = useState<TFormsSummary | null>(initial);
  const [count, setCount] = useState(initial?.labels.length ?? 2);
  const [share, setShare] = useState(Math.round((initial?.maxShare ?? 0.2) * 100));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = async (n: number) => {
    setBusy(true);
    setError(null);
    try {
      const r = await call(paperTmplForms, { id: tmplId, count: n, maxShare: share / 100 });
      setForms(r);
      message.success(n === 0 ? '已取消平行试卷' : `已生成${n}套平行试卷`);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title="平行试卷（A/B 卷）" style={{ marginTop: 16 }} data-testid="parallel-forms">
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        按同一蓝图生成多套试卷，每套都满足蓝图；考生各自固定分到其中一套（重考仍是同一套）。不生成时，每位考生按蓝图单独抽题。修改蓝图后需重新生成。
      </Typography.Paragraph>
      <Space wrap>
        <span>
          套数：
          <InputNumber
            min={2}
            max={10}
            precision={0}
            value={count}
            onChange={(v) => setCount(v ?? 2)}
            data-testid="forms-count"
          />
        </span>
        <span>
          任意两套相同题目不超过：
          <InputNumber
            min={0}
            max={100}
            precision={0}
            value={share}
            onChange={(v) => setShare(v ?? 0)}
            addonAfter="%"
            style={{ width: 120 }}
            data-testid="forms-share"
          />
        </span>
        <Button type="primary" loading={busy} onClick={() => run(count)} data-testid="forms-generate">
          生成平行试卷
        </Button>
        {forms && (
          <Button loading={busy} onClick={() => run(0)}>
            取消平行试卷
          </Button>
        )}
      </Space>
      {error && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          message="无法生成"
          description={error}
          data-testid="forms-error"
        />
      )}
      {forms && (
        <div style={{ marginTop: 12 }} data-testid="forms-overlap">
          <Typography.Text>
            已生成 {forms.labels.length} 套，每套 {forms.quCount} 题；两两相同题目数（上限{' '}
            {Math.floor(forms.quCount * forms.maxShare + 1e-9)} 题，即 {Math.round(forms.maxShare * 100)}%）：
          </Typography.Text>
          <Table
            size="small"
            style={{ marginTop: 8, maxWidth: 120 + 90 * forms.labels.length }}
            pagination={false}
            rowKey="label"
            dataSource={forms.labels.map((label, i) => ({ label, row: forms.overlap[i] }))}
            columns={[
              { title: '', dataIndex: 'label', render: (l: string) => `${l} 卷`, width: 80 },
              ...forms.labels.map((l, j) => ({
                title: `${l} 卷`,
                key: l,
                width: 90,
                render: (_: unknown, r: { label: string; row: number[] }) =>
                  r.label === l
                    ? '—'
                    : `${r.row[j]} 题（${Math.round((r.row[j] / Math.max(1, forms.quCount)) * 100)}%）`,
              })),
            ]}
          />
        </div>
      )}
    </Card>
  );
}

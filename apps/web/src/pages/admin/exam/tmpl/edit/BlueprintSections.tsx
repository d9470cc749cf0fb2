/**
 * Blueprint sections (智能组卷): per section, banks and a table of cells (kind × knowledge point ×
 * difficulty band, count, score each), checked live against the banks: available vs needed per
 * cell and what is missing, so that a blueprint that cannot be met is seen before saving.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BLUEPRINT_BAND_LABELS,
  BLUEPRINT_BANDS,
  paperTmplBlueprintCheck,
  paperTmplBlueprintPoints,
  type TBlueprintCell,
  type TBlueprintSection,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useDeferredValue } from 'react';
import { call } from '../../../../../api/call';
import { typeOptions, useRepoOptions } from './QuestionPicker';

export type BlueprintSectionState = TBlueprintSection;

interface Props {
  value: BlueprintSectionState[];
  onChange: (v: BlueprintSectionState[]) => void;
}

const bandOptions = BLUEPRINT_BANDS.map((b) => ({ value: b, label: BLUEPRINT_BAND_LABELS[b] }));
const round2 = (n: number) => Math.round(n * 100) / 100;

function usePointOptions() {
  const q = useQuery({
    queryKey: ['blueprint-points'],
    queryFn: () => call(paperTmplBlueprintPoints, {}),
    staleTime: 60_000,
  });
  return [
    { value: '', label: '不限知识点' },
    ...(q.data ?? []).map((p) => ({ value: p.id, label: `${'　'.repeat(p.depth)}${p.title}` })),
  ];
}

/** The live check of the whole blueprint (all sections together, as a draw fills them). */
export function useBlueprintCheck(sections: BlueprintSectionState[]) {
  const deferred = useDeferredValue(sections);
  const ready = deferred.length > 0 && deferred.every((s) => s.repoIds.length > 0 && s.cells.length > 0);
  return useQuery({
    queryKey: ['blueprint-check', JSON.stringify(deferred)],
    queryFn: () => call(paperTmplBlueprintCheck, { blueprintSections: deferred }),
    enabled: ready,
    staleTime: 5_000,
    placeholderData: (prev) => prev,
  });
}

export default function BlueprintSections({ value, onChange }: Props) {
  const repos = useRepoOptions();
  const points = usePointOptions();
  const check = useBlueprintCheck(value);
  const result = check.data;
  const setSection = (i: number, patch: Partial<BlueprintSectionState>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const setCell = (i: number, c: number, patch: Partial<TBlueprintCell>) =>
    setSection(i, { cells: value[i].cells.map((x, k) => (k === c ? { ...x, ...patch } : x)) });
  const cellCheck = (i: number, c: number) => result?.cells.find((x) => x.section === i && x.cell === c);
  const count = value.reduce((n, s) => n + s.cells.reduce((a, c) => a + c.count, 0), 0);
  const score = value.reduce((n, s) => n + s.cells.reduce((a, c) => a + c.count * c.score, 0), 0);

  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12} data-testid="blueprint">
      {result && (
        <Alert
          type={result.met ? 'success' : 'error'}
          showIcon
          data-testid="blueprint-check"
          message={
            result.met
              ? `蓝图可以满足：每格都能抽足，共 ${result.quCount} 题、${result.totalScore} 分`
              : '蓝图无法满足，请调整题数或补充题目'
          }
          description={result.met ? undefined : result.message}
        />
      )}
      {value.map((s, i) => (
        <Card
          // biome-ignore lint/suspicious/noArrayIndexKey: sections are positional
          key={i}
          size="small"
          data-testid={`blueprint-${i}`}
          title={
            <Space>
              <span>蓝图 {i + 1}</span>
              <Input
                value={s.title}
                onChange={(e) => setSection(i, { title: e.target.value })}
                placeholder="大题标题"
                style={{ width: 220 }}
                data-testid="blueprint-title"
              />
              <Tag color="purple">
                {s.cells.reduce((n, c) => n + c.count, 0)} 题 ·{' '}
                {round2(s.cells.reduce((n, c) => n + c.count * c.score, 0))} 分
              </Tag>
            </Space>
          }
          extra={
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label="删除蓝图大题"
              onClick={() => onChange(value.filter((_, j) => j !== i))}
            />
          }
        >
          <Space style={{ marginBottom: 8 }}>
            题库：
            <Select
              mode="multiple"
              placeholder="选择题库"
              style={{ minWidth: 320 }}
              options={repos}
              value={s.repoIds}
              onChange={(repoIds) => setSection(i, { repoIds })}
              data-testid="blueprint-repos"
            />
          </Space>
          <Table
            size="small"
            rowKey={(_, c) => String(c)}
            pagination={false}
            dataSource={s.cells}
            data-testid="blueprint-cells"
            columns={[
              {
                title: '题型',
                width: 120,
                render: (_, cell, c) => (
                  <Select
                    style={{ width: 110 }}
                    options={typeOptions}
                    value={cell.quType}
                    onChange={(quType) => setCell(i, c, { quType })}
                    data-testid="cell-type"
                  />
                ),
              },
              {
                title: '知识点（含下级）',
                render: (_, cell, c) => (
                  <Select
                    style={{ width: '100%', minWidth: 180 }}
                    showSearch
                    optionFilterProp="label"
                    options={points}
                    value={cell.kpId ?? ''}
                    onChange={(v) => setCell(i, c, { kpId: v || null })}
                    data-testid="cell-point"
                  />
                ),
              },
              {
                title: '难度',
                width: 96,
                render: (_, cell, c) => (
                  <Select
                    style={{ width: 84 }}
                    options={bandOptions}
                    value={cell.band}
                    onChange={(band) => setCell(i, c, { band })}
                    data-testid="cell-band"
                  />
                ),
              },
              {
                title: '题数',
                width: 96,
                render: (_, cell, c) => (
                  <InputNumber
                    min={1}
                    max={500}
                    precision={0}
                    style={{ width: 80 }}
                    value={cell.count}
                    onChange={(n) => setCell(i, c, { count: n ?? 1 })}
                    data-testid="cell-count"
                  />
                ),
              },
              {
                title: '每题分',
                width: 96,
                render: (_, cell, c) => (
                  <InputNumber
                    min={0.5}
                    max={1000}
                    step={0.5}
                    style={{ width: 80 }}
                    value={cell.score}
                    onChange={(n) => setCell(i, c, { score: n ?? 0 })}
                    data-testid="cell-score"
                  />
                ),
              },
              {
                title: '可用 / 需要',
                width: 130,
                render: (_, cell, c) => {
                  const r = cellCheck(i, c);
                  if (!r) return <Typography.Text type="secondary">—</Typography.Text>;
                  return (
                    <span data-testid="cell-available">
                      <Typography.Text type={r.short > 0 ? 'danger' : undefined}>
                        {r.available} / {cell.count}
                      </Typography.Text>
                      {r.short > 0 && (
                        <Tag color="red" style={{ marginLeft: 6 }} data-testid="cell-short">
                          差 {r.short}
                        </Tag>
                      )}
                    </span>
                  );
                },
              },
              {
                title: '小计',
                width: 72,
                render: (_, cell) => `${round2(cell.count * cell.score)} 分`,
              },
              {
                title: '',
                width: 48,
                render: (_, __, c) => (
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label="删除此格"
                    disabled={s.cells.length <= 1}
                    onClick={() => setSection(i, { cells: s.cells.filter((_, k) => k !== c) })}
                  />
                ),
              },
            ]}
          />
          <Button
            size="small"
            type="link"
            icon={<PlusOutlined />}
            onClick={() => setSection(i, { cells: [...s.cells, { ...(s.cells.at(-1) ?? newCell()) }] })}
            data-testid="cell-add"
          >
            添加一格
          </Button>
        </Card>
      ))}
      <Space style={{ justifyContent: 'space-between', width: '100%' }}>
        <Button
          type="dashed"
          icon={<PlusOutlined />}
          onClick={() =>
            onChange([
              ...value,
              { title: `第${value.length + 1}部分`, repoIds: value.at(-1)?.repoIds ?? [], cells: [newCell()] },
            ])
          }
          data-testid="blueprint-add"
        >
          添加蓝图大题
        </Button>
        <Typography.Text data-testid="blueprint-totals">
          蓝图合计：{count} 题，{round2(score)} 分
        </Typography.Text>
      </Space>
    </Space>
  );
}

const newCell = (): TBlueprintCell => ({ quType: 1, kpId: null, band: 'any', count: 5, score: 2 });

/**
 * The bank's questions per knowledge point (each point counting its subtree), kind and difficulty
 * band (易/中/难: measured when known, else the author's level). The band switch narrows the kind
 * columns; the band columns always show the point's split.
 */
import {
  DIFFICULTY_BAND_LABELS,
  DIFFICULTY_BANDS,
  type DifficultyBand,
  QUESTION_TYPE_LABELS,
  repoKnowledgeMatrix,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Segmented, Table } from 'antd';
import { useMemo, useState } from 'react';
import { call } from '../../../../api/call';
import { type KpTreeNode, nestPoints, useKnowledgeTree } from '../../../../components/question/knowledge';

interface Row {
  key: string;
  title: string;
  cells: Map<string, number>;
  children?: Row[];
}

const cellKey = (type: number | 'all', band: DifficultyBand | 'all') => `${type}|${band}`;

export default function KnowledgeMatrix({ repoId, version }: { repoId: string; version?: number }) {
  const tree = useKnowledgeTree();
  const matrix = useQuery({
    queryKey: ['kp-matrix', repoId, version],
    queryFn: () => call(repoKnowledgeMatrix, { repoId }),
  });
  const [band, setBand] = useState<DifficultyBand | 'all'>('all');

  const { rows, types } = useMemo(() => {
    const byPoint = new Map<string, Map<string, number>>();
    const typeSet = new Set<number>();
    for (const c of matrix.data ?? []) {
      const id = c.kpId ?? '';
      typeSet.add(c.type);
      const m = byPoint.get(id) ?? new Map<string, number>();
      for (const k of [cellKey(c.type, c.band), cellKey(c.type, 'all'), cellKey('all', c.band), cellKey('all', 'all')])
        m.set(k, (m.get(k) ?? 0) + c.count);
      byPoint.set(id, m);
    }
    // only points with questions in this bank, and the branches leading to them
    const toRows = (nodes: KpTreeNode[]): Row[] =>
      nodes
        .filter((n) => byPoint.has(n.id))
        .map((n) => {
          const children = toRows(n.children ?? []);
          return {
            key: n.id,
            title: n.title,
            cells: byPoint.get(n.id) as Map<string, number>,
            ...(children.length ? { children } : {}),
          };
        });
    const out = toRows(nestPoints(tree.data ?? []));
    const none = byPoint.get('');
    if (none) out.push({ key: 'none', title: '（未标知识点）', cells: none });
    return { rows: out, types: [...typeSet].sort((a, b) => a - b) };
  }, [matrix.data, tree.data]);

  const n = (r: Row, k: string) => r.cells.get(k) || '';

  return (
    <div data-testid="kp-matrix">
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 8 }}>
        <b>按知识点统计</b>
        <Segmented
          size="small"
          value={band}
          onChange={(v) => setBand(v as DifficultyBand | 'all')}
          options={[
            { label: '全部难度', value: 'all' },
            ...DIFFICULTY_BANDS.map((b) => ({ label: DIFFICULTY_BAND_LABELS[b], value: b })),
          ]}
        />
      </div>
      <Table<Row>
        size="small"
        bordered
        pagination={false}
        loading={matrix.isLoading || tree.isLoading}
        dataSource={rows}
        expandable={{ defaultExpandAllRows: true }}
        key={`${rows.length}-${matrix.dataUpdatedAt}`}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: '题库中还没有试题' }}
        style={{ marginBottom: 20 }}
        columns={[
          { title: '知识点（含下级）', dataIndex: 'title', fixed: 'left', width: 200 },
          ...types.map((t) => ({
            title: QUESTION_TYPE_LABELS[t] ?? String(t),
            key: `t${t}`,
            align: 'center' as const,
            render: (_: unknown, r: Row) => n(r, cellKey(t, band)),
          })),
          {
            title: '难度档',
            children: DIFFICULTY_BANDS.map((b) => ({
              title: DIFFICULTY_BAND_LABELS[b],
              key: `b${b}`,
              align: 'center' as const,
              width: 52,
              render: (_: unknown, r: Row) => n(r, cellKey('all', b)),
            })),
          },
          {
            title: '合计',
            key: 'total',
            align: 'center' as const,
            width: 64,
            render: (_: unknown, r: Row) => <b>{n(r, cellKey('all', 'all'))}</b>,
          },
        ]}
      />
    </div>
  );
}

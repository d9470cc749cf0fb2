/** Picks questions from the banks for a fixed paper: filter by bank, type, level and keyword (/api/repo/qu/paging). */
import {
  QUESTION_LEVEL_LABELS,
  QUESTION_TYPE_LABELS,
  repoQuPaging,
  repoRepoList,
  type TQuListItem,
  type TQuPagingParams,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { call } from '../../../../../api/call';
import { useServerTable } from '../../../../../components';
import { QuestionLine } from '../../../../../components/question';
import { type PickedQu, pickedItem } from './picked-item';

export type { PickedQu };

interface Props {
  open: boolean;
  exclude: string[];
  onClose: () => void;
  onPick: (items: PickedQu[]) => void;
}

export const typeOptions = Object.entries(QUESTION_TYPE_LABELS).map(([v, l]) => ({ value: Number(v), label: l }));
export const levelOptions = Object.entries(QUESTION_LEVEL_LABELS).map(([v, l]) => ({ value: Number(v), label: l }));

export function useRepoOptions() {
  const q = useQuery({ queryKey: ['repo-options'], queryFn: () => call(repoRepoList, {}), staleTime: 60_000 });
  return (q.data ?? []).map((r) => ({ value: r.id, label: r.title }));
}

export default function QuestionPicker({ open, exclude, onClose, onPick }: Props) {
  const repos = useRepoOptions();
  const table = useServerTable<TQuListItem, TQuPagingParams>(['tmpl-qu-picker'], (req) => call(repoQuPaging, req), {
    selectable: true,
  });
  const [picked, setPicked] = useState<Map<string, TQuListItem>>(new Map());
  const params = table.request.params;
  const set = (patch: Partial<TQuPagingParams>) => table.search({ ...params, ...patch });

  return (
    <Modal
      open={open}
      title="选择题目"
      width={960}
      okText={`加入所选（${picked.size}）`}
      cancelText="取消"
      okButtonProps={{ disabled: picked.size === 0 }}
      onCancel={onClose}
      onOk={() => {
        onPick([...picked.values()].map(pickedItem));
        setPicked(new Map());
        table.setSelectedRowKeys([]);
      }}
      destroyOnHidden
    >
      <Space wrap style={{ marginBottom: 12 }}>
        <Select
          allowClear
          placeholder="题库"
          style={{ width: 200 }}
          options={repos}
          onChange={(repoId) => set({ repoId })}
          data-testid="picker-repo"
        />
        <Select
          allowClear
          placeholder="题型"
          style={{ width: 120 }}
          options={typeOptions}
          onChange={(type) => set({ type })}
        />
        <Select
          allowClear
          placeholder="难度"
          style={{ width: 110 }}
          options={levelOptions}
          onChange={(level) => set({ level })}
        />
        <Input.Search
          allowClear
          placeholder="题目关键字"
          style={{ width: 220 }}
          onSearch={(v) => set({ keyword: v.trim() || undefined })}
        />
      </Space>
      <Table<TQuListItem>
        {...table.tableProps}
        size="small"
        rowSelection={{
          selectedRowKeys: [...picked.keys()],
          getCheckboxProps: (r) => ({ disabled: exclude.includes(r.id) }),
          onChange: (_keys, rows) => {
            setPicked((prev) => {
              const next = new Map(prev);
              const onPage = new Set(table.records.map((r) => r.id));
              for (const id of onPage) next.delete(id);
              for (const r of rows) if (r) next.set(r.id, r);
              return next;
            });
          },
        }}
        columns={[
          {
            title: '题型',
            dataIndex: 'type',
            width: 90,
            render: (v: number) => <Tag color="blue">{QUESTION_TYPE_LABELS[v]}</Tag>,
          },
          { title: '难度', dataIndex: 'level', width: 70, render: (v: number) => QUESTION_LEVEL_LABELS[v] },
          { title: '题目', dataIndex: 'summary', ellipsis: true, render: (v: string) => <QuestionLine text={v} /> },
          {
            title: '题库',
            dataIndex: 'repos',
            width: 180,
            ellipsis: true,
            render: (rs: { title: string }[]) => rs.map((r) => r.title).join('、'),
          },
        ]}
      />
    </Modal>
  );
}

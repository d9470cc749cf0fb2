/**
 * What the statistics drawers of courses and live rooms share: the people filters (department,
 * name, more given as children) with the export button, and the paged list of people.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Flex, Input, Table, type TableColumnsType, TreeSelect } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { deptSelectProps, useDeptTree } from '../sys/shared';

export interface PeopleFilter {
  deptId?: string | null;
  realName?: string | null;
}

export function PeopleFilters({
  onChange,
  onExport,
  children,
  style,
}: {
  onChange: (patch: PeopleFilter) => void;
  /** Shown when the administrator may export. */
  onExport?: () => void;
  children?: ReactNode;
  style?: CSSProperties;
}) {
  const depts = useDeptTree();
  return (
    <Flex gap={8} wrap style={style}>
      <TreeSelect
        {...deptSelectProps(depts.data)}
        allowClear
        placeholder="部门"
        style={{ minWidth: 160 }}
        onChange={(v) => onChange({ deptId: (v as string | undefined) ?? null })}
      />
      <Input.Search
        allowClear
        placeholder="姓名"
        style={{ width: 160 }}
        onSearch={(v) => onChange({ realName: v.trim() || null })}
      />
      {children}
      {onExport && <Button onClick={onExport}>导出</Button>}
    </Flex>
  );
}

export type Paging = { current: number; size: number };

/** One page of people (rows keyed by userId) with the pager. */
export function PeopleTable<T extends { userId: string }>({
  query,
  page,
  onPage,
  columns,
  testId,
}: {
  query: UseQueryResult<{ records: T[]; total: number }>;
  page: Paging;
  onPage: (p: Paging) => void;
  columns: TableColumnsType<T>;
  testId?: string;
}) {
  return (
    <Table<T>
      size="small"
      rowKey="userId"
      loading={query.isFetching}
      dataSource={query.data?.records ?? []}
      data-testid={testId}
      pagination={{
        current: page.current,
        pageSize: page.size,
        total: query.data?.total ?? 0,
        onChange: (current, size) => onPage({ current, size }),
      }}
      columns={columns}
    />
  );
}

/**
 * A server-paged antd table: `{current, size, params}` → `{records, total}` (DESIGN 4 paging).
 * Usage: const table = useServerTable(['sys-user'], (req) => post('/api/sys/user/paging', req));
 *        <Table {...table.tableProps} columns={...} />; table.search({ userName }); table.refresh();
 */
import type { TPage } from '@exam/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig, TableProps } from 'antd';
import { createElement, useCallback, useState } from 'react';
import type { PageRequest } from '../api/call';
import LoadFailed from './LoadFailed';

export type { PageRequest };

export interface ServerTable<R, P> {
  request: PageRequest<P>;
  records: R[];
  total: number;
  loading: boolean;
  /** The last fetch failed (the table then shows the failure and a retry, not "no data"). */
  error: unknown;
  selectedRowKeys: React.Key[];
  setSelectedRowKeys: (keys: React.Key[]) => void;
  /** New filters, back to page 1. */
  search: (params: P) => void;
  /** Same page, same filters, fetched again. */
  refresh: () => void;
  tableProps: Pick<TableProps<R>, 'dataSource' | 'loading' | 'pagination' | 'rowKey' | 'rowSelection' | 'locale'>;
}

export function useServerTable<R extends { id?: string }, P extends object = Record<string, unknown>>(
  key: unknown[],
  fetcher: (req: PageRequest<P>) => Promise<TPage<R>>,
  options: { initialParams?: P; size?: number; selectable?: boolean } = {},
): ServerTable<R, P> {
  const [request, setRequest] = useState<PageRequest<P>>({
    current: 1,
    size: options.size ?? 10,
    params: options.initialParams ?? ({} as P),
  });
  const [selectedRowKeys, setSelectedRowKeys] = useState<React.Key[]>([]);
  const query = useQuery({
    queryKey: [...key, request],
    queryFn: () => fetcher(request),
    placeholderData: keepPreviousData,
  });
  const search = useCallback((params: P) => {
    setSelectedRowKeys([]);
    setRequest((r) => ({ ...r, current: 1, params }));
  }, []);
  const refresh = useCallback(() => {
    void query.refetch();
  }, [query]);
  const pagination: TablePaginationConfig = {
    current: request.current,
    pageSize: request.size,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    showQuickJumper: true,
    showTotal: (total) => `共 ${total} 条`,
    onChange: (current, size) => setRequest((r) => ({ ...r, current, size })),
  };
  return {
    request,
    records: query.data?.records ?? [],
    total: query.data?.total ?? 0,
    loading: query.isFetching,
    error: query.isError ? query.error : null,
    selectedRowKeys,
    setSelectedRowKeys,
    search,
    refresh,
    tableProps: {
      dataSource: query.data?.records ?? [],
      loading: query.isFetching,
      pagination,
      rowKey: 'id',
      ...(query.isError
        ? { locale: { emptyText: createElement(LoadFailed, { error: query.error, onRetry: refresh }) } }
        : {}),
      ...(options.selectable ? { rowSelection: { selectedRowKeys, onChange: setSelectedRowKeys } } : {}),
    },
  };
}

/**
 * Every list a learner reads (我的成绩, 考试记录, 考试错题, 我的消息, 训练记录): an antd table on a
 * wide screen; under 768 px one card per row, its fields as "title value" lines and the row's
 * actions at the card's foot, so that nothing of a row, and no action, lies beyond the screen's
 * right edge in a table that scrolls sideways without saying so.
 * A column marks its part of the card with `card`: 'title' (the card's heading; else the first
 * column), 'actions' (the buttons), 'hide' (not on the card).
 */
import { Checkbox, Empty, Pagination, Spin, Table, type TableProps } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { useMediaQuery } from '../hooks/useMediaQuery';
import './learner-table.css';

export const CARDS_QUERY = '(max-width: 767.98px)';

export interface LearnerColumn<R> extends ColumnType<R> {
  card?: 'title' | 'actions' | 'hide';
}

export interface LearnerTableProps<R> extends Omit<TableProps<R>, 'columns'> {
  columns: LearnerColumn<R>[];
}

/** The value a column shows for a row: its render over its dataIndex, as the table does. */
export function cellOf<R>(column: LearnerColumn<R>, record: R, index: number): ReactNode {
  type Step = string | number;
  const path = column.dataIndex === undefined ? [] : ([] as Step[]).concat(column.dataIndex as Step | Step[]);
  let value: unknown = path.length ? record : undefined;
  for (const k of path) value = (value as Record<Step, unknown> | null | undefined)?.[k];
  if (column.render) return column.render(value, record, index) as ReactNode;
  return value === null || value === undefined ? '' : String(value);
}

/** The card's parts: heading, the lines between, the actions. */
export function cardParts<R>(columns: LearnerColumn<R>[]) {
  const shown = columns.filter((c) => c.card !== 'hide');
  const actions = shown.filter((c) => c.card === 'actions');
  const rest = shown.filter((c) => c.card !== 'actions');
  const title = rest.find((c) => c.card === 'title') ?? rest[0];
  return { title, lines: rest.filter((c) => c !== title), actions };
}

function keyOf<R>(rowKey: TableProps<R>['rowKey'], record: R, index: number): Key {
  if (typeof rowKey === 'function') return rowKey(record, index);
  const value = (record as Record<string, unknown>)[(rowKey as string) ?? 'key'];
  return (value as Key) ?? index;
}

function RowCards<R extends object>(props: LearnerTableProps<R>) {
  const { columns, dataSource = [], loading, pagination, rowKey, rowSelection, locale } = props;
  const { title, lines, actions } = cardParts(columns);
  const selected = new Set(rowSelection?.selectedRowKeys ?? []);
  const toggle = (key: Key, on: boolean) => {
    const keys = on ? [...selected, key] : [...selected].filter((k) => k !== key);
    const rows = dataSource.filter((r, i) => keys.includes(keyOf(rowKey, r, i)));
    rowSelection?.onChange?.(keys, rows, { type: 'multiple' });
  };
  const spinning = typeof loading === 'object' ? Boolean(loading.spinning) : Boolean(loading);
  return (
    <Spin spinning={spinning}>
      {dataSource.length === 0 ? (
        <div className="row-cards__empty">{(locale?.emptyText as ReactNode) ?? <Empty />}</div>
      ) : (
        <ul className="row-cards">
          {dataSource.map((record, i) => {
            const key = keyOf(rowKey, record, i);
            return (
              <li key={key} className="row-card" data-testid="row-card">
                <div className="row-card__title">
                  {rowSelection && (
                    <Checkbox
                      checked={selected.has(key)}
                      onChange={(e) => toggle(key, e.target.checked)}
                      aria-label="选择"
                    />
                  )}
                  <div className="row-card__heading">{title && cellOf(title, record, i)}</div>
                </div>
                {lines.length > 0 && (
                  <dl className="row-card__lines">
                    {lines.map((c, n) => (
                      <div key={String(c.key ?? c.dataIndex ?? n)}>
                        <dt>{c.title as ReactNode}</dt>
                        <dd>{cellOf(c, record, i)}</dd>
                      </div>
                    ))}
                  </dl>
                )}
                {actions.length > 0 && (
                  <div className="row-card__actions">
                    {actions.map((c, n) => (
                      <span key={String(c.key ?? n)}>{cellOf(c, record, i)}</span>
                    ))}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {pagination && (pagination.total ?? 0) > (pagination.pageSize ?? 10) && (
        <Pagination
          className="row-cards__pages"
          simple
          current={pagination.current}
          pageSize={pagination.pageSize}
          total={pagination.total}
          onChange={pagination.onChange}
        />
      )}
    </Spin>
  );
}

export default function LearnerTable<R extends object>(props: LearnerTableProps<R>) {
  const cards = useMediaQuery(CARDS_QUERY);
  if (cards) return <RowCards {...props} />;
  const { columns, ...rest } = props;
  return <Table<R> {...rest} columns={columns.map(({ card: _, ...c }) => c)} />;
}

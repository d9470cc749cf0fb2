/**
 * 我的错题本 (/web/book): every wrong answer of the learner in one place, grouped by exam, bank and
 * kind or by knowledge point (a parent point counts its sub-points' entries), with the book's rules; each entry a card (its actions visible at 390 px), redo by group.
 */
import { DeleteOutlined, RedoOutlined } from '@ant-design/icons';
import { bookDelete, bookPaging, QUESTION_TYPE_LABELS } from '@exam/contracts';
import { Button, Card, Empty, List, Popconfirm, Segmented, Space, Tag, Typography } from 'antd';
import type { TablePaginationConfig } from 'antd/es/table';
import { useMemo, useState } from 'react';
import type { BookFilter, TBookRecord } from '../../../api/exam';
import { useServerTable } from '../../../components';
import QuestionLine from '../../../components/question/QuestionLine';
import { formatDateTime } from '../../../utils/time';
import BookRules, { useBookSummary } from './BookRules';
import RedoPanel from './list/RedoPanel';
import '../exam/exam.css';
import '../exam/start/room.css';
import './book.css';
import { call } from '../../../api/call';

type Group = { key: string; label: string; count: number; filter: BookFilter };

export default function WebBook() {
  const summary = useBookSummary();
  const [filter, setFilter] = useState<BookFilter>({});
  const [active, setActive] = useState('all');
  const [redo, setRedo] = useState(false);
  // 分组: by where the entries came from (exam, bank, kind), or by knowledge point.
  const [by, setBy] = useState<'source' | 'kp'>('source');
  const table = useServerTable<TBookRecord, BookFilter>(['book', 'all'], (req) => call(bookPaging, req), {
    initialParams: {},
  });
  const s = summary.data;
  const groups = useMemo(() => {
    if (!s) return [];
    const sections: { title: string; items: Group[] }[] = [
      {
        title: '按考试',
        items: s.exams.map((e) => ({
          key: `e${e.examId}`,
          label: e.title,
          count: e.count,
          filter: { examId: e.examId },
        })),
      },
      {
        title: '按题库',
        items: s.repos.map((r) => ({
          key: `r${r.repoId}`,
          label: r.title,
          count: r.count,
          filter: { repoId: r.repoId },
        })),
      },
      {
        title: '按题型',
        items: s.types.map((t) => ({
          key: `t${t.type}`,
          label: QUESTION_TYPE_LABELS[t.type] ?? String(t.type),
          count: t.count,
          filter: { quType: t.type },
        })),
      },
    ];
    const byPoint = {
      title: '按知识点',
      items: s.kps.map((k) => ({
        key: `k${k.kpId}`,
        label: k.path,
        count: k.count,
        filter: { kpId: k.kpId },
      })),
    };
    return by === 'kp' ? [byPoint] : sections.filter((x) => x.items.length > 0);
  }, [s, by]);
  const choose = (key: string, f: BookFilter) => {
    setActive(key);
    setFilter(f);
    table.search(f);
  };
  if (redo)
    return (
      <RedoPanel
        filter={filter}
        onClose={() => {
          setRedo(false);
          table.refresh();
          void summary.refetch();
        }}
      />
    );
  return (
    <Card
      className="page-card book-page"
      variant="borderless"
      title="我的错题本"
      extra={
        <Button type="primary" icon={<RedoOutlined />} disabled={table.total === 0} onClick={() => setRedo(true)}>
          开始重做
        </Button>
      }
    >
      <BookRules />
      <div className="book-groups" data-testid="book-groups">
        <Segmented
          size="small"
          aria-label="错题分组方式"
          style={{ marginBottom: 8 }}
          options={[
            { label: '按来源分组', value: 'source' },
            { label: '按知识点分组', value: 'kp' },
          ]}
          value={by}
          onChange={(v) => {
            setBy(v as 'source' | 'kp');
            choose('all', {});
          }}
        />
        {by === 'kp' && s && s.kps.length === 0 && (
          <Typography.Text type="secondary" style={{ display: 'block' }}>
            错题还没有标注知识点
          </Typography.Text>
        )}
        <Tag.CheckableTag checked={active === 'all'} onChange={() => choose('all', {})}>
          全部 {s?.total ?? 0}
        </Tag.CheckableTag>
        {groups.map((g) => (
          <div key={g.title} className="book-groups__row">
            <Typography.Text type="secondary" className="book-groups__title">
              {g.title}
            </Typography.Text>
            {g.items.map((i) => (
              <Tag.CheckableTag key={i.key} checked={active === i.key} onChange={() => choose(i.key, i.filter)}>
                {i.label} {i.count}
              </Tag.CheckableTag>
            ))}
          </div>
        ))}
      </div>
      <List<TBookRecord>
        dataSource={table.records}
        loading={table.loading}
        pagination={
          table.total > table.request.size
            ? {
                simple: true,
                current: table.request.current,
                pageSize: table.request.size,
                total: table.total,
                onChange: (table.tableProps.pagination as TablePaginationConfig).onChange,
              }
            : false
        }
        locale={{ emptyText: <Empty description="错题本是空的，继续保持！" /> }}
        renderItem={(r) => (
          <List.Item
            className="book-item"
            data-testid="book-item"
            actions={[
              <Popconfirm
                key="remove"
                title="确定将该题移出错题本吗？"
                onConfirm={async () => {
                  await call(bookDelete, { ids: [r.id] });
                  table.refresh();
                  void summary.refetch();
                }}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                  移出
                </Button>
              </Popconfirm>,
            ]}
          >
            <div className="book-item__body">
              <Space size={4} wrap>
                <Tag color="blue">{QUESTION_TYPE_LABELS[r.type]}</Tag>
                {r.examTitle && <Tag>{r.examTitle}</Tag>}
                {r.repoTitle && <Tag>{r.repoTitle}</Tag>}
              </Space>
              <div className="book-item__content">
                <QuestionLine html={r.content} />
              </div>
              <Typography.Text type="secondary" className="book-item__meta">
                错 {r.wrongCount} 次 · 连续答对 {r.rightStreak}/{s?.leaveStreak ?? '-'} · 最近答错{' '}
                {formatDateTime(r.lastWrongAt)}
              </Typography.Text>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}

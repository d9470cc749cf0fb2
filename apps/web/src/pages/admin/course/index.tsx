/** 课程管理: courses with learners and completions; edit, chapters and files, publish/unpublish, progress, categories, delete. */
import { PlusOutlined } from '@ant-design/icons';
import type { TCourseRecord } from '@exam/contracts';
import { courseCourseDelete, courseCoursePaging, courseCoursePublish } from '@exam/contracts';
import { Button, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { call, type PageParams } from '../../../api/call';
import { PageContainer, TableActions, usePermission, useServerTable } from '../../../components';
import { ActionLink, DeleteLink } from '../shared/RowActions';
import TitleStateSearch from '../shared/TitleStateSearch';
import { useRecordDialog } from '../shared/useRecordForm';
import { attempt } from '../sys/shared';
import CategoryModal from './CategoryModal';
import ChapterDrawer from './ChapterDrawer';
import CourseFormModal from './CourseFormModal';
import StatDrawer from './StatDrawer';

export default function CourseAdminPage() {
  const canSave = usePermission('course:course:save');
  const canPublish = usePermission('course:course:publish');
  const canDelete = usePermission('course:course:delete');
  const canStat = usePermission('course:stat:view');
  const table = useServerTable<TCourseRecord, PageParams<typeof courseCoursePaging>>(['course-admin'], (req) =>
    call(courseCoursePaging, req),
  );
  const [chaptersOf, setChaptersOf] = useState<string | null>(null);
  const [statOf, setStatOf] = useState<TCourseRecord | null>(null);
  const [categories, setCategories] = useState(false);
  const editor = useRecordDialog((id, created) => {
    table.refresh();
    if (created) setChaptersOf(id);
  });

  const columns: ColumnsType<TCourseRecord> = [
    { title: '课程名称', dataIndex: 'title', render: (v: string) => <span className="exam-list__title">{v}</span> },
    { title: '分类', dataIndex: 'categoryName', width: 110, render: (v) => v || '—' },
    { title: '学时', dataIndex: 'hours', width: 70 },
    { title: '类型', dataIndex: 'required', width: 70, render: (v: boolean) => (v ? '必修' : '选修') },
    { title: '课件', dataIndex: 'fileCount', width: 70 },
    {
      title: '状态',
      dataIndex: 'state',
      width: 90,
      render: (v: number) => (v === 1 ? <Tag color="success">已发布</Tag> : <Tag>未发布</Tag>),
    },
    { title: '学习/完成', key: 'n', width: 100, render: (_, r) => `${r.learnerCount}/${r.completedCount}` },
    {
      title: '操作',
      key: 'actions',
      width: 260,
      render: (_, r) => (
        <TableActions>
          {canSave && <ActionLink onClick={() => editor.edit(r.id)}>编辑</ActionLink>}
          {canSave && (
            <ActionLink onClick={() => setChaptersOf(r.id)} testId={`chapters-${r.id}`}>
              章节课件
            </ActionLink>
          )}
          {canPublish && (
            <ActionLink
              onClick={() =>
                attempt(() => call(courseCoursePublish, { id: r.id, state: r.state === 1 ? 0 : 1 })).then(table.refresh)
              }
            >
              {r.state === 1 ? '下架' : '发布'}
            </ActionLink>
          )}
          {canStat && <ActionLink onClick={() => setStatOf(r)}>学习进度</ActionLink>}
          {canDelete && <DeleteLink onDelete={() => call(courseCourseDelete, { ids: [r.id] }).then(table.refresh)} />}
        </TableActions>
      ),
    },
  ];

  return (
    <PageContainer
      title="课程管理"
      extra={
        canSave && (
          <>
            <Button onClick={() => setCategories(true)} style={{ marginRight: 8 }}>
              课程分类
            </Button>
            <Button type="primary" icon={<PlusOutlined />} onClick={editor.create}>
              新建课程
            </Button>
          </>
        )
      }
      search={
        <TitleStateSearch
          name="courseSearch"
          placeholder="课程名称"
          states={[
            { value: 0, label: '未发布' },
            { value: 1, label: '已发布' },
          ]}
          onSearch={table.search}
        />
      }
    >
      <Table<TCourseRecord> {...table.tableProps} columns={columns} scroll={{ x: 960 }} />
      <CourseFormModal {...editor.dialog} />
      <ChapterDrawer
        courseId={chaptersOf}
        onClose={() => {
          setChaptersOf(null);
          table.refresh();
        }}
      />
      <StatDrawer course={statOf} onClose={() => setStatOf(null)} />
      <CategoryModal open={categories} onClose={() => setCategories(false)} />
    </PageContainer>
  );
}

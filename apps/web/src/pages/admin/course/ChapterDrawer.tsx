/** 章节课件: ordered chapters and their files; uploads show a progress bar (purpose course, 20-minute client). */
import { DeleteOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  COURSE_FILE_KIND_LABELS,
  courseChapterSave,
  courseCourseDetail,
  courseFileDelete,
  courseFileSave,
  type TCourseChapter,
} from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Button, Card, Drawer, Empty, Flex, Input, InputNumber, Progress, Tag, Upload } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/call';
import { uploadCourseFile } from '../../../api/course';
import { attempt } from '../sys/shared';

const ACCEPT = '.mp4,.webm,.mp3,.pdf,.png,.jpg,.jpeg,.gif,.webp,.docx,.xlsx,.pptx';
const fmtDuration = (s: number) =>
  s > 0 ? `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}` : '';

function ChapterCard({ chapter, onChanged }: { chapter: TCourseChapter; onChanged: () => void }) {
  const { message } = App.useApp();
  const [percent, setPercent] = useState<number | null>(null);
  const [minRead, setMinRead] = useState(30);
  const add = async (file: File) => {
    setPercent(0);
    const ok = await attempt(async () => {
      const up = await uploadCourseFile(file, setPercent);
      await call(courseFileSave, {
        chapterId: chapter.id,
        fileId: up.id,
        title: file.name.replace(/\.[^.]+$/, ''),
        minReadSeconds: minRead,
        sort: chapter.files.length + 1,
      });
    });
    setPercent(null);
    if (ok) message.success('课件已添加');
    onChanged();
  };
  return (
    <Card size="small" title={chapter.title} style={{ marginBottom: 12 }} data-testid={`chapter-${chapter.title}`}>
      {chapter.files.map((f) => (
        <Flex key={f.id} gap={8} align="center" style={{ padding: '4px 0' }}>
          <Tag>{COURSE_FILE_KIND_LABELS[f.kind]}</Tag>
          <span style={{ flex: 1, overflowWrap: 'anywhere' }}>{f.title}</span>
          <span>{fmtDuration(f.duration)}</span>
          {f.kind === 'doc' && <Tag color={f.hasPdf ? 'success' : 'default'}>{f.hasPdf ? '可在线预览' : '仅下载'}</Tag>}
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => attempt(() => call(courseFileDelete, { id: f.id })).then(onChanged)}
          />
        </Flex>
      ))}
      {percent !== null && <Progress percent={percent} size="small" data-testid="upload-progress" />}
      <Flex gap={8} align="center" wrap style={{ marginTop: 8 }}>
        <Upload
          accept={ACCEPT}
          showUploadList={false}
          beforeUpload={(file) => {
            void add(file);
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={percent !== null}>
            上传课件
          </Button>
        </Upload>
        <span>文档最少阅读</span>
        <InputNumber
          size="small"
          min={0}
          max={36000}
          value={minRead}
          onChange={(v) => setMinRead(v ?? 0)}
          addonAfter="秒"
        />
      </Flex>
    </Card>
  );
}

export default function ChapterDrawer({ courseId, onClose }: { courseId: string | null; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const detail = useQuery({
    queryKey: ['course-admin-detail', courseId],
    queryFn: () => call(courseCourseDetail, { id: courseId as string }),
    enabled: Boolean(courseId),
  });
  const refresh = () => void detail.refetch();
  const addChapter = async () => {
    if (!courseId || !title.trim()) return;
    const ok = await attempt(() =>
      call(courseChapterSave, { courseId, title: title.trim(), sort: (detail.data?.chapters.length ?? 0) + 1 }),
    );
    if (ok) setTitle('');
    refresh();
  };
  return (
    <Drawer title={`章节课件：${detail.data?.title ?? ''}`} open={Boolean(courseId)} onClose={onClose} size="large">
      {detail.data?.chapters.length === 0 && <Empty description="暂无章节，请先添加章节" />}
      {detail.data?.chapters.map((c) => (
        <ChapterCard key={c.id} chapter={c} onChanged={refresh} />
      ))}
      <Flex gap={8}>
        <Input placeholder="章节名称" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={100} />
        <Button icon={<PlusOutlined />} onClick={addChapter}>
          添加章节
        </Button>
      </Flex>
    </Drawer>
  );
}

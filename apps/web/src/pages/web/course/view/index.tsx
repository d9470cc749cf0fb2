/**
 * 课程详情 (/web/course/view/:courseId) and the player (/web/course/view/:courseId/:fileId):
 * introduction, chapters and files with their state, continue where I stopped, linked exams;
 * with a file: video/audio, PDF, image or document, and previous/next buttons.
 */
import { CheckCircleFilled, LockOutlined, PlayCircleOutlined } from '@ant-design/icons';
import type { TCourseFile, TFileProgress, THeartbeatResult } from '@exam/contracts';
import { COURSE_FILE_KIND_LABELS, courseLearnDetail } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Empty, Flex, Progress, Result, Skeleton, Tag, Typography } from 'antd';
import { useMemo, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import LoadFailed from '../../../../components/LoadFailed';
import { formatStudy } from '../../../../utils/study-time';
import '../../../../components/media-card.css';
import '../course.css';
import { call } from '../../../../api/call';
import { courseContentUrl } from '../../../../api/course';
import FileView from './FileView';

function FileState({ p }: { p: TFileProgress | undefined }) {
  if (p?.done)
    return (
      <Tag color="success" icon={<CheckCircleFilled />}>
        已完成
      </Tag>
    );
  if (p && (p.percent > 0 || p.studySeconds > 0)) return <Tag color="processing">学习中 {p.percent}%</Tag>;
  return <Tag>未开始</Tag>;
}

export default function WebCourseView() {
  const { courseId = '', fileId } = useParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const key = ['course-learn', courseId];
  const query = useQuery({ queryKey: key, queryFn: () => call(courseLearnDetail, { id: courseId }), retry: false });
  const d = query.data;
  const files = useMemo(() => (d?.chapters ?? []).flatMap((c) => c.files), [d]);
  const progressOf = (id: string) => d?.files.find((f) => f.fileId === id);
  const { message } = App.useApp();
  const warned = useRef(new Set<string>());

  if (query.isLoading) return <Skeleton active />;
  if (query.isError || !d)
    return (
      <Card className="page-card" variant="borderless">
        <LoadFailed error={query.error} onRetry={() => void query.refetch()} />
      </Card>
    );

  const open = (f: TCourseFile) => navigate(`/web/course/view/${courseId}/${f.id}`);
  const current = fileId ? files.find((f) => f.id === fileId) : undefined;
  const index = current ? files.indexOf(current) : -1;
  const resume =
    files.find((f) => f.id === d.lastFileId && !progressOf(f.id)?.done) ?? files.find((f) => !progressOf(f.id)?.done);
  const onBeat = (r: THeartbeatResult) => {
    // The server credited nothing (the content was never fetched): say so once per file.
    if (!r.opened && r.notice && !warned.current.has(r.fileId)) {
      warned.current.add(r.fileId);
      message.warning(r.notice);
    }
    const before = progressOf(r.fileId);
    if (
      !before ||
      before.done !== r.done ||
      before.percent !== r.percent ||
      r.courseCompleted !== Boolean(d.completedAt)
    )
      void qc.invalidateQueries({ queryKey: key });
  };

  return (
    <div className="side-layout">
      <Card className="page-card" variant="borderless" title={current ? current.title : d.title}>
        {current ? (
          <>
            <FileView
              key={current.id}
              file={current}
              progress={progressOf(current.id)}
              allowSkip={d.allowSkip}
              onBeat={onBeat}
            />
            <Flex justify="space-between" style={{ marginTop: 12 }}>
              <Button disabled={index <= 0} onClick={() => open(files[index - 1])}>
                上一个
              </Button>
              <Button onClick={() => navigate(`/web/course/view/${courseId}`)}>课程介绍</Button>
              <Button type="primary" disabled={index >= files.length - 1} onClick={() => open(files[index + 1])}>
                下一个
              </Button>
            </Flex>
          </>
        ) : (
          <>
            <Flex gap={8} wrap style={{ marginBottom: 12 }}>
              <Tag color={d.required ? 'red' : 'default'}>{d.required ? '必修' : '选修'}</Tag>
              <Tag color="blue">{d.hours} 学时</Tag>
              {d.lecturer && <Tag>讲师：{d.lecturer}</Tag>}
            </Flex>
            {d.completedAt ? (
              <Result
                status="success"
                title="已完成本课程"
                subTitle={`学习时长 ${formatStudy(d.studySeconds)}`}
                data-testid="course-complete"
              />
            ) : resume ? (
              <Button
                type="primary"
                icon={<PlayCircleOutlined />}
                onClick={() => open(resume)}
                data-testid="course-continue"
              >
                {d.progress > 0 ? '继续学习' : '开始学习'}：{resume.title}
              </Button>
            ) : null}
            {/* biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised on the server when saved */}
            <div className="rich-content" style={{ marginTop: 16 }} dangerouslySetInnerHTML={{ __html: d.content }} />
          </>
        )}
      </Card>
      <div>
        <Card size="small" title="学习进度" style={{ marginBottom: 12 }}>
          <Progress percent={d.progress} status={d.completedAt ? 'success' : 'active'} data-testid="course-progress" />
          <Typography.Text type="secondary">学习时长：{formatStudy(d.studySeconds)}</Typography.Text>
        </Card>
        <Card size="small" title="课程目录" style={{ marginBottom: 12 }}>
          {d.chapters.length === 0 && <Empty description="暂无课件" />}
          {d.chapters.map((c) => (
            <div key={c.id} style={{ marginBottom: 8 }}>
              <Typography.Text strong>{c.title}</Typography.Text>
              {c.files.map((f) => (
                // biome-ignore lint/a11y/useSemanticElements: a list row holding tags
                <div
                  key={f.id}
                  role="button"
                  tabIndex={0}
                  data-testid={`course-file-${f.id}`}
                  className={`course-file-row${f.id === fileId ? ' course-file-row--active' : ''}`}
                  onClick={() => open(f)}
                  onKeyDown={(e) => e.key === 'Enter' && open(f)}
                >
                  <Tag>{COURSE_FILE_KIND_LABELS[f.kind]}</Tag>
                  <span className="course-file-row__title">{f.title}</span>
                  <FileState p={progressOf(f.id)} />
                </div>
              ))}
            </div>
          ))}
        </Card>
        {d.exams.length > 0 && (
          <Card size="small" title="关联考试">
            {d.exams.map((e) => (
              <Flex
                key={e.id}
                justify="space-between"
                align="center"
                gap={8}
                style={{ padding: '4px 0' }}
                data-testid={`linked-exam-${e.id}`}
              >
                <span style={{ overflowWrap: 'anywhere' }}>{e.title}</span>
                {e.unlocked ? (
                  <Button size="small" type="primary" onClick={() => navigate(`/web/exam/check/${e.id}`)}>
                    去考试
                  </Button>
                ) : (
                  <Tag icon={<LockOutlined />}>完成课程后解锁</Tag>
                )}
              </Flex>
            ))}
          </Card>
        )}
      </div>
    </div>
  );
}

export { courseContentUrl };

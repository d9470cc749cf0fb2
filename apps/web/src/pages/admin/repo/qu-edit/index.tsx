/** 编辑试题: the editor of one question with a live preview; `new` creates one. */

import { repoQuDetail, repoQuSave, repoRepoList } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Form, message, Row, Skeleton, Space } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { call } from '../../../../api/call';
import { PageContainer } from '../../../../components';
import {
  KnowledgeSelect,
  newQuestion,
  QuestionEditor,
  QuestionPreview,
  type QuForm,
} from '../../../../components/question';
import RepoSelect from './RepoSelect';

export default function QuEditPage() {
  const { id = 'new' } = useParams();
  const [query] = useSearchParams();
  const backRepo = query.get('repoId');
  const navigate = useNavigate();
  const isNew = id === 'new';
  const repos = useQuery({ queryKey: ['repo-list'], queryFn: () => call(repoRepoList, {}) });
  const detail = useQuery({
    queryKey: ['qu-detail', id],
    queryFn: () => call(repoQuDetail, { id }),
    enabled: !isNew,
    gcTime: 0,
  });
  // A draft of AI 出题 arrives as router state: reviewed here, saved by the usual save.
  const draft = (useLocation().state as { draft?: QuForm } | null)?.draft;
  const [value, setValue] = useState<QuForm>(() => (isNew && draft ? draft : newQuestion(1)));
  const [tags, setTags] = useState<string[]>([]);
  const [repoIds, setRepoIds] = useState<string[]>(backRepo ? [backRepo] : []);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    setValue({ ...d, level: d.level as 1 | 2, children: d.children.map((c) => ({ ...c, level: c.level as 1 | 2 })) });
    setTags(d.tags);
    setRepoIds(d.repoIds);
  }, [detail.data]);

  const back = () => navigate(backRepo ? `/admin/repo/detail/${backRepo}` : '/admin/repo/qu');
  const save = async (again: boolean) => {
    if (repoIds.length === 0) {
      message.error('请至少选择一个题库');
      return;
    }
    setSaving(true);
    try {
      await call(repoQuSave, {
        ...value,
        analysis: value.analysis || null,
        tags,
        repoIds,
        children: value.children ?? [],
      } as never);
      message.success('保存成功');
      if (again) {
        setValue(newQuestion(value.type));
      } else back();
    } finally {
      setSaving(false);
    }
  };

  if (!isNew && detail.isLoading) return <Skeleton active style={{ padding: 24 }} />;
  return (
    <PageContainer
      title={isNew ? '新增试题' : '编辑试题'}
      extra={
        <Space>
          <Button onClick={back}>返回</Button>
          {isNew && (
            <Button loading={saving} onClick={() => save(true)}>
              保存并继续新增
            </Button>
          )}
          <Button type="primary" loading={saving} onClick={() => save(false)} data-testid="qu-save">
            保存
          </Button>
        </Space>
      }
    >
      <Row gutter={24}>
        <Col xs={24} xl={14}>
          <Form layout="vertical" component={false}>
            <Row gutter={16}>
              <Col span={12}>
                <Form.Item label="所属题库" required htmlFor="qu-repos">
                  <RepoSelect id="qu-repos" value={repoIds} onChange={setRepoIds} repos={repos.data ?? []} />
                </Form.Item>
              </Col>
              <Col span={12}>
                <Form.Item label="知识点" htmlFor="qu-tags">
                  <KnowledgeSelect multiple id="qu-tags" value={tags} onChange={setTags} placeholder="选择知识点" />
                </Form.Item>
              </Col>
            </Row>
          </Form>
          <QuestionEditor value={value} onChange={setValue} />
        </Col>
        <Col xs={24} xl={10}>
          <Card size="small" title="实时预览" style={{ position: 'sticky', top: 16 }}>
            <div className="qu-preview">
              <QuestionPreview question={value} showAnswer />
            </div>
          </Card>
        </Col>
      </Row>
    </PageContainer>
  );
}

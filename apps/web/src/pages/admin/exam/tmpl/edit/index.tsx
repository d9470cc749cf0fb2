/** 编辑试卷 (/admin/exam/tmpl/edit/:id?): fixed or rule paper, sections, live total, preview, save. */
import { ArrowLeftOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import { paperTmplDetail, paperTmplSave, TMPL_KIND_LABELS, type TTmplSave } from '@exam/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Divider, Form, Input, Radio, Space, Spin, Statistic } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { call } from '../../../../../api/call';
import { useTagsViewStore } from '../../../../../stores/tags-view';
import PreviewModal from '../PreviewModal';
import BlueprintSections, { type BlueprintSectionState } from './BlueprintSections';
import FixedSections, { type FixedSectionState } from './FixedSections';
import ParallelForms from './ParallelForms';
import RuleSections, { type RuleSectionState } from './RuleSections';

export default function ExamTmplEdit() {
  const { id } = useParams();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [form] = Form.useForm<{ title: string; remark?: string }>();
  const [kind, setKind] = useState<1 | 2>(1);
  const [fixed, setFixed] = useState<FixedSectionState[]>([{ title: '一、单选题', items: [] }]);
  const [rules, setRules] = useState<RuleSectionState[]>([]);
  const [blueprints, setBlueprints] = useState<BlueprintSectionState[]>([]);
  const [saving, setSaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TTmplSave | null>(null);
  const detail = useQuery({
    queryKey: ['tmpl-detail', id],
    queryFn: () => call(paperTmplDetail, { id: id as string }),
    enabled: Boolean(id),
    gcTime: 0,
  });

  useEffect(() => {
    const d = detail.data;
    if (!d) return;
    form.setFieldsValue({ title: d.title, remark: d.remark ?? '' });
    setKind(d.kind as 1 | 2);
    setFixed(
      d.fixedSections.map((s) => ({
        title: s.title,
        items: s.items.map((q) => ({
          quId: q.quId,
          score: q.score,
          type: q.type ?? 0,
          level: q.level ?? 1,
          content: q.content ?? '',
        })),
      })),
    );
    setRules(d.ruleSections.map((r) => ({ ...r, level: (r.level ?? 0) as 0 | 1 | 2 })));
    setBlueprints(d.blueprintSections);
  }, [detail.data, form]);

  const totals = useMemo(() => {
    if (kind === 1)
      return {
        count: fixed.reduce((n, s) => n + s.items.length, 0),
        score: fixed.reduce((n, s) => n + s.items.reduce((a, q) => a + (q.score || 0), 0), 0),
      };
    const cells = blueprints.flatMap((b) => b.cells);
    return {
      count: rules.reduce((n, r) => n + r.count, 0) + cells.reduce((n, c) => n + c.count, 0),
      score: rules.reduce((n, r) => n + r.count * r.score, 0) + cells.reduce((n, c) => n + c.count * c.score, 0),
    };
  }, [kind, fixed, rules, blueprints]);

  const build = async (): Promise<TTmplSave | null> => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return null;
    const body: TTmplSave = { id: id ?? null, title: v.title, kind, remark: v.remark || null };
    if (kind === 1) {
      if (!fixed.length || fixed.some((s) => !s.items.length)) {
        message.error('每个大题至少选择一道题目');
        return null;
      }
      body.fixedSections = fixed.map((s) => ({
        title: s.title,
        items: s.items.map((q) => ({ quId: q.quId, score: q.score })),
      }));
    } else {
      if (!rules.length && !blueprints.length) {
        message.error('请至少添加一条抽题规则或一个蓝图大题');
        return null;
      }
      if (rules.some((r) => !r.repoIds.length) || blueprints.some((b) => !b.repoIds.length)) {
        message.error('请为每条规则和每个蓝图大题选择题库');
        return null;
      }
      body.ruleSections = rules;
      body.blueprintSections = blueprints;
    }
    return body;
  };

  const save = async () => {
    const body = await build();
    if (!body) return;
    setSaving(true);
    setServerError(null);
    try {
      await call(paperTmplSave, body);
      message.success('保存成功');
      useTagsViewStore.getState().delView(pathname);
      void qc.invalidateQueries({ queryKey: ['exam-tmpl'] });
      navigate('/admin/exam/tmpl');
    } catch (err) {
      setServerError((err as Error).message);
    } finally {
      setSaving(false);
    }
  };

  if (id && detail.isLoading) return <Spin style={{ display: 'block', margin: 80 }} />;
  return (
    <Card
      className="page-card"
      variant="borderless"
      title={
        <Space>
          <Button type="text" icon={<ArrowLeftOutlined />} onClick={() => navigate('/admin/exam/tmpl')} />
          {id ? '编辑试卷' : '新建试卷'}
        </Space>
      }
      extra={
        <Space>
          <Button icon={<EyeOutlined />} onClick={async () => setPreview(await build())}>
            预览
          </Button>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={save} data-testid="tmpl-save">
            保存
          </Button>
        </Space>
      }
    >
      <div style={{ display: 'flex', gap: 24, alignItems: 'flex-start' }}>
        <Form form={form} layout="vertical" style={{ flex: 1, maxWidth: 720 }}>
          <Form.Item
            name="title"
            label="试卷名称"
            rules={[
              { required: true, whitespace: true, message: '请输入试卷名称' },
              { max: 100, message: '试卷名称不能超过100个字符' },
            ]}
          >
            <Input placeholder="例如：2026年安全生产知识考试卷" maxLength={100} />
          </Form.Item>
          <Form.Item label="组卷方式" required>
            <Radio.Group
              value={kind}
              onChange={(e) => setKind(e.target.value)}
              optionType="button"
              buttonStyle="solid"
              disabled={Boolean(id)}
              options={[1, 2].map((k) => ({ value: k, label: TMPL_KIND_LABELS[k] }))}
            />
          </Form.Item>
          <Form.Item name="remark" label="备注">
            <Input.TextArea rows={2} maxLength={500} placeholder="选填" />
          </Form.Item>
        </Form>
        <Card size="small" style={{ width: 220, background: '#f6f9ff' }}>
          <Statistic
            title="试卷总分"
            value={Math.round(totals.score * 100) / 100}
            suffix="分"
            valueStyle={{ color: '#1677ff' }}
          />
          <Statistic title="题目数量" value={totals.count} suffix="题" style={{ marginTop: 8 }} />
        </Card>
      </div>
      {serverError && (
        <Alert
          type="error"
          showIcon
          closable
          message="保存失败"
          description={serverError}
          style={{ marginBottom: 16 }}
          onClose={() => setServerError(null)}
          data-testid="tmpl-error"
        />
      )}
      {kind === 1 ? (
        <FixedSections value={fixed} onChange={setFixed} />
      ) : (
        <>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="随机组卷：每位考生每次考试都会按规则从题库重新抽题。"
          />
          <RuleSections value={rules} onChange={setRules} />
          <Divider titlePlacement="start">按蓝图组卷（智能组卷）</Divider>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 12 }}
            message="按题型 × 知识点 × 难度（易/中/难）列出每格的题数和分值，每位考生抽到的试卷都严格满足蓝图；同时属于多格的题目每次只计入其中一格。"
          />
          <BlueprintSections value={blueprints} onChange={setBlueprints} />
          {id && detail.data?.blueprintSections.length ? (
            <ParallelForms tmplId={id} initial={detail.data.forms} />
          ) : null}
        </>
      )}
      <PreviewModal open={Boolean(preview)} tmpl={preview ?? undefined} onClose={() => setPreview(null)} />
    </Card>
  );
}

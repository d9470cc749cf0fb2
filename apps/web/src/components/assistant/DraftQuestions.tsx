/**
 * AI 出题 in the bank's question list: the administrator pastes course text or reads
 * it from an uploaded course document (从文档读取: .docx, .pdf, .txt, .md; the server answers the
 * text, cut to the model's budget with a note, and keeps nothing), the model drafts questions, and each draft opens in the usual question editor (新增试题, pre-filled) where it
 * is reviewed, edited and saved through the usual save. Nothing is saved from here.
 */
import { FileTextOutlined, RobotOutlined } from '@ant-design/icons';
import {
  ASSISTANT_DOC_EXTENSIONS,
  ASSISTANT_DOC_MAX_BYTES,
  ASSISTANT_DRAFT_TEXT_MAX,
  assistantDraft,
  QUESTION_TYPE_LABELS,
  type TAssistantDraftQu,
} from '@exam/contracts';
import { Alert, App, Button, Checkbox, Empty, Form, Input, InputNumber, List, Modal, Space, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { create } from 'zustand';
import { assistantApi } from '../../api/assistant';
import { call } from '../../api/call';
import { useAssistantStatus } from './useAssistantStatus';

const TYPES = [1, 2, 3, 4, 5, 6, 7, 99];

/** The drafts survive a trip to the editor and back. */
const useDrafts = create<{ drafts: TAssistantDraftQu[]; set: (d: TAssistantDraftQu[]) => void }>((set) => ({
  drafts: [],
  set: (drafts) => set({ drafts }),
}));

const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Plain model text as the editor's rich text. */
const rich = (s: string | null) =>
  s
    ? s
        .split(/\n+/)
        .map((p) => `<p>${escapeHtml(p)}</p>`)
        .join('')
    : null;

/** A draft as the editor's form (QuForm): rich text, the rest as drafted. */
export function draftToForm(d: TAssistantDraftQu) {
  const one = (q: Omit<TAssistantDraftQu, 'children'>) => ({
    ...q,
    content: rich(q.content) ?? '',
    analysis: rich(q.analysis),
    options: q.options.map((o) => ({ ...o, content: escapeHtml(o.content) })),
  });
  return { ...one(d), children: d.children.map(one) };
}

export default function DraftQuestions({ repoId }: { repoId?: string }) {
  const { message } = App.useApp();
  const status = useAssistantStatus();
  const navigate = useNavigate();
  const { drafts, set } = useDrafts();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [reading, setReading] = useState(false);
  const [docNote, setDocNote] = useState<string | null>(null);
  const [form] = Form.useForm<{ text: string; types: number[]; count: number }>();
  if (!status.data?.enabled) return null;

  const generate = async () => {
    const values = await form.validateFields();
    setBusy(true);
    try {
      set(await call(assistantDraft, values));
    } finally {
      setBusy(false);
    }
  };

  /** Reads a course document into 材料 (the server answers its text; refusals show their message). */
  const readDoc = async (file: File) => {
    if (file.size > ASSISTANT_DOC_MAX_BYTES) {
      message.error(`文档大小不能超过${ASSISTANT_DOC_MAX_BYTES / 1024 / 1024}MB，请拆分后再上传`);
      return;
    }
    setReading(true);
    try {
      const doc = await assistantApi.readDoc(file);
      form.setFieldsValue({ text: doc.text });
      setDocNote(doc.note ?? `已读取「${doc.fileName}」，共${doc.chars}字，可在下方修改后生成草稿`);
    } catch {
      // The request layer showed the server's message.
    } finally {
      setReading(false);
    }
  };

  const review = (i: number) => {
    const draft = drafts[i];
    set(drafts.filter((_, j) => j !== i));
    setOpen(false);
    message.info('请审核并修改草稿，保存后才会加入题库');
    navigate(`/admin/repo/qu-edit/new${repoId ? `?repoId=${repoId}` : ''}`, { state: { draft: draftToForm(draft) } });
  };

  return (
    <>
      <Button icon={<RobotOutlined />} onClick={() => setOpen(true)} data-testid="qu-ai-draft">
        AI 出题
      </Button>
      <Modal
        title="AI 出题（草稿需审核后保存）"
        open={open}
        onCancel={() => setOpen(false)}
        width={760}
        footer={null}
        destroyOnHidden={false}
      >
        <Form form={form} layout="vertical" initialValues={{ types: [1, 2, 3], count: 5 }}>
          <Space wrap style={{ marginBottom: 8 }}>
            <Upload
              accept={ASSISTANT_DOC_EXTENSIONS.join(',')}
              showUploadList={false}
              beforeUpload={(file) => {
                void readDoc(file);
                return false;
              }}
            >
              <Button icon={<FileTextOutlined />} loading={reading} data-testid="qu-ai-doc">
                从文档读取
              </Button>
            </Upload>
            <span style={{ color: 'rgba(0,0,0,0.55)' }}>
              支持 {ASSISTANT_DOC_EXTENSIONS.join('、')}，不超过{ASSISTANT_DOC_MAX_BYTES / 1024 / 1024}MB；文档不会保存
            </span>
          </Space>
          {docNote && (
            <Alert type="info" showIcon message={docNote} style={{ marginBottom: 8 }} data-testid="qu-ai-doc-note" />
          )}
          <Form.Item name="text" label="材料" rules={[{ required: true, min: 10, message: '请粘贴至少10个字的材料' }]}>
            <Input.TextArea
              rows={6}
              maxLength={ASSISTANT_DRAFT_TEXT_MAX}
              showCount
              placeholder="粘贴课程讲义、制度条文等文字，或从文档读取"
            />
          </Form.Item>
          <Space wrap align="end">
            <Form.Item name="types" label="题型" rules={[{ required: true, message: '请至少选择一种题型' }]}>
              <Checkbox.Group options={TYPES.map((t) => ({ value: t, label: QUESTION_TYPE_LABELS[t] }))} />
            </Form.Item>
            <Form.Item name="count" label="数量">
              <InputNumber min={1} max={20} />
            </Form.Item>
            <Form.Item>
              <Button type="primary" loading={busy} onClick={generate} data-testid="qu-ai-generate">
                生成草稿
              </Button>
            </Form.Item>
          </Space>
        </Form>
        {drafts.length ? (
          <List
            bordered
            dataSource={drafts}
            renderItem={(d, i) => (
              <List.Item
                actions={[
                  <Button key="review" type="link" onClick={() => review(i)} data-testid="qu-ai-review">
                    审核并编辑
                  </Button>,
                ]}
              >
                <Space direction="vertical" size={2} style={{ minWidth: 0 }}>
                  <span>
                    <Tag color="blue">{QUESTION_TYPE_LABELS[d.type] ?? d.type}</Tag>
                    {d.content}
                  </span>
                  {d.options.length > 0 && (
                    <span style={{ color: 'rgba(0,0,0,0.55)' }}>
                      {d.options.map((o) => `${o.key}. ${o.content}${o.isRight ? '（正确）' : ''}`).join('　')}
                    </span>
                  )}
                </Space>
              </List.Item>
            )}
          />
        ) : (
          <Empty description="尚无草稿" />
        )}
      </Modal>
    </>
  );
}

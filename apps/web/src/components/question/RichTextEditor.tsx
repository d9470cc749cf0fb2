/**
 * Tiptap rich-text editor for question content, options and analysis: formatting, lists, images
 * (uploaded through /api/common/file/upload), tables, formulas (KaTeX) and — for fill-blank
 * content — blanks. It reads and writes the fixed HTML form the server sanitiser keeps.
 */
import {
  BoldOutlined,
  FunctionOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  StrikethroughOutlined,
  TableOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Input, Modal, message, Tooltip } from 'antd';
import 'katex/dist/katex.min.css';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { uploadImage } from '../../api/repo';
import { renderFormula } from './formula';
import { Blank, Formula, Image, Table, TableCell, TableHeader, TableRow } from './nodes';
import './question.css';

export interface RichTextEditorProps {
  value?: string;
  onChange?: (html: string) => void;
  /** Offer the blank button (fill-blank content). */
  allowBlank?: boolean;
  placeholder?: string;
  minHeight?: number;
  /** data-testid of the editable area, for browser tests. */
  testId?: string;
  /** A short toolbar (options, matching items): formatting, image and formula only. */
  compact?: boolean;
  /** The editable area's accessible name, where no form label names it (an option's content). */
  label?: string;
}

const EMPTY = '<p></p>';

export default function RichTextEditor({
  value,
  onChange,
  allowBlank,
  minHeight = 80,
  testId,
  compact,
  label,
}: RichTextEditorProps) {
  const [formulaOpen, setFormulaOpen] = useState(false);
  const fileRef = useRef<HTMLInputElement>(null);
  const lastEmitted = useRef<string | undefined>(value);
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ codeBlock: false, heading: false }),
      Blank,
      Formula,
      Image,
      Table,
      TableRow,
      TableCell,
      TableHeader,
    ],
    content: value || '',
    editorProps: {
      attributes: {
        class: 'qu-rich',
        ...(testId ? { 'data-testid': testId } : {}),
        ...(label ? { 'aria-label': label } : {}),
      },
    },
    onUpdate: ({ editor: e }) => {
      const html = e.isEmpty && !/<img|data-formula|data-blank|<table/.test(e.getHTML()) ? '' : e.getHTML();
      lastEmitted.current = html;
      onChange?.(html === EMPTY ? '' : html);
    },
  });

  useEffect(() => {
    if (!editor || value === lastEmitted.current) return;
    lastEmitted.current = value;
    editor.commands.setContent(value || '', { emitUpdate: false });
  }, [editor, value]);

  const onPick = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file || !editor) return;
    if (!file.type.startsWith('image/')) {
      message.error('请选择图片文件');
      return;
    }
    const url = await uploadImage(file);
    editor.chain().focus().insertImage(url).run();
  };

  const tool = (title: string, icon: ReactNode, run: () => void, active = false, testid?: string) => (
    <Tooltip title={title} key={title}>
      <Button size="small" type={active ? 'primary' : 'text'} icon={icon} onClick={run} data-testid={testid} />
    </Tooltip>
  );
  const chain = () => editor?.chain().focus();

  return (
    <div className="qu-editor" style={{ ['--qu-editor-min' as string]: `${minHeight}px` }}>
      <div className="qu-editor__toolbar">
        {tool('加粗', <BoldOutlined />, () => chain()?.toggleBold().run(), editor?.isActive('bold'))}
        {tool('斜体', <ItalicOutlined />, () => chain()?.toggleItalic().run(), editor?.isActive('italic'))}
        {tool('下划线', <UnderlineOutlined />, () => chain()?.toggleUnderline().run(), editor?.isActive('underline'))}
        {tool('删除线', <StrikethroughOutlined />, () => chain()?.toggleStrike().run(), editor?.isActive('strike'))}
        {!compact && tool('无序列表', <UnorderedListOutlined />, () => chain()?.toggleBulletList().run())}
        {!compact && tool('有序列表', <OrderedListOutlined />, () => chain()?.toggleOrderedList().run())}
        {tool('插入图片', <PictureOutlined />, () => fileRef.current?.click())}
        {!compact && tool('插入表格', <TableOutlined />, () => chain()?.insertTable(2, 3).run())}
        {tool('插入公式', <FunctionOutlined />, () => setFormulaOpen(true), false, 'insert-formula')}
        {allowBlank && (
          <Button size="small" type="dashed" onClick={() => chain()?.insertBlank().run()} data-testid="insert-blank">
            插入填空
          </Button>
        )}
        {!compact && tool('撤销', <UndoOutlined />, () => chain()?.undo().run())}
        {!compact && tool('重做', <RedoOutlined />, () => chain()?.redo().run())}
        {/* Opened by the image button only; inline display:none, since antd's form styles show a hidden file input. */}
        <input
          ref={fileRef}
          type="file"
          accept="image/*"
          hidden
          style={{ display: 'none' }}
          tabIndex={-1}
          aria-hidden
          onChange={onPick}
          data-testid="rte-image-input"
        />
      </div>
      <div className="qu-editor__content">
        <EditorContent editor={editor} />
      </div>
      <FormulaDialog
        open={formulaOpen}
        onCancel={() => setFormulaOpen(false)}
        onOk={(latex) => {
          setFormulaOpen(false);
          chain()?.insertFormula(latex).run();
        }}
      />
    </div>
  );
}

/** LaTeX input with a live KaTeX preview. */
function FormulaDialog({
  open,
  onOk,
  onCancel,
}: {
  open: boolean;
  onOk: (latex: string) => void;
  onCancel: () => void;
}) {
  const [latex, setLatex] = useState('');
  const preview = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (preview.current) renderFormula(preview.current, latex || '\\quad');
  }, [latex]);
  return (
    <Modal
      title="插入公式（LaTeX）"
      open={open}
      onCancel={onCancel}
      okText="插入"
      okButtonProps={{ disabled: !latex.trim() }}
      onOk={() => {
        onOk(latex.trim());
        setLatex('');
      }}
      destroyOnHidden
    >
      <Input.TextArea
        rows={3}
        value={latex}
        onChange={(e) => setLatex(e.target.value)}
        placeholder="例如：x^2+y^2=r^2 或 \frac{a}{b}"
        data-testid="formula-input"
      />
      <div style={{ marginTop: 12, minHeight: 40, padding: 8, background: '#fafafa', textAlign: 'center' }}>
        <span ref={preview} />
      </div>
    </Modal>
  );
}

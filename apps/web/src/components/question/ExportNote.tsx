/**
 * After an export: the questions its format could not carry, each with its reason. The file marks
 * every one of them (未导出); the server names the first 20 in a header, shown here.
 */
import type { TExportNote } from '@exam/contracts';
import { Modal, Typography } from 'antd';

export function showExportNote(note: TExportNote): void {
  Modal.warning({
    title: `已导出，其中 ${note.count} 道试题该格式无法表示，未导出`,
    width: 640,
    content: (
      <div data-testid="export-note">
        <Typography.Paragraph type="secondary">
          这些试题在文件中以“未导出：原因”标注，重新导入时会列在“跳过”中。可改用 Excel 或 Word 格式导出。
        </Typography.Paragraph>
        <ul style={{ paddingLeft: 20, maxHeight: 320, overflow: 'auto' }}>
          {note.items.map((i) => (
            <li key={`${i.place}-${i.reason}`}>
              {i.place}：{i.reason}
            </li>
          ))}
          {note.count > note.items.length && <li>……另有 {note.count - note.items.length} 道</li>}
        </ul>
      </div>
    ),
  });
}

/** The items of an ordering question, written in the right order (shown shuffled to learners). */
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { escapeHtml, type TQuOption, unescapeHtml } from '@exam/contracts';
import { Button, Flex, Form, Input, Space, Typography } from 'antd';
import type { EditorPartProps } from '../types';

const text = (html: string) => unescapeHtml(html.replace(/<[^>]+>/g, ''));

export default function OrderingEditor({ value, set }: EditorPartProps) {
  const items = value.options;
  const put = (options: TQuOption[]) => set({ options });
  const swap = (i: number, j: number) => {
    const next = [...items];
    [next[i], next[j]] = [next[j], next[i]];
    put(next);
  };
  return (
    <Form.Item label="排序项（按正确顺序填写）" required>
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="ordering-editor">
        {items.map((o, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: new items have no key until saved
          <Flex key={i} gap={8} align="center">
            <b style={{ width: 18 }}>{i + 1}.</b>
            <Input
              value={text(o.content)}
              placeholder={`第${i + 1}项`}
              onChange={(e) =>
                put(
                  items.map((x, j) =>
                    j === i ? { ...x, content: e.target.value ? `<p>${escapeHtml(e.target.value)}</p>` : '' } : x,
                  ),
                )
              }
              data-testid={`ordering-item-input-${i + 1}`}
            />
            <Button type="text" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => swap(i, i - 1)} />
            <Button
              type="text"
              icon={<ArrowDownOutlined />}
              disabled={i === items.length - 1}
              onClick={() => swap(i, i + 1)}
            />
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              disabled={items.length <= 2}
              onClick={() => put(items.filter((_, j) => j !== i))}
            />
          </Flex>
        ))}
        {items.length < 8 && (
          <Button icon={<PlusOutlined />} onClick={() => put([...items, { key: '', content: '', isRight: false }])}>
            添加排序项
          </Button>
        )}
        <Typography.Text type="secondary">考试与练习中各项打乱顺序显示，学员排出正确顺序</Typography.Text>
      </Space>
    </Form.Item>
  );
}

/** The search bar of an admin list: a title and a state (courses, live rooms). */
import { SearchOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select } from 'antd';

export interface TitleState {
  title: string | null;
  state: number | null;
}

export default function TitleStateSearch({
  name,
  placeholder,
  states,
  onSearch,
}: {
  name: string;
  placeholder: string;
  states: { value: number; label: string }[];
  onSearch: (p: TitleState) => void;
}) {
  return (
    <Form
      name={name}
      layout="inline"
      onFinish={(v: { title?: string; state?: number }) =>
        onSearch({ title: v.title?.trim() || null, state: v.state ?? null })
      }
    >
      <Form.Item name="title">
        <Input placeholder={placeholder} allowClear style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="state">
        <Select placeholder="状态" allowClear style={{ width: 120 }} options={states} />
      </Form.Item>
      <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
        搜索
      </Button>
    </Form>
  );
}

/** Sections of a rule paper: banks, type, level, count and score each; drawn afresh for every attempt. */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { repoRepoListStat } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Input, InputNumber, Select, Space, Tag, Typography } from 'antd';
import { call } from '../../../../../api/call';
import { typeOptions, useRepoOptions } from './QuestionPicker';

export interface RuleSectionState {
  title: string;
  repoIds: string[];
  quType: number;
  level: 0 | 1 | 2;
  count: number;
  score: number;
}

interface Props {
  value: RuleSectionState[];
  onChange: (v: RuleSectionState[]) => void;
}

const levelOptions = [
  { value: 0, label: '不限难度' },
  { value: 1, label: '普通' },
  { value: 2, label: '困难' },
];

/** Questions available for a rule (sum over the banks; a question in two banks counts twice). */
function useAvailable(repoIds: string[]) {
  const ids = [...new Set(repoIds)].sort();
  const q = useQuery({
    queryKey: ['repo-stat', ids],
    queryFn: () => call(repoRepoListStat, { ids }),
    enabled: ids.length > 0,
    staleTime: 30_000,
  });
  return (repos: string[], type: number, level: number) =>
    (q.data ?? [])
      .filter((s) => repos.includes(s.repoId))
      .reduce((n, s) => n + (level ? (s.byTypeLevel[`${type}-${level}`] ?? 0) : (s.byType[String(type)] ?? 0)), 0);
}

export default function RuleSections({ value, onChange }: Props) {
  const repos = useRepoOptions();
  const available = useAvailable(value.flatMap((r) => r.repoIds));
  const set = (i: number, patch: Partial<RuleSectionState>) =>
    onChange(value.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      {value.map((r, i) => {
        const have = available(r.repoIds, r.quType, r.level);
        const short = r.repoIds.length > 0 && have < r.count;
        return (
          <Card
            // biome-ignore lint/suspicious/noArrayIndexKey: rules are positional
            key={i}
            size="small"
            data-testid={`rule-${i}`}
            title={
              <Space>
                <span>规则 {i + 1}</span>
                <Input
                  value={r.title}
                  onChange={(e) => set(i, { title: e.target.value })}
                  placeholder="大题标题"
                  style={{ width: 240 }}
                  data-testid="rule-title"
                />
                <Tag color="purple">
                  {r.count} 题 × {r.score} 分 = {Math.round(r.count * r.score * 100) / 100} 分
                </Tag>
              </Space>
            }
            extra={
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                onClick={() => onChange(value.filter((_, j) => j !== i))}
              />
            }
          >
            <Space wrap size={[16, 8]}>
              <span>
                题库：
                <Select
                  mode="multiple"
                  placeholder="选择题库"
                  style={{ minWidth: 260 }}
                  options={repos}
                  value={r.repoIds}
                  onChange={(repoIds) => set(i, { repoIds })}
                  data-testid="rule-repos"
                />
              </span>
              <span>
                题型：
                <Select
                  style={{ width: 110 }}
                  options={typeOptions}
                  value={r.quType}
                  onChange={(quType) => set(i, { quType })}
                  data-testid="rule-type"
                />
              </span>
              <span>
                难度：
                <Select
                  style={{ width: 110 }}
                  options={levelOptions}
                  value={r.level}
                  onChange={(level) => set(i, { level })}
                />
              </span>
              <span>
                数量：
                <InputNumber
                  min={1}
                  max={500}
                  precision={0}
                  value={r.count}
                  onChange={(count) => set(i, { count: count ?? 1 })}
                  data-testid="rule-count"
                />
              </span>
              <span>
                每题：
                <InputNumber
                  min={0.5}
                  max={1000}
                  step={0.5}
                  value={r.score}
                  onChange={(score) => set(i, { score: score ?? 0 })}
                  addonAfter="分"
                  style={{ width: 120 }}
                  data-testid="rule-score"
                />
              </span>
              {r.repoIds.length > 0 && (
                <Typography.Text type={short ? 'danger' : 'secondary'}>
                  题库中约有 {have} 道{short ? `，还差 ${r.count - have} 道` : ''}
                </Typography.Text>
              )}
            </Space>
          </Card>
        );
      })}
      <Button
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={() =>
          onChange([
            ...value,
            {
              title: `第${value.length + 1}部分`,
              repoIds: value.at(-1)?.repoIds ?? [],
              quType: 1,
              level: 0,
              count: 5,
              score: 2,
            },
          ])
        }
      >
        添加抽题规则
      </Button>
    </Space>
  );
}

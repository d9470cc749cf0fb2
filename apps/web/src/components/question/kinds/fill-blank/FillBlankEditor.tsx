/** The fill blank's editor part (loaded lazily): accepted answers per blank and the matching settings. */
import type { TQuAnswer } from '@exam/contracts';
import { Flex, InputNumber, Select, Space, Switch, Typography } from 'antd';

interface AnswerProps {
  value: TQuAnswer;
  onChange: (v: TQuAnswer) => void;
}

/** Number of blank nodes in editor HTML. */
const blankCount = (html: string): number => (html.match(/data-blank=/g) ?? []).length;

/** Accepted answers per blank (as many rows as blanks in the content) and the matching settings. */
export default function FillBlankEditor({ value, onChange, content }: AnswerProps & { content: string }) {
  const n = blankCount(content);
  const blanks = Array.from({ length: n }, (_, i) => value.blanks?.[i] ?? { answers: [] });
  const set = (patch: TQuAnswer) => onChange({ ...value, blanks, ...patch });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {n === 0 && <Typography.Text type="warning">请在题目内容中点击“插入填空”添加空</Typography.Text>}
      {blanks.map((b, i) => (
        <Flex key={String(i)} gap={8} align="center">
          <span style={{ width: 64 }}>第{i + 1}空</span>
          <Select
            mode="tags"
            style={{ flex: 1 }}
            value={b.answers}
            placeholder="输入可接受的答案后回车，可输入多个"
            open={false}
            tokenSeparators={['|']}
            onChange={(answers: string[]) => set({ blanks: blanks.map((x, j) => (j === i ? { ...x, answers } : x)) })}
            data-testid={`blank-answer-${i + 1}`}
          />
          {/* A numeric blank (imported from Moodle/GIFT numerical answers): right within ± the margin. */}
          <InputNumber
            min={0}
            style={{ width: 150 }}
            addonBefore="误差±"
            placeholder="按文字比对"
            value={typeof b.tolerance === 'number' ? b.tolerance : null}
            onChange={(v) =>
              set({
                blanks: blanks.map((x, j) =>
                  j === i ? { answers: x.answers, ...(typeof v === 'number' ? { tolerance: v } : {}) } : x,
                ),
              })
            }
            aria-label={`第${i + 1}空的数值误差范围`}
            data-testid={`blank-tolerance-${i + 1}`}
          />
        </Flex>
      ))}
      <Space wrap>
        <Switch checked={Boolean(value.caseSensitive)} onChange={(caseSensitive) => set({ caseSensitive })} />{' '}
        区分大小写
        <Switch checked={Boolean(value.widthSensitive)} onChange={(widthSensitive) => set({ widthSensitive })} />{' '}
        区分全角半角
        <Switch checked={value.orderMatters !== false} onChange={(orderMatters) => set({ orderMatters })} />{' '}
        答案顺序有关
      </Space>
    </Space>
  );
}

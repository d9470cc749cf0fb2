/** The wrong-answer book's rules as the administrator set them, in one line for the book's pages. */

import { bookSummary } from '@exam/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { call } from '../../../api/call';

export const useBookSummary = () => useQuery({ queryKey: ['book', 'summary'], queryFn: () => call(bookSummary, {}) });

export default function BookRules() {
  const { data } = useBookSummary();
  if (!data) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="book-rules"
      message={`连续答对 ${data.leaveStreak} 次后移出错题本`}
      description={`考试、练习和错题重做中答对都计入连续答对；部分得分达到满分的 ${data.wrongShare}% 视为答对，低于则记为错题。`}
    />
  );
}

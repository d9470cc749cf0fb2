/** The mock exam's save state: the unsent answer laid over the server's, and the sync line of the card. */
import type { TTrainQu } from '@exam/contracts';
import { useEffect, useState } from 'react';
import type { MockAnswer } from './useMockJournal';

/** The question with the answer still in the journal laid over the server's (it is newer). */
export function withUnsent(qu: TTrainQu, unsent: MockAnswer | undefined): TTrainQu {
  if (!unsent) return qu;
  return { ...qu, myAnswer: unsent.answer, childAnswers: unsent.childAnswers ?? qu.childAnswers };
}

export default function MockSyncState({ pending, failed }: { pending: number; failed: number }) {
  const [online, setOnline] = useState(() => navigator.onLine);
  useEffect(() => {
    const on = () => setOnline(true);
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  const text = [
    !online && '网络已断开',
    pending > 0 && `${pending} 个答案待保存`,
    failed > 0 && `${failed} 个答案未能保存`,
  ].filter(Boolean);
  return (
    <div data-testid="mock-sync" style={{ marginBottom: 12, color: text.length ? '#d4380d' : '#389e0d' }}>
      {text.length ? text.join('，') : '答案已保存'}
    </div>
  );
}

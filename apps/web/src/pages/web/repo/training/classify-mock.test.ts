import { ErrorCode } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/http-errors';
import { classifyMockError } from './useMockJournal';

describe('classifyMockError', () => {
  it('retries network failures and transient refusals (the answer stays unsent, never dropped)', () => {
    expect(classifyMockError(new ApiError('啊哦，与服务器失去连接了~'))).toBe('retry');
    expect(classifyMockError(new TypeError('Failed to fetch'))).toBe('retry');
    expect(classifyMockError(new ApiError('x', ErrorCode.SERVER_ERROR))).toBe('retry');
  });
  it('stops when the session is finished or its time is up', () => {
    expect(classifyMockError(new ApiError('模拟考试时间已到，已自动交卷', ErrorCode.CONFLICT))).toBe('closed');
  });
  it('fails (visibly) an answer refused for good', () => {
    expect(classifyMockError(new ApiError('答案', ErrorCode.BAD_PARAMS))).toBe('drop');
  });
});

import { ErrorCode } from '@exam/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../../api/http-errors';
import { classifySaveError } from './useExamRoom';

describe('classifySaveError', () => {
  it('retries network failures and transient refusals', () => {
    expect(classifySaveError(new ApiError('啊哦，与服务器失去连接了~'))).toBe('retry');
    expect(classifySaveError(new Error('boom'))).toBe('retry');
    expect(classifySaveError(new ApiError('x', ErrorCode.TOO_MANY_REQUESTS))).toBe('retry');
    expect(classifySaveError(new ApiError('x', ErrorCode.NOT_LOGIN))).toBe('retry');
  });
  it('stops when the paper is closed or the time is over', () => {
    expect(classifySaveError(new ApiError('x', ErrorCode.PAPER_CLOSED))).toBe('closed');
    expect(classifySaveError(new ApiError('x', ErrorCode.EXAM_TIME_OVER))).toBe('closed');
  });
  it('pauses when another window answers the paper', () => {
    expect(classifySaveError(new ApiError('x', ErrorCode.PAPER_OTHER_WINDOW))).toBe('paused');
    // A save without a window id: kept in the journal, not dropped.
    expect(classifySaveError(new ApiError('x', ErrorCode.PAPER_WINDOW_REQUIRED))).toBe('paused');
  });
  it('drops an answer the server refuses for good', () => {
    expect(classifySaveError(new ApiError('答案不能超过20000个字符', ErrorCode.BAD_PARAMS))).toBe('drop');
  });
});

/**
 * Full-screen exams on devices without the Fullscreen API (iPhone Safari, some in-app browsers).
 * Such a device sits the exam in focus mode (leaving the page is still reported)
 * unless the exam says no (`allowFocusMode` false); then the check page, the exam room and paper
 * creation refuse it. One rule and one message for the web and the server. Zod-free: the check
 * page reads it.
 */

/** The refusal, shown on the check page and in the room and answered by paper creation. */
export const FOCUS_MODE_REFUSED =
  '本场考试要求全屏作答，且不允许在不支持全屏的设备（如 iPhone Safari、微信内置浏览器）上以专注模式作答，请使用电脑或支持全屏的浏览器参加考试';

/**
 * Whether this device may not sit the exam: it requires full screen, refuses focus mode, and the
 * device has no Fullscreen API. `canFullScreen` undefined/null (not declared, API clients) is not
 * refused: the server can only trust what the client declares.
 */
export function focusModeRefused(
  exam: { fullScreen: boolean; allowFocusMode: boolean },
  canFullScreen: boolean | null | undefined,
): boolean {
  return exam.fullScreen && !exam.allowFocusMode && canFullScreen === false;
}

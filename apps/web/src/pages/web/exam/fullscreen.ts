/**
 * The Fullscreen API as the exam pages use it. iPhone Safari offers no full screen for pages:
 * `fullscreenEnabled` is false or `requestFullscreen` is missing. WeChat's and DingTalk's in-app
 * browsers may claim it but do not keep a page in full screen (their own bar stays, a swipe leaves
 * it): they are treated as having none, so the room falls back to focus mode as on iPhone.
 */
import { isInAppBrowser } from '@exam/contracts';

/** Whether this browser can put the page in full screen; sent to the server when a paper is created. */
export function canFullScreen(): boolean {
  if (isInAppBrowser(navigator.userAgent)) return false;
  return document.fullscreenEnabled === true && typeof document.documentElement.requestFullscreen === 'function';
}

/** Enters full screen if possible; a refusal is left to the exam room, which asks again. */
export async function enterFullscreen(): Promise<void> {
  if (!canFullScreen() || document.fullscreenElement) return;
  try {
    await document.documentElement.requestFullscreen();
  } catch {
    // refused: the exam room asks again
  }
}

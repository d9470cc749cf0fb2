/**
 * The Fullscreen API as the exam pages use it. iPhone Safari (and some in-app browsers) offer no
 * full screen for pages: `fullscreenEnabled` is false or `requestFullscreen` is missing.
 */

/** Whether this browser can put the page in full screen; sent to the server when a paper is created. */
export function canFullScreen(): boolean {
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

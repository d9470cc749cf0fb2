/**
 * 减弱动态效果: with the system's reduced-motion setting a dialog opens at once, without antd's
 * zoom and fade and its button without the click ripple; without it the same dialog animates. A
 * MutationObserver installed before the click records every animation stage any element goes through.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { ACCOUNTS, apiLogin, signInBrowser } from '../fixtures/api';
import { expect, test } from '../fixtures/test';

/** Opens 新增角色 and answers the motion classes seen from the click until the dialog stood open. */
async function motionWhileOpening(context: BrowserContext, baseURL: string, token: string): Promise<string[]> {
  await signInBrowser(context, baseURL, token);
  const page: Page = await context.newPage();
  await page.goto('/admin/sys/role');
  const add = page.getByRole('button', { name: /新增/ }).first();
  await expect(add).toBeVisible();
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { motionSeen: string[] }).motionSeen = seen;
    new MutationObserver((changes) => {
      for (const c of changes) {
        const nodes = c.type === 'attributes' ? [c.target] : Array.from(c.addedNodes);
        for (const n of nodes)
          if (n instanceof Element)
            // the stages of a running animation (antd marks a dialog -prepare either way)
            for (const el of [n, ...Array.from(n.querySelectorAll('[class]'))])
              for (const name of Array.from(el.classList))
                if (/-(appear|enter)-(start|active)$/.test(name)) seen.push(name);
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  });
  await add.click();
  await expect(page.locator('.ant-modal-wrap').filter({ visible: true })).toBeVisible();
  // past any animation antd would run (0.3 s at most)
  await page.waitForTimeout(500);
  const seen = await page.evaluate(() => (window as unknown as { motionSeen: string[] }).motionSeen);
  await page.close();
  return [...new Set(seen)];
}

test('[WEB][REDUCED_MOTION] with 减弱动态效果 a dialog opens without motion; without it, it zooms in', async ({
  browser,
  request,
  baseURL,
}) => {
  const token = await apiLogin(request, ACCOUNTS.admin);
  const still = await browser.newContext({ baseURL, reducedMotion: 'reduce' });
  const moving = await browser.newContext({ baseURL, reducedMotion: 'no-preference' });
  try {
    expect(await motionWhileOpening(still, baseURL!, token)).toEqual([]);
    expect(await motionWhileOpening(moving, baseURL!, token)).toEqual(
      expect.arrayContaining(['ant-zoom-enter-active', 'wave-motion-appear-active']),
    );
  } finally {
    await Promise.all([still.close(), moving.close()]);
  }
});

/**
 * Names antd leaves wrong or empty, set right for every screen at once (the accessibility check
 * of the screen sweep, e2e/fixtures/a11y.ts, keeps them so):
 * - antd icons announce themselves by their English file name (role="img" aria-label="highlight"),
 *   so a button with an icon and a text is read "highlight 阅卷". An icon beside text says nothing
 *   the text does not: it is hidden from assistive technology. An icon alone in a button keeps its
 *   label (the button's only name) unless the button has its own.
 * - a Select's search box has no name: its placeholder is a separate element, not the input's.
 *   The placeholder ("选择题库") becomes its name unless a label or aria-label names it.
 * - a Form.Item without `name` shows a label that names nothing: its inputs take the label's text.
 * - a Progress bar (role="progressbar") has no name: it is called 进度.
 */

/** The controls whose name comes from their content. */
const NAMED = 'button, a, [role="button"], [role="menuitem"], [role="tab"], [role="option"], [role="link"]';

/**
 * The text of the control without its icons, as shown: `innerText` leaves out text hidden by CSS
 * (the header's labels on a phone), which names nothing. jsdom has no layout: there, all text.
 */
function textBesideIcons(control: Element): string {
  const shown = (control as HTMLElement).innerText;
  if (typeof shown === 'string') return shown.trim();
  let text = '';
  const walk = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) text += node.textContent ?? '';
    else if (node instanceof Element && !node.classList.contains('anticon')) node.childNodes.forEach(walk);
  };
  walk(control);
  return text.trim();
}

/** Hides the icon when its control has text of its own or a name of its own. */
export function quietIcon(icon: Element): void {
  if (icon.getAttribute('aria-hidden') === 'true') return;
  const control = icon.closest(NAMED);
  if (!control) return;
  if (textBesideIcons(control) || control.hasAttribute('aria-label') || control.hasAttribute('aria-labelledby'))
    icon.setAttribute('aria-hidden', 'true');
}

/** True when something already names the element (aria, or a <label for> its id). */
function isNamed(el: Element): boolean {
  if (el.getAttribute('aria-label')?.trim() || el.hasAttribute('aria-labelledby')) return true;
  return Boolean((el as HTMLInputElement).labels?.length);
}

/** The text of the form item's label around the control (a Form.Item without `name` does not link it). */
const itemLabel = (el: Element): string | undefined =>
  el.closest('.ant-form-item')?.querySelector('.ant-form-item-label label')?.textContent?.trim() || undefined;

/** Names a Select's search box by its form item's label, else by the Select's placeholder. */
export function nameSelectInput(input: Element): void {
  if (isNamed(input)) return;
  const placeholder = input.closest('.ant-select')?.querySelector('.ant-select-placeholder')?.textContent?.trim();
  const name = itemLabel(input) ?? placeholder;
  if (name) input.setAttribute('aria-label', name);
}

/** Names an input, text area, switch or rich-text box of a form item by the item's label. */
export function nameFormControl(control: Element): void {
  if (isNamed(control)) return;
  const name = itemLabel(control);
  if (name) control.setAttribute('aria-label', name);
}

/** Names a progress bar that has no name. */
export function nameProgress(bar: Element): void {
  if (!isNamed(bar)) bar.setAttribute('aria-label', '进度');
}

/** Sets the names under `root`. */
export function quietIcons(root: ParentNode): void {
  root.querySelectorAll('.anticon[role="img"]').forEach(quietIcon);
  root.querySelectorAll('.ant-select input').forEach(nameSelectInput);
  root
    .querySelectorAll(
      '.ant-form-item input:not(.ant-select input), .ant-form-item textarea, .ant-form-item [role="switch"], .ant-form-item [role="textbox"]',
    )
    .forEach(nameFormControl);
  root.querySelectorAll('[role="progressbar"]').forEach(nameProgress);
}

/** Watches the document: controls rendered later (a dialog, a new row) are named as they come. */
export function installA11yNames(doc: Document = document): MutationObserver {
  quietIcons(doc);
  const observer = new MutationObserver((changes) => {
    for (const change of changes) {
      const target = change.target instanceof Element ? change.target : change.target.parentElement;
      // Text that arrives after its icon (a label loaded later) counts too: look again at its control.
      const control = target?.closest(NAMED);
      if (control) quietIcons(control);
      for (const node of change.addedNodes) if (node instanceof Element) quietIcons(node.closest(NAMED) ?? node);
    }
  });
  observer.observe(doc.body, { childList: true, subtree: true, characterData: true });
  return observer;
}

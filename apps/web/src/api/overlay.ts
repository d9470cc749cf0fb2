/** A full-screen overlay with a spinner and a text, shown during uploads and downloads (SPEC 7). */
let count = 0;
let node: HTMLDivElement | null = null;

export function showOverlay(text: string): () => void {
  if (typeof document === 'undefined') return () => {};
  count += 1;
  if (!node) {
    node = document.createElement('div');
    node.className = 'app-loading-overlay';
    node.setAttribute('role', 'alert');
    node.innerHTML = '<div class="app-loading-overlay__spinner"></div><div class="app-loading-overlay__text"></div>';
    document.body.appendChild(node);
  }
  const label = node.querySelector('.app-loading-overlay__text');
  if (label) label.textContent = text;
  let closed = false;
  return () => {
    if (closed) return;
    closed = true;
    count -= 1;
    if (count <= 0 && node) {
      node.remove();
      node = null;
      count = 0;
    }
  };
}

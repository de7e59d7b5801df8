/**
 * Makes everything of the page but `element` inert (no focus, no clicks, hidden from assistive
 * technology): each sibling of the element and of its ancestors, up to the body's children.
 * Those are left alone: portals (drawers, notifications) live there and must stay usable.
 * Returns the undo, which spares elements that were inert already.
 */
export function inertAround(element: HTMLElement): () => void {
  const made: HTMLElement[] = [];
  for (let node: HTMLElement = element; node.parentElement; node = node.parentElement) {
    const parent = node.parentElement;
    if (parent === document.body) break;
    for (const sibling of Array.from(parent.children)) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.hasAttribute('inert')) {
        continue;
      }
      sibling.setAttribute('inert', '');
      made.push(sibling);
    }
  }
  return () => {
    for (const sibling of made) sibling.removeAttribute('inert');
  };
}

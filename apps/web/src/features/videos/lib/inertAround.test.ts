// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { inertAround } from './inertAround';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('inertAround', () => {
  it('makes the rest of the page inert, not the element, its ancestors or the body portals', () => {
    document.body.innerHTML = `
      <div id="root">
        <header id="header"><a href="/">Home</a></header>
        <main id="main"><p id="before">x</p><div id="stage"><button id="inside">Exit</button></div></main>
        <footer id="footer" inert></footer>
      </div>
      <div id="portal"></div>`;
    const inert = (id: string) => document.getElementById(id)?.hasAttribute('inert');
    const undo = inertAround(document.getElementById('stage') as HTMLElement);
    for (const id of ['header', 'before', 'footer']) expect(inert(id)).toBe(true);
    for (const id of ['root', 'main', 'stage', 'inside', 'portal']) expect(inert(id)).toBe(false);
    undo();
    expect(inert('header')).toBe(false);
    expect(inert('before')).toBe(false);
    // It was inert before: it stays so.
    expect(inert('footer')).toBe(true);
  });
});

import type { Page } from 'playwright-core';

/**
 * Every visible element that reaches past the viewport's left or right edge, as short CSS-like
 * descriptions. A page may scroll vertically only: anything wider than the screen is cut off or
 * makes the whole page slide sideways on a phone. Text inside `pre` (JSON, XML) scrolls in its
 * own box by design and is not counted; the box itself is.
 */
export async function overflowingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const scope = globalThis as unknown as {
      innerWidth: number;
      document: { body: { querySelectorAll(selector: string): ArrayLike<OverflowElement> } };
      getComputedStyle(element: OverflowElement): { visibility: string; position: string; clipPath: string };
    };
    interface OverflowElement {
      tagName: string;
      className: unknown;
      closest(selector: string): unknown;
      getBoundingClientRect(): { left: number; right: number; width: number; height: number };
      textContent: string | null;
    }
    const width = scope.innerWidth;
    const found: string[] = [];
    for (const element of Array.from(scope.document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (element.closest('pre, .visually-hidden, .skip-link, [hidden]')) continue;
      const style = scope.getComputedStyle(element);
      if (style.visibility === 'hidden') continue;
      if (box.right > width + 1 || box.left < -1) {
        const name = `${element.tagName.toLowerCase()}${typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''}`;
        found.push(`${name} [${Math.round(box.left)}–${Math.round(box.right)}] "${(element.textContent ?? '').trim().slice(0, 40)}"`);
      }
    }
    return found;
  });
}

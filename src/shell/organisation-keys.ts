import type { KeyboardEvent } from 'react';

// The organisation entries and, in the same popover on phones or in their own, the store and till entries.
const OPTION = '[data-testid="organisation-option"], [data-testid="store-till-option"]';
/** Letters typed within this long of each other make one type-ahead text. */
const TYPE_AHEAD_MS = 700;
let typed = { text: '', at: 0 };

/** The options in the order shown (recent group, then the tree, then the stores and tills). */
function optionsIn(list: HTMLElement): HTMLButtonElement[] {
  return Array.from(list.querySelectorAll<HTMLButtonElement>(OPTION));
}

/**
 * Keyboard of the organisation list: Up/Down move between options (Down from the search box enters the list, Up from
 * the first option returns to it), Home/End jump to the ends, printable letters outside the search box jump to the
 * next option whose name starts with what was typed. Enter on an option chooses it (a button); Escape is the popover's.
 */
export function optionKeyDown(event: KeyboardEvent<HTMLElement>): void {
  const list = event.currentTarget;
  const options = optionsIn(list);
  if (!options.length) return;
  const target = event.target as HTMLElement;
  const search = list.querySelector<HTMLInputElement>('[data-organisation-search]');
  const index = options.indexOf(target as HTMLButtonElement);
  const focus = (element: HTMLElement | null | undefined) => {
    if (!element) return;
    event.preventDefault();
    element.focus();
    element.scrollIntoView?.({ block: 'nearest' });
  };
  if (event.key === 'ArrowDown') focus(index < 0 ? options[0] : options[Math.min(index + 1, options.length - 1)]);
  else if (event.key === 'ArrowUp') focus(index <= 0 ? (search ?? options[0]) : options[index - 1]);
  else if ((event.key === 'Home' || event.key === 'End') && target !== search) focus(event.key === 'Home' ? options[0] : options[options.length - 1]);
  else if (event.key.length === 1 && target !== search && !event.ctrlKey && !event.metaKey && !event.altKey) {
    const now = event.timeStamp;
    // A space inside a typed name ('mate s') belongs to it; on its own it is the button's Space.
    if (event.key === ' ' && !(typed.text && now - typed.at < TYPE_AHEAD_MS)) return;
    typed = { text: now - typed.at < TYPE_AHEAD_MS ? typed.text + event.key.toLocaleLowerCase() : event.key.toLocaleLowerCase(), at: now };
    const order = [...options.slice(index + 1), ...options.slice(0, index + 1)];
    // A repeated single letter cycles through the names with that letter; more letters refine from the current one.
    const from = typed.text.length > 1 && index >= 0 ? [options[index]!, ...order] : order;
    focus(from.find((option) => (option.textContent ?? '').trim().toLocaleLowerCase().startsWith(typed.text)));
  }
}

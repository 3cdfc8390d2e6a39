/**
 * The header's two menus work without React (docs/web.md#islands): the page's header is never
 * hydrated, so its toggles are driven here, by listeners on the document that serve whatever
 * header is on the page, prerendered or rendered by the app. A toggle is a button with
 * `data-menu-toggle` whose `aria-controls` names its menu; the menu is in the markup, `hidden`
 * while closed. `data-menu-toggle="dropdown"` (Resources) also closes on a press outside it or on
 * Escape; any menu closes when one of its links is chosen. A toggle with `data-open-label` says
 * that label while open and its `aria-label` otherwise.
 */
const toggles = () => document.querySelectorAll<HTMLButtonElement>('[data-menu-toggle]');

function menuOf(toggle: HTMLButtonElement): HTMLElement | null {
  const id = toggle.getAttribute('aria-controls');
  return id ? document.getElementById(id) : null;
}

function setOpen(toggle: HTMLButtonElement, open: boolean): void {
  const menu = menuOf(toggle);
  if (!menu) return;
  const closedLabel = (toggle.dataset.closedLabel ??= toggle.getAttribute('aria-label') ?? '');
  toggle.setAttribute('aria-expanded', String(open));
  if (toggle.dataset.openLabel)
    toggle.setAttribute('aria-label', open ? toggle.dataset.openLabel : closedLabel);
  menu.hidden = !open;
}

const isOpen = (toggle: HTMLButtonElement) => toggle.getAttribute('aria-expanded') === 'true';

export function installHeaderMenus(): void {
  document.addEventListener('click', (event) => {
    if (!(event.target instanceof Element)) return;
    const toggle = event.target.closest<HTMLButtonElement>('[data-menu-toggle]');
    if (toggle) return setOpen(toggle, !isOpen(toggle));
    if (!event.target.closest('a')) return;
    for (const t of toggles()) if (isOpen(t) && menuOf(t)?.contains(event.target)) setOpen(t, false);
  });
  document.addEventListener('mousedown', (event) => {
    for (const t of toggles()) {
      if (t.dataset.menuToggle !== 'dropdown' || !isOpen(t)) continue;
      const inside =
        event.target instanceof Node && (t.contains(event.target) || menuOf(t)?.contains(event.target));
      if (!inside) setOpen(t, false);
    }
  });
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    for (const t of toggles()) if (t.dataset.menuToggle === 'dropdown' && isOpen(t)) setOpen(t, false);
  });
}

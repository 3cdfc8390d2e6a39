import { COUNT_UP_MS } from '../../content/statistics.ts';

/**
 * Counts a figure from 0 up to its target over COUNT_UP_MS once it is on screen, writing the
 * element's text: `data-target` is the number, `data-suffix` what follows it. The prerendered
 * text is the final figure (readable without JavaScript), and with reduced motion it stays there.
 * Runs on the prerendered page without React (islands/start.ts) and from CountUp in the app.
 * Returns what stops it.
 */
export function countUp(el: HTMLElement): () => void {
  const to = Number(el.dataset.target);
  const suffix = el.dataset.suffix ?? '';
  const reduced = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduced || !Number.isFinite(to) || typeof IntersectionObserver === 'undefined') return () => {};
  el.textContent = `0${suffix}`;
  let frame = 0;
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((e) => e.isIntersecting)) return;
    observer.disconnect();
    const start = performance.now();
    const tick = (now: number) => {
      const t = Math.min(1, (now - start) / COUNT_UP_MS);
      el.textContent = `${Math.round(to * (1 - (1 - t) ** 3))}${suffix}`;
      if (t < 1) frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
  });
  observer.observe(el);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}

import { useEffect, useRef, useState } from 'react';
import { COUNT_UP_MS } from '../../../content/statistics.ts';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;

/**
 * Counts from 0 to `to` over 2000 ms once it is on screen. The prerendered HTML shows the final
 * number (readable without JavaScript); with reduced motion it stays there.
 */
export function CountUp({ to, suffix }: { to: number; suffix: string }) {
  const [value, setValue] = useState(to);
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el || prefersReducedMotion() || typeof IntersectionObserver === 'undefined') return;
    setValue(0);
    let frame = 0;
    const observer = new IntersectionObserver((entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      const start = performance.now();
      const tick = (now: number) => {
        const t = Math.min(1, (now - start) / COUNT_UP_MS);
        setValue(Math.round(to * (1 - (1 - t) ** 3)));
        if (t < 1) frame = requestAnimationFrame(tick);
      };
      frame = requestAnimationFrame(tick);
    });
    observer.observe(el);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [to]);
  return (
    <span ref={ref} data-target={to}>
      {value}
      {suffix}
    </span>
  );
}

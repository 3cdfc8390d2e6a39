import { useEffect, useRef } from 'react';
import { countUp } from '../count-up.ts';

/** A figure that counts up from 0 once it is on screen (see countUp, which writes its text). */
export function CountUp({ to, suffix }: { to: number; suffix: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  useEffect(() => (ref.current ? countUp(ref.current) : undefined), [to, suffix]);
  return (
    <span ref={ref} data-target={to} data-suffix={suffix}>
      {`${to}${suffix}`}
    </span>
  );
}

import { useEffect, useEffectEvent, useState } from 'react';

/**
 * The search box's text, sent (trimmed) once typing pauses for 300 ms. The URL holds the search, so
 * when it changes by other means (Back, Forward, a tab) the box shows the URL's text; the answer to
 * the box's own change does not overwrite what was typed meanwhile.
 */
export function useSearchText(q: string, onSearch: (q: string) => void) {
  const [text, setText] = useState(q);
  const [sent, setSent] = useState(q);
  const [seen, setSeen] = useState(q);
  if (q !== seen) {
    setSeen(q);
    if (q !== sent) {
      setSent(q);
      setText(q);
    }
  }
  const send = useEffectEvent((next: string) => {
    setSent(next);
    onSearch(next);
  });
  useEffect(() => {
    const next = text.trim();
    if (next === sent) return;
    const timer = setTimeout(() => send(next), 300);
    return () => clearTimeout(timer);
  }, [text, sent]);
  return [text, setText] as const;
}

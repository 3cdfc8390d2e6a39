/**
 * The pause between a background loop's rounds, which the loop's `stop` can end at once: `sleep`
 * waits, `wake` ends the wait under way (and does nothing when none is).
 */
export function pausable(): { sleep(ms: number): Promise<void>; wake(): void } {
  let wake: (() => void) | undefined;
  return {
    sleep: (ms) =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, ms);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      }),
    wake: () => wake?.(),
  };
}

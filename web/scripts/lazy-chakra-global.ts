import type { Plugin } from 'vite';

const SYSTEM_MODULE = /@chakra-ui\/react\/dist\/esm\/styled-system\/system\.js$/;
const EAGER = '  const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];\n';
const FIELD = '    _global,\n';

/**
 * Chakra's createSystem writes its global style sheet (reset, base styles and one CSS variable per
 * token: about 40 KB of CSS) as soon as the system is built: half of the system's set-up time, the
 * longest task when a page starts. A prerendered page already carries that sheet in its <head>,
 * so the browser never needs it written again (src/theme/system.ts hands the prerendered sheet to
 * Chakra instead). This makes `system._global` lazy: written on first read, as before, and
 * replaceable. The build fails if Chakra's code no longer has the shape this expects.
 */
export function lazyChakraGlobal(): Plugin {
  return {
    name: 'lazy-chakra-global',
    enforce: 'pre',
    transform(code, id) {
      if (!SYSTEM_MODULE.test(id.split('?')[0]!)) return null;
      if (!code.includes(EAGER) || !code.includes(FIELD))
        throw new Error(`lazy-chakra-global: ${id} changed; review this plugin against the new Chakra`);
      // Each replacement keeps to its line, so the code moves nowhere and source maps stay true.
      const lazy = code
        .replace(EAGER, '  let _global;\n')
        .replace(
          FIELD,
          '    get _global() { return (_global ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]); }, ' +
            'set _global(value) { _global = value; },\n',
        );
      return { code: lazy, map: null };
    },
  };
}

import type { RuntimeConfig } from '@cuota/shared';
import { CONFIG_INLINE_ID } from '@cuota/shared/rutas';

/**
 * The shell's index.html with the runtime config inlined (a JSON script block, which the CSP does
 * not govern since it never runs), read by loadConfig instead of fetching /config.json. `<` is
 * escaped so no value can close the block. Used by the CloudFront deployment (web.ts) and the local origin.
 */
export function htmlConConfig(html: string, config: RuntimeConfig): string {
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const bloque = `<script type="application/json" id="${CONFIG_INLINE_ID}">${json}</script>`;
  return html.includes('</head>') ? html.replace('</head>', `${bloque}</head>`) : `${bloque}${html}`;
}

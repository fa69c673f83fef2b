/**
 * A fresh Idempotency-Key (api.md): a UUID, which the server's key rule
 * (letters, digits, '-', '_', '.', ':' up to 128) accepts.
 */
export function nuevaClaveIdempotencia(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // non-secure contexts lack randomUUID; build a v4 UUID from getRandomValues
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/**
 * The key for a form's submission: a retry of the same values reuses it (the server answers with the
 * first result instead of acting twice); other values get a new key. `olvidar()` after a success.
 */
export function claveParaEnvio(): { para: (valores: unknown) => string; olvidar: () => void } {
  let ultimo: { firma: string; clave: string } | null = null;
  return {
    para(valores) {
      const firma = JSON.stringify(valores);
      if (ultimo?.firma !== firma) ultimo = { firma, clave: nuevaClaveIdempotencia() };
      return ultimo.clave;
    },
    olvidar() {
      ultimo = null;
    },
  };
}

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

/** Where a form keeps its pending key across reloads and closed tabs (`localStorage`), under `nombre`. */
export interface AlmacenDeClave {
  almacen: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  nombre: string;
}

/**
 * The key for a form's submission: a retry of the same values reuses it (the server answers with the
 * first result, or carries the same send on, instead of acting twice); other values get a new key.
 * `olvidar()` after a success. With `guardar`, a key not yet answered survives a reload or a closed
 * tab, so typing the same values again still reaches the same send.
 */
export function claveParaEnvio(guardar?: AlmacenDeClave): { para: (valores: unknown) => string; olvidar: () => void } {
  let ultimo: { firma: string; clave: string } | null = leer(guardar);
  return {
    para(valores) {
      const firma = JSON.stringify(valores);
      if (ultimo?.firma !== firma) {
        ultimo = { firma, clave: nuevaClaveIdempotencia() };
        guardar?.almacen.setItem(guardar.nombre, JSON.stringify(ultimo));
      }
      return ultimo.clave;
    },
    olvidar() {
      ultimo = null;
      guardar?.almacen.removeItem(guardar.nombre);
    },
  };
}

function leer(guardar: AlmacenDeClave | undefined): { firma: string; clave: string } | null {
  try {
    const guardado = guardar ? (JSON.parse(guardar.almacen.getItem(guardar.nombre) ?? 'null') as unknown) : null;
    const { firma, clave } = (guardado ?? {}) as { firma?: unknown; clave?: unknown };
    return typeof firma === 'string' && typeof clave === 'string' ? { firma, clave } : null;
  } catch {
    return null;
  }
}

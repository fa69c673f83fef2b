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

/** Where a form keeps its pending key across reloads and closed tabs, under `nombre`. */
export interface AlmacenDeClave {
  nombre: string;
  /** `localStorage` unless given; a browser that refuses storage just keeps the key in memory. */
  almacen?: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

type Pendiente = { firma: string; clave: string };

/**
 * The key for a form's submission: a retry of the same values reuses it (the server answers with the
 * first result, or carries the same send on, instead of acting twice); other values get a new key.
 * `olvidar()` after a success. With `guardar`, a key not yet answered survives a reload or a closed
 * tab, so typing the same values again still reaches the same send.
 */
export function claveParaEnvio(guardar?: AlmacenDeClave): { para: (valores: unknown) => string; olvidar: () => void } {
  const almacen = (uso: (a: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>) => unknown) => {
    if (!guardar) return null;
    try {
      return uso((guardar.almacen ?? (() => window.localStorage))());
    } catch {
      return null; // storage disabled or full: the key lives in memory only
    }
  };
  let ultimo = leer(almacen((a) => a.getItem(guardar!.nombre)));
  return {
    para(valores) {
      const firma = JSON.stringify(valores);
      if (ultimo?.firma !== firma) {
        const nuevo = { firma, clave: nuevaClaveIdempotencia() };
        ultimo = nuevo;
        almacen((a) => a.setItem(guardar!.nombre, JSON.stringify(nuevo)));
      }
      return ultimo.clave;
    },
    olvidar() {
      ultimo = null;
      almacen((a) => a.removeItem(guardar!.nombre));
    },
  };
}

function leer(guardado: unknown): Pendiente | null {
  try {
    const { firma, clave } = (typeof guardado === 'string' ? JSON.parse(guardado) : {}) as Partial<Pendiente>;
    return typeof firma === 'string' && typeof clave === 'string' ? { firma, clave } : null;
  } catch {
    return null;
  }
}

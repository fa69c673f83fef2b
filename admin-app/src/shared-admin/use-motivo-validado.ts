import { claveParaEnvio, useMotivo } from '@cuota/shared/web';
import { useMemo, useState } from 'react';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';

/**
 * A confirmation that asks for a motivo checked by its shared schema before a money write: whether it
 * is open, the motivo's box, the write's idempotency keys, and `validar`, which gives the body or
 * shows the schema's message under the box.
 */
export function useMotivoValidado<T extends { motivo: string }>(esquema: $ZodType<T>) {
  const [open, setOpen] = useState(false);
  const { motivo, setError, marcar, campo } = useMotivo();
  const claves = useMemo(() => claveParaEnvio(), []);

  function validar(): T | null {
    const parsed = safeParse(esquema, { motivo });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return null;
    }
    setError(undefined);
    return parsed.data;
  }

  return { open, setOpen, campo, marcar, claves, validar };
}

import {
  CLAVES_CONFIGURACION,
  CLAVES_CONFIGURACION_PUBLICAS,
  CONFIGURACION_CONOCIDA,
  type ClaveConfiguracion,
  type Configuracion,
  type MetodoPago,
} from '@cuota/shared';
import { configuracionTexts } from '@cuota/shared/texts/configuracion';
import { errorsTexts } from '@cuota/shared/texts/errors';

/** Stored values by key (what the table holds); a missing key reads as its default. */
export type ValoresGuardados = Partial<Record<ClaveConfiguracion, { valor: string; updated_at: string | null }>>;

/** The keys a caller may read: all for administrators, the public ones otherwise. */
export function clavesVisibles(esAdmin: boolean): readonly ClaveConfiguracion[] {
  return esAdmin ? CLAVES_CONFIGURACION : CLAVES_CONFIGURACION_PUBLICAS;
}

export function configuracionDe(
  clave: ClaveConfiguracion,
  guardado?: { valor: string; updated_at: string | null },
): Configuracion {
  const def = CONFIGURACION_CONOCIDA[clave];
  return {
    id: clave,
    clave,
    valor: guardado?.valor ?? def.valor,
    descripcion: configuracionTexts.descripciones[clave],
    categoria: def.categoria,
    tipo_dato: def.tipo_dato,
    updated_at: guardado?.updated_at ?? null,
  };
}

const ORDEN_CATEGORIA = { general: 0, pagos: 1 } as const;

/**
 * What GET /api/configuracion answers: the visible keys with their stored value or default,
 * ordered by categoria (spec §7) and then as the registry lists them. A non-administrator never
 * receives a password-typed key, whatever the public list says.
 */
export function configuracionVisible(guardados: ValoresGuardados, esAdmin: boolean): Configuracion[] {
  return clavesVisibles(esAdmin)
    .map((clave) => configuracionDe(clave, guardados[clave]))
    .filter((c) => esAdmin || c.tipo_dato !== 'password')
    .map((c, i) => ({ c, i }))
    .sort((a, b) => ORDEN_CATEGORIA[a.c.categoria] - ORDEN_CATEGORIA[b.c.categoria] || a.i - b.i)
    .map(({ c }) => c);
}

/** A new value checked and normalized by its key's rule, or the field error to answer with. */
export function validarValor(
  clave: ClaveConfiguracion,
  valor: string,
): { ok: true; valor: string } | { ok: false; error: string } {
  const result = CONFIGURACION_CONOCIDA[clave].schema.safeParse(valor);
  if (result.success) return { ok: true, valor: result.data };
  return { ok: false, error: result.error.issues[0]?.message ?? errorsTexts.invalidInput };
}

/** Payment methods as a caller sees them: customers only the active ones; always by orden. */
export function metodosVisibles(metodos: MetodoPago[], esStaff: boolean): MetodoPago[] {
  return metodos.filter((m) => esStaff || m.activo).sort((a, b) => a.orden - b.orden || a.codigo.localeCompare(b.codigo));
}

import * as z from 'zod/mini';
import { clienteSchema } from './cliente';
import { LARGO_MAXIMO_BUSQUEDA } from './common';
import { creditoSchema, solicitudSchema } from './lending';

/** At most this many results of each kind (the palette shows them all at once). */
export const BUSQUEDA_MAX_POR_TIPO = 10;
export const BUSQUEDA_POR_TIPO = 5;

/** GET /api/busqueda?q=&limit=: what staff typed, and how many results of each kind. */
export const busquedaQuery = z.object({
  /** Nothing to search (absent or blank) answers no results. */
  q: z._default(
    z.pipe(
      z.string().check(z.trim(), z.maxLength(LARGO_MAXIMO_BUSQUEDA, 'La búsqueda es demasiado larga')),
      z.transform((q) => q.normalize('NFKC')),
    ),
    '',
  ),
  limit: z._default(
    z.coerce
      .number({ error: 'El límite debe ser un número' })
      .check(
        z.int('El límite debe ser un número entero'),
        z.gte(1, 'El límite mínimo es 1'),
        z.lte(BUSQUEDA_MAX_POR_TIPO, `El límite máximo es ${BUSQUEDA_MAX_POR_TIPO}`),
      ),
    BUSQUEDA_POR_TIPO,
  ),
});
export type BusquedaQuery = z.infer<typeof busquedaQuery>;

export const resultadoClienteSchema = z.pick(clienteSchema, {
  id: true,
  nombre: true,
  apellido: true,
  email: true,
  telefono: true,
  identidad_tipo: true,
  identidad_numero: true,
});
export const resultadoCreditoSchema = z.pick(creditoSchema, {
  id: true,
  numero_credito: true,
  cliente_id: true,
  cliente_nombre: true,
  cliente_apellido: true,
  estado: true,
});
export const resultadoSolicitudSchema = z.pick(solicitudSchema, {
  id: true,
  numero_solicitud: true,
  cliente_id: true,
  cliente_nombre: true,
  cliente_apellido: true,
  estado: true,
});

/** The global search's answer: results grouped by kind, each group at most `limit` long. */
export const resultadoBusquedaSchema = z.object({
  clientes: z.array(resultadoClienteSchema),
  creditos: z.array(resultadoCreditoSchema),
  solicitudes: z.array(resultadoSolicitudSchema),
});
export type ResultadoBusqueda = z.infer<typeof resultadoBusquedaSchema>;
export type ResultadoCliente = z.infer<typeof resultadoClienteSchema>;
export type ResultadoCredito = z.infer<typeof resultadoCreditoSchema>;
export type ResultadoSolicitud = z.infer<typeof resultadoSolicitudSchema>;

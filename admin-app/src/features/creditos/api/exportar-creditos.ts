import { creditoSchema, LIST_MAX_LIMIT, page, TEXTS, type Credito } from '@cuota/shared';
import { enteroCsv, fechaCeldaCsv, montoCeldaCsv, porcentajeCsv, textoCeldaCsv } from '@cuota/shared/documents';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import { api, type ExportacionLista } from '@cuota/shared/web';
import type { ListarCreditosParams } from './listar-creditos';

const l = reportesTexts.listas.creditos;
const creditosPage = page(creditoSchema);

/** 'Exportar CSV' of the credits list: the same GET /api/creditos, search and estado, 100 per page. */
export function exportacionCreditos({ q, estado }: Omit<ListarCreditosParams, 'cursor'>): ExportacionLista<Credito> {
  return {
    nombre: l.archivo,
    titulos: l.columnas,
    pagina: (cursor, signal) =>
      api.get('/api/creditos', {
        query: { q: q.trim() || undefined, estado, limit: LIST_MAX_LIMIT, cursor },
        schema: creditosPage,
        signal,
      }),
    fila: (c) => [
      textoCeldaCsv(c.numero_credito),
      textoCeldaCsv(`${c.cliente_nombre} ${c.cliente_apellido}`),
      textoCeldaCsv(c.producto_nombre),
      montoCeldaCsv(c.monto_principal_centimos),
      montoCeldaCsv(c.saldo_capital_centimos),
      montoCeldaCsv(c.saldo_mora_centimos),
      porcentajeCsv(c.tasa_interes_anual),
      enteroCsv(c.plazo_meses),
      textoCeldaCsv(TEXTS.creditoEstado[c.estado] ?? c.estado),
      fechaCeldaCsv(c.fecha_desembolso),
    ],
  };
}

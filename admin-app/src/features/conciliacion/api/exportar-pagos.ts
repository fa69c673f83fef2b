import { LIST_MAX_LIMIT, page } from '@cuota/shared/schemas/common';
import { pagoDetalleSchema, type PagoDetalle } from '@cuota/shared/schemas/pagos';
import { etiquetaCanal } from '@cuota/shared/texts/etiquetas';
import { pagoEstadoTexts } from '@cuota/shared/texts/pagoEstado';
import { fecha as fechaCeldaCsv, monto as montoCeldaCsv, texto as textoCeldaCsv } from '@cuota/shared/documents/csv';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import { api, type ExportacionLista } from '@cuota/shared/web';
import type { FiltroPagos } from './listar-pagos';

const l = reportesTexts.listas.pagos;
const pagosPage = page(pagoDetalleSchema);

/** 'Exportar CSV' of the payments list: the same GET /api/pagos and tab (pendientes or procesados), 100 per page. */
export function exportacionPagos(estado: FiltroPagos): ExportacionLista<PagoDetalle> {
  return {
    nombre: `${l.archivo}_${estado}`,
    titulos: l.columnas,
    pagina: (cursor, signal) =>
      api.get('/api/pagos', { query: { estado, limit: LIST_MAX_LIMIT, cursor }, schema: pagosPage, signal }),
    fila: (p) => [
      fechaCeldaCsv(p.fecha_pago),
      fechaCeldaCsv(p.fecha_valor),
      textoCeldaCsv(p.numero_credito),
      textoCeldaCsv(p.cliente_nombre),
      montoCeldaCsv(p.monto_centimos),
      textoCeldaCsv(etiquetaCanal(p.canal)),
      textoCeldaCsv(p.referencia_externa ?? p.referencia_pago),
      textoCeldaCsv(p.numero_recibo ?? null),
      textoCeldaCsv(pagoEstadoTexts[p.estado] ?? p.estado),
      montoCeldaCsv(p.aplicado_capital_centimos),
      montoCeldaCsv(p.aplicado_interes_centimos),
      montoCeldaCsv(p.aplicado_mora_centimos),
    ],
  };
}

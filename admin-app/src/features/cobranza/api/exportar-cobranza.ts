import { cobranzaPageSchema, type ItemCobranza } from '@cuota/shared/schemas/cobranza';
import { LIST_MAX_LIMIT } from '@cuota/shared/schemas/common';
import { cobranzaTexts } from '@cuota/shared/texts/cobranza';
import {
  entero as enteroCsv,
  fecha as fechaCeldaCsv,
  monto as montoCeldaCsv,
  texto as textoCeldaCsv,
} from '@cuota/shared/documents/csv';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import { api, type ExportacionLista } from '@cuota/shared/web';
import type { ListarCobranzaParams } from './listar-cobranza';

const l = reportesTexts.listas.cobranza;

/** 'Exportar CSV' of the worklist: the same GET /api/cobranza with the screen's filters and sort, 100 per page. */
export function exportacionCobranza(p: Omit<ListarCobranzaParams, 'cursor'>): ExportacionLista<ItemCobranza> {
  return {
    nombre: l.archivo,
    titulos: l.columnas,
    pagina: (cursor, signal) =>
      api.get('/api/cobranza', {
        query: { ...p, zona: p.zona?.trim() || undefined, limit: LIST_MAX_LIMIT, cursor },
        schema: cobranzaPageSchema,
        signal,
      }),
    fila: (c) => [
      textoCeldaCsv(c.numero_credito),
      textoCeldaCsv(c.cliente_nombre),
      textoCeldaCsv(c.telefono),
      enteroCsv(c.dias_mora),
      textoCeldaCsv(cobranzaTexts.bucket[c.bucket]),
      montoCeldaCsv(c.monto_vencido_centimos),
      montoCeldaCsv(c.saldo_capital_centimos),
      textoCeldaCsv(c.producto_nombre),
      textoCeldaCsv(c.zona),
      textoCeldaCsv(c.cobrador_nombre),
      fechaCeldaCsv(c.promesa_incumplida),
    ],
  };
}

import { LIST_MAX_LIMIT } from '@cuota/shared/schemas/common';
import type { Credito } from '@cuota/shared/schemas/lending';
import { creditoEstadoTexts } from '@cuota/shared/texts/creditoEstado';
import {
  entero as enteroCsv,
  fecha as fechaCeldaCsv,
  monto as montoCeldaCsv,
  porcentaje as porcentajeCsv,
  texto as textoCeldaCsv,
} from '@cuota/shared/documents/csv';
import { reportesTexts } from '@cuota/shared/texts/reportes';
import type { ExportacionLista } from '@cuota/shared/web';
import { listarCreditos, type ListarCreditosParams } from './listar-creditos';

const l = reportesTexts.listas.creditos;

/** 'Exportar CSV' of the credits list: the same GET /api/creditos, search and estado, 100 per page. */
export function exportacionCreditos({ q, estado }: Omit<ListarCreditosParams, 'cursor'>): ExportacionLista<Credito> {
  return {
    nombre: l.archivo,
    titulos: l.columnas,
    pagina: (cursor, signal) => listarCreditos({ q, estado, cursor }, signal, LIST_MAX_LIMIT),
    fila: (c) => [
      textoCeldaCsv(c.numero_credito),
      textoCeldaCsv(`${c.cliente_nombre} ${c.cliente_apellido}`),
      textoCeldaCsv(c.producto_nombre),
      montoCeldaCsv(c.monto_principal_centimos),
      montoCeldaCsv(c.saldo_capital_centimos),
      montoCeldaCsv(c.saldo_mora_centimos),
      porcentajeCsv(c.tasa_interes_anual),
      enteroCsv(c.plazo_meses),
      textoCeldaCsv(creditoEstadoTexts[c.estado] ?? c.estado),
      fechaCeldaCsv(c.fecha_desembolso),
    ],
  };
}

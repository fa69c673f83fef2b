import type { CreditoDocumentos, DocumentoRef } from '@cuota/shared/schemas/creditos';
import type { Cuota } from '@cuota/shared/schemas/lending';

/** Test data of the portal's documents (component tests only). */
export const documentos: CreditoDocumentos = {
  prestamista: { nombre: 'Cuota Microfinanzas' },
  fecha_emision: '2026-11-21',
  contrato: {
    numero_credito: 'CR-2026-0007',
    estado: 'vigente',
    cliente: {
      id: 'cl1',
      nombre: 'Carolina',
      apellido: 'Mora',
      email: 'cliente@demo.cr',
      telefono: null,
      identidad_tipo: 'cedula',
      identidad_numero: '1-1111-1111',
      direccion: 'Barrio Escalante',
      ciudad: 'San José',
      pais: 'Costa Rica',
    },
    producto: { id: 'p1', nombre: 'Microcrédito', codigo: 'MIC' },
    terminos: {
      monto_principal_centimos: 100_000_000,
      tasa_interes_anual: '24.00',
      tasa_moratoria_anual: '30.00',
      plazo_meses: 12,
      metodo_amortizacion: 'cuota_nivelada',
      dias_tolerancia: 3,
      fecha_desembolso: '2026-01-15',
      fecha_primer_vencimiento: '2026-02-15',
    },
    resumen_cuotas: {
      cantidad: 12,
      primera_cuota_centimos: 9_456_000,
      total_capital_centimos: 100_000_000,
      total_intereses_centimos: 13_472_000,
      total_a_pagar_centimos: 113_472_000,
      fecha_ultimo_vencimiento: '2027-01-15',
    },
  },
  comprobantes: [
    {
      pago_id: 'pg1',
      referencia_pago: 'PAG-0001',
      referencia_externa: 'SINPE-123',
      fecha_pago: '2026-02-14',
      fecha_valor: null,
      canal: 'sinpe_movil',
      monto_centimos: 9_456_000,
      aplicado_mora_centimos: 0,
      aplicado_interes_centimos: 2_000_000,
      aplicado_capital_centimos: 7_456_000,
      conciliado_en: '2026-02-15T10:00:00Z',
    },
    {
      pago_id: 'pg2',
      referencia_pago: 'PAG-0002',
      referencia_externa: null,
      fecha_pago: '2026-03-14',
      fecha_valor: '2026-03-15',
      canal: 'transferencia',
      monto_centimos: 9_456_000,
      aplicado_mora_centimos: 0,
      aplicado_interes_centimos: 1_850_000,
      aplicado_capital_centimos: 7_606_000,
      conciliado_en: '2026-03-15T10:00:00Z',
    },
  ],
};

export const cuota: Cuota = {
  id: 'q1',
  credito_id: 'cr7',
  numero_cuota: 1,
  fecha_vencimiento: '2026-02-15',
  monto_capital_centimos: 7_456_000,
  monto_interes_centimos: 2_000_000,
  monto_mora_centimos: 0,
  monto_total_centimos: 9_456_000,
  saldo_capital_despues_centimos: 92_544_000,
  pagada: true,
  dias_mora: 0,
};

function ref(tipo: DocumentoRef['tipo'], creditoId: string, numero: string, extra: Partial<DocumentoRef> = {}): DocumentoRef {
  return {
    tipo,
    titulo: `${tipo} ${numero}`,
    credito_id: creditoId,
    numero_credito: numero,
    pago_id: null,
    fecha: '2026-01-15',
    ruta: `/api/portal/creditos/${creditoId}/${tipo === 'tabla_amortizacion' ? 'cuotas' : 'documentos'}`,
    ...extra,
  };
}

/** Two credits: CR-2026-0007 with two receipts, CR-2025-0003 with none. */
export const refs: DocumentoRef[] = [
  ref('contrato', 'cr7', 'CR-2026-0007'),
  ref('tabla_amortizacion', 'cr7', 'CR-2026-0007'),
  ref('comprobante', 'cr7', 'CR-2026-0007', { pago_id: 'pg1', fecha: '2026-02-14' }),
  ref('comprobante', 'cr7', 'CR-2026-0007', { pago_id: 'pg2', fecha: '2026-03-14' }),
  ref('contrato', 'cr3', 'CR-2025-0003', { fecha: '2025-06-01' }),
  ref('tabla_amortizacion', 'cr3', 'CR-2025-0003', { fecha: '2025-06-01' }),
];

import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { CLAVES_CONFIGURACION, type CuentaBancaria, type MetodoPago } from '@cuota/shared';
import { ddb, tableName } from '@cuota/functions/commons/db';
import { itemFor, type TableItem } from '@cuota/functions/commons/items';
import { configuracionDe } from '@cuota/functions/handlers/configuracion/domain';
import { CUENTAS_DEMO } from './demo-portfolio';

/** Reportable payment methods (spec §3 metodos_pago_config); codes are the pagos' canal values. */
export const METODOS_PAGO_BASE: MetodoPago[] = [
  { id: 'sinpe_movil', codigo: 'sinpe_movil', nombre: 'SINPE Móvil', requiere_referencia: true, activo: true, orden: 1 },
  {
    id: 'transferencia',
    codigo: 'transferencia',
    nombre: 'Transferencia bancaria',
    requiere_referencia: false,
    activo: true,
    orden: 2,
  },
  { id: 'deposito', codigo: 'deposito', nombre: 'Depósito bancario', requiere_referencia: false, activo: true, orden: 3 },
  { id: 'efectivo', codigo: 'efectivo', nombre: 'Efectivo en ventanilla', requiere_referencia: false, activo: false, orden: 4 },
];

/** The lender's collection accounts, with the ids the demo pagos already reference. */
export function cuentasBancariasBase(now: Date): CuentaBancaria[] {
  return CUENTAS_DEMO.map((c) => ({ ...c, moneda: 'CRC' as const, activa: true, created_at: now.toISOString() }));
}

/** Items for the settings (defaults), payment methods and bank accounts. */
export function configuracionItems(now: Date): TableItem[] {
  return [
    ...CLAVES_CONFIGURACION.map((clave) => itemFor.configuracion({ ...configuracionDe(clave), updated_by: null })),
    ...METODOS_PAGO_BASE.map((m) => itemFor.metodoPago({ ...m })),
    ...cuentasBancariasBase(now).map((c) => itemFor.cuentaBancaria({ ...c })),
  ];
}

/**
 * Writes each item only if it is absent, so re-running never overwrites what an administrator
 * changed (a setting's value, a method switched off). Returns how many were written.
 */
export async function seedConfiguracion(now: Date): Promise<number> {
  // independent items: written side by side
  const escritos = await Promise.all(
    configuracionItems(now).map(async (Item) => {
      try {
        await ddb.send(new PutCommand({ TableName: tableName(), Item, ConditionExpression: 'attribute_not_exists(pk)' }));
        return true;
      } catch (error) {
        if ((error as Error).name !== 'ConditionalCheckFailedException') throw error;
        return false;
      }
    }),
  );
  return escritos.filter(Boolean).length;
}

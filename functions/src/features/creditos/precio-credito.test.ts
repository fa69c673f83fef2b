import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { condicionesDelCredito, creditoDetalleSchema, creditoDocumentosSchema, precioDelCredito } from '@cuota/shared';
import { condicionesDePrueba } from '@cuota/shared/testing/datos';
import { describe, expect, it } from 'vitest';
import { ddb, tableName } from '#commons/db';
import { keys } from '#commons/keys';
import { ANALISTA, apiEvent, call } from '../../../test/events';
import { creditoAprobado, nuevoCliente, nuevoProducto } from '../../../test/lending-fixtures';
import { handler as documentos } from './obtener-documentos-credito';
import { handler as obtener } from './obtener-credito';

describe('el precio guardado del crédito', () => {
  it('el detalle y el contrato muestran la comisión, el neto, el costo total y la TAE que el desembolso guardó; sin ellos, nada nuevo', async () => {
    const cliente = await nuevoCliente();
    const producto = await nuevoProducto({ tasa_interes_anual: '24.00' });
    const { credito } = await creditoAprobado(cliente.id, producto.id, 500_000_00, 12);

    const antes = await call(obtener, apiEvent('obtener-credito', { caller: ANALISTA, params: { id: credito.id } }));
    expect(antes.status).toBe(200);
    // the disbursement stores the price of a product without a fee: no fee, the whole amount to the customer
    expect(antes.body).toMatchObject({ comision_formalizacion_centimos: 0, neto_desembolsado_centimos: 500_000_00 });
    expect(antes.body.tae).toMatch(/^\d+\.\d{2}$/);

    // what the disbursement stores (precioDelCredito of condicionesDelCredito)
    const precio = precioDelCredito(condicionesDelCredito(condicionesDePrueba));
    const nombres = Object.keys(precio);
    await ddb.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: keys.credito(credito.id),
        UpdateExpression: `SET ${nombres.map((_, k) => `#n${k} = :v${k}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(nombres.map((n, k) => [`#n${k}`, n])),
        ExpressionAttributeValues: Object.fromEntries(nombres.map((n, k) => [`:v${k}`, precio[n as keyof typeof precio]])),
      }),
    );

    const detalle = await call(obtener, apiEvent('obtener-credito', { caller: ANALISTA, params: { id: credito.id } }));
    expect(creditoDetalleSchema.parse(detalle.body)).toMatchObject(precio);
    expect(precio).toMatchObject({ comision_formalizacion_centimos: 15_000_00, neto_desembolsado_centimos: 485_000_00 });
    const docs = await call(documentos, apiEvent('obtener-documentos-credito', { caller: ANALISTA, params: { id: credito.id } }));
    expect(creditoDocumentosSchema.parse(docs.body).contrato.terminos).toMatchObject(precio);
  });
});

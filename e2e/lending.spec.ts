import { expect, test } from '@playwright/test';
import { api, DEMO, desembolsar, idToken } from './support';

const json = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

/**
 * The lending engine end to end on the running local stack (gateway, handlers, DynamoDB Local,
 * the stream consumers): a customer applies, staff analyze and approve (one credit even when
 * approved twice), the customer reports a payment (idempotent), collections reconcile it, the
 * dashboard aggregates follow, and the daily close runs.
 */
test('solicitud → análisis → desembolso → pago reportado → conciliación → tablero', async () => {
  const cliente = await idToken(DEMO.cliente);
  const analista = await idToken(DEMO.analista);
  const cobrador = await idToken(DEMO.cobrador);
  const admin = await idToken(DEMO.admin);

  const productos = await api('/api/productos/activos', cliente.token);
  expect(productos.status).toBe(200);
  const producto = productos.body.items.find((p: { codigo: string }) => p.codigo === 'PERS-01') ?? productos.body.items[0];

  // The demo customer's line is partly used: ask for little so the approval fits.
  const antes = await api('/api/portal/resumen', cliente.token);
  expect(antes.status).toBe(200);
  const solicitud = await api(
    '/api/portal/solicitudes',
    cliente.token,
    json({ producto_id: producto.id, monto_solicitado_centimos: 15_000_000, plazo_meses: 6 }),
  );
  expect(solicitud.status).toBe(201);
  expect(solicitud.body.numero_solicitud).toMatch(/^SOL-\d{4}-\d{4,}$/);
  expect(solicitud.body.estado).toBe('enviado');

  // Customers cannot act on applications; analysts can.
  expect((await api(`/api/solicitudes/${solicitud.body.id}/aprobar`, cliente.token, json({}))).status).toBe(403);
  expect((await api(`/api/solicitudes/${solicitud.body.id}/aprobar`, cobrador.token, json({}))).status).toBe(403);
  const analisis = await api(`/api/solicitudes/${solicitud.body.id}/analizar`, analista.token, json({}));
  expect(analisis.status).toBe(200);
  expect(analisis.body).toMatchObject({ success: true, solicitud: { estado: 'en_analisis' } });
  expect(analisis.body.solicitud.score).toBeGreaterThanOrEqual(300);

  const [aprobada, otra] = await Promise.all([
    api(`/api/solicitudes/${solicitud.body.id}/aprobar`, analista.token, json({})),
    api(`/api/solicitudes/${solicitud.body.id}/aprobar`, admin.token, json({})),
  ]);
  expect([aprobada.status, otra.status].sort()).toEqual([200, 409]);
  // approval moves no money; two simultaneous disbursements (other keys) make one credit
  expect((aprobada.status === 200 ? aprobada : otra).body.credito).toBeUndefined();
  const desembolsos = await Promise.all([
    desembolsar(solicitud.body.id, admin.token),
    desembolsar(solicitud.body.id, admin.token),
  ]);
  expect(desembolsos.map((r) => r.status).sort()).toEqual([200, 409]);
  const credito = desembolsos.find((r) => r.status === 200)!.body.credito;
  expect(credito).toMatchObject({ estado: 'vigente', monto_principal_centimos: 15_000_000, saldo_capital_centimos: 15_000_000 });

  const cuotas = await api(`/api/portal/creditos/${credito.id}/cuotas?limit=100`, cliente.token);
  expect(cuotas.body.items).toHaveLength(6);
  const capital = cuotas.body.items.reduce((s: number, c: { monto_capital_centimos: number }) => s + c.monto_capital_centimos, 0);
  expect(capital).toBe(15_000_000);

  // Report the first cuota twice with the same Idempotency-Key: one payment.
  const primera = cuotas.body.items[0];
  const reporte = {
    credito_id: credito.id,
    monto_centimos: primera.monto_total_centimos,
    // The business date is Costa Rica's (UTC−6), not UTC's.
    fecha_pago: new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Costa_Rica' }).format(new Date()),
    canal: 'sinpe_movil',
    referencia_pago: `SINPE-${Date.now()}`,
  };
  const key = { headers: { 'idempotency-key': `e2e-${Date.now()}` } };
  const r1 = await api('/api/portal/pagos', cliente.token, { ...json(reporte), ...key });
  const r2 = await api('/api/portal/pagos', cliente.token, { ...json(reporte), ...key });
  expect(r1.status).toBe(201);
  expect(r2.body.id).toBe(r1.body.id);
  expect(r1.body.estado).toBe('registrado');

  const pendientes = await api('/api/pagos?estado=registrado&limit=100', cobrador.token);
  expect(pendientes.body.items.filter((p: { id: string }) => p.id === r1.body.id)).toHaveLength(1);

  expect((await api(`/api/pagos/${r1.body.id}/aprobar`, analista.token, json({}))).status).toBe(403);
  const conciliado = await api(`/api/pagos/${r1.body.id}/aprobar`, cobrador.token, json({}));
  expect(conciliado.status).toBe(200);
  expect((await api(`/api/pagos/${r1.body.id}/aprobar`, cobrador.token, json({}))).status).toBe(409);

  const despues = await api(`/api/creditos/${credito.id}`, analista.token);
  expect(despues.body.saldo_capital_centimos).toBe(15_000_000 - primera.monto_capital_centimos);
  const cuotasDespues = await api(`/api/creditos/${credito.id}/cuotas?limit=100`, analista.token);
  expect(cuotasDespues.body.items[0].pagada).toBe(true);

  // The stream consumer keeps the dashboard: the new credit's balance shows up shortly after.
  await expect
    .poll(async () => (await api('/api/dashboard', admin.token)).body.tarjetas.cartera_activa_centimos, { timeout: 10_000 })
    .toBeGreaterThan(0);
  const tablero = await api('/api/dashboard', admin.token);
  expect(tablero.body.tarjetas.cartera_activa_texto).toMatch(/^₡\d{1,3}(\u00a0\d{3})*,\d\u00a0M$/);
  expect((await api('/api/dashboard', cliente.token)).status).toBe(403);

  // The customer's notifications include the approval.
  const notificaciones = await api('/api/notificaciones', cliente.token);
  expect(notificaciones.body.items.map((n: { titulo: string }) => n.titulo)).toContain('Solicitud aprobada');

  // Daily close for today is idempotent.
  const c1 = await api('/api/cierre-diario', admin.token, json({}));
  expect(c1.status).toBe(200);
  expect((await api('/api/cierre-diario', cobrador.token, json({}))).status).toBe(403);
});

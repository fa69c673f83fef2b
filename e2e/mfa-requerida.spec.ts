import { expect, test } from '@playwright/test';
import { DEMO, expectAccessible, expectPath, signIn } from './support';

/**
 * Staff MFA required (AWS: MFA_PERSONAL=obligatoria, context staffMfa). The local stack keeps it
 * optional, so the API's answer to a staff token without the TOTP claim is played here: every
 * client-list call is answered 403 MFA_REQUERIDA, as the API answers it (functions commons/http.ts).
 */
const MENSAJE =
  'Tu cuenta de personal requiere la verificación en dos pasos con una app de autenticación. Actívala en Configuración → Seguridad para continuar.';

test('personal sin app de autenticación: un 403 MFA_REQUERIDA lleva a Configuración → Seguridad con el aviso', async ({
  page,
}) => {
  await signIn(page, 'admin', DEMO.analista);
  await page.route(/\/api\/clientes(\?|$)/, (route) =>
    route.fulfill({ status: 403, json: { code: 'MFA_REQUERIDA', message: MENSAJE } }),
  );
  await page.goto('/clientes');

  await expectPath(page, '/configuracion?tab=seguridad&mfa=requerida');
  await expect(page.getByText(MENSAJE)).toBeVisible(); // the toast
  await expect(page.getByRole('tab', { name: 'Seguridad' })).toHaveAttribute('aria-selected', 'true');
  const card = page.getByRole('region', { name: 'Verificación en dos pasos' });
  const aviso = card.getByRole('alert');
  await expect(aviso).toContainText('Verificación en dos pasos obligatoria');
  await expect(aviso).toContainText('Tu cuenta de personal requiere una app de autenticación.');
  await expect(card.getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeVisible();
  await expectAccessible(page);
});

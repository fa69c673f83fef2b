import { within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';

/** Opens the payment dialog's 'Pagar con Tarjeta' tab and returns its form. */
export async function abrirPestanaTarjeta(user: UserEvent, dialog: HTMLElement): Promise<HTMLElement> {
  await user.click(await within(dialog).findByRole('tab', { name: 'Pagar con Tarjeta' }));
  // the form loads with its tab (a lazy chunk)
  return within(dialog).findByRole('form', { name: 'Pagar con Tarjeta' });
}

/** Types a valid test card in that form: the number given, Carolina Mora, 12/39 and the CVV given. */
export async function llenarTarjeta(user: UserEvent, form: HTMLElement, { numero, cvv }: { numero: string; cvv: string }) {
  await user.type(within(form).getByLabelText('Número de tarjeta'), numero);
  await user.type(within(form).getByLabelText('Nombre del titular'), 'Carolina Mora');
  await user.type(within(form).getByLabelText('Mes (MM)'), '12');
  await user.type(within(form).getByLabelText('Año (AA)'), '39');
  await user.type(within(form).getByLabelText('CVV'), cvv);
}

/** What `camposDe` needs of a react-hook-form form: its `register`, and its errors. */
export interface FormularioConCampos<N extends string, R> {
  register(nombre: N): R;
  formState: { errors: object };
}

/** The message of the error at a field's path ('telefono', 'cuenta.iban'), if it has one. */
function mensajeEn(errores: object, nombre: string): string | undefined {
  let nodo: unknown = errores;
  for (const parte of nombre.split('.'))
    nodo = nodo && typeof nodo === 'object' ? (nodo as Record<string, unknown>)[parte] : undefined;
  const mensaje = nodo && typeof nodo === 'object' ? (nodo as { message?: unknown }).message : undefined;
  return typeof mensaje === 'string' ? mensaje : undefined;
}

/**
 * One field's props for a labelled control (CampoTexto, CampoSelect, MontoField…): the form's
 * `register` for it and its error message, e.g. `<CampoTexto label="Email" {...campo('email')} />`.
 * Only the form's errors are read, so the form renders again on a new error, not on each key.
 */
export function camposDe<N extends string, R extends object>(form: FormularioConCampos<N, R>) {
  const { errors } = form.formState;
  return (nombre: N): R & { error: string | undefined } => ({ ...form.register(nombre), error: mensajeEn(errors, nombre) });
}

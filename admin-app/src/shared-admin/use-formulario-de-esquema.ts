import { zodResolver } from '@hookform/resolvers/zod';
import { camposDe } from '@cuota/shared/web';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { $ZodType } from 'zod/v4/core';

/**
 * A form checked by its zod schema, shared or the form's own (its messages show at each field): the
 * form, its fields' props (`campo('email')`) and its errors.
 */
export function useFormularioDeEsquema<Input extends FieldValues, Output>(
  esquema: $ZodType<Output, Input>,
  valoresIniciales: DefaultValues<Input> | undefined,
) {
  const form = useForm<Input, unknown, Output>({ resolver: zodResolver(esquema), defaultValues: valoresIniciales });
  return { form, campo: camposDe(form), errors: form.formState.errors };
}

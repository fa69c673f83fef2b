import { useState, type ChangeEvent } from 'react';

export interface Motivo {
  /** What is typed. */
  motivo: string;
  error: string | undefined;
  setError: (error: string | undefined) => void;
  /** `avisarErrorDeFormulario`'s `marcar`: the server's message goes under the box. */
  marcar: (campo: string, mensaje: string) => void;
  /** The box's value, onChange and error: `<CampoAreaTexto label="Motivo" rows={3} {...campo} />`. */
  campo: { value: string; error: string | undefined; onChange: (event: ChangeEvent<HTMLTextAreaElement>) => void };
}

/** The reason a confirmation asks for (castigar, revertir, rechazar…): its text and its error. */
export function useMotivo(): Motivo {
  const [motivo, setMotivo] = useState('');
  const [error, setError] = useState<string | undefined>();
  return {
    motivo,
    error,
    setError,
    marcar: (_campo, mensaje) => setError(mensaje),
    campo: { value: motivo, error, onChange: (event) => setMotivo(event.target.value) },
  };
}

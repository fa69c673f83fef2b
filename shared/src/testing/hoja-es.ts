/**
 * Reads a CSV as a spreadsheet set to Spanish does: a UTF-8 BOM first, ';' between fields, quoted
 * fields with "" for a quote, CRLF between rows. A reference reader of its own for tests (unit and
 * end-to-end), not the writer's code run backwards; `bom` says whether the file started with one.
 */
export function leerComoHojaEs(csv: string): { bom: boolean; filas: string[][] } {
  const filas: string[][] = [];
  let fila: string[] = [];
  let campo = '';
  let comillas = false;
  const s = csv.slice(1);
  const cerrarCampo = () => {
    fila.push(campo);
    campo = '';
  };
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!;
    if (comillas) {
      if (ch === '"' && s[i + 1] === '"') {
        campo += '"';
        i++;
      } else if (ch === '"') comillas = false;
      else campo += ch;
    } else if (ch === '"') comillas = true;
    else if (ch === ';') cerrarCampo();
    else if (ch === '\r' && s[i + 1] === '\n') {
      cerrarCampo();
      filas.push(fila);
      fila = [];
      i++;
    } else campo += ch;
  }
  return { bom: csv.charCodeAt(0) === 0xfeff, filas };
}

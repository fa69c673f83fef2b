/**
 * E-mail header values (subject, sender, recipients, custom headers) are built from data people
 * type: a client's name, a campaign's subject. A CR or LF there would end the header line and let
 * the text add headers of its own (`Bcc: …`); other control characters and the Unicode line and
 * paragraph separators break the line in some mail software too. Every header value the product
 * builds goes through `valorDeCabecera`: each run of such characters (with the blanks around it)
 * becomes one space, so the value stays on one line and keeps its words.
 */
const CONTROL = /\s*[\p{Cc}\u2028\u2029]+\s*/gu;

export const valorDeCabecera = (valor: string): string => valor.replace(CONTROL, ' ').trim();

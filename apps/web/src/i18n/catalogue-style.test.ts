/**
 * The catalogues speak one way: Spanish to the reader in *tú* (decision 004), never in
 * *usted*; French with typographic apostrophes (’) and one word for a workflow.
 */
import { describe, expect, it } from 'vitest';
import { loadCatalogue } from './catalogues';

function strings(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => strings(v, prefix ? `${prefix}.${k}` : k));
}

/** The text a reader sees: without {{placeholders}} and $t() nesting. */
const prose = (text: string) => text.replace(/\{\{.*?\}\}|\$t\(.*?\)/g, ' ');

const es = strings(await loadCatalogue('es'));
const fr = strings(await loadCatalogue('fr'));

/** Usted's imperatives and forms that address the reader. A sentence's first word, so a subjunctive after "que" passes. */
const USTED_IMPERATIVE =
  /(^|[.:;!?¿¡]\s*)(Ingrese|Introduzca|Seleccione|Haga|Elija|Escriba|Cree|Copie|Pegue|Envíe\p{L}*|Obtenga|Quite|Intente|Recuerde|Compruebe|Revise|Espere|Vuelva|Asegúrese|Pulse|Elimine|Añada|Indique|Utilice|Abra|Cierre|Guarde|Descargue|Suba|Consulte|Contacte|Póngase|Pida|Desea|Su|Sus)\b/u;
const USTED_ANYWHERE =
  /\b(usted|ustedes|inténtel[oa]|reinténtel[oa]|elíjal[oa]s?|envíel[oa]|desea|haga clic|su organización|sus sistemas)\b/iu;

describe('the catalogues’ voice', () => {
  it('Spanish addresses the reader in tú, never in usted', () => {
    const usted = es.filter(([, v]) => USTED_IMPERATIVE.test(prose(v)) || USTED_ANYWHERE.test(prose(v))).map(([k, v]) => `${k}: ${v}`);
    expect(usted).toEqual([]);
  });

  it('the check catches usted (so it is not vacuous)', () => {
    for (const text of [
      'Elija el archivo',
      'Su organización tiene el máximo.',
      'Vuelva a intentarlo.',
      'Quite los correos o inténtelo mañana',
    ])
      expect(USTED_IMPERATIVE.test(text) || USTED_ANYWHERE.test(text), text).toBe(true);
    for (const text of [
      'Elige el archivo',
      'Pide a un administrador que revise tu rol o que vuelva a invitarte.',
      'Busca una organización por su nombre',
    ])
      expect(USTED_IMPERATIVE.test(text) || USTED_ANYWHERE.test(text), text).toBe(false);
  });

  it('Spanish says "otros usuarios", not "usuarios más"', () => {
    expect(es.filter(([, v]) => /\}\}\s+usuarios? más/.test(v)).map(([k]) => k)).toEqual([]);
  });

  it('French uses typographic apostrophes in text', () => {
    expect(fr.filter(([, v]) => prose(v).includes("'")).map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });

  it('French has one word for a workflow: "workflow"', () => {
    expect(fr.filter(([, v]) => /flux de travail/i.test(v)).map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });
});

import type { FastifyInstance } from 'fastify';
import { VerifyError } from '../engine/verify-error.ts';

type FormValue = string | FormValue[] | FormObject;
interface FormObject {
  [name: string]: FormValue;
}

/** As Sourcify's body parser (qs): fields read, nesting depth, and the highest index taken as an array's. */
const MAX_FIELDS = 1000;
const MAX_DEPTH = 5;
const MAX_ARRAY_INDEX = 20;

export const FORM_CONTENT_TYPE = 'application/x-www-form-urlencoded';

/**
 * Lets the routes of `app` take `application/x-www-form-urlencoded` bodies, read as Sourcify reads
 * them (body-parser's extended mode): `address=…&chain=…` are fields, `files[A.sol]=…` an object,
 * `contracts[0][address]=…` an array of objects. The routes then see the same fields as from JSON.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(FORM_CONTENT_TYPE, { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, parseFormBody(body as string));
    } catch (error) {
      done(error as Error, undefined);
    }
  });
}

/**
 * The fields of a form body. Objects have no prototype, so no field name (`__proto__`,
 * `constructor`) can reach one; an object whose keys are all small indexes becomes an array.
 */
export function parseFormBody(text: string): FormObject {
  const pairs = text.split('&').filter((pair) => pair !== '');
  if (pairs.length > MAX_FIELDS) throw new VerifyError('bad_request', `the form has ${pairs.length} fields; at most ${MAX_FIELDS} are read: send large uploads as JSON or multipart/form-data`);
  const root: FormObject = Object.create(null) as FormObject;
  for (const pair of pairs) {
    const cut = pair.indexOf('=');
    const name = decodeFormText(cut === -1 ? pair : pair.slice(0, cut));
    if (name !== '') assign(root, pathOf(name), decodeFormText(cut === -1 ? '' : pair.slice(cut + 1)));
  }
  return withArrays(root) as FormObject;
}

/** `a[b][0]` → a, b, 0; past MAX_DEPTH brackets the rest stays one name, as qs keeps it. */
function pathOf(name: string): string[] {
  const match = /^([^[\]]+)((?:\[[^[\]]*\])*)$/.exec(name);
  if (!match) return [name];
  const segments = [...match[2]!.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!);
  if (segments.length <= MAX_DEPTH) return [match[1]!, ...segments];
  return [match[1]!, ...segments.slice(0, MAX_DEPTH), segments.slice(MAX_DEPTH).map((s) => `[${s}]`).join('')];
}

function assign(root: FormObject, path: string[], value: string): void {
  let container = root;
  for (let i = 0; i < path.length; i++) {
    // `a[]` appends: the next index of the container.
    const key = path[i] === '' ? String(Object.keys(container).length) : path[i]!;
    const existing = container[key];
    if (i === path.length - 1) {
      // A field given twice is a list of its values, as qs makes it.
      container[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : typeof existing === 'string' ? [existing, value] : existing;
      return;
    }
    if (existing === undefined || typeof existing === 'string' || Array.isArray(existing)) container[key] = Object.create(null) as FormObject;
    container = container[key] as FormObject;
  }
}

function withArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  for (const key of keys) value[key] = withArrays(value[key]!);
  const indexed = keys.length > 0 && keys.every((key) => /^\d{1,2}$/.test(key) && Number(key) <= MAX_ARRAY_INDEX);
  return indexed ? keys.sort((a, b) => Number(a) - Number(b)).map((key) => value[key]!) : value;
}

/** `+` is a space; a malformed escape stays as written, as qs leaves it. */
function decodeFormText(text: string): string {
  const spaced = text.replace(/\+/g, ' ');
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}
